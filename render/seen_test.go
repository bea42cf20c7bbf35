package render

import (
	"bytes"
	"image"
	"image/color"
	"testing"

	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// TestSeenKingMarked: a king shown by king_visible (View.KingSeen) gets the
// dotted ring in every theme and piece set, on its square only; the same
// king not marked seen, and any king of a revealed board, gets none.
func TestSeenKingMarked(t *testing.T) {
	p := mustPos(t, sfenSeed3)
	wk := p.KingSquare(shogi.White)
	for _, theme := range Themes {
		for _, set := range PieceSets {
			t.Run(string(theme)+"/"+string(set), func(t *testing.T) {
				opt := Options{Theme: theme, Pieces: set, Labels: enLabels}
				seen := view.Of(view.Tsuitate, p, view.ViewerBlack)
				seen.ShowKing(p, shogi.White)
				plain := seen
				plain.KingSeen = [2]bool{}
				a, err := paintView(seen, opt)
				if err != nil {
					t.Fatal(err)
				}
				b, err := paintView(plain, opt)
				if err != nil {
					t.Fatal(err)
				}
				o := orient{shogi.Black}
				r := tileRect(o.cell(wk))
				if bytes.Equal(squarePixels(a, r), squarePixels(b, r)) {
					t.Fatal("the seen king's square has no mark")
				}
				for i := range a.Pix {
					x, y := i%imgW, i/imgW
					if a.Pix[i] != b.Pix[i] && !image.Pt(x, y).In(r) {
						t.Fatalf("the mark reaches (%d, %d), outside the king's square", x, y)
					}
				}
				_, c, _ := theme.resolve()
				as := setAssetsFor(t, theme, set)
				corner := a.Pix[(r.Min.Y+3)*imgW+r.Min.X+3]
				if want := (color.RGBA{c.Seen.R, c.Seen.G, c.Seen.B, 0xff}); as.pal[corner] != want {
					t.Fatalf("the ring's corner dot is %v, want the theme's Seen %v", as.pal[corner], c.Seen)
				}
				rv := view.Revealed(view.Tsuitate, p)
				marked := rv
				marked.KingSeen = [2]bool{true, true}
				x, err := paintView(rv, opt)
				if err != nil {
					t.Fatal(err)
				}
				y, err := paintView(marked, opt)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(x.Pix, y.Pix) {
					t.Fatal("a revealed board marks a king seen")
				}
			})
		}
	}
}
