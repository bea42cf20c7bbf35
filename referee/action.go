package referee

import "shinpan/referee/shogi"

// ActionKind names what a player does.
type ActionKind string

const (
	ActMove    ActionKind = "move"    // Text: a move in any notation the core resolves
	ActMask    ActionKind = "mask"    // Text: a square (Masked setup)
	ActResign  ActionKind = "resign"  // any time, either player
	ActTimeout ActionKind = "timeout" // the player to move ran out of time
	ActDeclare ActionKind = "declare" // impasse declaration (standard shogi)
	ActDraw    ActionKind = "draw"    // both players agreed a draw (the bot checks the offer)
	ActAbort   ActionKind = "abort"   // before each side has moved: no result
	ActEnd     ActionKind = "end"     // a moderator ended the game: no winner
)

// Action is one player action, the unit the store logs and replays. Player is
// the acting side. Salt is the secret that commits a mask (Masked), chosen by the
// caller so replay is deterministic.
type Action struct {
	Kind   ActionKind  `json:"kind"`
	Player shogi.Color `json:"player"`
	Text   string      `json:"text,omitempty"`
	Salt   string      `json:"salt,omitempty"`
	// At, when set, is the move number the action was chosen at (a tap on
	// a board's menus): the bot applies it only while the game is at that
	// move. The referee ignores it.
	At int `json:"at,omitempty"`
}
