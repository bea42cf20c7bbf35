package shogi

import "fmt"

// Reason says why a move may not be played; NoReason means it may. The texts
// name only the mover's own pieces and the squares they typed, so a Tsuitate
// refusal built from OwnBoardReason reveals nothing hidden.
type Reason uint8

const (
	NoReason         Reason = iota
	NotYourPiece            // no piece of the mover on the origin square
	NotInHand               // dropping a kind the mover does not hold
	OwnPieceOnTarget        // the destination holds one of the mover's pieces
	SquareOccupied          // a drop onto an occupied square (open board)
	CannotMoveThere         // the piece does not move that way
	PathBlocked             // a slider's path is blocked
	CannotPromote           // not a promotable piece, or neither square in the zone
	MustPromote             // a pawn/lance on the last rank or a knight on the last two
	DeadDrop                // a drop where the piece could never move
	Nifu                    // a second unpromoted own pawn on a file
	KingInCheck             // the mover's king would be attacked after the move
	Uchifuzume              // a pawn drop that checkmates at once
	KingOnTarget            // a move onto the enemy king the mover is shown (Tsuitate king_visible)
)

var reasonText = [...]string{
	NoReason:         "legal",
	NotYourPiece:     "there is no piece of yours on that square",
	NotInHand:        "you have no such piece in hand",
	OwnPieceOnTarget: "your own piece is on that square",
	SquareOccupied:   "that square is occupied",
	CannotMoveThere:  "that piece cannot move there",
	PathBlocked:      "the path is blocked",
	CannotPromote:    "that move cannot promote",
	MustPromote:      "that piece must promote there",
	DeadDrop:         "a piece may not be dropped where it could never move",
	Nifu:             "nifu: you already have an unpromoted pawn on that file",
	KingInCheck:      "your king would be in check",
	Uchifuzume:       "uchifuzume: a pawn drop may not give checkmate",
	KingOnTarget:     "the opponent's king is on that square, and a king is never captured",
}

// String returns a sentence fit to show the player.
func (r Reason) String() string {
	if int(r) < len(reasonText) {
		return reasonText[r]
	}
	return fmt.Sprintf("reason %d", uint8(r))
}

// Code returns a stable snake_case name for logs and the referee protocol.
func (r Reason) Code() string {
	return [...]string{"legal", "not_your_piece", "not_in_hand", "own_piece_on_target", "square_occupied",
		"cannot_move_there", "path_blocked", "cannot_promote", "must_promote", "dead_drop", "nifu",
		"king_in_check", "uchifuzume", "king_on_target"}[r]
}

// basicReason checks piece movement, promotion and drop rules of m for the side
// to move with sliders blocked by occ; drops may go onto any square in free.
func (p *Position) basicReason(m Move, occ, free Bitboard, occupiedDrop Reason) Reason {
	us := p.side
	to := m.To()
	if !to.Valid() {
		return CannotMoveThere
	}
	if m.IsDrop() {
		k := m.DropKind()
		if k > King || p.hands[us][k] == 0 {
			return NotInHand
		}
		if pc := p.board[to]; pc != NoPiece && pc.Color() == us {
			return OwnPieceOnTarget
		}
		if !free.Has(to) {
			return occupiedDrop
		}
		if m.IsPromotion() {
			return CannotPromote
		}
		if deadSquare(us, k, to) {
			return DeadDrop
		}
		if k == Pawn && p.PiecesOf(us, Pawn).And(fileBB[to.File()]).Any() {
			return Nifu
		}
		return NoReason
	}
	from := m.From()
	if !from.Valid() {
		return NotYourPiece
	}
	pc := p.board[from]
	if pc == NoPiece || pc.Color() != us {
		return NotYourPiece
	}
	if t := p.board[to]; t != NoPiece && t.Color() == us {
		return OwnPieceOnTarget
	}
	if !Attacks(pc, from, Bitboard{}).Has(to) {
		return CannotMoveThere
	}
	if !Attacks(pc, from, occ).Has(to) {
		return PathBlocked
	}
	k := pc.Kind()
	if m.IsPromotion() {
		if !k.CanPromote() || !from.InZone(us) && !to.InZone(us) {
			return CannotPromote
		}
	} else if deadSquare(us, k, to) {
		return MustPromote
	}
	return NoReason
}

// OwnBoardReason says whether m could be played on the mover's own board alone,
// every enemy piece treated as absent (Tsuitate's own-board check, RULES.md §2).
// It agrees with OwnBoardMoves.
func (p *Position) OwnBoardReason(m Move) Reason {
	own := p.byColor[p.side]
	return p.basicReason(m, own, own.Not(), OwnPieceOnTarget)
}

// PseudoReason says whether m obeys movement, promotion and drop rules on the
// full board, ignoring king safety and uchifuzume (Masked, Dark). It agrees with
// PseudoMoves.
func (p *Position) PseudoReason(m Move) Reason {
	occ := p.Occupied()
	return p.basicReason(m, occ, occ.Not(), SquareOccupied)
}

// LegalReason says whether m is legal in standard shogi and, if not, the first
// reason found (movement, then king safety, then uchifuzume). It agrees with
// LegalMoves.
func (p *Position) LegalReason(m Move) Reason {
	if r := p.PseudoReason(m); r != NoReason {
		return r
	}
	us := p.side
	u := p.MakeMove(m)
	ksq := p.KingSquare(us)
	attacked := ksq != NoSquare && p.AttackersTo(ksq, us.Opp(), p.Occupied()).Any()
	p.UnmakeMove(m, u)
	if attacked {
		return KingInCheck
	}
	if m.IsDrop() && m.DropKind() == Pawn && p.pawnDropMates(us, m.To()) {
		return Uchifuzume
	}
	return NoReason
}

// GivesCheck reports whether m, played by the side to move, attacks the enemy
// king (a single king) afterwards.
func (p *Position) GivesCheck(m Move) bool {
	u := p.MakeMove(m)
	c := p.InCheck()
	p.UnmakeMove(m, u)
	return c
}
