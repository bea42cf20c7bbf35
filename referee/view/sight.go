package view

import "shinpan/referee/shogi"

// What a player sees (RULES.md §2): the one home of these rules, used by the
// referee on the true position and by player programs on their own view.

// DarkVisible returns the squares side c sees in Dark shogi: those holding its
// pieces and those its pieces reach under shogi movement, a slider seeing up to
// and including the first occupied square (RULES.md §2 Dark; seed 004).
func DarkVisible(p *shogi.Position, c shogi.Color) shogi.Bitboard {
	own := p.Pieces(c)
	occ := p.Occupied()
	vis := own
	for b := own; b.Any(); {
		s := b.Pop()
		vis = vis.Or(shogi.Attacks(p.At(s), s, occ))
	}
	return vis
}

// OwnOnly returns the position holding only c's pieces and hand, c to move,
// with p's move number: a Tsuitate player's board.
func OwnOnly(p *shogi.Position, c shogi.Color) *shogi.Position {
	q := shogi.NewPosition()
	for b := p.Pieces(c); b.Any(); {
		s := b.Pop()
		q.Put(s, p.At(s))
	}
	h := p.Hand(c)
	for k := shogi.Pawn; k <= shogi.King; k++ {
		q.SetHand(c, k, int(h[k]))
	}
	q.SetSideToMove(c)
	q.SetMoveNumber(p.MoveNumber())
	return q
}

// WithKing returns q (a player's board, changed in place) with c's king(s)
// from p added: a Tsuitate board under king_visible, OwnOnly(p, c.Opp()) with
// the opponent's king on its real square.
func WithKing(q, p *shogi.Position, c shogi.Color) *shogi.Position {
	for b := p.PiecesOf(c, shogi.King); b.Any(); {
		q.Put(b.Pop(), shogi.MakePiece(c, shogi.King))
	}
	return q
}

// ShowKing shows c's king(s) of p on out's board, as seen (View.KingSeen):
// Tsuitate's king_visible option.
func (out *View) ShowKing(p *shogi.Position, c shogi.Color) {
	for b := p.PiecesOf(c, shogi.King); b.Any(); {
		out.Board[b.Pop()] = Cell{Piece: shogi.MakePiece(c, shogi.King), Known: true}
		out.KingSeen[c] = true
	}
}

// DarkSeen returns c's pieces and hand plus the enemy pieces on the squares c
// sees, c to move: a Dark player's board.
func DarkSeen(p *shogi.Position, c shogi.Color) *shogi.Position {
	q := OwnOnly(p, c)
	for vis := DarkVisible(p, c).And(p.Pieces(c.Opp())); vis.Any(); {
		s := vis.Pop()
		q.Put(s, p.At(s))
	}
	return q
}

// PositionOf returns the position a view shows: the known pieces, the known
// hands, the side to move and the move number; unknown squares are empty.
func PositionOf(v *View) *shogi.Position {
	p := shogi.NewPosition()
	for s := shogi.Square(0); s < shogi.NumSquares; s++ {
		if c := v.Board[s]; c.Known && c.Piece != shogi.NoPiece {
			p.Put(s, c.Piece)
		}
	}
	for c := shogi.Black; c <= shogi.White; c++ {
		if v.HandKnown[c] {
			for _, k := range shogi.HandKinds {
				if n := int(v.Hands[c][k]); n > 0 {
					p.SetHand(c, k, n)
				}
			}
		}
	}
	p.SetSideToMove(v.Turn)
	p.SetMoveNumber(v.MoveNumber)
	return p
}

// Candidates returns the moves the side to move of seen (its player's board
// in variant v: OwnOnly, DarkSeen, the open board, or PositionOf a view) may
// try (RULES.md §2):
// Standard, the legal moves; Tsuitate, the moves of the own board alone, the
// opponent's king an obstacle where it is shown (shogi.SeenBoardMoves);
// Dark, the pseudo-legal moves; Masked, the pseudo-legal moves, and with
// maskAsKing only those leaving the own mask (on mask; NoSquare before it is
// chosen) unattacked.
func Candidates(v Variant, seen *shogi.Position, mask shogi.Square, maskAsKing bool) []shogi.Move {
	switch v {
	case Tsuitate:
		return seen.SeenBoardMoves(nil)
	case Dark:
		return seen.PseudoMoves(nil)
	case Masked:
		ms := seen.PseudoMoves(nil)
		if !maskAsKing || mask == shogi.NoSquare {
			return ms
		}
		out := ms[:0]
		for _, m := range ms {
			if MaskSafe(seen, m, mask) {
				out = append(out, m)
			}
		}
		return out
	}
	return seen.LegalMoves(nil)
}

// MaskAfter follows a mask on mask through move m: it moves with its piece.
func MaskAfter(mask shogi.Square, m shogi.Move) shogi.Square {
	if !m.IsDrop() && m.From() == mask {
		return m.To()
	}
	return mask
}

// MaskSafe reports whether m by the side to move of p leaves the mover's mask
// (on mask; NoSquare: none yet) unattacked.
func MaskSafe(p *shogi.Position, m shogi.Move, mask shogi.Square) bool {
	us := p.SideToMove()
	to := MaskAfter(mask, m)
	u := p.MakeMove(m)
	ok := to == shogi.NoSquare || !p.IsAttacked(to, us.Opp())
	p.UnmakeMove(m, u)
	return ok
}

// MaskAttacked reports whether c's mask (on mask) is attacked in p.
func MaskAttacked(p *shogi.Position, c shogi.Color, mask shogi.Square) bool {
	return mask != shogi.NoSquare && p.IsAttacked(mask, c.Opp())
}

// Of returns what who may see of the true position p under variant v's
// information rules, with no game history (no fouls, no last move, no mask).
// ViewerPublic gets what the channel sees: the board in the open variants,
// nothing of it in the hidden ones.
func Of(v Variant, p *shogi.Position, who Viewer) View {
	out := Empty(v, who)
	out.Turn = p.SideToMove()
	out.MoveNumber = p.MoveNumber()
	switch {
	case !v.Hidden():
		out.open(p)
	case who == ViewerPublic:
	case v == Tsuitate:
		out.show(p, p.Pieces(who.Color()), who.Color())
	case v == Dark:
		out.show(p, DarkVisible(p, who.Color()), who.Color())
	}
	return out
}

// Revealed returns the full position opened to everyone.
func Revealed(v Variant, p *shogi.Position) View {
	out := Empty(v, ViewerPublic)
	out.Turn = p.SideToMove()
	out.MoveNumber = p.MoveNumber()
	out.open(p)
	out.Revealed = true
	return out
}

// open shows every square and both hands.
func (out *View) open(p *shogi.Position) {
	for s := shogi.Square(0); s < shogi.NumSquares; s++ {
		out.Board[s] = Cell{Piece: p.At(s), Known: true}
	}
	out.Hands = [2]shogi.Hand{p.Hand(shogi.Black), p.Hand(shogi.White)}
	out.HandKnown = [2]bool{true, true}
}

// show shows the squares in sq, with what stands on them, and me's hand.
func (out *View) show(p *shogi.Position, sq shogi.Bitboard, me shogi.Color) {
	for sq.Any() {
		s := sq.Pop()
		out.Board[s] = Cell{Piece: p.At(s), Known: true}
	}
	out.Hands[me] = p.Hand(me)
	out.HandKnown[me] = true
}
