package policy

import (
	"fmt"
	"slices"

	"shinpan/referee"
)

// TimeControl is the part of the options that sets the clock: one of a turn
// limit, main time with byoyomi (or sudden death), main time with a Fischer
// increment, or days per move.
type TimeControl struct {
	TurnSeconds, MainMinutes, ByoyomiSeconds, IncrementSeconds, DaysPerMove int
}

// Time returns the options' time control.
func (o Options) Time() TimeControl {
	return TimeControl{o.TurnSeconds, o.MainMinutes, o.ByoyomiSeconds, o.IncrementSeconds, o.DaysPerMove}
}

// SetTime replaces the options' time control.
func (o *Options) SetTime(tc TimeControl) {
	o.TurnSeconds, o.MainMinutes, o.ByoyomiSeconds, o.IncrementSeconds, o.DaysPerMove =
		tc.TurnSeconds, tc.MainMinutes, tc.ByoyomiSeconds, tc.IncrementSeconds, tc.DaysPerMove
}

// The ranges of the clock options (RULES.md §3); 0 is none for each.
const (
	MaxMainMinutes      = 360
	MinByoyomiSeconds   = 10
	MaxByoyomiSeconds   = 3600
	MaxIncrementSeconds = 600
	MaxDaysPerMove      = 14
)

// TimePreset is a named time control a challenge may pick (time:).
type TimePreset struct {
	Name string // the option's value
	TimeControl
}

// TimePresets are the presets of time:, most common first per kind: "none"
// is no clock, the rest as played on 81Dojo, Shogi Club 24 and lishogi.
var TimePresets = []TimePreset{
	{"none", TimeControl{}},
	{"30s", TimeControl{TurnSeconds: 30}},
	{"10m+30s", TimeControl{MainMinutes: 10, ByoyomiSeconds: 30}},
	{"30m+60s", TimeControl{MainMinutes: 30, ByoyomiSeconds: 60}},
	{"5m+5s", TimeControl{MainMinutes: 5, IncrementSeconds: 5}},
	{"15m+10s", TimeControl{MainMinutes: 15, IncrementSeconds: 10}},
	{"1d", TimeControl{DaysPerMove: 1}},
	{"3d", TimeControl{DaysPerMove: 3}},
}

// PresetError is a time: value that names no preset.
type PresetError struct{ Name string }

func (e *PresetError) Error() string { return fmt.Sprintf("unknown time control %q", e.Name) }

// ConflictError is two clock options that belong to different time
// controls, or an away takeover asked for in correspondence.
type ConflictError struct{ Option, With string }

func (e *ConflictError) Error() string {
	return fmt.Sprintf("%s cannot be combined with %s", e.Option, e.With)
}

// NeedsError is a clock option that means nothing without another.
type NeedsError struct{ Option, Needs string }

func (e *NeedsError) Error() string { return fmt.Sprintf("%s needs %s", e.Option, e.Needs) }

// timeFields are the clock options by their JSON (and slash command) names.
var timeFields = []string{"turn_seconds", "main_minutes", "byoyomi_seconds", "increment_seconds", "days_per_move"}

func (tc *TimeControl) field(name string) *int {
	return map[string]*int{"turn_seconds": &tc.TurnSeconds, "main_minutes": &tc.MainMinutes,
		"byoyomi_seconds": &tc.ByoyomiSeconds, "increment_seconds": &tc.IncrementSeconds, "days_per_move": &tc.DaysPerMove}[name]
}

// ChooseTime sets the time control a challenge asks for: preset ("": none
// given), then the clock options given by name over it. With neither the
// options keep theirs (the server's default); with only fields the rest are
// none. A field of another time control than the preset's is refused
// (time:10m+30s turn_seconds:30), as two time controls given together. A
// clock with main time or days per move turns the away takeover off unless
// away_seconds was given (awayGiven): the clock already ends the game of a
// player who leaves. The result is not validated.
func (o *Options) ChooseTime(preset string, given map[string]int, awayGiven bool) error {
	if preset == "" && !slices.ContainsFunc(timeFields, func(f string) bool { _, ok := given[f]; return ok }) {
		return nil
	}
	var tc TimeControl
	if preset != "" {
		i := slices.IndexFunc(TimePresets, func(p TimePreset) bool { return p.Name == preset })
		if i < 0 {
			return &PresetError{Name: preset}
		}
		tc = TimePresets[i].TimeControl
	}
	for _, f := range timeFields { // in order: the same refusal each time
		if given[f] == 0 {
			continue
		}
		for _, c := range timeConflicts {
			other := ""
			switch f {
			case c[0]:
				other = c[1]
			case c[1]:
				other = c[0]
			default:
				continue
			}
			if _, explicit := given[other]; !explicit && *tc.field(other) != 0 {
				return &ConflictError{Option: f, With: "time:" + preset} // the preset's field of another kind
			}
		}
	}
	for _, f := range timeFields {
		if n, ok := given[f]; ok {
			*tc.field(f) = n
		}
	}
	o.SetTime(tc)
	if !awayGiven && (o.HasMain() || o.DaysPerMove > 0) {
		o.AwaySeconds = 0
	}
	return nil
}

// timeConflicts are the pairs of clock options that belong to different
// time controls.
var timeConflicts = [][2]string{
	{"main_minutes", "turn_seconds"}, {"byoyomi_seconds", "turn_seconds"},
	{"increment_seconds", "turn_seconds"}, {"days_per_move", "turn_seconds"},
	{"days_per_move", "main_minutes"}, {"days_per_move", "byoyomi_seconds"},
	{"days_per_move", "increment_seconds"}, {"increment_seconds", "byoyomi_seconds"},
}

// validateTime checks the clock options' ranges and that they make one time
// control.
func (o Options) validateTime() error {
	for _, r := range []struct {
		name          string
		got, min, max int
	}{
		{"main_minutes", o.MainMinutes, 1, MaxMainMinutes},
		{"byoyomi_seconds", o.ByoyomiSeconds, MinByoyomiSeconds, MaxByoyomiSeconds},
		{"increment_seconds", o.IncrementSeconds, 1, MaxIncrementSeconds},
		{"days_per_move", o.DaysPerMove, 1, MaxDaysPerMove},
	} {
		if r.got != 0 && (r.got < r.min || r.got > r.max) {
			return &referee.OptionError{Option: r.name, Min: r.min, Max: r.max, ZeroNone: true, Got: r.got}
		}
	}
	tc := o.Time()
	for _, c := range timeConflicts {
		if *tc.field(c[0]) != 0 && *tc.field(c[1]) != 0 {
			return &ConflictError{Option: c[0], With: c[1]}
		}
	}
	if o.DaysPerMove != 0 && o.AwaySeconds != 0 {
		return &ConflictError{Option: "days_per_move", With: "away_seconds"}
	}
	set := func(n int) bool { return n != 0 }
	if set(o.IncrementSeconds) && !set(o.MainMinutes) {
		return &NeedsError{Option: "increment_seconds", Needs: "main_minutes"}
	}
	return nil
}
