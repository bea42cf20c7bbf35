package render

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"runtime"
	"slices"
	"sync"
)

// encode writes img as an 8-bit paletted PNG, every row unfiltered, its pixels
// compressed by our own deflater (deflate.go), which looks for repeats only one
// or two rows up, one pixel left and one square left: about half the CPU of
// image/png at flate.BestSpeed, and smaller files (BenchmarkEncode). With a
// scope and the board's drawList d, a board is compressed band by band, the
// bands already compressed for that scope taken from c and only the others
// painted into img (bands.go); without, img (painted) as one block.
func encode(img *image.Paletted, d *drawList, scope string, c *segmentCache) ([]byte, error) {
	e := encoders.get()
	defer encoders.put(e)
	w, h := img.Rect.Dx(), img.Rect.Dy()
	stride := w + 1 // a filter-type byte, then the row
	dists := []int{stride, 1, sqW, 2 * stride}

	out := append(e.out[:0], "\x89PNG\r\n\x1a\n"...)
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, 3 // bit depth 8, colour type 3: palette
	out = chunk(out, "IHDR", ihdr[:])
	e.pal = e.pal[:0]
	for _, c := range img.Palette {
		r, g, b, _ := c.RGBA()
		e.pal = append(e.pal, byte(r>>8), byte(g>>8), byte(b>>8))
	}
	out = chunk(out, "PLTE", e.pal)

	// IDAT: a zlib stream (RFC 1950) round one deflate block.
	start := len(out)
	out = append(out, 0, 0, 0, 0, 'I', 'D', 'A', 'T')
	out = append(out, 0x78, 0x01) // deflate, 32 KiB window, fastest
	var sum uint32
	if scope != "" && c != nil && d != nil && w == imgW && h == imgH && img.Stride == w {
		out, sum = e.deflateBands(out, img, d, scope, dists, c)
	} else {
		e.raw = pngRows(e.raw[:0], img.Pix, w, h, img.Stride)
		out = e.d.deflate(out, e.raw, dists)
		sum = adler32(e.raw)
	}
	out = binary.BigEndian.AppendUint32(out, sum)
	binary.BigEndian.PutUint32(out[start:], uint32(len(out)-start-8))
	out = binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(out[start+4:]))
	e.out = chunk(out, "IEND", nil)
	return bytes.Clone(e.out), nil // at its size: the buffer stays with the encoder
}

// pngRows appends h rows of w pixels (stride apart in pix) to dst as PNG
// rows: a filter-type byte (0: none), then the pixels.
func pngRows(dst, pix []byte, w, h, stride int) []byte {
	dst = slices.Grow(dst, h*(w+1))
	for y := 0; y < h; y++ {
		dst = append(dst, 0)
		dst = append(dst, pix[y*stride:y*stride+w]...)
	}
	return dst
}

// chunk appends one PNG chunk.
func chunk(out []byte, kind string, data []byte) []byte {
	start := len(out)
	out = binary.BigEndian.AppendUint32(out, uint32(len(data)))
	out = append(out, kind...)
	out = append(out, data...)
	return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(out[start+4:]))
}

// encoder is the reusable state of one encode.
type encoder struct {
	out    []byte // the PNG being written
	pal    []byte // its PLTE chunk's data
	raw    []byte // the PNG rows with their filter bytes (of a band, for deflateBands)
	desc   []byte // a band's description, for deflateBands
	d      deflater
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
