package shogi

import "math/bits"

// MaxMoves bounds the number of legal moves in any shogi position (593 is the
// known maximum); a buffer of this capacity never grows.
const MaxMoves = 600

// attackSets holds one side's pieces grouped by how they attack, so that the
// attacks on several squares are tested without regrouping each time.
type attackSets struct {
	by                                 Color
	pawn, knight, silver, gold, kingHD Bitboard // step attackers (gold: gold and promoted minors; kingHD: king, horse, dragon)
	rookD, bishopH, lance              Bitboard // sliders (rookD: rook, dragon; bishopH: bishop, horse)
}

func (p *Position) attackSets(by Color) (a attackSets) {
	k := &p.byKind
	b := p.byColor[by]
	a.by = by
	a.pawn = k[Pawn].And(b)
	a.knight = k[Knight].And(b)
	a.silver = k[Silver].And(b)
	a.gold = k[Gold].Or(k[ProPawn]).Or(k[ProLance]).Or(k[ProKnight]).Or(k[ProSilver]).And(b)
	a.kingHD = k[King].Or(k[Horse]).Or(k[Dragon]).And(b)
	a.rookD = k[Rook].Or(k[Dragon]).And(b)
	a.bishopH = k[Bishop].Or(k[Horse]).And(b)
	a.lance = k[Lance].And(b)
	return a
}

// attackers returns a.by's pieces attacking s, sliders seen through occ. A piece
// of a.by attacks s iff the same piece of the other colour on s would attack it;
// a slider's attack set is computed only when one stands on its empty-board lines.
func (a *attackSets) attackers(s Square, occ Bitboard) Bitboard {
	opp := a.by.Opp()
	b := stepAtt[opp][Pawn][s].And(a.pawn)
	b = b.Or(stepAtt[opp][Knight][s].And(a.knight))
	b = b.Or(stepAtt[opp][Silver][s].And(a.silver))
	b = b.Or(stepAtt[opp][Gold][s].And(a.gold))
	b = b.Or(kingAtt[s].And(a.kingHD))
	if rd := rookPseudo[s].And(a.rookD); rd.Any() {
		b = b.Or(rookAttacks(s, occ).And(rd))
	}
	if bh := bishopPseudo[s].And(a.bishopH); bh.Any() {
		b = b.Or(bishopAttacks(s, occ).And(bh))
	}
	if l := lancePseudo[opp][s].And(a.lance); l.Any() {
		b = b.Or(lanceAttacks(opp, s, occ).And(l))
	}
	return b
}

// attacks reports whether any of a.by's pieces attacks s, sliders seen through occ.
func (a *attackSets) attacks(s Square, occ Bitboard) bool {
	opp := a.by.Opp()
	b := stepAtt[opp][Pawn][s].And(a.pawn)
	b = b.Or(stepAtt[opp][Knight][s].And(a.knight))
	b = b.Or(stepAtt[opp][Silver][s].And(a.silver))
	b = b.Or(stepAtt[opp][Gold][s].And(a.gold))
	b = b.Or(kingAtt[s].And(a.kingHD))
	if b.Any() {
		return true
	}
	if rd := rookPseudo[s].And(a.rookD); rd.Any() && rookAttacks(s, occ).And(rd).Any() {
		return true
	}
	if bh := bishopPseudo[s].And(a.bishopH); bh.Any() && bishopAttacks(s, occ).And(bh).Any() {
		return true
	}
	if l := lancePseudo[opp][s].And(a.lance); l.Any() && lanceAttacks(opp, s, occ).And(l).Any() {
		return true
	}
	return false
}

// AttackersTo returns c's pieces that attack s, sliders seen through occ.
func (p *Position) AttackersTo(s Square, c Color, occ Bitboard) Bitboard {
	a := p.attackSets(c)
	return a.attackers(s, occ)
}

// IsAttacked reports whether any piece of side by attacks s.
func (p *Position) IsAttacked(s Square, by Color) bool {
	a := p.attackSets(by)
	return a.attacks(s, p.Occupied())
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
func (p *Position) InCheck() bool {
	k := p.KingSquare(p.side)
	return k != NoSquare && p.IsAttacked(k, p.side.Opp())
}

// pinned returns us's pieces pinned to the king on ksq by enemy sliders: those
// alone between the king and an enemy rook, bishop, lance, horse or dragon
// looking at it. A pinned piece may move only along the line through the king.
func (p *Position) pinned(us Color, ksq Square, occ Bitboard, them *attackSets) Bitboard {
	snipers := rookPseudo[ksq].And(them.rookD)
	snipers = snipers.Or(bishopPseudo[ksq].And(them.bishopH))
	snipers = snipers.Or(lancePseudo[us][ksq].And(them.lance))
	var pinned Bitboard
	for snipers.Any() {
		b := Between(ksq, snipers.Pop()).And(occ)
		if b.Any() && !b.More1() {
			pinned = pinned.Or(b)
		}
	}
	return pinned.And(p.byColor[us])
}

// appendBoardMoves appends the moves of a piece of kind k on from to each square
// of targets, in ascending order of destination: the promotion first where k may
// promote, then the non-promotion unless the destination is dead for k.
func appendBoardMoves(buf []Move, us Color, k Kind, from Square, targets Bitboard) []Move {
	base := Move(from) << 7
	if k.CanPromote() {
		prom := targets
		if !from.InZone(us) {
			prom = targets.And(zoneBB[us])
		}
		// Dead squares lie in the zone, so without a promotion none is a target.
		if prom.Any() {
			dead := deadBB[us][k]
			buf = appendPromoting(buf, base, targets.Lo, prom.Lo, dead.Lo)
			return appendPromoting(buf, base+63, targets.Hi, prom.Hi, dead.Hi)
		}
	}
	return appendSquares(buf, base, targets)
}

// appendPromoting appends the moves base+i for the bits i of one word of
// targets: the promotion first where prom has the bit, then the non-promotion
// unless dead has it.
func appendPromoting(buf []Move, base Move, targets, prom, dead uint64) []Move {
	for ; targets != 0; targets &= targets - 1 {
		bit := targets & -targets
		m := base + Move(bits.TrailingZeros64(targets))
		if prom&bit != 0 {
			buf = append(buf, m|promoteBit)
			if dead&bit != 0 {
				continue
			}
		}
		buf = append(buf, m)
	}
	return buf
}

// appendSquares appends base|s for each square s of b, in ascending order.
func appendSquares(buf []Move, base Move, b Bitboard) []Move {
	for lo := b.Lo; lo != 0; lo &= lo - 1 {
		buf = append(buf, base|Move(bits.TrailingZeros64(lo)))
	}
	for hi := b.Hi; hi != 0; hi &= hi - 1 {
		buf = append(buf, base|Move(63+bits.TrailingZeros64(hi)))
	}
	return buf
}

// fileFill returns every square on a file holding a square of b.
func fileFill(b Bitboard) Bitboard {
	// Bit i of either word is on file 9 - i%9 (63 is a multiple of 9), so
	// folding the ranks onto the lowest nine bits gives the files.
	x := b.Lo | b.Hi
	x |= x >> 9
	x |= x >> 18
	x |= x >> 36
	x &= 1<<9 - 1
	const ranksLo = 1 | 1<<9 | 1<<18 | 1<<27 | 1<<36 | 1<<45 | 1<<54
	const ranksHi = 1 | 1<<9
	return Bitboard{x * ranksLo, x * ranksHi}
}

// LegalMoves appends every legal move of the side to move to buf and returns it
// (RULES.md §1): piece moves with optional and forced promotion (every optional
// non-promotion included), drops with nifu and the dead-drop bans, king safety
// (pins, check evasion, double check) and uchifuzume. A side without exactly one
// king is not bound by king safety.
//
// The order is fixed: the pieces other than the king by ascending square, each
// with its destinations ascending (promotion before non-promotion), then the
// king's moves, then drops by kind (pawn first) and ascending square.
func (p *Position) LegalMoves(buf []Move) []Move {
	us, them := p.side, p.side.Opp()
	own := p.byColor[us]
	occ := own.Or(p.byColor[them])
	target := own.Not()
	dropTo := occ.Not()
	pieces := own
	kings := p.byKind[King].And(own)
	ksq := NoSquare
	var pinned Bitboard
	if kings.Any() && !kings.More1() {
		ksq = kings.First()
		pieces = pieces.AndNot(kings)
		enemy := p.attackSets(them)
		checkers := enemy.attackers(ksq, occ)
		if checkers.Any() {
			if checkers.More1() {
				return appendKingMoves(buf, &enemy, own, ksq, occ)
			}
			c := checkers.First()
			dropTo = Between(ksq, c)
			target = dropTo.Or(checkers)
		}
		pinned = p.pinned(us, ksq, occ, &enemy)
		for pieces.Any() {
			from := pieces.Pop()
			pc := p.board[from]
			t := Attacks(pc, from, occ).And(target)
			if pinned.Has(from) {
				// Along the line from the king through the piece, which ends at
				// the pinner.
				t = t.And(sqRays[ksq][lineDir[ksq][from]-1])
			}
			buf = appendBoardMoves(buf, us, pc.Kind(), from, t)
		}
		buf = appendKingMoves(buf, &enemy, own, ksq, occ)
		return p.appendDrops(buf, us, dropTo, true)
	}
	for pieces.Any() {
		from := pieces.Pop()
		pc := p.board[from]
		buf = appendBoardMoves(buf, us, pc.Kind(), from, Attacks(pc, from, occ).And(target))
	}
	return p.appendDrops(buf, us, dropTo, true)
}

// appendKingMoves appends the moves of the king on ksq to squares without an
// own piece that enemy does not attack once the king has left ksq.
func appendKingMoves(buf []Move, enemy *attackSets, own Bitboard, ksq Square, occ Bitboard) []Move {
	t := kingAtt[ksq].AndNot(own)
	occ.Clear(ksq)
	base := Move(ksq) << 7
	for t.Any() {
		to := t.Pop()
		if !enemy.attacks(to, occ) {
			buf = append(buf, base|Move(to))
		}
	}
	return buf
}

// appendDrops appends the drops of us onto the squares of free, kind by kind,
// applying the dead-drop bans, nifu (own unpromoted pawns only) and, when
// uchifuzume is set, the ban on pawn-drop mate.
func (p *Position) appendDrops(buf []Move, us Color, free Bitboard, uchifuzume bool) []Move {
	h := &p.hands[us]
	for k := Pawn; k <= King; k++ {
		if h[k] == 0 {
			continue
		}
		t := free.AndNot(deadBB[us][k])
		if k == Pawn {
			t = t.AndNot(fileFill(p.byKind[Pawn].And(p.byColor[us])))
			if uchifuzume {
				// Only the square in front of the enemy king can be pawn-drop mate.
				if ek := p.byKind[King].And(p.byColor[us.Opp()]); ek.Any() && !ek.More1() {
					if s := stepAtt[us.Opp()][Pawn][ek.First()].And(t); s.Any() && p.pawnDropMates(us, s.First()) {
						t = t.AndNot(s)
					}
				}
			}
		}
		buf = appendSquares(buf, Move(k)<<15, t)
	}
	return buf
}

// pawnDropMates reports whether us dropping a pawn on to checkmates at once. The
// check of a pawn next to the king can only be answered by taking the pawn or
// moving the king (no drop or interposition helps), so only those are tried.
func (p *Position) pawnDropMates(us Color, to Square) bool {
	them := us.Opp()
	eksq := p.KingSquare(them)
	if eksq == NoSquare || !stepAtt[us][Pawn][to].Has(eksq) {
		return false
	}
	mine := p.attackSets(us) // the dropped pawn attacks only eksq and is a blocker
	occ := p.Occupied()
	occ.Set(to)
	// Take the pawn with a piece other than the king, if that leaves the king safe.
	theirs := p.attackSets(them)
	takers := theirs.attackers(to, occ)
	takers.Clear(eksq)
	for takers.Any() {
		c := takers.Pop()
		after := occ
		after.Clear(c)
		if !mine.attacks(eksq, after) {
			return false
		}
	}
	// Move the king (taking the pawn among others) to a square we do not attack.
	t := kingAtt[eksq].AndNot(p.byColor[them])
	occ.Clear(eksq)
	for t.Any() {
		if !mine.attacks(t.Pop(), occ) {
			return false
		}
	}
	return true
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
