package policy

import (
	"shinpan/referee"
	"shinpan/referee/shogi"
)

// Waiting returns the seat a game waits for: the side to move, or while the
// masks are chosen the first side without one; false once over.
func Waiting(g *referee.Game) (shogi.Color, bool) {
	if g.Over() {
		return 0, false
	}
	if !g.NeedsMasks() {
		return g.Turn(), true
	}
	for _, c := range []shogi.Color{shogi.Black, shogi.White} {
		if !g.MaskChosen(c) {
			return c, true
		}
	}
	return 0, false
}

// NewTurn reports whether the accepted action that took a game from before
// to after starts a new turn for the clocks: a move was played, or the masks
// got set. A foul, a bounce or a mask changed before both are set buys no
// time.
func NewTurn(before, after *referee.Game) bool {
	return len(before.Moves()) != len(after.Moves()) || before.NeedsMasks() != after.NeedsMasks()
}

// YourTurn reports whether c should be told "your turn" after the action
// that left g as it is: c is to move, and the action was not c's own foul or
// bounce (whose words already say to move again).
func YourTurn(g *referee.Game, c shogi.Color) bool {
	w, ok := Waiting(g)
	return ok && w == c && !g.NeedsMasks() && g.LastOutcome() == referee.Accepted
}
