package notation

import (
	"errors"
	"testing"

	"shinpan/referee/shogi"
)

// FuzzResolve feeds arbitrary text to Resolve in a few positions (open and
// own-board candidates, with and without a last square): it must not panic or
// hang; it returns a candidate or a *ResolveError; the same input gives the
// same answer; and every move an error lists resolves to itself.
func FuzzResolve(f *testing.F) {
	for _, s := range []string{
		"76歩", "７六歩", "▲７六歩", "同　歩", "同歩", "５八金右", "５五金左上", "２二角成", "２二角不成",
		"５七金打", "７六歩(77)", "P-7f", "Bx2b+", "B-2b=", "G6i-5h", "G69-58", "+R-2b", "T-5c",
		"S*5e", "S'5e", "7g7f", "8h2b+", "P*5e", "+7776FU", "-0055KA", "7f", "７６", "",
		"hello", "成", "同", "打", "(77)", "+", "*", "55杏", "55圭", "55全", "24竜右", "☖８六竜左",
	} {
		f.Add(s)
	}
	positions := []struct {
		sfen string
		last shogi.Square
	}{
		{shogi.StartSFEN, shogi.NoSquare},
		{bishops, shogi.Sq(3, 4)},
		{takeBack, shogi.Sq(2, 2)},
		{goldHand, shogi.NoSquare},
		{goldsCombo, shogi.Sq(5, 5)},
		{"ln1g3+Rl/1ks1g4/1pppp1+Bpp/p8/9/2P6/PP1PPPP1P/1B1K2S2/LN1G1GSNL b RNSP2p 25", shogi.Sq(2, 1)},
	}
	type setup struct {
		p     *shogi.Position
		cands []shogi.Move
		last  shogi.Square
	}
	var setups []setup
	for _, c := range positions {
		p, err := shogi.ParseSFEN(c.sfen)
		if err != nil {
			f.Fatal(err)
		}
		v := ownView(p)
		setups = append(setups, setup{p, p.LegalMoves(nil), c.last}, setup{v, v.OwnBoardMoves(nil), shogi.NoSquare})
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, s := range setups {
			view, cands, last := s.p, s.cands, s.last
			{
				m, err := Resolve(view, text, cands, last)
				m2, err2 := Resolve(view, text, cands, last)
				if m != m2 || (err == nil) != (err2 == nil) || err != nil && err.Error() != err2.Error() {
					t.Fatalf("%q: not deterministic", text)
				}
				if err == nil {
					if !containsMove(cands, m) {
						t.Fatalf("%q: %v is not a candidate", text, m)
					}
					continue
				}
				var re *ResolveError
				if !errors.As(err, &re) {
					t.Fatalf("%q: error %T %v", text, err, err)
				}
				if len(re.Moves) != len(re.Written) {
					t.Fatalf("%q: %d moves, %d written", text, len(re.Moves), len(re.Written))
				}
				for j, w := range re.Written {
					if got, err := Resolve(view, w, cands, last); err != nil || got != re.Moves[j] {
						t.Fatalf("%q: listed %q resolves to %v, %v", text, w, got, err)
					}
				}
			}
			_, _ = ParseKIFMove(view, text, last)
		}
	})
}
