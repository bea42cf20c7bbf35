package png

import (
	"bytes"
	"image"
	"image/color"
	stdpng "image/png"
	"strconv"
	"testing"

	"shinpan/render/internal/adler"
	"shinpan/render/internal/codectest"
	"shinpan/render/internal/deflate"
)

// encoder writes images as render does, its buffers reused.
type encoder struct {
	deflate.Encoder
	raw, out []byte
}

// encode writes img whole (bandRows 0) or as segments of bandRows rows
// each, their checksums combined.
func (e *encoder) encode(img *image.Paletted, bandRows int) []byte {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	dists := codectest.Dists(w + 1)
	e.out = AppendPaletted(e.out[:0], w, h, img.Palette, func(out []byte) ([]byte, uint32) {
		if bandRows <= 0 {
			e.raw = Rows(e.raw[:0], img.Pix, w, h, img.Stride)
			return e.Deflate(out, e.raw, dists), adler.Checksum(e.raw)
		}
		sum := uint32(1)
		for y := 0; y < h; y += bandRows {
			n := min(bandRows, h-y)
			e.raw = Rows(e.raw[:0], img.Pix[y*img.Stride:], w, n, img.Stride)
			out = e.Segment(out, e.raw, dists)
			sum = adler.Combine(sum, adler.Checksum(e.raw), len(e.raw))
		}
		return deflate.AppendEnd(out), sum
	})
	return e.out
}

// checkDecodes fails unless image/png decodes b to img's pixels and
// palette (made opaque: PLTE has no alpha).
func checkDecodes(t *testing.T, b []byte, img *image.Paletted) {
	t.Helper()
	dec, err := stdpng.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("image/png: %v", err)
	}
	got, ok := dec.(*image.Paletted)
	if !ok {
		t.Fatalf("decoded as %T", dec)
	}
	if got.Rect != img.Rect {
		t.Fatalf("decoded %v, want %v", got.Rect, img.Rect)
	}
	w, h := img.Rect.Dx(), img.Rect.Dy()
	for y := range h {
		if !bytes.Equal(got.Pix[y*got.Stride:y*got.Stride+w], img.Pix[y*img.Stride:y*img.Stride+w]) {
			t.Fatalf("row %d differs", y)
		}
	}
	if len(got.Palette) != len(img.Palette) {
		t.Fatalf("%d colours decoded, want %d", len(got.Palette), len(img.Palette))
	}
	for i, c := range img.Palette {
		r, g, b, _ := c.RGBA()
		if want := (color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), 0xff}); got.Palette[i] != want {
			t.Fatalf("colour %d: %v, want %v", i, got.Palette[i], want)
		}
	}
}

// TestBoardDecodes: a golden board, whole and in bands, as render writes it.
func TestBoardDecodes(t *testing.T) {
	img := codectest.Image(t, codectest.Board)
	var e encoder
	for _, bandRows := range []int{0, 70, 1, 1000} {
		t.Run("bands-of-"+strconv.Itoa(bandRows), func(t *testing.T) {
			checkDecodes(t, e.encode(img, bandRows), img)
		})
	}
}

// TestRowsStride: Rows takes w pixels a row from rows stride apart.
func TestRowsStride(t *testing.T) {
	pix := []byte{1, 2, 9, 3, 4, 9}
	if got, want := Rows([]byte{7}, pix, 2, 2, 3), []byte{7, 0, 1, 2, 0, 3, 4}; !bytes.Equal(got, want) {
		t.Fatalf("%v, want %v", got, want)
	}
}

// FuzzPaletted: image/png decodes what AppendPaletted wrote round our
// deflater's stream, whole or in segments, to the same pixels and palette.
// The image is w×h (up to 256×64) of npal colours, its pixels pix repeated.
func FuzzPaletted(f *testing.F) {
	f.Add(uint8(0), uint8(0), uint8(0), uint8(0), []byte{})
	f.Add(uint8(7), uint8(3), uint8(1), uint8(1), []byte{0, 1})
	f.Add(uint8(64), uint8(20), uint8(63), uint8(5), []byte("a board of tiles"))
	f.Add(uint8(255), uint8(63), uint8(255), uint8(0), bytes.Repeat([]byte{3}, 300))
	var e encoder
	f.Fuzz(func(t *testing.T, w, h, npal, bandRows uint8, pix []byte) {
		img := image.NewPaletted(image.Rect(0, 0, 1+int(w), 1+int(h)%64), nil)
		for i := range 1 + int(npal) {
			img.Palette = append(img.Palette, color.RGBA{uint8(i * 37), uint8(i * 101), uint8(i), 0xff})
		}
		for i := range img.Pix {
			if len(pix) > 0 {
				img.Pix[i] = uint8(int(pix[i%len(pix)]) % len(img.Palette))
			}
		}
		checkDecodes(t, e.encode(img, int(bandRows)%80), img)
	})
}

// BenchmarkPaletted writes a golden board as a PNG, ours (AppendPaletted
// round our deflater, as render's encode without a cache scope) against
// image/png; png-bytes is the file's size.
func BenchmarkPaletted(b *testing.B) {
	img := codectest.Image(b, codectest.Board)
	var out []byte
	b.Run("shinpan", func(b *testing.B) {
		var e encoder
		codectest.Measure(b, func() { out = e.encode(img, 0) })
		b.ReportMetric(float64(len(out)), "png-bytes")
	})
	for _, l := range []struct {
		name  string
		level stdpng.CompressionLevel
	}{{"image-png-bestspeed", stdpng.BestSpeed}, {"image-png-default", stdpng.DefaultCompression}} {
		b.Run(l.name, func(b *testing.B) {
			enc := stdpng.Encoder{CompressionLevel: l.level, BufferPool: &pool{}}
			var buf bytes.Buffer
			codectest.Measure(b, func() {
				buf.Reset()
				if err := enc.Encode(&buf, img); err != nil {
					b.Fatal(err)
				}
			})
			b.ReportMetric(float64(buf.Len()), "png-bytes")
		})
	}
}

// pool keeps image/png's encoder buffers between runs, as a server would.
type pool struct{ b *stdpng.EncoderBuffer }

func (p *pool) Get() *stdpng.EncoderBuffer  { return p.b }
func (p *pool) Put(b *stdpng.EncoderBuffer) { p.b = b }
