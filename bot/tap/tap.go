// Package tap builds the menus that let a player move by tapping (issue 34):
// under the board in a "your turn" DM, a menu of the player's pieces; a pick
// shows the squares that piece may go to (and the board with them marked),
// then the promotion question where promotion is optional, and the move is
// played. Every screen is a function of the player's own view and the game's
// public options (Input) only, so the options, their order, their labels and
// the marked squares tell nothing the player may not know (RULES.md §2).
//
// The state of a menu lives in its custom_id (game, move number, step) and in
// the option picked: a pick is understood by any process, after a restart,
// and refused when its move number is no longer the game's.
package tap

import (
	"shinpan/bot/texts"
	"shinpan/referee/notation"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/render"
)

// Discord's limits on a message's components (shared/discord-limits.md).
const (
	MaxOptions = 25 // options in one select menu
	MaxRows    = 5  // action rows in one message
	// MaxSelects is how many menus one screen uses: the fifth row holds the
	// buttons (the turn's Move and Resign, or Back).
	MaxSelects = MaxRows - 1
	MaxIDLen   = 100 // custom_id length
)

// Input is everything a screen may be built from: the player's own view and
// what everyone knows of the game.
type Input struct {
	// Game is the game's number (0: not known yet, see ID).
	Game uint64
	// View is the player's own view (referee.Game.View of their seat): never
	// the true position.
	View view.View
	// MaskAsKing is the game's public option (Masked).
	MaskAsKing bool
	// MaskPhase is true while the masks are being chosen (Masked; public:
	// the channel is told when both are set).
	MaskPhase bool
	Lang      texts.Lang
	Notation  notation.Notation
	// Flip is the reader's orientation (render.Options.Flip): the menus list
	// squares as their board reads, left to right and top to bottom.
	Flip bool
}

// Screen is one state of the menus: up to MaxSelects menus and a row of
// buttons, and the board's marking for the picked piece.
type Screen struct {
	// Heading is the line above the menus ("" at the first step).
	Heading string
	Selects []Select
	Buttons []Button
	// Reach marks the picked piece and its squares on the board (nil: none).
	Reach *render.Reach
}

// Select is one string select menu; each option's value is the next step.
type Select struct {
	ID          string
	Placeholder string
	Options     []Option
}

// Option is one choice of a menu.
type Option struct {
	Label       string
	Value       string
	Description string
}

// Button is one button; its custom_id names the step it leads to.
type Button struct {
	ID      string
	Label   string
	Primary bool
}

// Me returns the player whose view in is.
func (in *Input) Me() shogi.Color { return in.View.Viewer.Color() }

// Active reports whether the player may tap now: it is their turn (or the
// masks are being chosen) and the game runs.
func (in *Input) Active() bool {
	v := &in.View
	if v.Result != nil || v.Viewer == view.ViewerPublic {
		return false
	}
	return in.MaskPhase || v.Turn == in.Me()
}

// Moves returns the moves the player may try, from their own view alone
// (view.Candidates: Tsuitate's own-board moves, Dark's pseudo-legal moves
// with drops into the fog, Masked's under its options, open shogi's legal
// moves). Nil when the player may not move now.
func Moves(in *Input) []shogi.Move {
	if !in.Active() || in.MaskPhase {
		return nil
	}
	p := view.PositionOf(&in.View)
	p.SetSideToMove(in.Me())
	return view.Candidates(in.View.Variant, p, in.View.Mask, in.MaskAsKing)
}

// MaskSquares returns the squares the player may choose as their mask: their
// pieces other than the king, during the mask phase; nil otherwise.
func MaskSquares(in *Input) []shogi.Square {
	if !in.Active() || !in.MaskPhase {
		return nil
	}
	var out []shogi.Square
	me := in.Me()
	for s := shogi.Square(0); s < shogi.NumSquares; s++ {
		c := in.View.Board[s]
		if c.Known && c.Piece != shogi.NoPiece && c.Piece.Color() == me && c.Piece.Kind() != shogi.King {
			out = append(out, s)
		}
	}
	return in.reading(out)
}
