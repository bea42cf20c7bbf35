package render

import (
	"image"
	"strconv"
	"strings"

	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// bottomSide returns the side drawn at the bottom: the viewer's own (Black for
// the channel and the revealed board), or the other one when flip is set.
func bottomSide(v *view.View, flip bool) shogi.Color {
	c := shogi.Black
	if v.Viewer == view.ViewerWhite {
		c = shogi.White
	}
	if flip {
		c = c.Opp()
	}
	return c
}

// checkSquares returns the squares to ring for v.InCheck: the viewer's mask in
// Masked, the viewer's king(s) otherwise. None for the channel.
func checkSquares(v *view.View) []shogi.Square {
	if !v.InCheck || v.Viewer == view.ViewerPublic {
		return nil
	}
	if v.Variant == view.Masked {
		if v.Mask.Valid() {
			return []shogi.Square{v.Mask}
		}
		return nil
	}
	king := shogi.MakePiece(v.Viewer.Color(), shogi.King)
	var out []shogi.Square
	for s, cell := range v.Board {
		if cell.Known && cell.Piece == king {
			out = append(out, shogi.Square(s))
		}
	}
	return out
}

// paint draws v into dst (imgW×imgH, palette a.pal). It only copies and blits
// pre-rendered sprites and fills rectangles; no text is rasterised here.
func (a *assets) paint(dst *image.Paletted, v *view.View, opt *Options) {
	o := orient{bottomSide(v, opt.Flip)}
	copy(dst.Pix, a.bg[o.bottom])

	// Square backgrounds: check > lost > last > plain; fog replaces them all.
	var bg [shogi.NumSquares]sqBg
	if v.LastMove != shogi.NoMove {
		if f := v.LastMove.From(); f.Valid() {
			bg[f] = bgLast
		}
		bg[v.LastMove.To()] = bgLast
	}
	if v.LostAt.Valid() {
		bg[v.LostAt] = bgLost
	}
	for _, s := range checkSquares(v) {
		bg[s] = bgCheck
	}
	fogged := v.Variant == view.Dark
	for s := range v.Board {
		cell := v.Board[s]
		r := tileRect(o.cell(shogi.Square(s)))
		if fogged && !cell.Known {
			// Nothing beneath fog is ever drawn: the tile is opaque and
			// independent of the cell's content.
			bg[s] = bgFog
			copyTile(dst, a.fog, tileW, tileH, r.Min.X, r.Min.Y)
			continue
		}
		p := cell.Piece
		if !cell.Known {
			p = shogi.NoPiece // Tsuitate: an unknown square looks empty
		}
		if p == shogi.NoPiece && bg[s] == bgPlain {
			continue // already in the background
		}
		rot := 0
		if p != shogi.NoPiece && p.Color() != o.bottom {
			rot = 1
		}
		copyTile(dst, a.tiles[bg[s]][rot][p], tileW, tileH, r.Min.X, r.Min.Y)
	}

	// Star points at the four inner intersections.
	for _, rc := range [4][2]int{{3, 3}, {6, 3}, {3, 6}, {6, 6}} {
		x, y := boardX+rc[0]*sqW, boardY+rc[1]*sqH
		fillRect(dst, image.Rect(x-3, y-3, x+gridLine+3, y+gridLine+3), a.ix.grid)
	}

	// Last move: a frame on from and to (a drop has only to).
	if v.LastMove != shogi.NoMove {
		if f := v.LastMove.From(); f.Valid() {
			frame(dst, tileRect(o.cell(f)), 4, a.ix.lastFrame)
		}
		frame(dst, tileRect(o.cell(v.LastMove.To())), 4, a.ix.lastFrame)
	}
	if opt.Reach != nil && opt.Reach.From.Valid() {
		brackets(dst, tileRect(o.cell(opt.Reach.From)), a.ix.selected)
	}

	over := func(s shogi.Square, ov overlay) {
		r := tileRect(o.cell(s))
		blit(dst, a.over[ov][bg[s]], tileW, tileH, r.Min.X, r.Min.Y)
	}
	if v.LostAt.Valid() {
		over(v.LostAt, ovLost)
	}
	if opt.Reach != nil {
		for _, s := range opt.Reach.To {
			if c := v.Board[s]; c.Known && c.Piece != shogi.NoPiece {
				over(s, ovCornerDot)
			} else {
				over(s, ovDot)
			}
		}
	}
	for _, s := range opt.Notes {
		over(s, ovNote)
	}
	masks := []shogi.Square{v.Mask}
	if v.Revealed || v.Result != nil {
		// Both masks are public only once the game is over (View.Masks is
		// documented as set only then; this keeps a stray value hidden).
		masks = append(masks, v.Masks[0], v.Masks[1])
	}
	for _, s := range masks {
		if s.Valid() {
			over(s, ovMask)
		}
	}
	for _, s := range checkSquares(v) {
		over(s, ovCheckTag) // last, so brackets and badges never hide it
	}

	a.paintTitle(dst, v)
	a.paintPanel(dst, v, opt, o.bottom.Opp(), true)
	a.paintPanel(dst, v, opt, o.bottom, false)
}

// frame draws a rectangle outline of width w just inside r.
func frame(dst *image.Paletted, r image.Rectangle, w int, ix uint8) {
	fillRect(dst, image.Rect(r.Min.X, r.Min.Y, r.Max.X, r.Min.Y+w), ix)
	fillRect(dst, image.Rect(r.Min.X, r.Max.Y-w, r.Max.X, r.Max.Y), ix)
	fillRect(dst, image.Rect(r.Min.X, r.Min.Y, r.Min.X+w, r.Max.Y), ix)
	fillRect(dst, image.Rect(r.Max.X-w, r.Min.Y, r.Max.X, r.Max.Y), ix)
}

// brackets draws four L-shaped corner brackets inside r (the selected piece).
func brackets(dst *image.Paletted, r image.Rectangle, ix uint8) {
	const l, w = 22, 6
	for _, c := range [4]image.Point{r.Min, {r.Max.X - l, r.Min.Y}, {r.Min.X, r.Max.Y - l}, {r.Max.X - l, r.Max.Y - l}} {
		hy := c.Y // horizontal bar at the outer edge of this corner
		if c.Y != r.Min.Y {
			hy = r.Max.Y - w
		}
		vx := c.X
		if c.X != r.Min.X {
			vx = r.Max.X - w
		}
		fillRect(dst, image.Rect(c.X, hy, c.X+l, hy+w), ix)
		fillRect(dst, image.Rect(vx, c.Y, vx+w, c.Y+l), ix)
	}
}

// paintTitle draws the status line: side to move (and 王手) or the result on
// the left, the move number on the right.
func (a *assets) paintTitle(dst *image.Paletted, v *view.View) {
	t := &a.text
	base := titleY + titleH/2 - t.title.midY
	x := 16
	switch {
	case v.Result != nil:
		t.accent.draw(dst, resultLine(v.Result, true), x, base)
	default:
		x = t.title.draw(dst, v.Turn.Symbol()+" "+colorName(v.Turn)+" to move", x, base)
		if v.InCheck {
			t.accent.draw(dst, "  王手 check", x, base)
		}
	}
	if v.MoveNumber > 0 {
		s := "Move " + strconv.Itoa(v.MoveNumber)
		t.titleDim.draw(dst, s, imgW-16-t.titleDim.width(s), base)
	}
}

// paintPanel draws the dynamic parts of one side's hand panel: turn stripe
// and 手番 pill, name, clock, fouls and, when the viewer knows it, the hand.
func (a *assets) paintPanel(dst *image.Paletted, v *view.View, opt *Options, side shogi.Color, top bool) {
	t := &a.text
	r := panelRect(top)
	line1 := r.Min.Y + panelLine1
	if v.Result == nil && v.Turn == side {
		fillRect(dst, image.Rect(r.Min.X+5, r.Min.Y+10, r.Min.X+5+stripeW, r.Max.Y-10), a.ix.turn)
		blit(dst, a.pill, pillW, pillH, r.Min.X+pillX, r.Min.Y+pillY)
	}
	foulsX := r.Min.X + panelFoulsR
	if v.FoulLimit > 0 && v.FoulsKnown[side] {
		s := "反則 " + strconv.Itoa(v.Fouls[side]) + "/" + strconv.Itoa(v.FoulLimit)
		foulsX -= t.dim.width(s)
		t.dim.draw(dst, s, foulsX, line1)
	}
	if clk := cleanName(opt.Clocks[side]); clk != "" && t.dim.has(clk) {
		if foulsX < r.Min.X+panelFoulsR {
			foulsX -= 16
		}
		foulsX -= t.dim.width(clk)
		t.dim.draw(dst, clk, foulsX, line1)
	}
	if name := cleanName(opt.Names[side]); name != "" && t.name.has(name) {
		name = t.name.fit(name, foulsX-16-(r.Min.X+panelNameX))
		t.name.draw(dst, name, r.Min.X+panelNameX, line1)
	}
	switch {
	case v.HandKnown[side]:
		a.paintPieces(dst, "持駒", v.Hands[side], side, r)
	case v.ShowCaptured:
		a.paintPieces(dst, "Took", v.Captured[side], side, r) // the channel's tally, not a hand
	}
	// a hidden hand is not drawn at all
}

// paintPieces draws a row of pieces (a hand, or the pieces a side took) with
// its label on the second line of panel r; なし when there are none.
func (a *assets) paintPieces(dst *image.Paletted, label string, h shogi.Hand, side shogi.Color, r image.Rectangle) {
	t := &a.text
	mid := r.Min.Y + panelLine2Mid
	t.dim.draw(dst, label, r.Min.X+handLabelX, mid-t.dim.midY)
	x := r.Min.X + handX
	base := mid - t.hand.midY
	empty := true
	for _, k := range shogi.HandKinds {
		n := int(h[k])
		if n == 0 {
			continue
		}
		empty = false
		x = t.hand.draw(dst, pieceGlyph(side, k), x, base)
		if n > 1 {
			x = t.count.draw(dst, strconv.Itoa(n), x+1, base)
		}
		x += 14
	}
	if empty {
		t.name.draw(dst, "なし", x, mid-t.name.midY)
	}
}

// cleanName keeps a player name printable on one line: control characters
// become spaces and runs of spaces collapse.
func cleanName(s string) string {
	s = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return ' '
		}
		return r
	}, s)
	return strings.Join(strings.Fields(s), " ")
}
