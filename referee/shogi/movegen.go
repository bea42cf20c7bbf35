package shogi

// MaxMoves bounds the number of legal moves in any shogi position (593 is the
// known maximum); a buffer of this capacity never grows.
const MaxMoves = 600

// AttackersTo returns c's pieces that attack s, sliders seen through occ.
func (p *Position) AttackersTo(s Square, c Color, occ Bitboard) Bitboard {
	them := c.Opp() // a piece of c attacks s iff the same piece of the other colour on s would attack it
	golds := p.byKind[Gold].Or(p.byKind[ProPawn]).Or(p.byKind[ProLance]).Or(p.byKind[ProKnight]).Or(p.byKind[ProSilver])
	b := stepAtt[them][Pawn][s].And(p.byKind[Pawn])
	b = b.Or(stepAtt[them][Knight][s].And(p.byKind[Knight]))
	b = b.Or(stepAtt[them][Silver][s].And(p.byKind[Silver]))
	b = b.Or(stepAtt[them][Gold][s].And(golds))
	b = b.Or(kingAtt[s].And(p.byKind[King].Or(p.byKind[Horse]).Or(p.byKind[Dragon])))
	b = b.Or(rookAttacks(s, occ).And(p.byKind[Rook].Or(p.byKind[Dragon])))
	b = b.Or(bishopAttacks(s, occ).And(p.byKind[Bishop].Or(p.byKind[Horse])))
	b = b.Or(lanceAttacks(them, s, occ).And(p.byKind[Lance]))
	return b.And(p.byColor[c])
}

// IsAttacked reports whether any piece of side by attacks s.
func (p *Position) IsAttacked(s Square, by Color) bool {
	return p.AttackersTo(s, by, p.Occupied()).Any()
}

// Checkers returns the enemy pieces giving check to the side to move's king
// (empty when that side has no single king).
func (p *Position) Checkers() Bitboard {
	k := p.KingSquare(p.side)
	if k == NoSquare {
		return Bitboard{}
	}
	return p.AttackersTo(k, p.side.Opp(), p.Occupied())
}

// InCheck reports whether the side to move's king is attacked.
func (p *Position) InCheck() bool { return p.Checkers().Any() }

// pinInfo lists the pieces pinned to a king and the squares each may move to.
type pinInfo struct {
	pinned Bitboard
	n      int
	sq     [16]Square
	mask   [16]Bitboard
}

func (pi *pinInfo) allowed(s Square) Bitboard {
	for i := 0; i < pi.n; i++ {
		if pi.sq[i] == s {
			return pi.mask[i]
		}
	}
	return Full
}

// pins finds us's pieces pinned to the king on ksq by enemy sliders.
func (p *Position) pins(us Color, ksq Square, pi *pinInfo) {
	them := us.Opp()
	occ := p.Occupied()
	rq := p.byKind[Rook].Or(p.byKind[Dragon])
	bq := p.byKind[Bishop].Or(p.byKind[Horse])
	snipers := rookAttacks(ksq, Bitboard{}).And(rq)
	snipers = snipers.Or(bishopAttacks(ksq, Bitboard{}).And(bq))
	snipers = snipers.Or(lanceAttacks(us, ksq, Bitboard{}).And(p.byKind[Lance]))
	snipers = snipers.And(p.byColor[them])
	for snipers.Any() {
		s := snipers.Pop()
		b := between[ksq][s].And(occ)
		if b.Empty() || b.More1() {
			continue
		}
		if b.And(p.byColor[us]).Any() {
			x := b.First()
			pi.pinned.Set(x)
			if pi.n < len(pi.sq) {
				pi.sq[pi.n] = x
				pi.mask[pi.n] = between[ksq][s].Or(SquareBB(s))
				pi.n++
			}
		}
	}
}

func appendBoardMoves(buf []Move, us Color, k Kind, from Square, targets Bitboard) []Move {
	canProm := k.CanPromote()
	fromZone := from.InZone(us)
	for targets.Any() {
		to := targets.Pop()
		if canProm && (fromZone || to.InZone(us)) {
			buf = append(buf, NewMove(from, to, true))
			if !deadSquare(us, k, to) {
				buf = append(buf, NewMove(from, to, false))
			}
		} else {
			buf = append(buf, NewMove(from, to, false))
		}
	}
	return buf
}

// dropTargets returns where us may drop kind k among the squares in free,
// applying nifu (unpromoted pawns only) and the dead-drop bans.
func (p *Position) dropTargets(us Color, k Kind, free Bitboard) Bitboard {
	switch k {
	case Pawn:
		free = free.AndNot(lastRanks[us][0])
		pawns := p.PiecesOf(us, Pawn)
		for pawns.Any() {
			free = free.AndNot(fileBB[pawns.Pop().File()])
		}
	case Lance:
		free = free.AndNot(lastRanks[us][0])
	case Knight:
		free = free.AndNot(lastRanks[us][1])
	}
	return free
}

// LegalMoves appends every legal move of the side to move to buf and returns it
// (RULES.md §1): piece moves with optional and forced promotion (every optional
// non-promotion included), drops with nifu and the dead-drop bans, king safety
// (pins, check evasion, double check) and uchifuzume. A side without exactly one
// king is not bound by king safety.
func (p *Position) LegalMoves(buf []Move) []Move {
	us, them := p.side, p.side.Opp()
	own := p.byColor[us]
	occ := p.Occupied()
	ksq := p.KingSquare(us)
	target := own.Not()
	dropTo := occ.Not()
	var pi pinInfo
	if ksq != NoSquare {
		checkers := p.AttackersTo(ksq, them, occ)
		if checkers.Any() {
			if checkers.More1() {
				return p.appendKingMoves(buf, us, ksq, occ)
			}
			c := checkers.First()
			dropTo = between[ksq][c]
			target = dropTo.Or(checkers)
		}
		p.pins(us, ksq, &pi)
	}
	pieces := own
	if ksq != NoSquare {
		pieces.Clear(ksq)
	}
	for pieces.Any() {
		from := pieces.Pop()
		pc := p.board[from]
		t := Attacks(pc, from, occ).And(target).AndNot(own)
		if pi.pinned.Has(from) {
			t = t.And(pi.allowed(from))
		}
		buf = appendBoardMoves(buf, us, pc.Kind(), from, t)
	}
	if ksq != NoSquare {
		buf = p.appendKingMoves(buf, us, ksq, occ)
	}
	return p.appendDrops(buf, us, dropTo, true)
}

func (p *Position) appendKingMoves(buf []Move, us Color, ksq Square, occ Bitboard) []Move {
	them := us.Opp()
	t := kingAtt[ksq].AndNot(p.byColor[us])
	occ.Clear(ksq)
	for t.Any() {
		to := t.Pop()
		if p.AttackersTo(to, them, occ).Empty() {
			buf = append(buf, NewMove(ksq, to, false))
		}
	}
	return buf
}

func (p *Position) appendDrops(buf []Move, us Color, free Bitboard, uchifuzume bool) []Move {
	h := &p.hands[us]
	for k := Pawn; k <= King; k++ {
		if h[k] == 0 {
			continue
		}
		t := p.dropTargets(us, k, free)
		for t.Any() {
			to := t.Pop()
			if k == Pawn && uchifuzume && p.pawnDropMates(us, to) {
				continue
			}
			buf = append(buf, NewDrop(k, to))
		}
	}
	return buf
}

// pawnDropMates reports whether us dropping a pawn on to checkmates at once.
func (p *Position) pawnDropMates(us Color, to Square) bool {
	eksq := p.KingSquare(us.Opp())
	if eksq == NoSquare || !stepAtt[us][Pawn][to].Has(eksq) {
		return false
	}
	m := NewDrop(Pawn, to)
	u := p.MakeMove(m)
	mate := !p.HasLegalMove()
	p.UnmakeMove(m, u)
	return mate
}

// HasLegalMove reports whether the side to move has at least one legal move.
func (p *Position) HasLegalMove() bool {
	var buf [MaxMoves]Move
	return len(p.LegalMoves(buf[:0])) > 0
}

// PseudoMoves appends every move of the side to move that obeys piece movement,
// promotion and the drop rules (nifu, dead drops) but ignores king safety and
// uchifuzume: kings may be captured and walk into attack (Masked and Dark shogi).
// A king in hand (Masked) may be dropped on any empty square.
func (p *Position) PseudoMoves(buf []Move) []Move {
	us := p.side
	own := p.byColor[us]
	occ := p.Occupied()
	pieces := own
	for pieces.Any() {
		from := pieces.Pop()
		pc := p.board[from]
		buf = appendBoardMoves(buf, us, pc.Kind(), from, Attacks(pc, from, occ).AndNot(own))
	}
	return p.appendDrops(buf, us, occ.Not(), false)
}

// OwnBoardMoves appends the moves the side to move could make on its own board
// alone, every enemy piece treated as absent (Tsuitate's own-board check): piece
// movement and promotion, sliders blocked only by own pieces, drops onto any
// square without an own piece, nifu by own unpromoted pawns, dead drops; no king
// safety and no uchifuzume.
func (p *Position) OwnBoardMoves(buf []Move) []Move {
	us := p.side
	own := p.byColor[us]
	pieces := own
	for pieces.Any() {
		from := pieces.Pop()
		pc := p.board[from]
		buf = appendBoardMoves(buf, us, pc.Kind(), from, Attacks(pc, from, own).AndNot(own))
	}
	return p.appendDrops(buf, us, own.Not(), false)
}

func contains(ms []Move, m Move) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}

// IsLegal reports whether m is a legal move for the side to move.
func (p *Position) IsLegal(m Move) bool {
	var buf [MaxMoves]Move
	return contains(p.LegalMoves(buf[:0]), m)
}

// IsPseudoLegal reports whether m is among PseudoMoves.
func (p *Position) IsPseudoLegal(m Move) bool {
	var buf [MaxMoves]Move
	return contains(p.PseudoMoves(buf[:0]), m)
}

// IsOwnBoardLegal reports whether m is among OwnBoardMoves.
func (p *Position) IsOwnBoardLegal(m Move) bool {
	var buf [MaxMoves]Move
	return contains(p.OwnBoardMoves(buf[:0]), m)
}

// IsCheckmate reports whether the side to move is in check with no legal move.
func (p *Position) IsCheckmate() bool { return p.InCheck() && !p.HasLegalMove() }

// IsStalemate reports whether the side to move has no legal move and is not in
// check (a loss in shogi, RULES.md §1).
func (p *Position) IsStalemate() bool { return !p.InCheck() && !p.HasLegalMove() }
