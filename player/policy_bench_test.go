package player

import (
	"math/rand"
	"testing"

	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

func benchPosition(b *testing.B) *shogi.Position {
	p, _ := shogi.ParseSFEN(shogi.StartSFEN)
	for _, u := range []string{"7g7f", "3c3d", "2g2f", "4c4d", "2f2e", "2b3c", "3i4h", "3a4b", "5i6h", "5a6b", "6h7h", "4a5b", "4i5h", "6b7b", "1g1f", "1c1d"} {
		m, err := shogi.ParseUSI(u)
		if err != nil {
			b.Fatal(err)
		}
		p.MakeMove(m)
	}
	return p
}

// BenchmarkOppPrior is the cost of weighing every move of one position, the
// fitted model against the heuristic prior.
func BenchmarkOppPrior(b *testing.B) {
	p := benchPosition(b)
	ms := p.PseudoMoves(nil)
	f := newFilter(p.SideToMove().Opp(), view.Dark, 1, rand.New(rand.NewSource(1)))
	f.blindShots = true
	b.Run("heuristic", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			for _, m := range ms {
				_ = f.prior(p, m, 40)
			}
		}
	})
	b.Run("fitted", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			c := newPolicyCtx(p, view.Dark, shogi.NoSquare)
			for _, m := range ms {
				_ = policyScore(p, &c, m, &darkPolicy)
			}
		}
	})
	b.Logf("%d moves", len(ms))
}
