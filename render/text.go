package render

import (
	"image"
	"image/color"
	"image/draw"
	"math"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// glyph is one pre-rendered character of a text style: a w×h sprite of
// palette indices (transparent where there is no ink), placed with its
// top-left corner at (pen x + dx, baseline + dy), advancing the pen by adv.
type glyph struct {
	pix    []uint8
	w, h   int
	dx, dy int
	adv    fixed.Int26_6
}

// glyphSet is a text style (size, ink colour, background colour) rendered once
// for every rune the font subset holds. Drawing text is then only blitting.
type glyphSet struct {
	glyphs map[rune]*glyph
	// midY is the offset from the baseline to the vertical centre of a kanji's
	// ink box (negative: above the baseline), for centring a line of text.
	midY int
}

// textRunes is every rune a glyphSet holds.
func textRunes() []rune {
	var rs []rune
	for r := rune(0x20); r <= 0x7e; r++ {
		rs = append(rs, r)
	}
	return append(rs, []rune(drawnText)...)
}

// addGlyphSet renders a style: size px, ink fg on background bg. The sprites
// are quantised when the builder finishes.
func (b *builder) addGlyphSet(size float64, fg, bg color.NRGBA) (*glyphSet, error) {
	face, err := newFace(size)
	if err != nil {
		return nil, err
	}
	gs := &glyphSet{glyphs: map[rune]*glyph{}}
	_, y0, _, y1 := inkBounds(face, "金")
	gs.midY = int(math.Round((y0 + y1) / 2))
	for _, r := range textRunes() {
		bounds, adv, ok := face.GlyphBounds(r)
		if !ok {
			continue
		}
		x0, yy0 := bounds.Min.X.Floor(), bounds.Min.Y.Floor()
		x1, yy1 := bounds.Max.X.Ceil(), bounds.Max.Y.Ceil()
		g := &glyph{w: x1 - x0, h: yy1 - yy0, dx: x0, dy: yy0, adv: adv}
		gs.glyphs[r] = g
		if g.w <= 0 || g.h <= 0 { // space
			g.w, g.h = 0, 0
			continue
		}
		mask := image.NewAlpha(image.Rect(0, 0, g.w, g.h))
		d := font.Drawer{Dst: mask, Src: image.Opaque, Face: face,
			Dot: fixed.Point26_6{X: fixed.I(-x0), Y: fixed.I(-yy0)}}
		d.DrawString(string(r))
		quantAlpha(mask)
		img := image.NewRGBA(mask.Rect)
		draw.Draw(img, img.Rect, image.NewUniform(bg), image.Point{}, draw.Src)
		draw.DrawMask(img, img.Rect, image.NewUniform(fg), image.Point{}, mask, image.Point{}, draw.Over)
		b.add(img, mask, &g.pix)
	}
	return gs, nil
}

// lookup returns the glyph for r, or the one for '?' when the font lacks r.
func (gs *glyphSet) lookup(r rune) *glyph {
	if g, ok := gs.glyphs[r]; ok {
		return g
	}
	return gs.glyphs['?']
}

// has reports whether the set holds every rune of s.
func (gs *glyphSet) has(s string) bool {
	for _, r := range s {
		if _, ok := gs.glyphs[r]; !ok {
			return false
		}
	}
	return true
}

// width returns the advance width of s in pixels.
func (gs *glyphSet) width(s string) int {
	var w fixed.Int26_6
	for _, r := range s {
		w += gs.lookup(r).adv
	}
	return w.Round()
}

// draw blits s with its baseline at y, starting at pen x, and returns the
// pen x after the last glyph. Pixels outside the image are clipped.
func (gs *glyphSet) draw(d *drawList, s string, x, y int) int {
	pen := fixed.I(x)
	for _, r := range s {
		g := gs.lookup(r)
		d.blit(g.pix, g.w, g.h, pen.Round()+g.dx, y+g.dy)
		pen += g.adv
	}
	return pen.Round()
}

// inkBox returns the box of s's ink relative to the pen start and baseline.
func (gs *glyphSet) inkBox(s string) (x0, y0, x1, y1 int) {
	pen := fixed.I(0)
	first := true
	for _, r := range s {
		g := gs.lookup(r)
		if g.w > 0 && g.h > 0 {
			gx0, gy0 := pen.Round()+g.dx, g.dy
			gx1, gy1 := gx0+g.w, gy0+g.h
			if first {
				x0, y0, x1, y1, first = gx0, gy0, gx1, gy1, false
			} else {
				x0, y0, x1, y1 = min(x0, gx0), min(y0, gy0), max(x1, gx1), max(y1, gy1)
			}
		}
		pen += g.adv
	}
	return x0, y0, x1, y1
}
