package render

import (
	"bufio"
	"errors"
	"image"
	"image/color"
	"io"

	"shinpan/referee/view"
)

// GIF timing defaults, in hundredths of a second.
const (
	GIFDelay     = 60  // each move
	GIFLastDelay = 400 // the final position
)

// GIFFrame is one frame of an animation: a view (the revealed board at some
// move) and how long it stays (0: GIFDelay, or GIFLastDelay for the last).
type GIFFrame struct {
	View  view.View
	Delay int
}

// GIFOptions are an animation's presentation choices.
type GIFOptions struct {
	Theme  Theme
	Pieces PieceSet
	// Labels are the words drawn on every frame, in the viewers' language.
	Labels Labels
}

// GIFStats describes a written animation.
type GIFStats struct {
	Frames int
	Bytes  int64
}

// WriteGIF writes frames as a looping animated GIF of Size() pixels. Every
// frame shares one global palette (the theme's, plus a transparent index);
// after the first, a frame holds only the rectangle that changed, with the
// pixels that did not change transparent, so a move costs a few kilobytes.
// Frames are drawn and compressed one at a time: memory stays at two canvases
// whatever the length of the game. Each view is checked as Render checks it.
func WriteGIF(w io.Writer, frames []GIFFrame, opt GIFOptions) (GIFStats, error) {
	if len(frames) == 0 {
		return GIFStats{}, errors.New("render: a GIF needs at least one frame")
	}
	t, c, err := opt.Theme.resolve()
	if err != nil {
		return GIFStats{}, err
	}
	a, err := getAssets(t, c, opt.Pieces)
	if err != nil {
		return GIFStats{}, err
	}
	ropt := Options{Theme: t, Pieces: a.set, Labels: opt.Labels}
	for k := range frames {
		if err := validate(&frames[k].View, &ropt); err != nil {
			return GIFStats{}, err
		}
	}
	cw := &countWriter{w: w}
	bw := bufio.NewWriterSize(cw, 64<<10)
	g := gifWriter{w: bw}
	g.header(a.pal)
	prev := image.NewPaletted(image.Rect(0, 0, imgW, imgH), a.pal)
	cur := image.NewPaletted(image.Rect(0, 0, imgW, imgH), a.pal)
	sub := make([]uint8, 0, imgW*imgH)
	for k := range frames {
		delay := frames[k].Delay
		if delay <= 0 {
			delay = GIFDelay
			if k == len(frames)-1 {
				delay = GIFLastDelay
			}
		}
		a.paint(cur, &frames[k].View, &ropt)
		r := cur.Rect
		if k > 0 {
			r = changed(prev, cur)
		}
		sub = sub[:0]
		for y := r.Min.Y; y < r.Max.Y; y++ {
			row := cur.Pix[y*imgW+r.Min.X : y*imgW+r.Max.X]
			if k == 0 {
				sub = append(sub, row...)
				continue
			}
			old := prev.Pix[y*imgW+r.Min.X : y*imgW+r.Max.X]
			n := len(sub)
			sub = sub[:n+len(row)]
			out := sub[n:]
			old = old[:len(row)]
			for x, p := range row {
				if p == old[x] {
					p = g.trans
				}
				out[x] = p
			}
		}
		g.frame(r, sub, delay)
		prev, cur = cur, prev
	}
	g.b(0x3b) // trailer
	if g.err == nil {
		g.err = bw.Flush()
	}
	return GIFStats{Frames: len(frames), Bytes: cw.n}, g.err
}

// changed returns the smallest rectangle holding every pixel that differs
// between a and b; a 1×1 rectangle when none does (a frame must hold a pixel).
func changed(a, b *image.Paletted) image.Rectangle {
	minX, minY, maxX, maxY := imgW, imgH, -1, -1
	for y := 0; y < imgH; y++ {
		ra, rb := a.Pix[y*imgW:(y+1)*imgW], b.Pix[y*imgW:(y+1)*imgW]
		if string(ra) == string(rb) {
			continue
		}
		if y < minY {
			minY = y
		}
		maxY = y
		l := 0
		for ra[l] == rb[l] {
			l++
		}
		r := imgW - 1
		for ra[r] == rb[r] {
			r--
		}
		minX, maxX = min(minX, l), max(maxX, r)
	}
	if maxY < 0 {
		return image.Rect(0, 0, 1, 1)
	}
	return image.Rect(minX, minY, maxX+1, maxY+1)
}

// gifWriter writes the GIF89a blocks; the first error sticks.
type gifWriter struct {
	w        *bufio.Writer
	err      error
	trans    uint8 // the transparent index (one past the theme's colours)
	litWidth int
	blk      blockWriter
	lzw      *lzwEncoder
}

func (g *gifWriter) b(bs ...byte) {
	if g.err == nil {
		_, g.err = g.w.Write(bs)
	}
}

func le16(n int) []byte { return []byte{byte(n), byte(n >> 8)} }

// header writes the signature, the screen, the global colour table (pal, a
// transparent entry, padded to a power of two) and the loop-forever extension.
func (g *gifWriter) header(pal color.Palette) {
	g.trans = uint8(len(pal))
	bits := 1
	for 1<<bits < len(pal)+1 {
		bits++
	}
	g.litWidth = max(bits, 2)
	g.b([]byte("GIF89a")...)
	g.b(le16(imgW)...)
	g.b(le16(imgH)...)
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
}

// frame writes one image: a graphic control extension (delay, disposal "leave
// in place", the transparent index) and the LZW-compressed pixels of r.
func (g *gifWriter) frame(r image.Rectangle, pix []uint8, delay int) {
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
		return
	}
	g.blk = blockWriter{w: g.w}
	if g.lzw == nil {
		g.lzw = newLZWEncoder(g.litWidth)
	}
	if err := g.lzw.encode(&g.blk, pix); err != nil {
		g.err = err
		return
	}
	g.err = g.blk.close()
}

// blockWriter cuts a stream into GIF data sub-blocks of at most 255 bytes,
// ended by an empty block.
type blockWriter struct {
	w   *bufio.Writer
	buf [256]byte
	n   int
	err error
}

func (b *blockWriter) Write(p []byte) (int, error) {
	for _, c := range p {
		b.writeByte(c)
	}
	return len(p), b.err
}

func (b *blockWriter) writeByte(c byte) {
	b.buf[1+b.n] = c
	b.n++
	if b.n == 255 {
		b.flush()
	}
}

func (b *blockWriter) flush() {
	if b.n == 0 || b.err != nil {
		return
	}
	b.buf[0] = byte(b.n)
	_, b.err = b.w.Write(b.buf[:1+b.n])
	b.n = 0
}

func (b *blockWriter) close() error {
	b.flush()
	if b.err == nil {
		b.err = b.w.WriteByte(0)
	}
	return b.err
}

type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}
