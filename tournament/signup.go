package tournament

import (
	"fmt"
	"slices"
	"time"
)

// Join signs p up (p.ID and p.Rating; the rest is set here). An arena takes
// players, and those who withdrew, until it ends; the other formats only
// before the start. Errors: ErrClosed, ErrFull, ErrJoined, ErrKicked.
func (t *Tournament) Join(p Player, now time.Time) error {
	if p.ID == "" {
		return fmt.Errorf("%w: a player without an id", ErrInvalid)
	}
	late := t.Config.Format == Arena && (t.Status == StatusRunning || t.Status == StatusPaused)
	if t.Status != StatusSignup && !late {
		return ErrClosed
	}
	if i := t.player(p.ID); i >= 0 {
		switch q := &t.Players[i]; q.State {
		case Kicked:
			return ErrKicked
		case Withdrawn: // back in the arena, with the points it had
			if t.ActivePlayers() >= t.Config.Limit() {
				return ErrFull
			}
			q.State, q.LeftAt = Active, time.Time{}
			return nil
		}
		return ErrJoined
	}
	if t.ActivePlayers() >= t.Config.Limit() {
		return ErrFull
	}
	np := Player{ID: p.ID, Name: p.Name, Rating: p.Rating, JoinedAt: now.UTC()}
	if late {
		np.Seed = t.maxSeed() + 1 // every player taking part has a seed once started
	}
	t.Players = append(t.Players, np)
	return nil
}

// Withdraw takes player id out: before the start it is leaving (the entry is
// removed); after, the player is no longer paired and keeps their results,
// and the games they are playing are returned for the caller to resign for
// them (their results then come in by Record as usual). In a round robin
// their games still to come are lost by forfeit. Errors: ErrNotJoined, ErrOver.
func (t *Tournament) Withdraw(id string, now time.Time) ([]uint64, error) {
	return t.leave(id, Withdrawn, now)
}

// Kick removes player id (a moderator's decision) as Withdraw does, for
// good: they cannot join again.
func (t *Tournament) Kick(id string, now time.Time) ([]uint64, error) {
	return t.leave(id, Kicked, now)
}

func (t *Tournament) leave(id string, st PlayerState, now time.Time) ([]uint64, error) {
	if t.Status.Over() {
		return nil, ErrOver
	}
	i := t.player(id)
	// A withdrawn player may still be kicked: an arena would take them back.
	if i < 0 || t.Players[i].State != Active && (t.Players[i].State != Withdrawn || st != Kicked) {
		return nil, ErrNotJoined
	}
	if t.Status == StatusSignup && st == Withdrawn {
		t.Players = slices.Delete(t.Players, i, i+1)
		return nil, nil
	}
	if t.Players[i].State == Active {
		t.Players[i].LeftAt = now.UTC()
	}
	t.Players[i].State = st
	var games []uint64
	for j := range t.Pairings {
		p := &t.Pairings[j]
		if p.Result != Pending || !p.Has(id) {
			continue
		}
		if p.Game != 0 {
			games = append(games, p.Game)
			continue
		}
		p.Result, p.Forfeit, p.EndedAt = winnerAgainst(*p, id), true, now.UTC()
	}
	return games, nil
}

// winnerAgainst is the result of p lost by loser.
func winnerAgainst(p Pairing, loser string) Result {
	if p.Black == loser {
		return WhiteWins
	}
	return BlackWins
}

func (t *Tournament) maxSeed() int {
	n := 0
	for _, p := range t.Players {
		n = max(n, p.Seed)
	}
	return n
}

// Start closes the sign-up and starts the tournament: the players are
// seeded by rating (then by who joined first; players kicked before the start
// get none and take no part), and an arena's clock starts.
// The first round is paired by Advance (or Pair). Errors: ErrClosed (not in
// sign-up), ErrTooFew (fewer than 2 players).
func (t *Tournament) Start(now time.Time) error {
	if t.Status != StatusSignup {
		return ErrClosed
	}
	if t.ActivePlayers() < 2 {
		return ErrTooFew
	}
	order := make([]int, 0, len(t.Players))
	for i, p := range t.Players {
		if p.State == Active {
			order = append(order, i)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int {
		pa, pb := t.Players[a], t.Players[b]
		switch {
		case pa.Rating != pb.Rating:
			if pa.Rating > pb.Rating {
				return -1
			}
			return 1
		case !pa.JoinedAt.Equal(pb.JoinedAt):
			return pa.JoinedAt.Compare(pb.JoinedAt)
		}
		return 0 // joined at the same instant: in the order they joined
	})
	for seed, i := range order {
		t.Players[i].Seed = seed + 1
	}
	t.Status, t.StartedAt = StatusRunning, now.UTC()
	if t.Config.Format == Arena {
		t.EndsAt = t.StartedAt.Add(t.Config.Duration)
	}
	return nil
}

// Pause stops new pairings until Resume; games going on still count. An
// arena's end does not move. Errors: ErrNotRunning.
func (t *Tournament) Pause() error {
	if t.Status != StatusRunning {
		return ErrNotRunning
	}
	t.Status = StatusPaused
	return nil
}

// Resume undoes Pause. Errors: ErrNotPaused.
func (t *Tournament) Resume() error {
	if t.Status != StatusPaused {
		return ErrNotPaused
	}
	t.Status = StatusRunning
	return nil
}

// Cancel ends the tournament without a winner. Games going on are returned:
// they are ordinary games from now on (their results count for nothing
// here). Errors: ErrOver.
func (t *Tournament) Cancel(now time.Time) ([]uint64, error) {
	if t.Status.Over() {
		return nil, ErrOver
	}
	return t.end(StatusCancelled, EndCancelled, now), nil
}

// end closes the tournament: pending pairings become void.
func (t *Tournament) end(st Status, why string, now time.Time) []uint64 {
	games := t.LiveGames()
	for i := range t.Pairings {
		if t.Pairings[i].Result == Pending {
			t.Pairings[i].Result = Void
		}
	}
	t.Status, t.Ended, t.EndedAt = st, why, now.UTC()
	return games
}
