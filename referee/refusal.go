package referee

import (
	"errors"
	"fmt"

	"shinpan/referee/notation"
	"shinpan/referee/shogi"
)

// RefusalCode names why an action was refused: a closed list, so that the
// bot can word each one in the player's language without reading English.
type RefusalCode string

const (
	RefUnknownPlayer      RefusalCode = "unknown_player"
	RefGameOver           RefusalCode = "game_over"
	RefUnknownAction      RefusalCode = "unknown_action"       // Typed: the action kind
	RefMaskChosen         RefusalCode = "mask_chosen"          // a timeout for a player whose mask is chosen
	RefTimeoutNotMover    RefusalCode = "timeout_not_mover"    // a timeout for the player not to move
	RefAbortTooLate       RefusalCode = "abort_too_late"       // each side has moved
	RefMasksFirst         RefusalCode = "masks_first"          // a move before both masks are chosen
	RefNotYourTurn        RefusalCode = "not_your_turn"        //
	RefNotation           RefusalCode = "notation"             // Cause: the *notation.ResolveError
	RefIllegal            RefusalCode = "illegal"              // Typed, Reason: on the player's own board
	RefMaskAttacked       RefusalCode = "mask_attacked"        // Typed: mask-as-king leaves the mask attacked
	RefDeclareNotStandard RefusalCode = "declare_not_standard" // impasse outside standard shogi
	RefDeclareNotOnTurn   RefusalCode = "declare_not_on_turn"  //
	RefImpasse            RefusalCode = "impasse"              // Cause: the *shogi.ImpasseError
	RefMasksNotMasked     RefusalCode = "masks_not_masked"     // a mask outside Masked shogi
	RefMasksLocked        RefusalCode = "masks_locked"         // both masks are chosen
	RefNotASquare         RefusalCode = "not_a_square"         // Typed
	RefNoPieceOn          RefusalCode = "no_piece_on"          // Square
	RefKingNotMask        RefusalCode = "king_not_mask"        //
	RefNotThatPiece       RefusalCode = "not_that_piece"       // Square, Kind: the mask named with another piece than the one there
)

// RefusalCodes lists every code, for tests that word each one.
var RefusalCodes = []RefusalCode{RefUnknownPlayer, RefGameOver, RefUnknownAction, RefMaskChosen,
	RefTimeoutNotMover, RefAbortTooLate, RefMasksFirst, RefNotYourTurn, RefNotation, RefIllegal,
	RefMaskAttacked, RefDeclareNotStandard, RefDeclareNotOnTurn, RefImpasse, RefMasksNotMasked,
	RefMasksLocked, RefNotASquare, RefNoPieceOn, RefKingNotMask, RefNotThatPiece}

// Refusal is the error Apply returns when an action is refused: nothing changed
// and only the acting player is told. Its fields depend only on what that
// player may know. Error is English, for logs and the command line; the bot
// words it from Code and the typed parts.
type Refusal struct {
	Code   RefusalCode
	Typed  string       // what the player typed, as typed (RefUnknownAction, RefIllegal, RefMaskAttacked, RefNotASquare)
	Square shogi.Square // RefNoPieceOn, RefNotThatPiece
	Kind   shogi.Kind   // RefNotThatPiece: the piece the player named
	Reason shogi.Reason // RefIllegal
	Cause  error        // RefNotation: *notation.ResolveError; RefImpasse: *shogi.ImpasseError
}

func (r *Refusal) Error() string {
	q := notation.Quote(r.Typed)
	switch r.Code {
	case RefUnknownPlayer:
		return "unknown player"
	case RefGameOver:
		return "this game is over"
	case RefUnknownAction:
		return "unknown action " + q
	case RefMaskChosen:
		return "that player has chosen a mask; their time is not running"
	case RefTimeoutNotMover:
		return "only the player to move can run out of time"
	case RefAbortTooLate:
		return "a game can be aborted only before each side has moved"
	case RefMasksFirst:
		return "both players must choose their mask first"
	case RefNotYourTurn:
		return "it is not your turn"
	case RefIllegal:
		return q + ": " + r.Reason.String()
	case RefMaskAttacked:
		return q + ": your mask would be attacked"
	case RefDeclareNotStandard:
		return "an impasse declaration exists only in standard shogi"
	case RefDeclareNotOnTurn:
		return "you may declare only on your turn"
	case RefMasksNotMasked:
		return "masks exist only in Masked shogi"
	case RefMasksLocked:
		return "both masks are chosen; they can no longer change"
	case RefNotASquare:
		return q + " is not a square: write it like 2h, or ２八飛 with the piece"
	case RefNoPieceOn:
		return fmt.Sprintf("there is no piece of yours on %s", r.Square)
	case RefKingNotMask:
		return "the king cannot be the mask: choose another piece"
	case RefNotThatPiece:
		return fmt.Sprintf("your piece on %s is not a %s", r.Square, r.Kind.Name())
	}
	if r.Cause != nil {
		return r.Cause.Error()
	}
	return string(r.Code)
}

// Unwrap returns the typed cause (a *notation.ResolveError or a
// *shogi.ImpasseError), or nil.
func (r *Refusal) Unwrap() error { return r.Cause }

func refuse(code RefusalCode) error { return &Refusal{Code: code} }

// IsRefusal reports whether err is a Refusal.
func IsRefusal(err error) bool {
	var r *Refusal
	return errors.As(err, &r)
}

// illegal is the refusal of a move typed as text that breaks rule r on the
// player's own board, or nil for NoReason.
func illegal(text string, r shogi.Reason) *Refusal {
	if r == shogi.NoReason {
		return nil
	}
	return &Refusal{Code: RefIllegal, Typed: text, Reason: r}
}
