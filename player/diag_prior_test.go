package player

import (
	"flag"
	"math"
	"sort"
	"testing"

	"shinpan/referee"
	"shinpan/referee/shogi"
)

// TestDiagPrior measures how well the blind prior predicts the opponent's
// actual moves: the rank of the move played among the prior's weights and its
// prior probability (-player.diag).
var diagStyle = flag.Int("player.diag.style", 0, "the prior style TestDiagPrior measures")

func TestDiagPrior(t *testing.T) {
	v, opp, o := diagSetup(t)
	ranks := map[int]int{}
	var logp float64
	var n int
	for gi := 0; gi < *diagGames; gi++ {
		sc, ps := diagPlayers(v, opp, gi)
		hp := ps[sc].(*hiddenPlayer)
		var before *shogi.Position
		seen := 0
		playTest(t, v, o, ps, func(g *referee.Game, c shogi.Color) {
			if c != sc {
				if before == nil {
					before = g.TruePosition().Clone()
				}
				return
			}
			if before == nil {
				return
			}
			ms := g.Moves()
			if len(ms) == seen {
				return
			}
			seen = len(ms)
			played := ms[len(ms)-1]
			p := before
			before = nil
			legal := p.LegalMoves(nil)
			ws := make([]float64, len(legal))
			total := 0.0
			pw := 0.0
			for i, m := range legal {
				ws[i] = hp.f.prior(p, m, styleTemps[*diagStyle])
				total += ws[i]
				if m == played {
					pw = ws[i]
				}
			}
			sorted := append([]float64(nil), ws...)
			sort.Sort(sort.Reverse(sort.Float64Slice(sorted)))
			r := sort.Search(len(sorted), func(i int) bool { return sorted[i] <= pw })
			ranks[min(r, 10)]++
			logp += math.Log(pw / total)
			n++
		})
	}
	t.Logf("opponent moves %d: rank of the played move under the prior (10 = 10 or worse) %v; mean log prior probability %.2f", n, ranks, logp/float64(n))
}
