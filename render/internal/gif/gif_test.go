package gif

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	stdgif "image/gif"
	"testing"
)

// frame is one frame as given to Writer.Frame.
type frame struct {
	r     image.Rectangle
	pix   []uint8
	delay int
}

// write writes frames on a w×h screen of pal.
func write(t *testing.T, w, h int, pal color.Palette, frames []frame) []byte {
	t.Helper()
	var buf bytes.Buffer
	g, err := NewWriter(&buf, w, h, pal)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range frames {
		if err := g.Frame(f.r, f.pix, f.delay); err != nil {
			t.Fatal(err)
		}
	}
	if err := g.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// checkDecodes fails unless image/gif decodes b to frames on a w×h screen
// of pal: each frame's rectangle, pixels (the transparent index included),
// delay and disposal, the palette with a transparent entry, looping forever.
func checkDecodes(t *testing.T, b []byte, w, h int, pal color.Palette, frames []frame) {
	t.Helper()
	g, err := stdgif.DecodeAll(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("image/gif: %v", err)
	}
	if g.Config.Width != w || g.Config.Height != h || g.LoopCount != 0 || len(g.Image) != len(frames) {
		t.Fatalf("%d×%d, loop %d, %d frames; want %d×%d, 0, %d", g.Config.Width, g.Config.Height, g.LoopCount, len(g.Image), w, h, len(frames))
	}
	for k, f := range frames {
		img := g.Image[k]
		if img.Rect != f.r || !bytes.Equal(img.Pix, f.pix) || g.Delay[k] != f.delay || g.Disposal[k] != stdgif.DisposalNone {
			t.Fatalf("frame %d: %v delay %d disposal %d; want %v delay %d, or its pixels differ", k, img.Rect, g.Delay[k], g.Disposal[k], f.r, f.delay)
		}
		for i, c := range pal {
			r, gg, bb, _ := c.RGBA()
			if got := img.Palette[i]; got != (color.RGBA{uint8(r >> 8), uint8(gg >> 8), uint8(bb >> 8), 0xff}) {
				t.Fatalf("frame %d: colour %d is %v, want %v", k, i, got, c)
			}
		}
		if _, _, _, a := img.Palette[len(pal)].RGBA(); a != 0 {
			t.Fatalf("frame %d: colour %d (Transparent) is not transparent", k, len(pal))
		}
	}
}

// palette returns n opaque colours.
func palette(n int) color.Palette {
	var p color.Palette
	for i := range n {
		p = append(p, color.RGBA{uint8(i * 53), uint8(i * 29), uint8(255 - i), 0xff})
	}
	return p
}

// fuzzFrames makes frames on a w×h screen from data: each frame's
// rectangle from four bytes, its pixels (palette indices or Transparent,
// n+1 values) from the rest, repeated.
func fuzzFrames(w, h, n int, data []byte, count int) []frame {
	var out []frame
	at := func(i int) int {
		if len(data) == 0 {
			return 0
		}
		return int(data[i%len(data)])
	}
	for k := range count {
		x0, y0 := at(4*k)%w, at(4*k+1)%h
		r := image.Rect(x0, y0, x0+1+at(4*k+2)%(w-x0), y0+1+at(4*k+3)%(h-y0))
		if k == 0 {
			r = image.Rect(0, 0, w, h)
		}
		pix := make([]uint8, r.Dx()*r.Dy())
		for i := range pix {
			pix[i] = uint8((at(i+k) + i/7*at(k)) % (n + 1))
		}
		out = append(out, frame{r, pix, at(k) * 3})
	}
	return out
}

// FuzzWriter: image/gif decodes what Writer wrote to the frames given, for
// screens up to 256×64, palettes of 1 to 255 colours and up to 8 frames.
func FuzzWriter(f *testing.F) {
	f.Add(uint8(0), uint8(0), uint8(0), uint8(0), []byte{})
	f.Add(uint8(9), uint8(9), uint8(1), uint8(3), []byte{1, 2, 3, 4, 5})
	f.Add(uint8(255), uint8(63), uint8(254), uint8(7), bytes.Repeat([]byte("long runs of one colour "), 40))
	f.Add(uint8(100), uint8(40), uint8(63), uint8(2), []byte{0, 0, 99, 39, 7})
	f.Fuzz(func(t *testing.T, w, h, npal, count uint8, data []byte) {
		sw, sh, n := 1+int(w), 1+int(h)%64, 1+int(npal)%255
		pal := palette(n)
		frames := fuzzFrames(sw, sh, n, data, 1+int(count)%8)
		checkDecodes(t, write(t, sw, sh, pal, frames), sw, sh, pal, frames)
	})
}

// TestWriterRejects: a bad palette, size or frame is an error, which sticks.
func TestWriterRejects(t *testing.T) {
	for name, pal := range map[string]color.Palette{"no colours": nil, "256 colours": palette(256)} {
		t.Run(name, func(t *testing.T) {
			if _, err := NewWriter(&bytes.Buffer{}, 4, 4, pal); err == nil {
				t.Fatal("no error")
			}
		})
	}
	t.Run("size 0", func(t *testing.T) {
		if _, err := NewWriter(&bytes.Buffer{}, 0, 4, palette(2)); err == nil {
			t.Fatal("no error")
		}
	})
	for name, f := range map[string]frame{
		"off the screen": {image.Rect(2, 2, 5, 5), make([]uint8, 9), 0},
		"empty":          {image.Rect(1, 1, 1, 1), nil, 0},
		"short pixels":   {image.Rect(0, 0, 2, 2), make([]uint8, 3), 0},
		"delay":          {image.Rect(0, 0, 1, 1), make([]uint8, 1), 1 << 16},
	} {
		t.Run(name, func(t *testing.T) {
			g, err := NewWriter(&bytes.Buffer{}, 4, 4, palette(2))
			if err != nil {
				t.Fatal(err)
			}
			err = g.Frame(f.r, f.pix, f.delay)
			if err == nil {
				t.Fatal("no error")
			}
			if again := g.Close(); !errors.Is(again, err) {
				t.Fatalf("Close: %v, want the first error %v", again, err)
			}
		})
	}
}
