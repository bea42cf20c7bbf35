package tournament

import (
	"time"
)

// StepKind is what a tournament needs next.
type StepKind string

const (
	StepWait   StepKind = "wait"   // for Step.At, a result, a player or the organiser
	StepStart  StepKind = "start"  // the start time came: Start
	StepCancel StepKind = "cancel" // the start time came with too few players
	StepPair   StepKind = "pair"   // pair the next round (an arena: free players)
	StepFinish StepKind = "finish" // the last round is over, or the arena's time is up
	StepDone   StepKind = "done"   // over: nothing more to do
)

// Step is Next's answer.
type Step struct {
	Kind StepKind
	// At, for StepWait, is when to ask again at the latest (zero: only once
	// something happens — a result, a sign-up, the organiser).
	At time.Time
}

// Next says what the tournament needs at now. It changes nothing.
func (t *Tournament) Next(now time.Time) Step {
	switch t.Status {
	case StatusFinished, StatusCancelled:
		return Step{Kind: StepDone}
	case StatusSignup:
		switch {
		case t.Config.StartAt.IsZero():
			return Step{Kind: StepWait}
		case now.Before(t.Config.StartAt):
			return Step{Kind: StepWait, At: t.Config.StartAt}
		case t.ActivePlayers() < 2:
			return Step{Kind: StepCancel}
		}
		return Step{Kind: StepStart}
	}
	if t.Config.Format == Arena {
		switch {
		case !now.Before(t.EndsAt):
			return Step{Kind: StepFinish}
		case t.Status == StatusRunning && t.arenaPairable():
			return Step{Kind: StepPair}
		}
		return Step{Kind: StepWait, At: t.EndsAt}
	}
	if t.roundPending() {
		return Step{Kind: StepWait}
	}
	if t.Round >= t.TotalRounds() || t.Config.Format == Swiss && t.ActivePlayers() < 2 {
		return Step{Kind: StepFinish}
	}
	if t.Status == StatusPaused {
		return Step{Kind: StepWait}
	}
	if t.Round > 0 && t.Config.Break > 0 {
		if at := t.roundEnd(t.Round).Add(t.Config.Break); now.Before(at) {
			return Step{Kind: StepWait, At: at}
		}
	}
	return Step{Kind: StepPair}
}

// TotalRounds is how many rounds the tournament has (0 for an arena, and
// for a round robin before its start).
func (t *Tournament) TotalRounds() int {
	switch t.Config.Format {
	case Swiss:
		return t.Config.Rounds
	case RoundRobin:
		n := len(t.bergerOrder())
		if n == 0 {
			return 0
		}
		n += n % 2
		return max(t.Config.Cycles, 1) * (n - 1)
	}
	return 0
}

// roundPending reports whether a pairing of the current round waits for its
// result.
func (t *Tournament) roundPending() bool {
	for i := len(t.Pairings) - 1; i >= 0 && t.Pairings[i].Round == t.Round; i-- {
		if t.Pairings[i].Result == Pending {
			return true
		}
	}
	return false
}

// roundEnd is when round r's last result came in.
func (t *Tournament) roundEnd(r int) time.Time {
	var end time.Time
	for _, p := range t.Pairings {
		if p.Round == r && p.EndedAt.After(end) {
			end = p.EndedAt
		}
	}
	return end
}

// Pair pairs the next round (an arena: the players free at now, busy telling
// who plays elsewhere — nil: nobody) and returns the new pairings, byes
// included: the caller starts a game for each with an opponent and gives it
// to Link. Errors: ErrNotDue (Next is not StepPair).
func (t *Tournament) Pair(now time.Time, busy func(id string) bool) ([]Pairing, error) {
	if t.Next(now).Kind != StepPair {
		return nil, ErrNotDue
	}
	var ps []Pairing
	switch t.Config.Format {
	case Swiss:
		ps = t.pairSwiss()
	case RoundRobin:
		ps = t.pairBerger(now)
	case Arena:
		if busy == nil {
			busy = func(string) bool { return false }
		}
		ps = t.pairArena(busy)
	}
	if len(ps) == 0 {
		return nil, nil
	}
	t.Round++
	for i := range ps {
		ps[i].Round, ps[i].Board, ps[i].PairedAt = t.Round, i+1, now.UTC()
		if ps[i].IsBye() {
			ps[i].Result, ps[i].EndedAt = Bye, now.UTC()
		}
	}
	t.Pairings = append(t.Pairings, ps...)
	return append([]Pairing(nil), ps...), nil
}

// Progress is what Advance did.
type Progress struct {
	Started  bool
	Pairings []Pairing // new pairings: a game to start for each with an opponent
	// Ended is StatusFinished or StatusCancelled when the tournament ended
	// now ("" otherwise).
	Ended Status
	// Wait is what it waits for now (StepWait or StepDone).
	Wait Step
}

// Advance takes every step Next allows at now — starts, pairs (an arena
// once), finishes, cancels — and says what it did: the caller stores the
// tournament with the games of the new pairings, in one transaction.
func (t *Tournament) Advance(now time.Time, busy func(id string) bool) (Progress, error) {
	var pr Progress
	for range 4 * (MaxSwissRounds + 2*MaxRoundRobinPlayers) { // a round robin of forfeits pairs round after round
		s := t.Next(now)
		switch s.Kind {
		case StepStart:
			if err := t.Start(now); err != nil {
				return pr, err
			}
			pr.Started = true
		case StepCancel:
			t.end(StatusCancelled, EndTooFew, now)
			pr.Ended = StatusCancelled
		case StepFinish:
			t.end(StatusFinished, "", now)
			pr.Ended = StatusFinished
		case StepPair:
			ps, err := t.Pair(now, busy)
			if err != nil {
				return pr, err
			}
			pr.Pairings = append(pr.Pairings, ps...)
			if t.Config.Format == Arena || len(ps) == 0 {
				// An arena pairs once a call: the others free now are
				// busy elsewhere (or each other's last opponent).
				pr.Wait = Step{Kind: StepWait, At: t.EndsAt}
				return pr, nil
			}
		default:
			pr.Wait = s
			return pr, nil
		}
	}
	pr.Wait = t.Next(now)
	return pr, nil
}
