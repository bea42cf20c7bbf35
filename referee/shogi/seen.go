package shogi

// The own board with enemy pieces the player is shown (Tsuitate's
// king_visible option: the enemy king on its real square, RULES.md §2). What
// the player sees of the enemy is an obstacle on their own board: a move that
// the board they see already forbids is refused, never a foul.

// shownDanger returns the squares the enemy pieces of p attack once the own
// king has left its square: where the own king may not step.
func (p *Position) shownDanger(us Color) Bitboard {
	occ := p.Occupied().AndNot(p.PiecesOf(us, King))
	var att Bitboard
	for b := p.byColor[us.Opp()]; b.Any(); {
		s := b.Pop()
		att = att.Or(Attacks(p.board[s], s, occ))
	}
	return att
}

// SeenBoardMoves appends the moves the side to move could make on a board of
// its own pieces and the enemy pieces it is shown: OwnBoardMoves, with every
// enemy piece on p an obstacle — a slide stops before it, no move or drop lands
// on it (a king is never taken) — and the own king never stepping where such a
// piece attacks. Without enemy pieces it is OwnBoardMoves, in the same order.
func (p *Position) SeenBoardMoves(buf []Move) []Move {
	us := p.side
	own, enemy := p.byColor[us], p.byColor[us.Opp()]
	if !enemy.Any() {
		return p.OwnBoardMoves(buf)
	}
	occ := own.Or(enemy)
	danger := p.shownDanger(us)
	for pieces := own; pieces.Any(); {
		from := pieces.Pop()
		pc := p.board[from]
		t := Attacks(pc, from, occ).AndNot(occ)
		if pc.Kind() == King {
			t = t.AndNot(danger)
		}
		buf = appendBoardMoves(buf, us, pc.Kind(), from, t)
	}
	return p.appendDrops(buf, us, occ.Not(), false)
}

// SeenBoardReason says whether m could be played on the board SeenBoardMoves
// plays on, and why not: a slide through a shown piece is PathBlocked, a drop
// onto it SquareOccupied, a move onto it KingOnTarget, the own king stepping
// where it attacks KingInCheck. It agrees with SeenBoardMoves, and is
// OwnBoardReason without enemy pieces.
func (p *Position) SeenBoardReason(m Move) Reason {
	us := p.side
	enemy := p.byColor[us.Opp()]
	if !enemy.Any() {
		return p.OwnBoardReason(m)
	}
	occ := p.Occupied()
	if r := p.basicReason(m, occ, occ.Not(), SquareOccupied); r != NoReason {
		return r
	}
	if m.IsDrop() {
		return NoReason
	}
	if enemy.Has(m.To()) {
		return KingOnTarget
	}
	if p.board[m.From()].Kind() == King && p.shownDanger(us).Has(m.To()) {
		return KingInCheck
	}
	return NoReason
}
