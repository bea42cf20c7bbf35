package referee

import (
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// Reach returns the squares player c's piece on from can move to on c's own
// board (the seeds' "show reachable squares": enemy pieces c cannot see are not
// taken into account), in ascending order; nil when c has no piece there.
func (g *Game) Reach(c shogi.Color, from shogi.Square) []shogi.Square {
	q, cands := g.rules.board(g, c)
	if pc := q.At(from); pc == shogi.NoPiece || pc.Color() != c {
		return nil
	}
	if q.SideToMove() != c {
		q = q.Clone()
		q.SetSideToMove(c)
		cands = view.Candidates(g.variant, q, shogi.NoSquare, false) // off turn, the mask is not checked
	}
	var to shogi.Bitboard
	for _, m := range cands {
		if !m.IsDrop() && m.From() == from {
			to.Set(m.To())
		}
	}
	return to.Squares()
}
