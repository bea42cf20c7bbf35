package render

import (
	"image"
	"image/color"
	"image/draw"
	"sync"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"

	"shinpan/referee/shogi"
)

// sqBg is the background of a square's tile.
type sqBg uint8

const (
	bgPlain sqBg = iota // ordinary square (also a Tsuitate unknown square)
	bgLast              // from/to of the last move
	bgLost              // where the viewer just lost a piece
	bgCheck             // the viewer's king (or mask) in check: tint and ring (the 王手 tag is ovCheckTag)
	bgFog               // Dark: unknown square; never holds a piece
	numBg
)

// overlay is a mark drawn over a tile, in a fixed place of the square.
type overlay uint8

const (
	ovLost      overlay = iota // X in the top-left corner (LostAt)
	ovDot                      // reach dot in the centre (empty target)
	ovCornerDot                // reach dot in the bottom-right corner (occupied target)
	ovNote                     // "?" badge in the top-right corner
	ovMask                     // "M" badge in the bottom-left corner
	ovCheckTag                 // 王手 tag at the bottom right of a square in check
	ovSeen                     // dotted ring: a king shown by king_visible (View.KingSeen)
	numOverlays
)

// assets is everything pre-rendered for one theme and piece set. All sprites
// are palette indices into pal, row-major; tiles are tileW×tileH and opaque;
// overlays are tileW×tileH with transparent pixels; bg is imgW×imgH.
// Read-only once built. The sets of a theme share one palette and every
// sprite but the pieces' (the very same slices: theme), so a band painted
// without a piece is the same, op for op (drawlist.go), in every set.
type assets struct {
	set   PieceSet
	theme *assets // the theme's PiecesPrinted assets (itself for that set)
	// hand[rot][colour][kind] is a piece in a hand panel (koma sets; the
	// printed set draws text.hand glyphs), turned for the side at the top.
	hand [2][2][shogi.NumKinds]handSprite

	pal color.Palette
	// bg is the empty image (page, panels, board with its file numbers), by
	// the colour drawn at the bottom. Words and rank labels are drawn on it.
	bg [2][]uint8
	// tiles[bg][rot][piece] is a square with a piece (or NoPiece) upright
	// (rot 0) or turned 180° (rot 1), for bg plain..check.
	tiles [bgFog][2][32][]uint8
	fog   []uint8
	over  [numOverlays][numBg][]uint8
	pill  []uint8 // pillW×pillH pill of the side to move (its label is text.pill), on the panel colour
	text  struct {
		title, accent, titleDim, name, dim, hand, count *glyphSet
		coord, pill, tag                                *glyphSet // rank labels, the pill's label, the check tag's label
	}
	ix struct{ lastFrame, selected, turn, grid uint8 }
}

var (
	assetsMu    sync.Mutex
	assetsCache = map[Theme]*assetsEntry{}
)

// assetsEntry builds one theme's assets, every set's, once.
type assetsEntry struct {
	once sync.Once
	sets map[PieceSet]*assets
	err  error
}

// getAssets returns the assets of theme t (colours c) and piece set s
// ("" is PiecesPrinted), building the theme's on first use (about 250 ms of
// CPU, every set at once: they share one palette). Safe for concurrent use;
// a build does not block other themes.
func getAssets(t Theme, c colors, s PieceSet) (*assets, error) {
	s, err := s.resolve()
	if err != nil {
		return nil, err
	}
	assetsMu.Lock()
	e, ok := assetsCache[t]
	if !ok {
		e = &assetsEntry{}
		assetsCache[t] = e
	}
	assetsMu.Unlock()
	e.once.Do(func() { e.sets, e.err = buildAssets(c) })
	if e.err != nil {
		return nil, e.err
	}
	return e.sets[s], nil
}

// builder collects RGBA renderings of every asset and their colours; finish
// then fixes the palette and quantises them all into their destinations.
type builder struct {
	c    colors
	hist histogram
	jobs []job
}

type job struct {
	img  *image.RGBA
	mask *image.Alpha
	out  *[]uint8
}

// add registers img (opaque; mask nil, or mask 0 = transparent pixel) to be
// quantised into *out.
func (b *builder) add(img *image.RGBA, mask *image.Alpha, out *[]uint8) {
	b.hist.add(img, mask)
	b.jobs = append(b.jobs, job{img, mask, out})
}

// finish builds the palette and quantises every registered asset.
func (b *builder) finish() (color.Palette, *quantizer) {
	pal := buildPalette(b.c.base(), b.hist)
	q := newQuantizer(pal)
	for _, j := range b.jobs {
		*j.out = q.quantize(j.img, j.mask)
	}
	return pal, q
}

// kindGlyph is the kanji of each kind; the king is handled by pieceGlyph.
var kindGlyph = [shogi.NumKinds]string{"", "歩", "香", "桂", "銀", "角", "飛", "金", "玉",
	"と", "杏", "圭", "全", "馬", "龍"}

// pieceGlyph returns the kanji drawn for a piece. Kings: Black's is 玉 and
// White's is 王 (the customary pairing, in which the upper player — usually
// gote — holds 王), whichever side is drawn at the bottom.
func pieceGlyph(c shogi.Color, k shogi.Kind) string {
	if k == shogi.King && c == shogi.White {
		return "王"
	}
	return kindGlyph[k]
}

// buildAssets renders everything for one theme, for every piece set.
func buildAssets(c colors) (map[PieceSet]*assets, error) {
	a := &assets{set: PiecesPrinted}
	a.theme = a
	b := &builder{c: c, hist: histogram{}}
	fs := faces{}
	pieceFace, err := newFace(pieceSize)
	if err != nil {
		return nil, err
	}
	checkFace, err := newFace(checkPieceSize)
	if err != nil {
		return nil, err
	}
	badgeFace, err := newFace(badgeSize)
	if err != nil {
		return nil, err
	}

	// Empty tiles per background; overlays are composited over these.
	var empty [numBg]*image.RGBA
	for bg := sqBg(0); bg < numBg; bg++ {
		empty[bg] = emptyTile(c, bg)
	}
	b.add(empty[bgFog], nil, &a.fog)

	for bg := bgPlain; bg < bgFog; bg++ {
		for rot := 0; rot < 2; rot++ {
			b.add(empty[bg], nil, &a.tiles[bg][rot][shogi.NoPiece])
			for col := shogi.Black; col <= shogi.White; col++ {
				for k := shogi.Pawn; k < shogi.NumKinds; k++ {
					p := shogi.MakePiece(col, k)
					img := cloneRGBA(empty[bg])
					face, cx, cy := pieceFace, float64(tileW)/2, float64(tileH)/2
					if bg == bgCheck {
						face, cy = checkFace, float64(tileH)/2-5
					}
					var m *image.Alpha
					if rot == 1 {
						m = rotate180(glyphMask(face, pieceGlyph(col, k), tileW, tileH, tileW-cx, tileH-cy))
					} else {
						m = glyphMask(face, pieceGlyph(col, k), tileW, tileH, cx, cy)
					}
					ink := c.Ink
					if k.IsPromoted() {
						ink = c.Promoted
					}
					draw.DrawMask(img, img.Rect, image.NewUniform(ink), image.Point{}, m, image.Point{}, draw.Over)
					b.add(img, nil, &a.tiles[bg][rot][p])
				}
			}
		}
	}

	// The koma sets: their tiles and hand pieces.
	sets := map[PieceSet]*assets{PiecesPrinted: a}
	for _, set := range PieceSets[1:] {
		s := &assets{set: set, theme: a}
		sets[set] = s
		for rot := 0; rot < 2; rot++ {
			for col := shogi.Black; col <= shogi.White; col++ {
				for k := shogi.Pawn; k < shogi.NumKinds; k++ {
					p := shogi.MakePiece(col, k)
					for _, check := range []bool{false, true} {
						layer, err := tileLayer(set, c, fs, p, rot, check)
						if err != nil {
							return nil, err
						}
						for bg := bgPlain; bg < bgFog; bg++ {
							if (bg == bgCheck) != check {
								continue
							}
							img := cloneRGBA(empty[bg])
							draw.Draw(img, img.Rect, layer, image.Point{}, draw.Over)
							b.add(img, nil, &s.tiles[bg][rot][p])
						}
					}
				}
			}
		}
		for rot := 0; rot < 2; rot++ {
			for col := shogi.Black; col <= shogi.White; col++ {
				for _, k := range shogi.HandKinds {
					if err := b.addHandSprite(&s.hand[rot][col][k], set, c, fs, shogi.MakePiece(col, k), rot); err != nil {
						return nil, err
					}
				}
			}
		}
	}

	for ov := overlay(0); ov < numOverlays; ov++ {
		layer := overlayLayer(c, ov, badgeFace)
		alpha := alphaOf(layer)
		for bg := sqBg(0); bg < numBg; bg++ {
			img := cloneRGBA(empty[bg])
			draw.Draw(img, img.Rect, layer, image.Point{}, draw.Over)
			b.add(img, alpha, &a.over[ov][bg])
		}
	}

	// The pill of the side to move, on the panel colour.
	pl := image.NewRGBA(image.Rect(0, 0, pillW, pillH))
	dc := gg.NewContextForRGBA(pl)
	dc.DrawRoundedRectangle(0.5, 0.5, pillW-1, pillH-1, 8)
	dc.SetColor(c.Turn)
	dc.Fill()
	pla := alphaOf(pl)
	pli := image.NewRGBA(pl.Rect)
	draw.Draw(pli, pli.Rect, image.NewUniform(c.Panel), image.Point{}, draw.Src)
	draw.Draw(pli, pli.Rect, pl, image.Point{}, draw.Over)
	b.add(pli, pla, &a.pill)

	for i := range a.bg {
		img, err := background(c, shogi.Color(i))
		if err != nil {
			return nil, err
		}
		b.add(img, nil, &a.bg[i])
	}

	styles := []struct {
		dst    **glyphSet
		size   float64
		fg, bg color.NRGBA
	}{
		{&a.text.title, titleSize, c.Text, c.Page},
		{&a.text.accent, titleSize, c.Accent, c.Page},
		{&a.text.titleDim, dimSize, c.Dim, c.Page},
		{&a.text.name, nameSize, c.Text, c.Panel},
		{&a.text.dim, dimSize, c.Dim, c.Panel},
		{&a.text.hand, handSize, c.HandInk, c.Panel},
		{&a.text.count, countSize, c.Text, c.Panel},
		{&a.text.coord, coordSize, c.Coord, c.Page},
		{&a.text.pill, pillSize, c.TurnInk, c.Turn},
		{&a.text.tag, tagSize, c.CheckInk, c.CheckRing},
	}
	for _, s := range styles {
		gs, err := b.addGlyphSet(s.size, s.fg, s.bg)
		if err != nil {
			return nil, err
		}
		*s.dst = gs
	}

	pal, q := b.finish()
	a.pal = pal
	a.ix.lastFrame = q.indexOf(c.LastFrame)
	a.ix.selected = q.indexOf(c.Selected)
	a.ix.turn = q.indexOf(c.Turn)
	a.ix.grid = q.indexOf(c.Grid)
	for _, s := range sets {
		if s == a {
			continue
		}
		tiles, hand, set := s.tiles, s.hand, s.set
		*s = *a // the theme's sprites, the same slices
		s.set, s.theme, s.hand = set, a, hand
		for bg := range tiles {
			for rot := range tiles[bg] {
				for p := range tiles[bg][rot] {
					if tiles[bg][rot][p] != nil {
						s.tiles[bg][rot][p] = tiles[bg][rot][p]
					}
				}
			}
		}
	}
	return sets, nil
}

// emptyTile draws an empty square of the given background.
func emptyTile(c colors, bg sqBg) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, tileW, tileH))
	fill := map[sqBg]color.NRGBA{bgPlain: c.Board, bgLast: c.LastTint, bgLost: c.LostTint,
		bgCheck: c.CheckTint, bgFog: c.Fog}[bg]
	draw.Draw(img, img.Rect, image.NewUniform(fill), image.Point{}, draw.Src)
	switch bg {
	case bgFog:
		// Vertical stripes like a drawn curtain, aliased on purpose: exactly
		// two colours, and identical rows, so the PNG stays small (a diagonal
		// hatch cost 4 KB more per dark view).
		for y := 0; y < tileH; y++ {
			for x := 0; x < tileW; x++ {
				if (x+5)%10 < 3 {
					img.Set(x, y, c.FogHatch)
				}
			}
		}
	case bgCheck:
		dc := gg.NewContextForRGBA(img)
		dc.SetColor(c.CheckRing)
		dc.SetLineWidth(4)
		dc.DrawRoundedRectangle(4, 4, tileW-8, tileH-8, 12)
		dc.Stroke()
	}
	return img
}

// overlayLayer draws one overlay on a transparent tileW×tileH layer.
func overlayLayer(c colors, ov overlay, badgeFace font.Face) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, tileW, tileH))
	dc := gg.NewContextForRGBA(img)
	switch ov {
	case ovLost:
		dc.SetLineCapRound()
		dc.SetLineWidth(5)
		dc.SetColor(c.LostMark)
		dc.DrawLine(6, 6, 17, 17)
		dc.DrawLine(17, 6, 6, 17)
		dc.Stroke()
	case ovDot, ovCornerDot:
		x, y, r := float64(tileW)/2, float64(tileH)/2, 11.0
		if ov == ovCornerDot {
			x, y, r = tileW-11, tileH-11, 7
		}
		dc.DrawCircle(x, y, r)
		dc.SetColor(c.Reach)
		dc.FillPreserve()
		dc.SetColor(c.ReachEdge)
		dc.SetLineWidth(2.5)
		dc.Stroke()
	case ovNote:
		x, y := float64(tileW)-11.5, 11.5
		dc.DrawCircle(x, y, 9.5)
		dc.SetColor(c.NoteBg)
		dc.FillPreserve()
		dc.SetColor(c.NoteInk)
		dc.SetLineWidth(2)
		dc.Stroke()
		draw.DrawMask(img, img.Rect, image.NewUniform(c.NoteInk), image.Point{},
			glyphMask(badgeFace, "?", tileW, tileH, x, y), image.Point{}, draw.Over)
	case ovMask:
		x, y, s := 2.5, float64(tileH)-24.5, 22.0
		dc.DrawRoundedRectangle(x, y, s, s, 5)
		dc.SetColor(c.MaskBg)
		dc.FillPreserve()
		dc.SetColor(c.MaskInk)
		dc.SetLineWidth(1.5)
		dc.Stroke()
		draw.DrawMask(img, img.Rect, image.NewUniform(c.MaskInk), image.Point{},
			glyphMask(badgeFace, "M", tileW, tileH, x+s/2, y+s/2), image.Point{}, draw.Over)
	case ovSeen:
		// Dots round the square's edge, outside the piece: unlike any other mark.
		const inset, r = 3.5, 3.1
		x0, y0, x1, y1 := inset, inset, float64(tileW)-inset, float64(tileH)-inset
		dc.SetColor(c.Seen)
		for i := 0; i <= 6; i++ {
			x := x0 + (x1-x0)*float64(i)/6
			dc.DrawCircle(x, y0, r)
			dc.DrawCircle(x, y1, r)
		}
		for i := 1; i < 7; i++ {
			y := y0 + (y1-y0)*float64(i)/7
			dc.DrawCircle(x0, y, r)
			dc.DrawCircle(x1, y, r)
		}
		dc.Fill()
	case ovCheckTag: // its label is drawn on it (assets.text.tag)
		dc.DrawRoundedRectangle(tagX, tagY, tagW, tagH, 5)
		dc.SetColor(c.CheckRing)
		dc.Fill()
	}
	return img
}

// background draws the static image for the given bottom side: page, panels,
// board grid and file numbers.
func background(c colors, bottom shogi.Color) (*image.RGBA, error) {
	img := image.NewRGBA(image.Rect(0, 0, imgW, imgH))
	dc := gg.NewContextForRGBA(img)
	dc.SetColor(c.Page)
	dc.Clear()

	coordFace, err := newFace(coordSize)
	if err != nil {
		return nil, err
	}
	for _, top := range []bool{true, false} {
		r := panelRect(top)
		dc.DrawRoundedRectangle(float64(r.Min.X), float64(r.Min.Y), float64(r.Dx()), float64(r.Dy()), 10)
		dc.SetColor(c.Panel)
		dc.Fill()
	}

	fillRGBA(img, image.Rect(boardX-border, boardY-border, boardX+boardW+border, boardY+boardH+border), c.Grid)
	for cell := 0; cell < 81; cell++ {
		fillRGBA(img, tileRect(cell), c.Board)
	}
	o := orient{bottom}
	for i := 0; i < 9; i++ {
		x := float64(boardX + gridLine + i*sqW + tileW/2)
		drawCentred(img, coordFace, string(rune('0'+o.fileLabel(i))), c.Coord, x, float64(filesY+filesH/2))
	}
	return img, nil
}

// drawCentred draws s with its ink box centred on (cx, cy).
func drawCentred(img *image.RGBA, face font.Face, s string, col color.NRGBA, cx, cy float64) {
	const half = 64
	x0, y0 := int(cx)-half, int(cy)-half
	m := glyphMask(face, s, 2*half, 2*half, cx-float64(x0), cy-float64(y0))
	r := image.Rect(x0, y0, x0+2*half, y0+2*half)
	draw.DrawMask(img, r, image.NewUniform(col), image.Point{}, m, image.Point{}, draw.Over)
}

func fillRGBA(img *image.RGBA, r image.Rectangle, col color.NRGBA) {
	draw.Draw(img, r, image.NewUniform(col), image.Point{}, draw.Src)
}

func cloneRGBA(src *image.RGBA) *image.RGBA {
	dst := image.NewRGBA(src.Rect)
	copy(dst.Pix, src.Pix)
	return dst
}

// rotate180 turns a mask half a turn about its centre by reversing its pixels
// (exact; no resampling).
func rotate180(m *image.Alpha) *image.Alpha {
	p := m.Pix
	for i, j := 0, len(p)-1; i < j; i, j = i+1, j-1 {
		p[i], p[j] = p[j], p[i]
	}
	return m
}

// alphaOf returns the alpha channel of img.
func alphaOf(img *image.RGBA) *image.Alpha {
	m := image.NewAlpha(img.Rect)
	for i := range m.Pix {
		m.Pix[i] = img.Pix[4*i+3]
	}
	return m
}
