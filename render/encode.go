package render

import (
	"bytes"
	"image"
	"runtime"
	"sync"

	"shinpan/render/internal/adler"
	"shinpan/render/internal/deflate"
	"shinpan/render/internal/png"
)

// encode writes img as an 8-bit paletted PNG, every row unfiltered, its pixels
// compressed by our own deflater (internal/deflate), which looks for repeats
// only one or two rows up, one pixel left and one square left: about half the
// CPU of image/png at flate.BestSpeed, and smaller files (BenchmarkEncode).
// With a scope and the board's drawList d, a board is compressed band by band,
// the bands already compressed for that scope taken from c and only the
// others painted into img (bands.go); without, img (painted) as one block.
func encode(img *image.Paletted, d *drawList, scope string, c *segmentCache) ([]byte, error) {
	e := encoders.get()
	defer encoders.put(e)
	w, h := img.Rect.Dx(), img.Rect.Dy()
	dists := []int{w + 1, 1, sqW, 2 * (w + 1)} // a row is a filter-type byte, then the pixels
	banded := scope != "" && c != nil && d != nil && w == imgW && h == imgH && img.Stride == w
	e.out = png.AppendPaletted(e.out[:0], w, h, img.Palette, func(out []byte) ([]byte, uint32) {
		if banded {
			return e.deflateBands(out, img, d, scope, dists, c)
		}
		e.raw = png.Rows(e.raw[:0], img.Pix, w, h, img.Stride)
		return e.d.Deflate(out, e.raw, dists), adler.Checksum(e.raw)
	})
	return bytes.Clone(e.out), nil // at its size: the buffer stays with the encoder
}

// encoder is the reusable state of one encode.
type encoder struct {
	out    []byte // the PNG being written
	raw    []byte // the PNG rows with their filter bytes (of a band, for deflateBands)
	desc   []byte // a band's description, for deflateBands
	d      deflate.Encoder
	keys   []bandKey     // the bands not shared, for deflateBands
	found  []*bandEntry  // their cached segments or nil
	shared []*staticBand // each band's shared segment or nil
}

// The encoders' buffers and the canvases (about 0.5 MB each) are kept in free
// lists rather than sync.Pools, which every GC empties: under load a GC comes
// every few boards, and each board then allocated and cleared them again.
var (
	encoders  freeList[encoder]
	canvases  freeList[image.Paletted] // imgW×imgH
	drawLists freeList[drawList]
)

// freeList keeps up to freeMax released values for reuse.
type freeList[T any] struct {
	mu   sync.Mutex
	free []*T
}

// freeMax is how many of each are kept (about 1 MB a pair, retained): as
// many boards as drawing lets Render draw at once.
var freeMax = max(4, runtime.GOMAXPROCS(0))

// drawing admits freeMax boards at a time to painting and encoding, one a
// core at least: more at once would finish no sooner, and under load (the
// sender draws for many channels at once) each took a canvas and an encoder
// of its own, allocated (about 0.6 MB) and soon dropped.
var drawing = make(chan struct{}, freeMax)

// take returns a released value, or nil when there is none.
func (f *freeList[T]) take() *T {
	f.mu.Lock()
	defer f.mu.Unlock()
	if n := len(f.free); n > 0 {
		v := f.free[n-1]
		f.free = f.free[:n-1]
		return v
	}
	return nil
}

func (f *freeList[T]) put(v *T) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.free) < freeMax {
		f.free = append(f.free, v)
	}
}

// get returns a released value or a new one.
func (f *freeList[T]) get() *T {
	if v := f.take(); v != nil {
		return v
	}
	return new(T)
}

// getCanvas returns a reusable imgW×imgH paletted image using a's palette;
// paint overwrites every pixel, so its old content does not matter.
func getCanvas(a *assets) *image.Paletted {
	if c := canvases.take(); c != nil {
		c.Palette = a.pal
		return c
	}
	return image.NewPaletted(image.Rect(0, 0, imgW, imgH), a.pal)
}

func putCanvas(c *image.Paletted) { canvases.put(c) }
