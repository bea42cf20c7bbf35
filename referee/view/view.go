// Package view holds what one player (or the channel) may know of a game: the
// View of the board and the Events a referee addresses to an audience. It holds
// no true position of a running game, so a player program, the renderer and the
// bot can use it without any way to reach hidden pieces (RULES.md §2, §3).
package view

import "shinpan/referee/shogi"

// Variant names a game variant.
type Variant string

const (
	Standard Variant = "standard"
	Tsuitate Variant = "tsuitate"
	Masked   Variant = "masked"
	Dark     Variant = "dark"
)

// Hidden reports whether players of v cannot see the whole board.
func (v Variant) Hidden() bool { return v == Tsuitate || v == Dark }

// HasMasks reports whether each player of v has a secret mask (Masked).
func (v Variant) HasMasks() bool { return v == Masked }

// Cell is one square as the viewer knows it. Known false means the viewer cannot
// see the square (Tsuitate: any square without an own piece; Dark: fog); its
// Piece is then always NoPiece. Known true with NoPiece is a square known empty.
type Cell struct {
	Piece shogi.Piece
	Known bool
}

// Viewer is whose view it is: Black, White, or Public (the channel; at the end,
// the revealed board).
type Viewer uint8

const (
	ViewerBlack Viewer = iota
	ViewerWhite
	ViewerPublic
)

// ViewerOf returns the viewer for a side.
func ViewerOf(c shogi.Color) Viewer { return Viewer(c) }

// Color returns the side of a player viewer (Black for Public).
func (v Viewer) Color() shogi.Color {
	if v == ViewerWhite {
		return shogi.White
	}
	return shogi.Black
}

// View is what one viewer sees right now. Board is indexed by shogi.Square.
// HandKnown[c] false means c's hand is hidden from the viewer (Tsuitate and Dark:
// the opponent's hand; the renderer then draws nothing for it, not even "empty").
// FoulsKnown[c] false means the viewer is not told c's foul count.
type View struct {
	Variant    Variant
	Viewer     Viewer
	Board      [shogi.NumSquares]Cell `json:",omitzero"` // JSON: an all-unknown board is left out
	Hands      [2]shogi.Hand
	HandKnown  [2]bool
	Turn       shogi.Color // side to move
	MoveNumber int         // the number of the move about to be played (SFEN numbering)
	FoulLimit  int         // 0 when the variant has no fouls
	Fouls      [2]int
	FoulsKnown [2]bool
	// Mask is the viewer's own mask square (Masked), NoSquare otherwise.
	Mask shogi.Square
	// Masks are both masks, set only in the revealed view at the end of Masked.
	Masks [2]shogi.Square
	// LastMove is the last move the viewer may see: their own in hidden variants,
	// either side's in Standard and Masked. NoMove when none.
	LastMove shogi.Move
	// LastMoveBefore is the board the viewer saw just before LastMove (their
	// own view then, as SFEN), to write LastMove in a notation as they were
	// told it; "" when unknown.
	LastMoveBefore string
	// LostAt is where one of the viewer's pieces was captured by the last move,
	// NoSquare otherwise.
	LostAt shogi.Square
	// InCheck is true when the viewer has been told they are in check (their king,
	// or their mask in Masked); Dark never sets it.
	InCheck bool
	// Captured is what each side has captured so far as the captures were
	// announced (the channel's board of a hidden variant: not a hand, since
	// drops are never announced); drawn only when ShowCaptured.
	Captured     [2]shogi.Hand
	ShowCaptured bool
	// KingSeen[c] is true when c's king stands on Board because the viewer is
	// shown it, not because they see its square (Tsuitate's king_visible
	// option: each player is shown the opponent's king, the channel both);
	// its square is then Known and holds the king, drawn with the "seen"
	// marking.
	KingSeen [2]bool
	// Revealed is true for the full board opened at the end of the game.
	Revealed bool
	// Result is set once the game is over.
	Result *Result
}

// Result is how a game ended. Winner nil is a draw (or no winner, e.g. an abort).
type Result struct {
	Winner *shogi.Color
	Reason Reason
}

// Reason is why a game ended; the names are those of the referee protocol.
type Reason string

const (
	ReasonCheckmate      Reason = "checkmate"
	ReasonFoulLimit      Reason = "foul_limit"
	ReasonMaskCaptured   Reason = "mask_captured"
	ReasonMaskCheckmated Reason = "mask_checkmated"
	ReasonKingCaptured   Reason = "king_captured"
	ReasonNoLegalMove    Reason = "no_legal_move"
	ReasonSennichite     Reason = "sennichite"
	ReasonPerpetualCheck Reason = "perpetual_check"
	ReasonImpasse        Reason = "impasse"
	ReasonMoveLimit      Reason = "move_limit"
	ReasonResignation    Reason = "resignation"
	ReasonTimeout        Reason = "timeout"
	ReasonAbort          Reason = "abort"
	ReasonDrawAgreed     Reason = "draw_agreed"
	ReasonModerator      Reason = "moderator"
)

// Empty returns a view with every square unknown and no masks.
func Empty(v Variant, who Viewer) View {
	return View{Variant: v, Viewer: who, Mask: shogi.NoSquare,
		Masks: [2]shogi.Square{shogi.NoSquare, shogi.NoSquare}, LostAt: shogi.NoSquare, MoveNumber: 1}
}

// String returns the variant's name.
func (v Variant) String() string { return string(v) }
