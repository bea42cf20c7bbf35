package render

import (
	"bytes"
	"image"
	"math/rand"
	"testing"

	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// randomPosition plays n random legal moves from the start (seeded).
func randomPosition(r *rand.Rand, n int) *shogi.Position {
	p := shogi.Startpos()
	for i := 0; i < n; i++ {
		ms := p.LegalMoves(nil)
		if len(ms) == 0 {
			break
		}
		p.MakeMove(ms[r.Intn(len(ms))])
	}
	return p
}

// hiddenFrom returns the squares whose content the viewer me cannot see in
// variant v: Tsuitate, every square without an own piece; Dark, the fog.
func hiddenFrom(v view.Variant, p *shogi.Position, me shogi.Color) []shogi.Square {
	var vis shogi.Bitboard
	if v == view.Dark {
		vis = view.DarkVisible(p, me)
	} else {
		vis = p.Pieces(me)
	}
	var out []shogi.Square
	for s := shogi.Square(0); s < shogi.NumSquares; s++ {
		if !vis.Has(s) {
			out = append(out, s)
		}
	}
	return out
}

// perturb returns a copy of p that differs only in what me cannot see in
// variant v: a hidden enemy piece removed or moved to another hidden empty
// square, and the opponent's hand changed. It reports false when p offers
// nothing to change.
func perturb(r *rand.Rand, v view.Variant, p *shogi.Position, me shogi.Color) (*shogi.Position, bool) {
	q := p.Clone()
	hidden := hiddenFrom(v, p, me)
	var enemies, empties []shogi.Square
	for _, s := range hidden {
		switch pc := p.At(s); {
		case pc == shogi.NoPiece:
			empties = append(empties, s)
		case pc.Color() != me:
			enemies = append(enemies, s)
		}
	}
	changed := false
	if len(enemies) > 0 {
		from := enemies[r.Intn(len(enemies))]
		pc := q.At(from)
		q.Put(from, shogi.NoPiece)
		if len(empties) > 0 && r.Intn(3) > 0 {
			to := empties[r.Intn(len(empties))]
			// Keep the piece movable where it lands (no dead pawn/lance/knight).
			if pc.Kind().IsPromoted() || pc.Kind() == shogi.Gold || pc.Kind() == shogi.Silver ||
				pc.Kind() == shogi.King || pc.Kind() == shogi.Bishop || pc.Kind() == shogi.Rook ||
				to.RelRank(pc.Color()) > 2 {
				q.Put(to, pc)
			}
		}
		changed = true
	}
	opp := me.Opp()
	k := shogi.HandKinds[r.Intn(7)] // rook..pawn
	q.SetHand(opp, k, (p.HandCount(opp, k)+1)%3)
	return q, changed || q.HandCount(opp, k) != p.HandCount(opp, k)
}

// TestNoLeakHiddenChanges: views of two true positions that differ only in
// what the viewer cannot see render to identical bytes (and alt text, in
// either language), for Tsuitate (also with the opponent's king shown, when
// it stands on the same square in both) and Dark, both viewers, every theme
// and piece set, with and without options.
func TestNoLeakHiddenChanges(t *testing.T) {
	r := rand.New(rand.NewSource(20240601))
	runs, kingShown := 0, 0
	for i := 0; i < 60; i++ {
		p := randomPosition(r, 10+r.Intn(80))
		for _, variant := range []view.Variant{view.Tsuitate, view.Dark} {
			for _, me := range []shogi.Color{shogi.Black, shogi.White} {
				q, ok := perturb(r, variant, p, me)
				if !ok {
					continue
				}
				who := view.ViewerOf(me)
				v1 := view.Of(variant, p, who)
				v2 := view.Of(variant, q, who)
				if variant == view.Tsuitate && r.Intn(2) == 0 && p.KingSquare(me.Opp()) == q.KingSquare(me.Opp()) {
					v1.ShowKing(p, me.Opp())
					v2.ShowKing(q, me.Opp())
					kingShown++
				}
				opt := Options{Theme: Themes[r.Intn(len(Themes))], Pieces: PieceSets[r.Intn(len(PieceSets))], Flip: r.Intn(4) == 0,
					Labels: []Labels{enLabels, jaLabels}[runs%2]}
				if r.Intn(2) == 0 {
					opt.Notes = []shogi.Square{shogi.Square(r.Intn(81)), shogi.Square(r.Intn(81))}
				}
				a, err := Render(v1, opt)
				if err != nil {
					t.Fatal(err)
				}
				b, err := Render(v2, opt)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(a.PNG, b.PNG) {
					t.Fatalf("%s %v: images differ for positions differing only in hidden content\n%s\n%s\nviews equal: %v",
						variant, me, p.SFEN(), q.SFEN(), v1 == v2)
				}
				runs++
			}
		}
	}
	if runs < 100 || kingShown < 20 {
		t.Fatalf("only %d comparisons ran, %d with the king shown", runs, kingShown)
	}
}

// TestFogHidesEverything: whatever true piece stands on a fogged square (any
// enemy kind, promoted or not, or nothing), that square's pixels are the same,
// and equal to every other fog square's pixels.
func TestFogHidesEverything(t *testing.T) {
	base := mustPos(t, sfenCheck)
	me := shogi.Black
	var fog []shogi.Square
	for _, s := range hiddenFrom(view.Dark, base, me) {
		if base.At(s) == shogi.NoPiece {
			fog = append(fog, s)
		}
	}
	if len(fog) < 5 {
		t.Fatalf("only %d empty fog squares", len(fog))
	}
	for i, theme := range Themes {
		for _, flip := range []bool{false, true} {
			opt := Options{Theme: theme, Pieces: PieceSets[(i+len(Themes)*boolInt(flip))%len(PieceSets)], Flip: flip}
			a := assetsFor(t, theme)
			for _, s := range fog[:12] {
				var ref []byte
				for k := shogi.NoKind; k < shogi.NumKinds; k++ {
					p := base.Clone()
					if k != shogi.NoKind {
						if !k.IsPromoted() && k != shogi.Gold && k != shogi.Silver && k != shogi.King &&
							k != shogi.Bishop && k != shogi.Rook && s.RelRank(me.Opp()) <= 2 {
							continue // an unpromoted pawn/lance/knight could never stand there
						}
						p.Put(s, shogi.MakePiece(me.Opp(), k))
					}
					v := view.Of(view.Dark, p, view.ViewerOf(me))
					if v.Board[s].Known {
						t.Fatalf("%v became visible", s)
					}
					img, err := paintView(v, opt)
					if err != nil {
						t.Fatal(err)
					}
					o := orient{bottomSide(&v, flip)}
					got := squarePixels(img, tileRect(o.cell(s)))
					if ref == nil {
						ref = got
					}
					if !bytes.Equal(got, ref) {
						t.Fatalf("%s flip=%v: fog square %v shows something (kind %v)", theme, flip, s, k)
					}
				}
				// And it is the theme's fog tile, except where a star point
				// (drawn over the grid crossings) reaches into the corner.
				c := orient{bottomSide(&view.View{Viewer: view.ViewerBlack}, flip)}.cell(s)
				col, row := c%9, c/9
				star := (col == 2 || col == 3 || col == 5 || col == 6) && (row == 2 || row == 3 || row == 5 || row == 6)
				if !star && !bytes.Equal(ref, a.fog) {
					t.Fatalf("%s: fog square %v is not the fog tile", theme, s)
				}
			}
		}
	}
}

// squarePixels returns the palette indices inside r, row by row.
func squarePixels(img *image.Paletted, r image.Rectangle) []byte {
	var out []byte
	for y := r.Min.Y; y < r.Max.Y; y++ {
		o := img.PixOffset(r.Min.X, y)
		out = append(out, img.Pix[o:o+r.Dx()]...)
	}
	return out
}

// TestRefusesUnsafeViews: a piece on a square the view marks unknown is an
// error, not a picture.
func TestRefusesUnsafeViews(t *testing.T) {
	v := view.Of(view.Dark, shogi.Startpos(), view.ViewerBlack)
	for s := range v.Board {
		if !v.Board[s].Known {
			v.Board[s].Piece = shogi.MakePiece(shogi.White, shogi.Rook)
			break
		}
	}
	if _, err := Render(v, Options{}); err == nil {
		t.Fatal("rendered a piece on an unknown square")
	}
	v = view.Of(view.Standard, shogi.Startpos(), view.ViewerBlack)
	if _, err := Render(v, Options{Theme: "neon"}); err == nil {
		t.Fatal("accepted an unknown theme")
	}
	if _, err := Render(v, Options{Notes: []shogi.Square{81}}); err == nil {
		t.Fatal("accepted a note off the board")
	}
	if _, err := Render(v, Options{Reach: &Reach{From: shogi.NoSquare, To: []shogi.Square{-1}}}); err == nil {
		t.Fatal("accepted a reach square off the board")
	}
}

// TestHiddenHandNotDrawn: a hidden hand leaves its panel's hand line exactly
// as in the background, whatever the hand holds: not even its label.
func TestHiddenHandNotDrawn(t *testing.T) {
	v := view.Of(view.Tsuitate, shogi.Startpos(), view.ViewerBlack)
	v.Hands[shogi.White] = shogi.Hand{0, 5, 1, 1, 1, 1, 1, 1} // ignored: not known
	img, err := paintView(v, Options{Labels: enLabels})
	if err != nil {
		t.Fatal(err)
	}
	a := assetsFor(t, ThemeLight)
	top := panelRect(true)
	for y := top.Min.Y + panelLine1 + 8; y < top.Max.Y; y++ { // below the side's label
		for x := top.Min.X; x < top.Max.X; x++ {
			if img.Pix[img.PixOffset(x, y)] != a.bg[shogi.Black][y*imgW+x] {
				t.Fatalf("pixel (%d,%d) of the hidden hand's panel differs from the background", x, y)
			}
		}
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
