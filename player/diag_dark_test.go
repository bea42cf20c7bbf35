package player

import (
	"testing"

	"shinpan/referee"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// TestDiagDarkEndings sorts the king captures of strong's Dark games by what
// the loser could have known: whether, after the loser's last move, a piece
// attacking its king stood in its sight, and whether the king was attacked
// already before that move (-player.diag -player.diag.variant dark).
func TestDiagDarkEndings(t *testing.T) {
	v, opp, o := diagSetup(t)
	if v != view.Dark {
		t.Skip("Dark only")
	}
	kinds := map[string]int{}
	for gi := 0; gi < *diagGames; gi++ {
		sc, ps := diagPlayers(v, opp, gi)
		var before [2]*shogi.Position // each side's position before its last decision
		var after *shogi.Position
		g := playTest(t, v, o, ps, func(g *referee.Game, c shogi.Color) {
			before[c] = g.TruePosition()
			after = g.TruePosition()
		})
		r := g.Result()
		if r == nil || r.Reason != "king_captured" {
			kinds["other"]++
			continue
		}
		loser := after.SideToMove().Opp()
		who := "strong"
		if loser != sc {
			who = "opp"
		}
		// after is the position before the winner's capture.
		k := after.KingSquare(loser)
		att := after.AttackersTo(k, loser.Opp(), after.Occupied())
		seen := view.DarkVisible(after, loser)
		kind := "unseen"
		if att.And(seen).Any() {
			kind = "seen"
		}
		pre := before[loser]
		wasAttacked := pre.IsAttacked(pre.KingSquare(loser), loser.Opp())
		if wasAttacked {
			kind += ",already"
			if pre.AttackersTo(pre.KingSquare(loser), loser.Opp(), pre.Occupied()).And(view.DarkVisible(pre, loser)).Any() {
				kind += "-seen"
			}
		}
		lm := g.Moves()
		last := lm[len(lm)-2] // the loser's last move
		if last.IsDrop() {
			kind += ",loser-dropped"
		} else if last.From() == pre.KingSquare(loser) {
			kind += ",king-moved"
		}
		if wasAttacked {
			// How many of the loser's moves would have left its king safe.
			safe := 0
			for _, m := range pre.PseudoMoves(nil) {
				q := pre.Clone()
				q.MakeMove(m)
				if k := q.KingSquare(loser); k != shogi.NoSquare && !q.IsAttacked(k, loser.Opp()) {
					safe++
				}
			}
			t.Logf("game %d: %s's king attacked before its last move %s; %d safe moves; %s", gi, who, last, safe, pre.SFEN())
		}
		if len(lm) >= 3 {
			if shot := lm[len(lm)-3]; shot.IsDrop() {
				kind += ",shot-dropped"
			} else if shot.To() == lm[len(lm)-1].From() {
				kind += ",shot-moved"
			}
		}
		kinds[who+" lost: "+kind]++
		t.Logf("game %d: %s lost after %d moves: %s (capture by %s)", gi, who, len(lm), kind, lm[len(lm)-1])
	}
	for k, n := range kinds {
		t.Logf("%3d %s", n, k)
	}
}
