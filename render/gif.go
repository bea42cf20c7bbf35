package render

import (
	"errors"
	"image"
	"io"

	"shinpan/referee/view"
	"shinpan/render/internal/gif"
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

// GIFStats describes a written animation (after an error, what was written).
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
	g, err := gif.NewWriter(cw, imgW, imgH, a.pal)
	if err != nil {
		return GIFStats{Bytes: cw.n}, err
	}
	trans := g.Transparent()
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
					p = trans
				}
				out[x] = p
			}
		}
		if err := g.Frame(r, sub, delay); err != nil {
			return GIFStats{Frames: k, Bytes: cw.n}, err
		}
		prev, cur = cur, prev
	}
	err = g.Close()
	return GIFStats{Frames: len(frames), Bytes: cw.n}, err
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

// countWriter counts the bytes written through it.
type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}
