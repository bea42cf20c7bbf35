package player

import (
	"testing"

	"shinpan/referee"
	"shinpan/referee/shogi"
)

// TestDiagMates counts the strong player's turns in which the true position
// holds a mate in one, what share of its particles the mate works in, how
// often it wins by mate, and the opponent's fouls by reason
// (-player.diag; -player.diag.checks logs each mate chance).
func TestDiagMates(t *testing.T) {
	v, opp, o := diagSetup(t)
	reasons := map[string]int{}
	var chances, wins, mateWins, turns int
	for gi := 0; gi < *diagGames; gi++ {
		sc, ps := diagPlayers(v, opp, gi)
		lastNum := -1
		g := playTest(t, v, o, ps, func(g *referee.Game, c shogi.Color) {
			debugDecide = nil
			if c != sc || g.MoveNumber() == lastNum {
				return // the opponent's turn, or a retry after a foul
			}
			lastNum = g.MoveNumber()
			turns++
			p := g.TruePosition().Clone()
			for _, m := range p.LegalMoves(nil) {
				if !matesIn(p, m) {
					continue
				}
				chances++
				if hp, ok := ps[sc].(*hiddenPlayer); ok && *diagChecks {
					hp.catchUp()
					n := float64(len(hp.f.parts))
					var lands, mt, king float64
					tk := p.KingSquare(sc.Opp())
					for i := range hp.f.parts {
						q := hp.f.parts[i].Clone()
						if q.KingSquare(sc.Opp()) == tk {
							king++
						}
						if hp.f.ourMoveLands(q, m) {
							lands++
							if matesIn(q, m) {
								mt++
							}
						}
					}
					if mt/n >= 0.4 {
						debugDecide = t.Logf
					}
					t.Logf("game %d move %d: true mate %s; particles: king right %.2f, lands %.2f, mates %.2f", gi, p.MoveNumber(), m, king/n, lands/n, mt/n)
					if king/n < 0.2 {
						hist := map[string]int{}
						for i := range hp.f.parts {
							hist[hp.f.parts[i].KingSquare(sc.Opp()).String()]++
						}
						ms := g.Moves()
						t.Logf("  truth %s; particle kings %v; last moves %v", p.SFEN(), hist, ms[max(0, len(ms)-12):])
					}
				}
				break
			}
		})
		res := g.Result()
		won := res.Winner != nil && *res.Winner == sc
		if *diagChecks {
			t.Logf("game %d: strong wins %v by %s after %d moves", gi, won, res.Reason, len(g.Moves()))
		}
		if won {
			wins++
			if res.Reason == "checkmate" {
				mateWins++
			}
		}
		for _, fr := range g.FoulLog() {
			if fr.Player != sc {
				reasons[fr.Reason]++
			}
		}
	}
	t.Logf("strong turns %d, with a true mate in one %d; wins %d, by mate %d", turns, chances, wins, mateWins)
	t.Logf("opponent fouls by reason: %v", reasons)
}

// matesIn reports whether m gives check and leaves no legal answer.
func matesIn(p *shogi.Position, m shogi.Move) bool {
	u := p.MakeMove(m)
	ok := p.InCheck() && !p.HasLegalMove()
	p.UnmakeMove(m, u)
	return ok
}
