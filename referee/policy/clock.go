package policy

import (
	"time"

	"shinpan/referee"
	"shinpan/referee/shogi"
)

// TimeKind is the kind of a game's time control.
type TimeKind int

const (
	TimeNone           TimeKind = iota // no clock (the away takeover alone)
	TimePerMove                        // turn_seconds for every move
	TimeByoyomi                        // main time, then byoyomi_seconds a move (0: sudden death)
	TimeFischer                        // main time, increment_seconds added after each move
	TimeCorrespondence                 // days_per_move for every move
)

// TimeKind returns the kind of the options' time control (Validate checks
// that its fields go together).
func (o Options) TimeKind() TimeKind {
	switch {
	case o.DaysPerMove > 0:
		return TimeCorrespondence
	case o.IncrementSeconds > 0:
		return TimeFischer
	case o.MainMinutes > 0 || o.ByoyomiSeconds > 0:
		return TimeByoyomi
	case o.TurnSeconds > 0:
		return TimePerMove
	}
	return TimeNone
}

// HasMain reports whether each side has a main time that moves spend.
func (o Options) HasMain() bool { return o.MainMinutes > 0 }

// MaskSeconds is how long the Masked mask phase may last under a clock that
// has no per-move time of its own (RULES.md §3): the masks are chosen off the
// main clocks.
const MaskSeconds = 60

// Clocks are both sides' main time left between turns (RULES.md §3), in ms,
// indexed by shogi.Color. They change only when a move is played.
type Clocks struct {
	MainMillis [2]int64 `json:"main_ms"`
}

// Left returns c's main time left.
func (cl *Clocks) Left(c shogi.Color) time.Duration {
	if cl == nil {
		return 0
	}
	return time.Duration(cl.MainMillis[c]) * time.Millisecond
}

// StartClocks returns the clocks at the start of a game: each side's full
// main time; nil without one.
func (o Options) StartClocks() *Clocks {
	if !o.HasMain() {
		return nil
	}
	ms := int64(o.MainMinutes) * 60 * 1000
	return &Clocks{MainMillis: [2]int64{ms, ms}}
}

// Turn is the clock of the turn in progress: whose it is, when it began and
// when it runs out (zero: never).
type Turn struct {
	Player shogi.Color
	Start  time.Time
	End    time.Time
}

// turnLimit is how long a turn of c that begins with clocks cl may last (0:
// no limit). masks: the Masked mask phase.
func (o Options) turnLimit(cl *Clocks, c shogi.Color, masks bool) time.Duration {
	sec := func(n int) time.Duration { return time.Duration(n) * time.Second }
	switch k := o.TimeKind(); {
	case k == TimeNone:
		return 0
	case k == TimePerMove:
		return sec(o.TurnSeconds)
	case k == TimeCorrespondence:
		return time.Duration(o.DaysPerMove) * 24 * time.Hour
	case masks:
		return sec(MaskSeconds)
	case k == TimeByoyomi:
		return cl.Left(c) + sec(o.ByoyomiSeconds)
	}
	return cl.Left(c) // Fischer
}

// StartTurn returns the clock of c's turn beginning at now.
func (o Options) StartTurn(cl *Clocks, c shogi.Color, masks bool, now time.Time) *Turn {
	t := &Turn{Player: c, Start: now}
	if d := o.turnLimit(cl, c, masks); d > 0 {
		t.End = now.Add(d)
	}
	return t
}

// Spend returns the clocks after c played a move that took used: byoyomi
// takes it from the main time (down to 0, the byoyomi period being per
// move); Fischer too, then adds the increment. Other clocks keep nothing.
func (o Options) Spend(cl *Clocks, c shogi.Color, used time.Duration) *Clocks {
	if cl == nil || !o.HasMain() {
		return cl
	}
	out := *cl
	left := max(0, out.MainMillis[c]-used.Milliseconds())
	if o.TimeKind() == TimeFischer {
		left += int64(o.IncrementSeconds) * 1000
	}
	out.MainMillis[c] = left
	return &out
}

// NextTurn returns the clocks and the running turn after an accepted action
// took the game from before to after at now (RULES.md §3). A move charges its
// mover the time since their turn began and starts the opponent's turn; the
// masks being set start Black's. A foul, a bounce or a changed mask charge
// nothing and stop nothing: the turn runs on as it was (cur itself is
// returned), so the clocks never show them. The masks are chosen within one
// limit from the start, whoever chooses first. Once the game is over there is
// no turn (the last move is still charged).
func (o Options) NextTurn(cl *Clocks, cur *Turn, before, after *referee.Game, now time.Time) (*Clocks, *Turn) {
	if NewTurn(before, after) && !before.NeedsMasks() && cur != nil && !cur.Start.IsZero() {
		cl = o.Spend(cl, cur.Player, now.Sub(cur.Start))
	}
	waiting, ok := Waiting(after)
	if !ok {
		return cl, nil
	}
	switch {
	case cur != nil && cur.Player == waiting && !NewTurn(before, after):
		return cl, cur
	case cur != nil && after.NeedsMasks():
		return cl, &Turn{Player: waiting, Start: cur.Start, End: cur.End} // one mask limit for both, from the start
	}
	return cl, o.StartTurn(cl, waiting, after.NeedsMasks(), now)
}

// MoveBudget is a safe think time per move for a CPU on this clock (0: the
// clock sets none): a quarter of a per-move time, or of the byoyomi period;
// without one, a 120th of the main time plus half the increment.
func (o Options) MoveBudget() time.Duration {
	sec := func(n int) time.Duration { return time.Duration(n) * time.Second }
	switch o.TimeKind() {
	case TimePerMove:
		return sec(o.TurnSeconds) / 4
	case TimeByoyomi:
		if o.ByoyomiSeconds > 0 {
			return sec(o.ByoyomiSeconds) / 4
		}
	case TimeCorrespondence, TimeNone:
		return 0
	}
	return sec(o.MainMinutes*60)/120 + sec(o.IncrementSeconds)/2
}
