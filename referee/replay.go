package referee

import (
	"shinpan/referee/record"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// ReplayStep is one action of a replay and what the referee answered.
type ReplayStep struct {
	Action Action
	Events []view.Event
	Err    error // a *Refusal
}

// ReplayMoves plays moves (USI texts) through a new game of variant v from
// start, alternating sides from the side to move, until the game ends; a
// refused move, a foul or a bounce stops the replay. ending is applied after the moves when the
// game is still going (nil for none). It returns the game and each step.
// A Masked game gets the default masks (each side's rook); see ReplayMasked.
func ReplayMoves(id string, v view.Variant, start string, o Options, moves []string, ending *Action) (*Game, []ReplayStep, error) {
	return ReplayMasked(id, v, start, o, [2]shogi.Square{shogi.NoSquare, shogi.NoSquare}, moves, ending)
}

// ReplayMasked is ReplayMoves with the masks of a Masked game, indexed by
// colour (a record's, see RecordMasks); a NoSquare mask is the default one.
func ReplayMasked(id string, v view.Variant, start string, o Options, masks [2]shogi.Square, moves []string, ending *Action) (*Game, []ReplayStep, error) {
	g, err := New(id, v, start, o)
	if err != nil {
		return nil, nil, err
	}
	var steps []ReplayStep
	for _, a := range g.rules.setupActions(g, masks) {
		evs, err := g.Apply(a)
		steps = append(steps, ReplayStep{a, evs, err})
		if err != nil {
			return g, steps, nil
		}
	}
	for _, m := range moves {
		if g.Over() {
			break
		}
		a := Action{Kind: ActMove, Player: g.Turn(), Text: m}
		evs, err := g.Apply(a)
		steps = append(steps, ReplayStep{a, evs, err})
		if err != nil || g.LastOutcome() != Accepted {
			return g, steps, nil // refused, foul or bounce: the record's move was not played
		}
	}
	if ending != nil && !g.Over() {
		evs, err := g.Apply(*ending)
		steps = append(steps, ReplayStep{*ending, evs, err})
	}
	return g, steps, nil
}

// RecordEnding returns the action that ends a replay of rec the way rec
// ended, for the endings a player or the host brings about: a resignation,
// a timeout, an impasse declaration (refused, and play goes on, when it is
// not valid), an agreed impasse (a draw by agreement) or an abort (ended
// without a result). Endings the referee reaches on its own (checkmate,
// sennichite, a captured mask or king, ...) need no action, and an
// illegal_move or unknown ending has none: nil. With the readers' check of
// each stated ending against the board (record.Record.Result), a replay
// ends as rec says (RecordResult of the game's result is rec.Result), or
// both have no result.
func RecordEnding(rec *record.Record) *Action {
	p, err := rec.Final()
	if err != nil {
		return nil
	}
	toMove := p.SideToMove()
	winner, decisive := shogi.Black, true
	switch rec.Result.Winner {
	case record.WinnerWhite:
		winner = shogi.White
	case record.WinnerBlack:
	default:
		decisive = false
	}
	switch rec.Result.Reason {
	case record.ReasonResignation:
		if decisive {
			return &Action{Kind: ActResign, Player: winner.Opp()}
		}
	case record.ReasonTimeout:
		if decisive {
			return &Action{Kind: ActTimeout, Player: winner.Opp()}
		}
	case record.ReasonImpasse:
		if decisive && winner == toMove {
			return &Action{Kind: ActDeclare, Player: toMove}
		}
		if rec.Result.Winner == record.WinnerDraw {
			return &Action{Kind: ActDraw, Player: toMove}
		}
	case record.ReasonAbort:
		return &Action{Kind: ActEnd, Player: toMove}
	}
	return nil
}
