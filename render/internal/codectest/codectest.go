// Package codectest gives the codecs' tests and benchmarks the data they are
// made for: the PNG rows of a rendered board, read from render's golden
// images, so that a codec is measured on what it compresses in production.
package codectest

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"shinpan/internal/cputime"
)

// Board is a golden 40-piece middlegame board, Width×Height pixels.
const (
	Board  = "standard-middle-black.png"
	Width  = 658
	Height = 866
)

// Image returns a golden image of render/testdata (Board, say) as decoded by
// image/png: an 8-bit paletted image.
func Image(tb testing.TB, name string) *image.Paletted {
	tb.Helper()
	_, here, _, ok := runtime.Caller(0)
	if !ok {
		tb.Fatal("codectest: no source path")
	}
	b, err := os.ReadFile(filepath.Join(filepath.Dir(here), "..", "..", "testdata", name))
	if err != nil {
		tb.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		tb.Fatal(err)
	}
	p, ok := img.(*image.Paletted)
	if !ok {
		tb.Fatalf("codectest: %s decodes as %T", name, img)
	}
	return p
}

// Rows returns img's pixels as unfiltered PNG rows: a 0 filter byte, then
// the row.
func Rows(img *image.Paletted) []byte {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	out := make([]byte, 0, h*(w+1))
	for y := range h {
		out = append(out, 0)
		out = append(out, img.Pix[y*img.Stride:y*img.Stride+w]...)
	}
	return out
}

// A rank's band: its first row (rank e's) and its height (a square and the
// grid line below it), as render's bandRows has them.
const (
	bandY    = 424
	BandRows = 70
)

// Dists are the match distances render's encoder gives the deflater for
// rows of stride bytes (a row up, a pixel left, a square left, two rows up).
func Dists(stride int) []int { return []int{stride, 1, 64, 2 * stride} }

// Data are the inputs codecs are benchmarked on: a board's PNG rows, whole
// and one band of them (the rows of rank e, as the band cache compresses it).
type Data struct {
	Name string
	Rows []byte
}

// BoardData returns the board's rows whole and as one rank's band.
func BoardData(tb testing.TB) []Data {
	img := Image(tb, Board)
	rows := Rows(img)
	stride := img.Rect.Dx() + 1
	band := bandY * stride
	return []Data{
		{"board", rows},
		{"band", rows[band : band+BandRows*stride]},
	}
}

// Measure runs op in b.Loop and reports, beside the wall time, the
// process's CPU time an op (cpu-ns/op): on a shared machine the wall time
// also counts waiting for a core.
func Measure(b *testing.B, op func()) {
	cpu0 := cputime.Process()
	n := 0
	for b.Loop() {
		op()
		n++
	}
	if cpu := cputime.Process() - cpu0; cpu > 0 && n > 0 {
		b.ReportMetric(float64(cpu.Nanoseconds())/float64(n), "cpu-ns/op")
	}
}
