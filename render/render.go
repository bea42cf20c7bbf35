package render

import (
	"fmt"

	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// Options are the viewer's private presentation choices. None of them can
// reveal anything: they are the viewer's own (notes, selection) or cosmetic.
type Options struct {
	// Theme is the board theme: ThemeLight (also for ""), ThemeWood or
	// ThemeContrast.
	Theme Theme
	// Pieces is the piece set: PiecesPrinted (also for ""), PiecesKoma,
	// PiecesKoma2 or PiecesInternational.
	Pieces PieceSet
	// Flip turns the board half round from its default orientation. By
	// default the viewer's own side is at the bottom (Black for the channel
	// and the revealed board), so White's view is already rotated; Flip puts
	// the other side at the bottom.
	Flip bool
	// Notes are the viewer's private "?" marks, drawn as a badge in the
	// top-right corner of each square.
	Notes []shogi.Square
	// Reach, if not nil, outlines a selected piece and dots the squares it
	// can reach.
	Reach *Reach
	// Clocks are each side's clock as the caller words it (e.g. "9:32"),
	// indexed by shogi.Color, drawn in its hand panel before the fouls; ASCII
	// (or drawnText) only, as every label. Empty: none.
	Clocks [2]string
	// Labels are the words drawn on the picture, in the viewer's language.
	Labels Labels
	// CacheScope, if not "", names whose boards these are (the bot: the game
	// and the seat): the image is then compressed band by band, and the
	// bands already compressed for an earlier board of the same scope are
	// reused (bands.go), never one of another scope. A few per cent larger,
	// much less CPU for a sequence of boards. "" compresses it whole.
	CacheScope string
}

// Labels are the words of the picture in the viewer's language, filled by the
// caller (the bot, from bot/texts): the renderer has no words of its own.
// Templates are fmt strings. The embedded font holds ASCII and the runes of
// drawnText only; a label with any other rune is not drawn. An empty label is
// not drawn (the zero Labels draw only symbols, numbers and pieces); empty
// Ranks are 一..九.
type Labels struct {
	Sides    [2]string // the sides by shogi.Color, after ☗/☖: "Black", "White"
	ToMove   string    // status line while the game runs: "%s to move" (side with its symbol)
	Check    string    // after ToMove when the viewer is told of check: "check"
	Result   string    // status line once the view has a result: "☖ White won by checkmate"
	Move     string    // top right, the moves played (RULES.md, move numbers): "After move %d"
	Start    string    // top right instead of Move before any move: "Start position"
	Fouls    string    // a side's foul count in its panel: "Fouls %d/%d" (count, limit)
	Hand     string    // before a hand: "Hand"
	Took     string    // before the pieces a side took (the channel's board of a hidden variant): "Took"
	None     string    // an empty hand: "none"
	Turn     string    // the pill of the side to move: "Turn"
	CheckTag string    // the short tag on a square in check: "Check"
	Ranks    string    // the nine rank labels, rank 1 to 9: "abcdefghi" or "一二三四五六七八九"
}

// Reach is a selected piece and its reachable squares. From is the piece's
// square, or shogi.NoSquare for a piece in hand (a drop); it gets corner
// brackets. Each square of To gets a dot: in the middle of an empty square,
// in the bottom-right corner of an occupied one.
type Reach struct {
	From shogi.Square
	To   []shogi.Square
}

// Image is one rendered board: an 8-bit paletted PNG of Width×Height pixels
// (658×866, see Size). Its alt text is the caller's (bot/texts: BoardAlt).
type Image struct {
	// PNG is shared with the image cache and every caller given the same
	// board: read it, never write it.
	PNG           []byte
	Width, Height int
}

// Preload builds the sprites of the given themes (all themes when none are
// given), every piece set's, now rather than on their first Render, about
// 250 ms of CPU each, the themes side by side.
func Preload(themes ...Theme) error { return PreloadLabels(nil, themes...) }

// PreloadLabels is Preload, and also paints the bands every board of those
// themes shares for each of labels (the status lines, the empty ranks: about
// 100-150 ms of CPU a theme, labels and side at the bottom; each piece set's
// starting boards, a few ms more), which would otherwise be painted on the
// first scoped Render of each while the boards of that combination wait.
func PreloadLabels(labels []Labels, themes ...Theme) error {
	return PreloadSets(labels, PieceSets, themes...)
}

// Size returns the width and height in pixels of every image Render makes.
func Size() (w, h int) { return imgW, imgH }

// Render draws v as its viewer's PNG. The output is a function of v and opt
// only (no clock, no randomness, no global state beyond the pre-rendered
// sprites), so a view built from hidden information it must not show can't
// leak through the image. The newest images are kept keyed on v and opt
// themselves (cache.go): the same view and options again are not redrawn. It returns an error for an unknown theme or an
// inconsistent view (for instance a piece on a square the viewer can't see),
// and then draws nothing.
func Render(v view.View, opt Options) (Image, error) {
	t, c, err := opt.Theme.resolve()
	if err != nil {
		return Image{}, err
	}
	if err := validate(&v, &opt); err != nil {
		return Image{}, err
	}
	opt.Theme = t
	if opt.Pieces, err = opt.Pieces.resolve(); err != nil {
		return Image{}, err
	}
	key, cacheable := keyOf(&viewAndOptions{v, opt})
	if cacheable {
		if img, ok := cache.get(key); ok {
			return img, nil
		}
	}
	a, err := getAssets(t, c, opt.Pieces)
	if err != nil {
		return Image{}, err
	}
	if opt.CacheScope != "" {
		bandCache.shared.ensure(a, bottomSide(&v, opt.Flip), opt.Labels)
	}
	drawing <- struct{}{}
	defer func() { <-drawing }()
	dst := getCanvas(a)
	defer putCanvas(dst)
	d := drawLists.get()
	defer drawLists.put(d)
	d.reset()
	a.record(d, &v, &opt)
	if opt.CacheScope == "" {
		d.raster(dst, 0, imgH)
	}
	b, err := encode(dst, d, opt.CacheScope, bandCache)
	if err != nil {
		return Image{}, err
	}
	img := Image{PNG: b[:len(b):len(b)], Width: imgW, Height: imgH} // shared: an append copies
	if cacheable {
		cache.put(key, img)
	}
	return img, nil
}

// viewAndOptions is what an image is a function of: the cache's key.
type viewAndOptions struct {
	View    view.View
	Options Options
}

// validate rejects views the renderer could draw wrongly or unsafely.
func validate(v *view.View, opt *Options) error {
	switch v.Variant {
	case view.Standard, view.Tsuitate, view.Masked, view.Dark:
	default:
		return fmt.Errorf("render: unknown variant %q", string(v.Variant))
	}
	if v.Viewer > view.ViewerPublic {
		return fmt.Errorf("render: bad viewer %d", v.Viewer)
	}
	if v.Turn > shogi.White {
		return fmt.Errorf("render: bad side to move %d", v.Turn)
	}
	for s, cell := range v.Board {
		p := cell.Piece
		if p == shogi.NoPiece {
			continue
		}
		if !cell.Known {
			return fmt.Errorf("render: square %v is unknown to the viewer but holds a piece", shogi.Square(s))
		}
		if p.Kind() == shogi.NoKind || p.Kind() >= shogi.NumKinds || p>>4 > 1 {
			return fmt.Errorf("render: bad piece %d on %v", p, shogi.Square(s))
		}
	}
	for c := shogi.Black; c <= shogi.White; c++ {
		if !v.HandKnown[c] {
			continue
		}
		for k, n := range v.Hands[c] {
			if n != 0 && (shogi.Kind(k) == shogi.NoKind || int(n) > shogi.SetCount[k]) {
				return fmt.Errorf("render: impossible hand: %d × kind %d", n, k)
			}
		}
	}
	for c := range v.Captured {
		for k, n := range v.Captured[c] {
			if n != 0 && (shogi.Kind(k) == shogi.NoKind || int(n) > shogi.SetCount[k]) {
				return fmt.Errorf("render: impossible captures: %d × kind %d", n, k)
			}
		}
	}
	if v.FoulLimit < 0 || v.FoulLimit > 99 || v.Fouls[0] < 0 || v.Fouls[1] < 0 || v.Fouls[0] > 99 || v.Fouls[1] > 99 {
		return fmt.Errorf("render: foul counts out of range")
	}
	if v.MoveNumber > 99999 {
		return fmt.Errorf("render: move number %d out of range", v.MoveNumber)
	}
	optional := append([]shogi.Square{v.Mask, v.Masks[0], v.Masks[1], v.LostAt}, v.LastMove.To())
	if v.LastMove != shogi.NoMove && !v.LastMove.IsDrop() {
		optional = append(optional, v.LastMove.From())
	}
	if opt.Reach != nil {
		optional = append(optional, opt.Reach.From)
	}
	for _, s := range optional {
		if s != shogi.NoSquare && !s.Valid() {
			return fmt.Errorf("render: square %d out of range", s)
		}
	}
	if v.LastMove != shogi.NoMove && !v.LastMove.To().Valid() {
		return fmt.Errorf("render: bad last move")
	}
	required := opt.Notes
	if opt.Reach != nil {
		required = append(append([]shogi.Square(nil), required...), opt.Reach.To...)
	}
	for _, s := range required {
		if !s.Valid() {
			return fmt.Errorf("render: square %d out of range", s)
		}
	}
	if v.Result != nil && v.Result.Winner != nil && *v.Result.Winner > shogi.White {
		return fmt.Errorf("render: bad winner %d", *v.Result.Winner)
	}
	return nil
}
