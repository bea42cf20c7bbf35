package record

import (
	"fmt"

	"shinpan/referee/shogi"
)

// IllegalMoveError reports the first illegal move of a record: its 1-based ply
// Number, its Text (USI, or the source text when it could not be decoded) and
// the Reason it is illegal, e.g. "move 83 (2h1g): moves the king into check
// (1g is attacked by white's ...)".
type IllegalMoveError struct {
	Number int
	Text   string
	Reason string
}

func (e *IllegalMoveError) Error() string {
	return fmt.Sprintf("move %d (%s): %s", e.Number, e.Text, e.Reason)
}

// Explain says why m is not a legal move in p, in a short English phrase
// ("no piece on 3g", "nifu: black already has a pawn on file 5", "pawn drop
// mate", "leaves the king in check: the knight on 3g is pinned", ...). It
// returns "legal" for a legal move. p is not changed.
func Explain(p *shogi.Position, m shogi.Move) string {
	if m == shogi.NoMove {
		return "no move"
	}
	if p.IsLegal(m) {
		return "legal"
	}
	us, them := p.SideToMove(), p.SideToMove().Opp()
	to := m.To()
	if !to.Valid() {
		return "destination is off the board"
	}
	mated := ""
	if p.IsCheckmate() {
		mated = fmt.Sprintf(" (%s is already checkmated)", us)
	}
	if m.IsDrop() {
		k := m.DropKind()
		if k >= shogi.NumKinds || k.IsPromoted() || k == shogi.NoKind {
			return "not a piece that can be dropped"
		}
		if p.HandCount(us, k) == 0 {
			return fmt.Sprintf("%s has no %s in hand", us, k.Name())
		}
		if pc := p.At(to); pc != shogi.NoPiece {
			return fmt.Sprintf("drop on %s, which holds %s's %s", to, pc.Color(), pc.Kind().Name())
		}
		if dead(us, k, to) {
			return fmt.Sprintf("a %s dropped on %s could never move", k.Name(), to)
		}
		if k == shogi.Pawn {
			for r := 1; r <= 9; r++ {
				s := shogi.Sq(to.File(), r)
				if p.At(s) == shogi.MakePiece(us, shogi.Pawn) {
					return fmt.Sprintf("nifu: %s already has a pawn on %s", us, s)
				}
			}
		}
		if why := kingExposed(p, m, false); why != "" {
			return why + mated
		}
		if k == shogi.Pawn && pawnDropMates(p, m) {
			return "pawn drop mate (uchifuzume)"
		}
		return "not a legal move in this position" + mated
	}
	from := m.From()
	if !from.Valid() {
		return "origin is off the board"
	}
	pc := p.At(from)
	if pc == shogi.NoPiece {
		return fmt.Sprintf("no piece on %s", from)
	}
	k := pc.Kind()
	if pc.Color() != us {
		return fmt.Sprintf("the %s on %s is %s's, and it is %s's turn", k.Name(), from, them, us)
	}
	if own := p.At(to); own != shogi.NoPiece && own.Color() == us {
		return fmt.Sprintf("%s holds %s's own %s", to, us, own.Kind().Name())
	}
	if !shogi.Attacks(pc, from, p.Occupied()).Has(to) {
		if shogi.Attacks(pc, from, shogi.Bitboard{}).Has(to) {
			return fmt.Sprintf("the %s on %s is blocked on its way to %s", k.Name(), from, to)
		}
		return fmt.Sprintf("a %s cannot move from %s to %s", k.Name(), from, to)
	}
	if m.IsPromotion() {
		if !k.CanPromote() {
			return fmt.Sprintf("a %s cannot promote", k.Name())
		}
		if !from.InZone(us) && !to.InZone(us) {
			return fmt.Sprintf("%s to %s cannot promote: neither square is in %s's promotion zone", from, to, us)
		}
	} else if dead(us, k, to) {
		return fmt.Sprintf("the %s must promote on %s, where it could never move again", k.Name(), to)
	}
	if why := kingExposed(p, m, k == shogi.King); why != "" {
		return why + mated
	}
	return "not a legal move in this position" + mated
}

// dead reports whether an unpromoted k of colour c on s could never move.
func dead(c shogi.Color, k shogi.Kind, s shogi.Square) bool {
	switch k {
	case shogi.Pawn, shogi.Lance:
		return s.RelRank(c) == 1
	case shogi.Knight:
		return s.RelRank(c) <= 2
	}
	return false
}

// kingExposed plays the (pseudo-legal) m on a copy and, when the mover's king
// is then attacked, says how: the king walked into check, a check was left
// unanswered, or a pinned piece moved. "" when the king is safe.
func kingExposed(p *shogi.Position, m shogi.Move, kingMove bool) string {
	us := p.SideToMove()
	if p.KingSquare(us) == shogi.NoSquare {
		return ""
	}
	q := p.Clone()
	q.MakeMove(m)
	ksq := q.KingSquare(us)
	if ksq == shogi.NoSquare || !q.IsAttacked(ksq, us.Opp()) {
		return ""
	}
	by := attackerNames(q, ksq, us.Opp())
	switch {
	case kingMove:
		return fmt.Sprintf("moves the king into check: %s is attacked by %s", ksq, by)
	case p.InCheck():
		return fmt.Sprintf("leaves the king in check from %s", by)
	case !m.IsDrop():
		pc := p.At(m.From())
		return fmt.Sprintf("leaves the king in check: the %s on %s is pinned by %s", pc.Kind().Name(), m.From(), by)
	}
	return fmt.Sprintf("leaves the king in check from %s", by)
}

// attackerNames lists the pieces of c attacking s: "white's horse on 2f".
func attackerNames(p *shogi.Position, s shogi.Square, c shogi.Color) string {
	out := ""
	for _, a := range p.AttackersTo(s, c, p.Occupied()).Squares() {
		if out != "" {
			out += " and "
		}
		out += fmt.Sprintf("%s's %s on %s", c, p.At(a).Kind().Name(), a)
	}
	return out
}

// pawnDropMates reports whether the pawn drop m checks the enemy king and
// leaves it without a legal move.
func pawnDropMates(p *shogi.Position, m shogi.Move) bool {
	q := p.Clone()
	q.MakeMove(m)
	return q.IsCheckmate()
}
