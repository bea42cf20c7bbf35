// Package gif writes a looping animated GIF89a frame by frame, so that an
// animation of any length is written holding one frame at a time (image/gif
// takes every frame at once). Every frame uses one global colour table (the
// caller's palette plus a transparent entry) and is left in place, so a
// frame need hold only the rectangle that changed, its unchanged pixels
// transparent. The pixels are coded by compress/lzw. FuzzWriter checks that
// image/gif decodes what it writes to the same frames.
package gif

import (
	"bufio"
	"compress/lzw"
	"errors"
	"image"
	"image/color"
	"io"
)

// Writer writes one animation; the first error sticks.
type Writer struct {
	w        *bufio.Writer
	width    int
	height   int
	err      error
	trans    uint8 // the transparent index (one past the palette's colours)
	litWidth int
	blk      blockWriter
	lzw      lzw.Writer
}

// NewWriter writes to w the header of a width×height animation that loops
// forever, with pal (1 to 255 colours) and a transparent entry as its global
// colour table. Its writes to w are buffered until Close.
func NewWriter(w io.Writer, width, height int, pal color.Palette) (*Writer, error) {
	if len(pal) == 0 || len(pal) > 255 {
		return nil, errors.New("gif: a palette needs 1 to 255 colours")
	}
	if width <= 0 || height <= 0 || width > 0xffff || height > 0xffff {
		return nil, errors.New("gif: a size out of 1..65535")
	}
	g := &Writer{w: bufio.NewWriterSize(w, 64<<10), width: width, height: height, trans: uint8(len(pal))}
	g.blk.w = g.w
	bits := 1
	for 1<<bits < len(pal)+1 {
		bits++
	}
	g.litWidth = max(bits, 2)
	g.b([]byte("GIF89a")...)
	g.b(le16(width)...)
	g.b(le16(height)...)
	g.b(0x80|byte(bits-1)<<4|byte(bits-1), 0, 0) // global table, colour resolution, size; background 0; aspect 0
	for k := 0; k < 1<<bits; k++ {
		if k < len(pal) {
			r, gg, bb, _ := pal[k].RGBA()
			g.b(byte(r>>8), byte(gg>>8), byte(bb>>8))
		} else {
			g.b(0, 0, 0)
		}
	}
	g.b(0x21, 0xff, 11)
	g.b([]byte("NETSCAPE2.0")...)
	g.b(3, 1, 0, 0, 0) // loop count 0: forever
	return g, g.err
}

// Transparent is the colour index of a pixel that shows the frame before.
func (g *Writer) Transparent() uint8 { return g.trans }

// Frame writes one image of r (inside the screen): a graphic control
// extension (delay in hundredths of a second, disposal "leave in place",
// the transparent index) and pix, r's pixels row by row (r.Dx() a row),
// each a palette index or Transparent.
func (g *Writer) Frame(r image.Rectangle, pix []uint8, delay int) error {
	if g.err != nil {
		return g.err
	}
	if r.Empty() || !r.In(image.Rect(0, 0, g.width, g.height)) || len(pix) != r.Dx()*r.Dy() || delay < 0 || delay > 0xffff {
		g.err = errors.New("gif: a frame out of the screen, or of the wrong size or delay")
		return g.err
	}
	g.b(0x21, 0xf9, 4, 1<<2|1)
	g.b(le16(delay)...)
	g.b(g.trans, 0)
	g.b(0x2c)
	g.b(le16(r.Min.X)...)
	g.b(le16(r.Min.Y)...)
	g.b(le16(r.Dx())...)
	g.b(le16(r.Dy())...)
	g.b(0, byte(g.litWidth))
	if g.err != nil {
		return g.err
	}
	g.lzw.Reset(&g.blk, lzw.LSB, g.litWidth)
	if _, err := g.lzw.Write(pix); err != nil {
		g.err = err
		return err
	}
	if err := g.lzw.Close(); err != nil { // flushes the last sub-block
		g.err = err
		return err
	}
	if g.err = g.blk.err; g.err == nil {
		g.err = g.w.WriteByte(0) // the block terminator
	}
	return g.err
}

// Close writes the trailer and flushes; it returns the first error of the
// animation's writing.
func (g *Writer) Close() error {
	g.b(0x3b)
	if g.err == nil {
		g.err = g.w.Flush()
	}
	return g.err
}

func (g *Writer) b(bs ...byte) {
	if g.err == nil {
		_, g.err = g.w.Write(bs)
	}
}

func le16(n int) []byte { return []byte{byte(n), byte(n >> 8)} }

// blockWriter cuts the LZW stream into GIF data sub-blocks of at most 255
// bytes. It is the io.ByteWriter with a Flush that compress/lzw writes to
// without a bufio.Writer of its own; Flush writes the last, short, block.
type blockWriter struct {
	w   *bufio.Writer
	buf [256]byte
	n   int
	err error
}

func (b *blockWriter) Write(p []byte) (int, error) {
	for _, c := range p {
		if err := b.WriteByte(c); err != nil {
			return 0, err
		}
	}
	return len(p), nil
}

func (b *blockWriter) WriteByte(c byte) error {
	b.buf[1+b.n] = c
	b.n++
	if b.n == 255 {
		return b.Flush()
	}
	return b.err
}

func (b *blockWriter) Flush() error {
	if b.n == 0 || b.err != nil {
		return b.err
	}
	b.buf[0] = byte(b.n)
	_, b.err = b.w.Write(b.buf[:1+b.n])
	b.n = 0
	return b.err
}
