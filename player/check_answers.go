package player

import (
	"math"

	"shinpan/referee/shogi"
)

// possibleAnswers keeps, of the candidates in Tsuitate's check, the moves that
// can answer some check: a king move, or a move onto a square an enemy piece
// could be checking from or through (next to the king, a knight's jump from
// it, or on a line from it not blocked by the player's own pieces). Any other
// move leaves every checker where it was and fouls whatever the hidden
// position: when the particles had lost the truth, the player tried such
// moves one after another (a run of 10 fouls in the diagnostics). p is the
// player's known board; the candidates are returned as they were when none
// is left.
func possibleAnswers(p *shogi.Position, me shogi.Color, cands []shogi.Move) []shogi.Move {
	k := p.KingSquare(me)
	if k == shogi.NoSquare {
		return cands
	}
	own := p.Pieces(me)
	reach := shogi.Attacks(shogi.MakePiece(me, shogi.Dragon), k, own).
		Or(shogi.Attacks(shogi.MakePiece(me, shogi.Horse), k, own)).
		Or(shogi.Attacks(shogi.MakePiece(me, shogi.Knight), k, own))
	out := make([]shogi.Move, 0, len(cands))
	for _, m := range cands {
		if !m.IsDrop() && m.From() == k || reach.Has(m.To()) {
			out = append(out, m)
		}
	}
	if len(out) == 0 {
		return cands
	}
	return out
}

// leastContradicted returns, when the particles hold no position on which any
// candidate answers the check (the belief is lost), the candidate the
// particles contradict least: the fewest enemy pieces attacking the king after
// it, averaged over the particles, a move that cannot be made on a particle
// counting as one more. Ties go to the earlier candidate.
func (h *hiddenPlayer) leastContradicted(parts []*shogi.Position, ws []float64, cands []shogi.Move) shogi.Move {
	best, bestCost := shogi.NoMove, math.Inf(1)
	for _, m := range cands {
		cost := 0.0
		for j, p := range parts {
			cost += ws[j] * float64(contradictions(p, h.me, m))
		}
		if cost < bestCost {
			best, bestCost = m, cost
		}
	}
	return best
}

// contradictions counts what would have to be absent from p for m to be legal
// there: the enemy pieces attacking the own king after m, plus one when m
// cannot be made on p at all (a blocked path, an occupied drop square).
func contradictions(p *shogi.Position, me shogi.Color, m shogi.Move) int {
	n := 0
	q := p.Clone()
	if m.IsDrop() {
		if p.At(m.To()) != shogi.NoPiece {
			n++
		}
		q.Put(m.To(), shogi.MakePiece(me, m.DropKind()))
	} else {
		if shogi.Between(m.From(), m.To()).And(p.Occupied()).Any() {
			n++
		}
		pc := q.At(m.From())
		q.Put(m.From(), shogi.NoPiece)
		q.Put(m.To(), pc)
	}
	if k := q.KingSquare(me); k != shogi.NoSquare {
		n += q.AttackersTo(k, me.Opp(), q.Occupied()).Count()
	}
	return n
}
