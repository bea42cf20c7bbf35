package deflate

import (
	"bytes"
	"compress/flate"
	"testing"

	"shinpan/render/internal/codectest"
)

// flateLevels are the compress/flate levels ours is measured against.
var flateLevels = []struct {
	name  string
	level int
}{
	{"flate-bestspeed", flate.BestSpeed},
	{"flate-default", flate.DefaultCompression},
	{"flate-huffman", flate.HuffmanOnly},
}

// BenchmarkDeflate compresses a board's PNG rows whole (as encode does
// without a cache scope), ours against compress/flate; out-bytes is the
// stream's size.
func BenchmarkDeflate(b *testing.B) {
	rows := codectest.BoardData(b)[0].Rows
	dists := codectest.Dists(codectest.Width + 1)
	b.Run("shinpan", func(b *testing.B) {
		var e Encoder
		var out []byte
		b.SetBytes(int64(len(rows)))
		codectest.Measure(b, func() { out = e.Deflate(out[:0], rows, dists) })
		b.ReportMetric(float64(len(out)), "out-bytes")
	})
	for _, l := range flateLevels {
		b.Run(l.name, func(b *testing.B) {
			var buf bytes.Buffer
			w, _ := flate.NewWriter(&buf, l.level)
			b.SetBytes(int64(len(rows)))
			codectest.Measure(b, func() {
				buf.Reset()
				w.Reset(&buf)
				w.Write(rows)
				w.Close()
			})
			b.ReportMetric(float64(buf.Len()), "out-bytes")
		})
	}
}

// BenchmarkSegment compresses one rank's band as the band cache does for a
// band it has not got, ours (Segment) against compress/flate's way to the
// same self-contained, byte-aligned piece (Reset, Write, Flush); out-bytes
// is the segment's size.
func BenchmarkSegment(b *testing.B) {
	band := codectest.BoardData(b)[1].Rows
	dists := codectest.Dists(codectest.Width + 1)
	b.Run("shinpan", func(b *testing.B) {
		var e Encoder
		var out []byte
		b.SetBytes(int64(len(band)))
		codectest.Measure(b, func() { out = e.Segment(out[:0], band, dists) })
		b.ReportMetric(float64(len(out)), "out-bytes")
	})
	for _, l := range flateLevels {
		b.Run(l.name, func(b *testing.B) {
			var buf bytes.Buffer
			w, _ := flate.NewWriter(&buf, l.level)
			b.SetBytes(int64(len(band)))
			codectest.Measure(b, func() {
				buf.Reset()
				w.Reset(&buf)
				w.Write(band)
				w.Flush()
			})
			b.ReportMetric(float64(buf.Len()), "out-bytes")
		})
	}
}
