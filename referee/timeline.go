package referee

import (
	"errors"

	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// Step is a game after some number of moves, for a review or a replay: the
// whole board, what each player was shown then, and the foul attempts made in
// that position before the next move (or the end).
type Step struct {
	// Ply is the number of moves played (0: the start).
	Ply int
	// Move is the move that led here in USI, by Player ("" at the start).
	Move   string
	Player shogi.Color
	// True is the whole board with both masks and the foul counts (after the
	// end: the revealed view with the result). It may show everything: a
	// Timeline is for finished games, or for a watcher's delayed board.
	True view.View
	// Sides is what each player's board showed right after this move: the
	// view the bot rendered for them then (at the start: once both masks are
	// chosen in Masked). After a move that ended the game the players were
	// sent the revealed board instead; Sides keeps their own view.
	Sides [2]view.View
	// Fouls are the attempts made in this position, in order.
	Fouls []view.FoulRecord
	// Pos is the true position (to write the next move in a notation).
	Pos *shogi.Position
}

// Timeline replays actions (a stored game's log) through g, a game just made
// by New, and returns one Step per accepted move plus the start. An action
// the referee refuses is an error: a stored log replays without refusals.
func Timeline(g *Game, actions []Action) ([]Step, error) {
	if g.seq != 0 || len(g.moves) != 0 {
		return nil, errors.New("referee: Timeline needs a new game")
	}
	steps := []Step{g.step()}
	fouls := 0
	for _, a := range actions {
		if _, err := g.Apply(a); err != nil {
			return nil, err
		}
		last := &steps[len(steps)-1]
		switch {
		case a.Kind == ActMove && g.outcome == Accepted && len(g.moves) > last.Ply:
			steps = append(steps, g.step())
		case a.Kind == ActMask && len(g.moves) == 0 && !g.NeedsMasks():
			*last = g.step() // the boards the players got once both masks were chosen
		case g.Over():
			last.True = g.RevealView()
		}
		if fl := g.foulLog; len(fl) > fouls {
			last := &steps[len(steps)-1]
			last.Fouls = append(last.Fouls, fl[fouls:]...)
			fouls = len(fl)
		}
	}
	return steps, nil
}

// step captures the game as it stands.
func (g *Game) step() Step {
	s := Step{Ply: len(g.moves), True: g.trueView(), Pos: g.pos.Clone()}
	if n := len(g.moves); n > 0 {
		s.Move = g.moves[n-1].String()
		s.Player = g.pos.SideToMove().Opp()
	}
	for c := range s.Sides {
		s.Sides[c] = g.View(view.ViewerOf(shogi.Color(c)))
	}
	return s
}

// trueView is the whole board now: the revealed view at the end, before it
// the open position with the masks, foul counts and the last move.
func (g *Game) trueView() view.View {
	if g.result != nil {
		return g.RevealView()
	}
	v := view.Revealed(g.variant, g.pos)
	v.Masks = g.rules.masks()
	v.Fouls = g.fouls
	v.FoulsKnown = [2]bool{true, true}
	v.FoulLimit = g.rules.foulLimit(g)
	v.LastMove = g.lastMove
	v.LastMoveBefore = g.beforeTrue
	return v
}
