package tournament

import (
	"fmt"
	"time"

	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// Result is how a pairing ended.
type Result string

const (
	Pending   Result = ""      // the game goes on (or has not started)
	BlackWins Result = "black" // Black (sente) won
	WhiteWins Result = "white"
	Draw      Result = "draw"
	NoResult  Result = "none" // ended without a result (an abort): both score nothing
	Bye       Result = "bye"  // no opponent
	Void      Result = "void" // not counted: the tournament ended while it went on
)

// Pairing is one game (or bye) of a tournament.
type Pairing struct {
	Round int    `json:"round"`
	Board int    `json:"board"` // 1.. within the round
	Black string `json:"black"`
	// White is "" for a bye.
	White string `json:"white,omitempty"`
	// Game is the game played (0: none yet, or none to play).
	Game   uint64 `json:"game,omitempty"`
	Result Result `json:"result,omitempty"`
	// Forfeit: the result was given without a game (a withdrawn player's).
	Forfeit bool `json:"forfeit,omitempty"`
	// Adjudicated: a moderator set the result.
	Adjudicated bool      `json:"adjudicated,omitempty"`
	PairedAt    time.Time `json:"paired_at"`
	EndedAt     time.Time `json:"ended_at,omitzero"`
}

// IsBye reports whether the pairing is a bye.
func (p Pairing) IsBye() bool { return p.White == "" }

// Has reports whether player id is in the pairing.
func (p Pairing) Has(id string) bool { return p.Black == id || p.White == id && id != "" }

// Opponent is the other player of id's pairing ("" for a bye).
func (p Pairing) Opponent(id string) string {
	if p.Black == id {
		return p.White
	}
	return p.Black
}

// Score is what the pairing gave player id on the usual scale (win 1, draw
// ½, loss 0; a bye 1), before any format's rule: ok is false when it counts
// for nothing (pending, void, no result) — a bye's score is the format's.
func (p Pairing) Score(id string) (s float64, ok bool) {
	switch p.Result {
	case Draw:
		return 0.5, true
	case BlackWins, WhiteWins:
		if (p.Result == BlackWins) == (p.Black == id) {
			return 1, true
		}
		return 0, true
	case Bye:
		return 1, true
	}
	return 0, false
}

// OutcomeOf is the Result of a game that ended with r: its winner's side, a
// draw, or NoResult for a game ended without one (an abort, a moderator's
// end). nil is NoResult.
func OutcomeOf(r *view.Result) Result {
	switch {
	case r == nil:
		return NoResult
	case r.Winner != nil && *r.Winner == shogi.Black:
		return BlackWins
	case r.Winner != nil:
		return WhiteWins
	case r.Reason == view.ReasonAbort || r.Reason == view.ReasonModerator:
		return NoResult
	}
	return Draw
}

// gameResult refuses what is not the result of a game.
func gameResult(r Result) error {
	switch r {
	case BlackWins, WhiteWins, Draw, NoResult:
		return nil
	}
	return fmt.Errorf("%w: %q", ErrResult, r)
}

// Link records that game plays pairing (round, board). The store calls it in
// the transaction that creates the game. Errors: ErrNoPairing (no such
// pairing, a bye, or one with a game already).
func (t *Tournament) Link(round, board int, game uint64) error {
	i := t.pairing(round, board)
	if i < 0 || t.Pairings[i].IsBye() || t.Pairings[i].Game != 0 || t.Pairings[i].Result != Pending || game == 0 {
		return fmt.Errorf("%w: round %d board %d for game #%d", ErrNoPairing, round, board, game)
	}
	t.Pairings[i].Game = game
	return nil
}

func (t *Tournament) pairing(round, board int) int {
	for i := len(t.Pairings) - 1; i >= 0; i-- {
		if p := t.Pairings[i]; p.Round == round && p.Board == board {
			return i
		}
	}
	return -1
}

// PairingOf returns the pairing game plays.
func (t *Tournament) PairingOf(game uint64) (Pairing, bool) {
	for _, p := range t.Pairings {
		if p.Game == game && game != 0 {
			return p, true
		}
	}
	return Pairing{}, false
}

// RoundPairings returns round r's pairings, by board.
func (t *Tournament) RoundPairings(r int) []Pairing {
	var out []Pairing
	for _, p := range t.Pairings {
		if p.Round == r {
			out = append(out, p)
		}
	}
	return out
}

// LiveGames are the games of pairings still waiting for their result, in
// pairing order: the caller checks them after a restart (a game that ended
// while its result was not recorded is Recorded then).
func (t *Tournament) LiveGames() []uint64 {
	var out []uint64
	for _, p := range t.Pairings {
		if p.Result == Pending && p.Game != 0 {
			out = append(out, p.Game)
		}
	}
	return out
}

// Record gives game's pairing its result r (BlackWins, WhiteWins, Draw or
// NoResult) as the game ended. It reports false, changing nothing, for a
// game that is not a pending one of this tournament (already recorded or
// adjudicated, void, or another's), so recording twice is harmless.
func (t *Tournament) Record(game uint64, r Result, now time.Time) (bool, error) {
	if err := gameResult(r); err != nil {
		return false, err
	}
	if t.Status.Over() || game == 0 {
		return false, nil
	}
	for i := range t.Pairings {
		if p := &t.Pairings[i]; p.Game == game && p.Result == Pending {
			p.Result, p.EndedAt = r, now.UTC()
			return true, nil
		}
	}
	return false, nil
}

// Adjudicate sets the result of pairing (round, board), pending or not (a
// moderator's decision, over any earlier result), and returns its game (0:
// none), which the caller ends if it goes on. A finished Swiss or round
// robin may be corrected; an arena's void games may not. Errors:
// ErrNoPairing (none, or a bye), ErrResult, ErrOver (cancelled, or void).
func (t *Tournament) Adjudicate(round, board int, r Result, now time.Time) (uint64, error) {
	if err := gameResult(r); err != nil {
		return 0, err
	}
	i := t.pairing(round, board)
	if i < 0 || t.Pairings[i].IsBye() {
		return 0, fmt.Errorf("%w: round %d board %d", ErrNoPairing, round, board)
	}
	p := &t.Pairings[i]
	if t.Status == StatusCancelled || p.Result == Void {
		return 0, ErrOver
	}
	p.Result, p.Adjudicated, p.EndedAt = r, true, now.UTC()
	return p.Game, nil
}

// pending reports whether player id has a pairing waiting for its result.
func (t *Tournament) pending(id string) bool {
	for i := len(t.Pairings) - 1; i >= 0; i-- {
		if p := t.Pairings[i]; p.Result == Pending && p.Has(id) {
			return true
		}
	}
	return false
}
