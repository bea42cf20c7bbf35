package player

import (
	"testing"

	"shinpan/internal/testkit"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

func TestPolicyFeatures(t *testing.T) {
	sq := func(s string) shogi.Square { return mustSquare(t, s) }
	cases := []struct {
		name   string
		sfen   string
		v      view.Variant
		lastTo string // "" for none
		move   string
		want   map[int]float64 // the features that are not zero
	}{
		{"a pawn takes the piece just moved", "4k4/9/9/9/4p4/4P4/9/9/4K4 b - 1", view.Dark, "5e", "5f5e",
			map[int]float64{fCapture: 0.1, fRecapture: 1, fFromSeenAtt: 0.1, fPawn: 1, fAdvance: 1.0 / 8, fPsq: 0.06, fNearEnemyKing: 1.0 / 8, fNearOwnKing: -1.0 / 8}},
		{"defended by another piece, not by the mover", "4k4/9/9/9/4p4/4PG3/9/9/4K4 b - 1", view.Dark, "", "5f5e",
			map[int]float64{fCapture: 0.1, fToDefended: 1, fFromSeenAtt: 0.1, fPawn: 1, fAdvance: 1.0 / 8, fPsq: 0.06, fNearEnemyKing: 1.0 / 8, fNearOwnKing: -1.0 / 8}},
		{"a knight dropped where it attacks the king", "4k4/9/9/9/9/9/9/9/4K4 b N 1", view.Dark, "", "N*4c",
			map[int]float64{fDrop: 1, fDropAdvance: 6.0 / 8, fKnight: 1, fShot: 1, fPsq: 0.42}},
		{"in Tsuitate the mover sees no attacker", "4k4/9/9/4r4/9/9/9/4S4/4K4 b - 1", view.Tsuitate, "", "5h4g",
			map[int]float64{fSilver: 1, fAdvance: 1.0 / 8, fPsq: 0.05, fNearOwnKing: -1.0 / 8, fNearEnemyKing: 1.0 / 8}},
		{"in Dark a piece steps away from a rook it sees", "4k4/9/9/9/9/9/4r4/4S4/4K4 b - 1", view.Dark, "", "5h4i",
			map[int]float64{fSilver: 1, fAdvance: -1.0 / 8, fPsq: -0.11, fNearEnemyKing: -1.0 / 8, fFromSeenAtt: 0.5, fToDefended: 1}},
		{"a king steps out of check", "4k4/9/9/9/9/9/9/4r4/4K4 b - 1", view.Tsuitate, "", "5i4i",
			map[int]float64{fKing: 1, fKingOpening: 1, fCheckKing: 1, fKingPsq: 0.1}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := testkit.SFEN(t, c.sfen)
			last := shogi.NoSquare
			if c.lastTo != "" {
				last = sq(c.lastTo)
			}
			ctx := newPolicyCtx(p, c.v, last)
			m, err := shogi.ParseUSI(c.move)
			if err != nil {
				t.Fatal(err)
			}
			var x [numPolicyFeatures]float64
			policyFeatures(p, &ctx, m, &x)
			for i, got := range x {
				if want := c.want[i]; got < want-1e-9 || got > want+1e-9 {
					t.Errorf("%s = %.4f, want %.4f", policyFeatureNames[i], got, want)
				}
			}
		})
	}
}
