package policy

import (
	"shinpan/referee"
	"shinpan/referee/shogi"
)

// DrawOffer is a player's standing draw offer (RULES.md; issue 7 item 9): it
// stands while the game has Moves moves, so the next move withdraws it. The
// referee ends a game by agreement (referee.ActDraw) only when the
// opponent of the offerer accepts a standing offer: AcceptableBy says when.
type DrawOffer struct {
	By    shogi.Color `json:"by"`
	Moves int         `json:"moves"`
}

// Offer returns c's offer in the game as it stands.
func Offer(g *referee.Game, c shogi.Color) *DrawOffer {
	return &DrawOffer{By: c, Moves: len(g.Moves())}
}

// Standing returns the offer if it still stands after the game reached g:
// nil once a move has been played since it was made, or the game is over.
func (o *DrawOffer) Standing(g *referee.Game) *DrawOffer {
	if o == nil || g.Over() || o.Moves != len(g.Moves()) {
		return nil
	}
	return o
}

// AcceptableBy reports whether c may accept the offer: it stands and c's
// opponent made it.
func (o *DrawOffer) AcceptableBy(g *referee.Game, c shogi.Color) bool {
	s := o.Standing(g)
	return s != nil && s.By == c.Opp()
}
