package shogi

import (
	"errors"
	"fmt"
	"strings"
)

// ErrImpossible is wrapped by every *SetupError: the position is well formed
// but could not arise in a game.
var ErrImpossible = errors.New("impossible position")

// SetupRule names the rule an impossible position breaks.
type SetupRule uint8

const (
	// TwoKings: a side has more than one king on the board (standard shogi
	// and Tsuitate; in Masked shogi a captured king may be dropped).
	TwoKings SetupRule = iota + 1
	// KingInHand: a king in a hand (only Masked shogi puts kings in hands).
	KingInHand
	// OpponentInCheck: the side not to move is in check, so the side to move
	// could take its king (standard shogi and Tsuitate).
	OpponentInCheck
	// DoublePawn: nifu, two unpromoted pawns of one side on a file. No move or
	// drop of any variant makes it.
	DoublePawn
)

// Code returns a stable snake_case name: two_kings, king_in_hand,
// opponent_in_check, nifu.
func (r SetupRule) Code() string {
	switch r {
	case TwoKings:
		return "two_kings"
	case KingInHand:
		return "king_in_hand"
	case OpponentInCheck:
		return "opponent_in_check"
	case DoublePawn:
		return "nifu"
	}
	return "unknown"
}

// SetupError says which rule makes a position impossible, for which side and
// where.
type SetupError struct {
	Rule    SetupRule
	Color   Color    // the side at fault: with two kings, a king in hand, in check or two pawns
	Squares []Square // the kings, the pawns, or the checkers
}

func (e *SetupError) Error() string {
	sq := make([]string, len(e.Squares))
	for i, s := range e.Squares {
		sq[i] = s.String()
	}
	on := strings.Join(sq, " and ")
	var why string
	switch e.Rule {
	case TwoKings:
		why = fmt.Sprintf("%s has two kings (%s): a side has one king", e.Color, on)
	case KingInHand:
		why = fmt.Sprintf("%s has a king in hand: only Masked shogi puts a king in a hand", e.Color)
	case OpponentInCheck:
		why = fmt.Sprintf("%s is in check from %s but it is %s's turn: the side not to move may not be in check",
			e.Color, on, e.Color.Opp())
	case DoublePawn:
		why = fmt.Sprintf("nifu: %s has two unpromoted pawns on file %d (%s)", e.Color, e.Squares[0].File(), on)
	default:
		why = "unknown rule"
	}
	return ErrImpossible.Error() + ": " + why
}

func (e *SetupError) Unwrap() error { return ErrImpossible }

// Validate reports whether p could arise in a game of standard shogi (or
// Tsuitate): each side has at most one king and none in hand, the side not to
// move is not in check, and no file holds two unpromoted pawns of one side.
// A side with no king is allowed (tsume problems). ParseSFEN has already
// checked the piece counts and that no piece stands where it could never
// move. The error is a *SetupError.
func (p *Position) Validate() error {
	if err := p.ValidatePseudo(); err != nil {
		return err
	}
	for _, c := range []Color{Black, White} {
		if kings := p.PiecesOf(c, King); kings.More1() {
			return &SetupError{Rule: TwoKings, Color: c, Squares: kings.Squares()}
		}
		if p.hands[c][King] > 0 {
			return &SetupError{Rule: KingInHand, Color: c}
		}
	}
	them := p.side.Opp()
	if k := p.KingSquare(them); k != NoSquare {
		if by := p.AttackersTo(k, p.side, p.Occupied()); by.Any() {
			return &SetupError{Rule: OpponentInCheck, Color: them, Squares: by.Squares()}
		}
	}
	return nil
}

// ValidatePseudo is Validate for Masked and Dark shogi, where a king may be
// left in attack, captured and (Masked) dropped: only nifu is checked.
func (p *Position) ValidatePseudo() error {
	for _, c := range []Color{Black, White} {
		pawns := p.PiecesOf(c, Pawn)
		for f := 1; f <= 9; f++ {
			if on := pawns.And(fileBB[f]); on.More1() {
				return &SetupError{Rule: DoublePawn, Color: c, Squares: on.Squares()}
			}
		}
	}
	return nil
}
