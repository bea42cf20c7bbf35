package loadtest

import (
	"math/rand/v2"

	"shinpan/referee"
	"shinpan/referee/shogi"
)

// pickMove returns a move for the side to move of g that is legal, captures
// nothing, gives no check, leads to no position seen before and does not end
// the game; failing that, any legal move that repeats nothing and ends
// nothing; NoMove when there is none.
func pickMove(g *referee.Game, seen map[uint64]bool, rng *rand.Rand) shogi.Move {
	p := g.TruePosition()
	ms := p.LegalMoves(nil)
	rng.Shuffle(len(ms), func(i, j int) { ms[i], ms[j] = ms[j], ms[i] })
	for _, quiet := range []bool{true, false} {
		for _, m := range ms {
			if quiet && !m.IsDrop() && p.At(m.To()) != shogi.NoPiece {
				continue
			}
			q := p.Clone()
			q.MakeMove(m)
			if quiet && q.InCheck() || !q.HasLegalMove() || seen[q.Key()] {
				continue
			}
			c := g.Clone()
			if _, err := c.Apply(moveAction(g, m)); err != nil || c.Over() {
				continue
			}
			return m
		}
	}
	return shogi.NoMove
}

func moveAction(g *referee.Game, m shogi.Move) referee.Action {
	return referee.Action{Kind: referee.ActMove, Player: g.Turn(), Text: m.USI()}
}
