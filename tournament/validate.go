package tournament

import "fmt"

// Validate checks that a tournament is one these methods could have made:
// valid settings and status, players once each, pairings between known
// players in round order, known results, and no game in two pairings.
func (t *Tournament) Validate() error {
	bad := func(format string, a ...any) error {
		return fmt.Errorf("%w: "+format, append([]any{ErrInvalid}, a...)...)
	}
	if err := t.Config.Validate(); err != nil {
		return err
	}
	switch t.Status {
	case StatusSignup, StatusRunning, StatusPaused, StatusFinished, StatusCancelled:
	default:
		return bad("status %q", t.Status)
	}
	if t.Organiser == "" {
		return bad("no organiser")
	}
	known := map[string]bool{}
	for _, p := range t.Players {
		if p.ID == "" || known[p.ID] {
			return bad("player %q twice or without an id", p.ID)
		}
		switch p.State {
		case Active, Withdrawn, Kicked:
		default:
			return bad("player %s: state %q", p.ID, p.State)
		}
		known[p.ID] = true
	}
	games := map[uint64]bool{}
	round, board := 0, 0
	for _, p := range t.Pairings {
		if p.Round < round || p.Round == round && p.Board <= board || p.Round > t.Round || p.Round < 1 {
			return bad("pairing round %d board %d out of order", p.Round, p.Board)
		}
		round, board = p.Round, p.Board
		if !known[p.Black] || p.White != "" && (!known[p.White] || p.White == p.Black) {
			return bad("round %d board %d: players %q and %q", p.Round, p.Board, p.Black, p.White)
		}
		switch p.Result {
		case Pending, BlackWins, WhiteWins, Draw, NoResult, Void:
			if p.IsBye() {
				return bad("round %d board %d: a bye with result %q", p.Round, p.Board, p.Result)
			}
		case Bye:
			if !p.IsBye() {
				return bad("round %d board %d: a bye with an opponent", p.Round, p.Board)
			}
		default:
			return bad("round %d board %d: result %q", p.Round, p.Board, p.Result)
		}
		if p.Game != 0 {
			if games[p.Game] {
				return bad("game #%d in two pairings", p.Game)
			}
			games[p.Game] = true
		}
	}
	return nil
}
