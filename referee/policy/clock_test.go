package policy

import (
	"errors"
	"strings"
	"testing"
	"time"

	"shinpan/referee"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

var t0 = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)

func clocked(tc TimeControl) Options {
	o := Defaults(view.Tsuitate)
	o.SetTime(tc)
	return o
}

// TestTurnLimits: when a turn that begins at t0 runs out, per kind.
func TestTurnLimits(t *testing.T) {
	cl := &Clocks{MainMillis: [2]int64{90_000, 5_000}}
	for _, c := range []struct {
		name  string
		tc    TimeControl
		masks bool
		want  [2]time.Duration // Black's, White's (0: none)
	}{
		{"none", TimeControl{}, false, [2]time.Duration{}},
		{"per move", TimeControl{TurnSeconds: 30}, false, [2]time.Duration{30 * time.Second, 30 * time.Second}},
		{"byoyomi", TimeControl{MainMinutes: 10, ByoyomiSeconds: 30}, false, [2]time.Duration{120 * time.Second, 35 * time.Second}},
		{"sudden death", TimeControl{MainMinutes: 10}, false, [2]time.Duration{90 * time.Second, 5 * time.Second}},
		{"fischer", TimeControl{MainMinutes: 5, IncrementSeconds: 5}, false, [2]time.Duration{90 * time.Second, 5 * time.Second}},
		{"correspondence", TimeControl{DaysPerMove: 2}, false, [2]time.Duration{48 * time.Hour, 48 * time.Hour}},
		{"byoyomi masks", TimeControl{MainMinutes: 10, ByoyomiSeconds: 30}, true, [2]time.Duration{time.Minute, time.Minute}},
		{"fischer masks", TimeControl{MainMinutes: 5, IncrementSeconds: 5}, true, [2]time.Duration{time.Minute, time.Minute}},
		{"per move masks", TimeControl{TurnSeconds: 20}, true, [2]time.Duration{20 * time.Second, 20 * time.Second}},
		{"correspondence masks", TimeControl{DaysPerMove: 1}, true, [2]time.Duration{24 * time.Hour, 24 * time.Hour}},
	} {
		o := clocked(c.tc)
		for side := range 2 {
			tn := o.StartTurn(cl, shogi.Color(side), c.masks, t0)
			got := time.Duration(0)
			if !tn.End.IsZero() {
				got = tn.End.Sub(t0)
			}
			if got != c.want[side] || tn.Start != t0 {
				t.Errorf("%s, side %d: limit %v, want %v", c.name, side, got, c.want[side])
			}
		}
	}
}

// TestSpend: what a move of a given length costs the mover.
func TestSpend(t *testing.T) {
	for _, c := range []struct {
		name string
		tc   TimeControl
		used time.Duration
		want int64 // Black's main ms after; White's stays
	}{
		{"byoyomi within main", TimeControl{MainMinutes: 1, ByoyomiSeconds: 30}, 20 * time.Second, 40_000},
		{"byoyomi into the period", TimeControl{MainMinutes: 1, ByoyomiSeconds: 30}, 75 * time.Second, 0},
		{"sudden death", TimeControl{MainMinutes: 1}, 59 * time.Second, 1_000},
		{"fischer", TimeControl{MainMinutes: 1, IncrementSeconds: 5}, 20 * time.Second, 45_000},
		{"fischer late", TimeControl{MainMinutes: 1, IncrementSeconds: 5}, 61 * time.Second, 5_000},
		{"fischer gains", TimeControl{MainMinutes: 1, IncrementSeconds: 5}, time.Second, 64_000},
	} {
		o := clocked(c.tc)
		got := o.Spend(o.StartClocks(), B, c.used)
		if got.MainMillis[B] != c.want || got.MainMillis[W] != 60_000 {
			t.Errorf("%s: %v", c.name, got.MainMillis)
		}
	}
	for _, tc := range []TimeControl{{}, {TurnSeconds: 30}, {DaysPerMove: 1}, {ByoyomiSeconds: 30}} {
		if o := clocked(tc); o.StartClocks() != nil || o.Spend(nil, B, time.Minute) != nil {
			t.Errorf("%+v keeps main time", tc)
		}
	}
}

// TestNextTurn: a move charges its mover and starts the other's turn; a
// foul, a bounce or a changed mask charge nothing and leave the turn as it
// was (RULES.md §3: the time of a foul is the mover's, its only trace the
// time the move finally took).
func TestNextTurn(t *testing.T) {
	o := clocked(TimeControl{MainMinutes: 1, ByoyomiSeconds: 10})
	g := newGame(t, view.Tsuitate, "4k4/9/9/9/9/9/9/4p4/4K4 b - 1")
	cl := o.StartClocks()
	turn := o.StartTurn(cl, B, false, t0)
	step := func(a referee.Action, at time.Duration) {
		t.Helper()
		before := apply(t, g, a)
		cl, turn = o.NextTurn(cl, turn, before, g, t0.Add(at))
	}
	step(move(B, "5i4i"), 15*time.Second)
	if cl.MainMillis != [2]int64{45_000, 60_000} || turn.Player != W || !turn.Start.Equal(t0.Add(15*time.Second)) || !turn.End.Equal(t0.Add(85*time.Second)) {
		t.Fatalf("after Black's move: %v %+v", cl.MainMillis, turn)
	}
	step(move(W, "5a5b"), 20*time.Second)
	was := turn
	step(move(B, "4i5i"), 30*time.Second) // a foul
	if g.LastOutcome() != referee.Foul || turn != was || cl.MainMillis != [2]int64{45_000, 55_000} {
		t.Fatalf("a foul changed the clocks: %v %+v", cl.MainMillis, turn)
	}
	step(move(B, "4i3i"), 80*time.Second) // 60 s after the turn began: 30 of them on the foul
	if cl.MainMillis != [2]int64{0, 55_000} || turn.Player != W {
		t.Fatalf("the foul's time is not the mover's: %v", cl.MainMillis)
	}
	step(referee.Action{Kind: referee.ActResign, Player: W}, 90*time.Second)
	if turn != nil || cl.MainMillis != [2]int64{0, 55_000} {
		t.Fatalf("after the end: %v %+v", cl.MainMillis, turn)
	}

	d := newGame(t, view.Dark, "4k4/9/9/9/4p4/9/9/9/4K4 b P 1")
	cl, turn = o.StartClocks(), o.StartTurn(o.StartClocks(), B, false, t0)
	before := apply(t, d, move(B, "P*5e"))
	if cl2, turn2 := o.NextTurn(cl, turn, before, d, t0.Add(time.Second)); d.LastOutcome() != referee.Bounce || turn2 != turn || cl2 != cl {
		t.Fatal("a bounce changed the clocks")
	}

	m := newGame(t, view.Masked, "")
	cl, turn = o.StartClocks(), o.StartTurn(o.StartClocks(), B, true, t0)
	before = apply(t, m, mask(B, "2h"))
	cl, turn = o.NextTurn(cl, turn, before, m, t0.Add(5*time.Second))
	if turn.Player != W || !turn.End.Equal(t0.Add(60*time.Second)) {
		t.Fatalf("the first mask: %+v", turn)
	}
	before = apply(t, m, mask(W, "8b"))
	cl, turn = o.NextTurn(cl, turn, before, m, t0.Add(50*time.Second))
	if cl.MainMillis != [2]int64{60_000, 60_000} || turn.Player != B || !turn.End.Equal(t0.Add(120*time.Second)) {
		t.Fatalf("the masks cost main time: %v %+v", cl.MainMillis, turn)
	}
}

// TestTimeOptions: presets, explicit fields over them, ranges, combinations
// and the away takeover of clocked games.
func TestTimeOptions(t *testing.T) {
	for _, c := range []struct {
		name      string
		preset    string
		given     map[string]int
		awayGiven bool
		want      TimeControl
		away      int
		err       error
	}{
		{name: "nothing keeps the default", want: TimeControl{TurnSeconds: 60}, away: 600},
		{name: "byoyomi preset", preset: "10m+30s", want: TimeControl{MainMinutes: 10, ByoyomiSeconds: 30}},
		{name: "fischer preset", preset: "5m+5s", want: TimeControl{MainMinutes: 5, IncrementSeconds: 5}},
		{name: "correspondence preset", preset: "1d", want: TimeControl{DaysPerMove: 1}},
		{name: "per-move preset", preset: "30s", want: TimeControl{TurnSeconds: 30}, away: 600},
		{name: "none preset", preset: "none", away: 600},
		{name: "a field over a preset", preset: "10m+30s", given: map[string]int{"main_minutes": 20}, want: TimeControl{MainMinutes: 20, ByoyomiSeconds: 30}},
		{name: "a field of another kind", preset: "10m+30s", given: map[string]int{"increment_seconds": 3}, err: &ConflictError{}},
		{name: "a turn limit over a preset", preset: "10m+30s", given: map[string]int{"turn_seconds": 30}, err: &ConflictError{}},
		{name: "a turn limit over the per-move preset", preset: "30s", given: map[string]int{"turn_seconds": 45}, want: TimeControl{TurnSeconds: 45}, away: 600},
		{name: "a preset's field cleared", preset: "10m+30s", given: map[string]int{"byoyomi_seconds": 0}, want: TimeControl{MainMinutes: 10}},
		{name: "fields alone", given: map[string]int{"main_minutes": 3}, want: TimeControl{MainMinutes: 3}},
		{name: "away kept when given", preset: "5m+5s", given: map[string]int{"away_seconds": 120}, awayGiven: true, want: TimeControl{MainMinutes: 5, IncrementSeconds: 5}, away: 120},
		{name: "unknown preset", preset: "blitz", err: &PresetError{}},
		{name: "two kinds given", given: map[string]int{"byoyomi_seconds": 30, "increment_seconds": 5, "main_minutes": 5}, err: &ConflictError{}},
		{name: "turn and main", given: map[string]int{"turn_seconds": 30, "main_minutes": 5}, err: &ConflictError{}},
		{name: "increment alone", given: map[string]int{"increment_seconds": 5}, err: &NeedsError{}},
		{name: "days and away", preset: "3d", awayGiven: true, given: map[string]int{"away_seconds": 600}, err: &ConflictError{}},
		{name: "main too long", given: map[string]int{"main_minutes": MaxMainMinutes + 1}, err: &referee.OptionError{}},
		{name: "byoyomi too short", given: map[string]int{"byoyomi_seconds": 5}, err: &referee.OptionError{}},
		{name: "increment too long", preset: "5m+5s", given: map[string]int{"increment_seconds": MaxIncrementSeconds + 1}, err: &referee.OptionError{}},
		{name: "days too many", given: map[string]int{"days_per_move": MaxDaysPerMove + 1}, err: &referee.OptionError{}},
	} {
		o := Defaults(view.Standard)
		o.TurnSeconds = 60 // a server's default
		if n, ok := c.given["away_seconds"]; ok {
			o.AwaySeconds = n
		}
		err := o.ChooseTime(c.preset, c.given, c.awayGiven)
		if err == nil {
			err = o.Validate(view.Standard)
		}
		if c.err != nil {
			if err == nil || errorType(err) != errorType(c.err) {
				t.Errorf("%s: %v, want a %T", c.name, err, c.err)
			}
			continue
		}
		if err != nil || o.Time() != c.want || o.AwaySeconds != c.away {
			t.Errorf("%s: %+v away %d (%v)", c.name, o.Time(), o.AwaySeconds, err)
		}
		if !o.RankedOK() {
			t.Errorf("%s: not ranked", c.name)
		}
	}
	for _, p := range TimePresets {
		o := Defaults(view.Masked)
		if err := o.ChooseTime(p.Name, nil, false); err != nil || o.Validate(view.Masked) != nil || !o.RankedOK() {
			t.Errorf("preset %s: %v", p.Name, err)
		}
	}
}

func errorType(err error) string {
	var (
		pe *PresetError
		ce *ConflictError
		ne *NeedsError
		oe *referee.OptionError
	)
	switch {
	case errors.As(err, &pe):
		return "preset"
	case errors.As(err, &ce):
		return "conflict"
	case errors.As(err, &ne):
		return "needs"
	case errors.As(err, &oe):
		return "range"
	}
	return err.Error()
}

// TestMoveBudget: a CPU's think time fits every clock.
func TestMoveBudget(t *testing.T) {
	for _, c := range []struct {
		tc   TimeControl
		want time.Duration
	}{
		{TimeControl{}, 0},
		{TimeControl{TurnSeconds: 20}, 5 * time.Second},
		{TimeControl{MainMinutes: 10, ByoyomiSeconds: 30}, 7500 * time.Millisecond},
		{TimeControl{MainMinutes: 2}, time.Second},
		{TimeControl{MainMinutes: 2, IncrementSeconds: 2}, 2 * time.Second},
		{TimeControl{DaysPerMove: 1}, 0},
	} {
		if got := clocked(c.tc).MoveBudget(); got != c.want {
			t.Errorf("%+v: %v, want %v", c.tc, got, c.want)
		}
	}
}

// TestCheckApplies: options of one variant are refused for another, the
// common ones for any.
func TestCheckApplies(t *testing.T) {
	for _, c := range []struct {
		v     view.Variant
		names []string
		bad   string
	}{
		{view.Tsuitate, []string{"foul_limit", "announce_fouls", "king_visible", "move_limit"}, ""},
		{view.Masked, []string{"mask_as_king", "turn_seconds", "show_reachable"}, ""},
		{view.Masked, []string{"move_limit", "foul_limit"}, "foul_limit"},
		{view.Dark, []string{"mask_as_king"}, "mask_as_king"},
		{view.Standard, []string{"king_visible"}, ""}, // RULES.md: ignored outside Tsuitate
		{view.Standard, []string{"announce_fouls"}, "announce_fouls"},
	} {
		t.Run(string(c.v)+" "+strings.Join(c.names, ","), func(t *testing.T) {
			err := CheckApplies(c.v, c.names)
			var ne *NotForVariantError
			switch {
			case c.bad == "" && err != nil:
				t.Errorf("refused: %v", err)
			case c.bad != "" && (!errors.As(err, &ne) || ne.Option != c.bad || ne.Chosen != c.v):
				t.Errorf("%v, want %s refused", err, c.bad)
			}
		})
	}
}
