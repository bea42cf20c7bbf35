package render

import (
	"fmt"
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

// secretRow is the top row of a Masked owner's mask tile, or 0 (none: no
// tile starts there). Check is the mask owner's secret (docs/RULES.md),
// shown by a ring on that tile, so that band is looked up in the caches as
// it is out of check (drawList.unchecked) and then painted as it is, on
// every board: the work a board takes depends on neither check nor where
// the mask is (deflateBands).
func secretRow(v *view.View, o orient) int {
	if v.Variant != view.Masked || v.Viewer == view.ViewerPublic || !v.Mask.Valid() {
		return 0
	}
	return tileRect(o.cell(v.Mask)).Min.Y
}

// paint draws v into dst (imgW×imgH, palette a.pal).
func (a *assets) paint(dst *image.Paletted, v *view.View, opt *Options) {
	var d drawList
	a.record(&d, v, opt)
	d.raster(dst, 0, imgH)
}

// record appends to d the painting of v (drawlist.go). It only copies and
// blits pre-rendered sprites and fills rectangles; no text is rasterised here.
func (a *assets) record(d *drawList, v *view.View, opt *Options) {
	d.secretY = secretRow(v, orient{bottomSide(v, opt.Flip)})
	a.recordOps(d, v, opt)
	if d.secretY > 0 { // in check or not, the same work
		if d.unchecked == nil {
			d.unchecked = new(drawList)
		}
		d.unchecked.reset()
		out := *v
		out.InCheck = false
		a.recordOps(d.unchecked, &out, opt)
	}
}

// recordOps appends v's painting to d.
func (a *assets) recordOps(d *drawList, v *view.View, opt *Options) {
	o := orient{bottomSide(v, opt.Flip)}
	d.background(a.bg[o.bottom])

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
			d.copyTile(a.fog, tileW, tileH, r.Min.X, r.Min.Y)
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
		d.copyTile(a.tiles[bg[s]][rot][p], tileW, tileH, r.Min.X, r.Min.Y)
	}

	// Star points at the four inner intersections.
	for _, rc := range [4][2]int{{3, 3}, {6, 3}, {3, 6}, {6, 6}} {
		x, y := boardX+rc[0]*sqW, boardY+rc[1]*sqH
		d.fillRect(image.Rect(x-3, y-3, x+gridLine+3, y+gridLine+3), a.ix.grid)
	}

	// Last move: a frame on from and to (a drop has only to).
	if v.LastMove != shogi.NoMove {
		if f := v.LastMove.From(); f.Valid() {
			frame(d, tileRect(o.cell(f)), 4, a.ix.lastFrame)
		}
		frame(d, tileRect(o.cell(v.LastMove.To())), 4, a.ix.lastFrame)
	}
	if opt.Reach != nil && opt.Reach.From.Valid() {
		brackets(d, tileRect(o.cell(opt.Reach.From)), a.ix.selected)
	}

	over := func(s shogi.Square, ov overlay) {
		r := tileRect(o.cell(s))
		d.blit(a.over[ov][bg[s]], tileW, tileH, r.Min.X, r.Min.Y)
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
	if !v.Revealed {
		for s, cell := range v.Board {
			if pc := cell.Piece; cell.Known && pc.Kind() == shogi.King && v.KingSeen[pc.Color()] {
				over(shogi.Square(s), ovSeen)
			}
		}
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
		r := tileRect(o.cell(s))
		drawCentredLabel(a.text.tag, d, opt.Labels.CheckTag, r.Min.X+tagX+tagW/2, r.Min.Y+tagY+tagH/2)
	}

	a.paintTitle(d, v, &opt.Labels)
	a.paintRanks(d, o, &opt.Labels)
	a.paintPanel(d, v, opt, o.bottom.Opp(), true)
	a.paintPanel(d, v, opt, o.bottom, false)
}

// frame draws a rectangle outline of width w just inside r.
func frame(d *drawList, r image.Rectangle, w int, ix uint8) {
	d.fillRect(image.Rect(r.Min.X, r.Min.Y, r.Max.X, r.Min.Y+w), ix)
	d.fillRect(image.Rect(r.Min.X, r.Max.Y-w, r.Max.X, r.Max.Y), ix)
	d.fillRect(image.Rect(r.Min.X, r.Min.Y, r.Min.X+w, r.Max.Y), ix)
	d.fillRect(image.Rect(r.Max.X-w, r.Min.Y, r.Max.X, r.Max.Y), ix)
}

// brackets draws four L-shaped corner brackets inside r (the selected piece).
func brackets(d *drawList, r image.Rectangle, ix uint8) {
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
		d.fillRect(image.Rect(c.X, hy, c.X+l, hy+w), ix)
		d.fillRect(image.Rect(vx, c.Y, vx+w, c.Y+l), ix)
	}
}

// paintTitle draws the status line: side to move (and check) or the result
// on the left, the moves played on the right (Labels.MoveText).
func (a *assets) paintTitle(d *drawList, v *view.View, lb *Labels) {
	t := &a.text
	base := titleY + titleH/2 - t.title.midY
	x := 16
	switch {
	case v.Result != nil:
		drawLabel(t.accent, d, lb.Result, x, base)
	default:
		side := v.Turn.Symbol()
		if name := lb.Sides[v.Turn]; t.title.has(name) {
			side += " " + name
		}
		if lb.ToMove != "" {
			side = fill(lb.ToMove, side)
		}
		x = drawLabel(t.title, d, side, x, base)
		if v.InCheck && lb.Check != "" {
			drawLabel(t.accent, d, "  "+lb.Check, x, base)
		}
	}
	if v.MoveNumber > 0 {
		s := lb.MoveText(v.MoveNumber)
		if !t.titleDim.has(s) {
			s = strconv.Itoa(v.MoveNumber - 1)
		}
		t.titleDim.draw(d, s, imgW-16-t.titleDim.width(s), base)
	}
}

// MoveText is the top right of the status line for a view whose MoveNumber
// (SFEN's, the move about to be played) is next: the number of moves played,
// as a kifu names a position ("After move 37", "37手目"), or Start before any
// move (Move with 0 when Start is empty). Drawn only when the font holds it
// (CanDraw); else the number alone.
func (lb Labels) MoveText(next int) string {
	if next == 1 && lb.Start != "" {
		return lb.Start
	}
	return fill(lb.Move, next-1)
}

// fill formats a label's template; "" for an empty template, and the
// argument alone (the side, the number) for a template without a verb.
func fill(tmpl string, args ...any) string {
	if tmpl == "" {
		return ""
	}
	if !strings.Contains(tmpl, "%") {
		return fmt.Sprint(args...)
	}
	return fmt.Sprintf(tmpl, args...)
}

// drawLabel draws s when the font holds every rune of it and returns the pen
// x after it (x itself when s is not drawn).
func drawLabel(gs *glyphSet, d *drawList, s string, x, y int) int {
	if s == "" || !gs.has(s) {
		return x
	}
	return gs.draw(d, s, x, y)
}

// drawCentredLabel draws s with its ink box centred on (cx, cy), when the
// font holds it.
func drawCentredLabel(gs *glyphSet, d *drawList, s string, cx, cy int) {
	if s == "" || !gs.has(s) {
		return
	}
	x0, y0, x1, y1 := gs.inkBox(s)
	gs.draw(d, s, cx-(x0+x1)/2, cy-(y0+y1)/2)
}

// paintRanks draws the rank labels to the right of the board.
func (a *assets) paintRanks(d *drawList, o orient, lb *Labels) {
	ranks := []rune(lb.Ranks)
	if len(ranks) != 9 || !a.text.coord.has(lb.Ranks) {
		ranks = []rune(defaultRanks)
	}
	for row := 0; row < 9; row++ {
		cy := boardY + gridLine + row*sqH + tileH/2
		drawCentredLabel(a.text.coord, d, string(ranks[o.rankLabel(row)-1]), rankX, cy)
	}
}

// defaultRanks are the rank labels when Labels.Ranks gives none.
const defaultRanks = "一二三四五六七八九"

// paintPanel draws one side's hand panel: its label, the turn stripe and
// pill, the clock, the fouls and, when the viewer knows it, the hand.
func (a *assets) paintPanel(d *drawList, v *view.View, opt *Options, side shogi.Color, top bool) {
	lb := &opt.Labels
	t := &a.text
	r := panelRect(top)
	line1 := r.Min.Y + panelLine1
	label := side.Symbol()
	if name := lb.Sides[side]; t.name.has(name) {
		label += " " + name
	}
	t.name.draw(d, label, r.Min.X+panelLabelX, line1)
	if v.Result == nil && v.Turn == side {
		d.fillRect(image.Rect(r.Min.X+5, r.Min.Y+10, r.Min.X+5+stripeW, r.Max.Y-10), a.ix.turn)
		d.blit(a.pill, pillW, pillH, r.Min.X+pillX, r.Min.Y+pillY)
		drawCentredLabel(t.pill, d, lb.Turn, r.Min.X+pillX+pillW/2, r.Min.Y+pillY+pillH/2)
	}
	foulsX := r.Min.X + panelFoulsR
	if v.FoulLimit > 0 && v.FoulsKnown[side] {
		s := fill(lb.Fouls, v.Fouls[side], v.FoulLimit)
		if lb.Fouls == "" || !strings.Contains(lb.Fouls, "%") || !t.dim.has(s) {
			s = strconv.Itoa(v.Fouls[side]) + "/" + strconv.Itoa(v.FoulLimit)
		}
		foulsX -= t.dim.width(s)
		t.dim.draw(d, s, foulsX, line1)
	}
	if clk := oneLine(opt.Clocks[side]); clk != "" && t.dim.has(clk) {
		if foulsX < r.Min.X+panelFoulsR {
			foulsX -= 16
		}
		foulsX -= t.dim.width(clk)
		t.dim.draw(d, clk, foulsX, line1)
	}
	switch {
	case v.HandKnown[side]:
		a.paintPieces(d, lb.Hand, lb.None, v.Hands[side], side, top, r)
	case v.ShowCaptured:
		a.paintPieces(d, lb.Took, lb.None, v.Captured[side], side, top, r) // the channel's tally, not a hand
	}
	// a hidden hand is not drawn at all
}

// paintPieces draws a row of pieces (a hand, or the pieces a side took) with
// its label on the second line of panel r (at the top when top: a koma set
// turns them); none when there are none.
func (a *assets) paintPieces(d *drawList, label, none string, h shogi.Hand, side shogi.Color, top bool, r image.Rectangle) {
	t := &a.text
	mid := r.Min.Y + panelLine2Mid
	x := max(r.Min.X+handX, drawLabel(t.dim, d, label, r.Min.X+handLabelX, mid-t.dim.midY)+labelGap)
	base := mid - t.hand.midY
	empty := true
	for _, k := range shogi.HandKinds {
		n := int(h[k])
		if n == 0 {
			continue
		}
		empty = false
		if a.set == PiecesPrinted {
			x = t.hand.draw(d, pieceGlyph(side, k), x, base)
		} else {
			rot := 0
			if top {
				rot = 1
			}
			sp := &a.hand[rot][side][k]
			d.blit(sp.pix, sp.w, sp.h, x, mid-sp.h/2)
			x += sp.w
		}
		if n > 1 {
			x = t.count.draw(d, strconv.Itoa(n), x+1, base)
		}
		x += 14
	}
	if empty {
		drawLabel(t.name, d, none, x, mid-t.name.midY)
	}
}

// oneLine keeps a caller's text printable on one line: control characters
// become spaces and runs of spaces collapse.
func oneLine(s string) string {
	s = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return ' '
		}
		return r
	}, s)
	return strings.Join(strings.Fields(s), " ")
}
