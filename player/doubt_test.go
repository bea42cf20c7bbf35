package player

import (
	"math"
	"testing"

	"shinpan/internal/testkit"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// The strong level counts screenDoubtStrong of the screen's doubt that the
// baseline counts, for every kind of move; a move that needs no hidden
// square empty is not doubted by either.
func TestStrongDoubtsTheScreenLess(t *testing.T) {
	p := testkit.SFEN(t, shogi.StartSFEN)
	hp := func(l Level) *hiddenPlayer {
		pl, err := New(Config{Level: l, Variant: view.Tsuitate, Color: shogi.Black, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		return pl.(*hiddenPlayer)
	}
	strong, base := hp(Strong), hp(Baseline)
	for _, tc := range []struct {
		move  string
		doubt bool // the baseline doubts it
	}{
		{"2h6h", true},  // a slide across four squares
		{"5i5h", true},  // a king step: its new neighbours may be attacked
		{"7g7f", false}, // a pawn step onto its own side
	} {
		t.Run(tc.move, func(t *testing.T) {
			m, err := shogi.ParseUSI(tc.move)
			if err != nil {
				t.Fatal(err)
			}
			b, s := base.doubt(p, m), strong.doubt(p, m)
			if (b > 0) != tc.doubt {
				t.Fatalf("baseline doubt %.3f, want doubted %v", b, tc.doubt)
			}
			if math.Abs(s-screenDoubtStrong*b) > 1e-12 {
				t.Errorf("strong doubt %.3f, want %.1f × the baseline's %.3f", s, screenDoubtStrong, b)
			}
		})
	}
}
