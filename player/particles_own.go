package player

import (
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// The filter's update on the player's own moves and failed attempts.

// ourMove filters by the player's own accepted move m: it was legal on the
// true position, it captured captured (NoPiece: nothing) on m.To(), and it gave
// check or not (Tsuitate), and what the player sees after it (Dark).
func (f *filter) ourMove(m shogi.Move, captured shogi.Piece, gaveCheck bool, v *view.View) {
	f.lastKind = "ours"
	f.lastTo = m.To()
	f.lastOpp.ok = false
	if captured != shogi.NoPiece {
		f.lastKind = "ours-capture"
	}
	if gaveCheck {
		f.lastKind += "-check"
	}
	f.failed = f.failed[:0]
	fa := factsOf(v, f.me)
	old := append([]shogi.Position(nil), f.parts...)
	fixed := make([]bool, len(f.parts))
	for i := range f.parts {
		q := f.parts[i]
		if f.ourMoveFits(&f.parts[i], m, captured, gaveCheck, fa) {
			continue
		}
		f.w[i] = 0
		if f.fixForOurMove(&q, m, captured, gaveCheck, fa) && f.ourMoveFits(&q, m, captured, gaveCheck, fa) {
			f.parts[i] = q
			fixed[i] = true
		}
	}
	f.weighFixed(fixed)
	f.finish(old, fa) // the templates' enemy pieces are the same before and after our move
}

// fixedShare is the weight of a repaired particle against the best one that
// fitted by itself.
const fixedShare = 0.05

// weighFixed gives the repaired particles (fixed[i]) their weight: a small
// share of the best particle that fitted by itself, or all of it when none did.
func (f *filter) weighFixed(fixed []bool) {
	best := 0.0
	for i, w := range f.w {
		if !fixed[i] && w > best {
			best = w
		}
	}
	wf := 1.0
	if best > 0 {
		wf = fixedShare * best
	}
	for i, ok := range fixed {
		if ok {
			f.w[i] = wf
			f.fixes++
		}
	}
}

// ourMoveFits plays the player's accepted move m on p when p agrees with it:
// accepted there, capturing exactly captured, giving check as told
// (Tsuitate), leaving the view's facts. p is changed even when it does not fit.
func (f *filter) ourMoveFits(p *shogi.Position, m shogi.Move, captured shogi.Piece, gaveCheck bool, fa *facts) bool {
	if !f.ourMoveLands(p, m) {
		return false
	}
	at := shogi.NoPiece
	if !m.IsDrop() {
		at = p.At(m.To())
	}
	if at != captured {
		return false
	}
	p.MakeMove(m)
	if f.variant == view.Tsuitate && kingAttacked(p, f.me.Opp()) != gaveCheck {
		return false
	}
	return fa.matches(p)
}

// fixForOurMove changes q so that the player's accepted move m fits it: the
// destination holds exactly captured (or nothing), a slide's path and a
// drop's square are clear, the king is not left attacked, and the enemy king
// is attacked after the move exactly when the move gave check.
func (f *filter) fixForOurMove(q *shogi.Position, m shogi.Move, captured shogi.Piece, gaveCheck bool, fa *facts) bool {
	them := f.me.Opp()
	to := m.To()
	path := shogi.Bitboard{}
	if !m.IsDrop() {
		path = shogi.Between(m.From(), to)
	}
	keep := path.Or(shogi.SquareBB(to))
	at := q.At(to)
	if at != shogi.NoPiece && at.Color() == f.me {
		return false
	}
	if at != captured {
		if at != shogi.NoPiece && !f.relocate(q, fa, to, keep) {
			return false
		}
		if captured != shogi.NoPiece && !f.bringPiece(q, captured, to, keep) {
			return false
		}
	}
	for b := path.And(q.Pieces(them)); b.Any(); {
		if !f.relocate(q, fa, b.Pop(), keep) {
			return false
		}
	}
	if f.variant != view.Tsuitate {
		return true
	}
	after := q.Clone()
	after.MakeMove(m)
	if k := after.KingSquare(f.me); k != shogi.NoSquare {
		for att := after.AttackersTo(k, them, after.Occupied()); att.Any(); {
			s := att.Pop()
			if !f.relocate(q, fa, s, keep) {
				return false
			}
		}
	}
	after = q.Clone()
	after.MakeMove(m)
	if kingAttacked(after, them) && !gaveCheck {
		return f.unattackAfter(q, fa, m)
	}
	if gaveCheck && !kingAttacked(after, them) {
		return f.kingIntoFire(q, fa, m, keep)
	}
	return true
}

// unattackAfter moves the enemy king (before m) to a free square where m does
// not attack it.
func (f *filter) unattackAfter(q *shogi.Position, fa *facts, m shogi.Move) bool {
	them := f.me.Opp()
	k := q.KingSquare(them)
	if k == shogi.NoSquare {
		return false
	}
	pc := q.At(k)
	q.Put(k, shogi.NoPiece)
	for tries := 0; tries < 8; tries++ {
		t := f.nearFreeAvoiding(q, fa, pc, k, shogi.SquareBB(m.To()))
		if t == shogi.NoSquare {
			break
		}
		q.Put(t, pc)
		after := q.Clone()
		if f.ourMoveLands(after, m) {
			after.MakeMove(m)
			if !kingAttacked(after, them) && !q.IsAttacked(t, f.me) {
				return true
			}
		}
		q.Put(t, shogi.NoPiece)
	}
	q.Put(k, pc)
	return false
}

// kingIntoFire moves the enemy king (before m) to a free square that the
// player's move m attacks, so that m gives check as told.
func (f *filter) kingIntoFire(q *shogi.Position, fa *facts, m shogi.Move, keep shogi.Bitboard) bool {
	them := f.me.Opp()
	k := q.KingSquare(them)
	if k == shogi.NoSquare {
		return false
	}
	pc := q.At(k)
	q.Put(k, shogi.NoPiece)
	after := q.Clone()
	after.MakeMove(m)
	var opts []shogi.Square
	moved := after.At(m.To())
	reach := shogi.Attacks(moved, m.To(), after.Occupied())
	for b := reach; b.Any(); {
		t := b.Pop()
		if f.free(q, fa, t) && !keep.Has(t) && !q.IsAttacked(t, f.me) {
			opts = append(opts, t)
		}
	}
	// Prefer squares near the king's old one.
	best := shogi.NoSquare
	for _, t := range opts {
		if best == shogi.NoSquare || dist[t][k] < dist[best][k] || dist[t][k] == dist[best][k] && f.rng.Intn(2) == 0 {
			best = t
		}
	}
	if best == shogi.NoSquare {
		q.Put(k, pc)
		return false
	}
	q.Put(best, pc)
	return true
}

// ourMoveLands reports whether the player's move m would be accepted on p:
// Tsuitate, legal on the full position; Dark, not a drop onto a hidden piece.
func (f *filter) ourMoveLands(p *shogi.Position, m shogi.Move) bool {
	if f.variant == view.Tsuitate {
		return p.LegalReason(m) == shogi.NoReason
	}
	if m.IsDrop() {
		return p.At(m.To()) == shogi.NoPiece
	}
	return p.PseudoReason(m) == shogi.NoReason
}

// anyLands reports whether one of the player's moves ms would land on p.
func (f *filter) anyLands(p *shogi.Position, ms []shogi.Move) bool {
	for _, m := range ms {
		if f.ourMoveLands(p, m) {
			return true
		}
	}
	return false
}

// ourFailure filters by the player's own attempt m that fouled (Tsuitate) or
// bounced (Dark): it would not have been accepted on the true position.
func (f *filter) ourFailure(m shogi.Move, v *view.View) {
	f.lastKind = "our-failure"
	f.failed = append(f.failed, m)
	fa := factsOf(v, f.me)
	if f.redoOppMove(m, fa) {
		return
	}
	old := append([]shogi.Position(nil), f.parts...)
	fixed := make([]bool, len(f.parts))
	for i := range f.parts {
		if !f.ourMoveLands(&f.parts[i], m) {
			continue
		}
		f.w[i] = 0
		q := f.parts[i]
		if f.spoil(&q, fa, m) && fa.matches(&q) && f.checkFits(&q, fa) {
			f.parts[i] = q
			fixed[i] = true
		}
	}
	f.weighFixed(fixed)
	f.finish(old, fa)
}
