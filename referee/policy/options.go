package policy

import (
	"fmt"

	"shinpan/referee"
	"shinpan/referee/view"
)

// Options are a game's options: the referee's rules and the table's house
// rules. The JSON and TOML keys are flat, the referee's among them (a stored
// game's options read as before).
type Options struct {
	referee.Options
	TurnSeconds   int  `json:"turn_seconds" toml:"turn_seconds"`     // 0 = no turn limit; else 10..3600
	AwaySeconds   int  `json:"away_seconds" toml:"away_seconds"`     // CPU takes the seat after this; default 600
	ShowReachable bool `json:"show_reachable" toml:"show_reachable"` // default on
	SwapOnRematch bool `json:"swap_on_rematch" toml:"swap_on_rematch"`
	// The clocks (timecontrol.go); a game stored before them has none.
	MainMinutes      int `json:"main_minutes,omitempty" toml:"main_minutes"`           // main time; 0 = none
	ByoyomiSeconds   int `json:"byoyomi_seconds,omitempty" toml:"byoyomi_seconds"`     // after the main time, per move
	IncrementSeconds int `json:"increment_seconds,omitempty" toml:"increment_seconds"` // Fischer: added after each move
	DaysPerMove      int `json:"days_per_move,omitempty" toml:"days_per_move"`         // correspondence
}

// Defaults returns the defaults of RULES.md for a variant.
func Defaults(v view.Variant) Options {
	return Options{Options: referee.DefaultOptions(v), AwaySeconds: 600, ShowReachable: true, SwapOnRematch: true}
}

// Validate checks the ranges of RULES.md: the referee's options, then the
// house rules'. An option out of range gives a *referee.OptionError.
func (o Options) Validate(v view.Variant) error {
	if err := o.Options.Validate(v); err != nil {
		return err
	}
	if o.TurnSeconds != 0 && (o.TurnSeconds < 10 || o.TurnSeconds > 3600) {
		return &referee.OptionError{Option: "turn_seconds", Min: 10, Max: 3600, ZeroNone: true, Got: o.TurnSeconds}
	}
	if o.AwaySeconds < 0 || o.AwaySeconds > MaxAway {
		return &referee.OptionError{Option: "away_seconds", Min: 1, Max: MaxAway, ZeroNone: true, Got: o.AwaySeconds}
	}
	return o.validateTime()
}

// MaxAway is the longest away time: a week.
const MaxAway = 7 * 24 * 3600

// MinRankedAway is the least away time of a ranked game between people
// (RULES.md §3): ratings measure people, so the CPU may not take a seat from
// someone who merely pauses.
const MinRankedAway = 60

// RankedOK reports whether the options allow a ranked game: no away takeover,
// or one after at least MinRankedAway.
func (o Options) RankedOK() bool { return o.AwaySeconds == 0 || o.AwaySeconds >= MinRankedAway }

// variantOptions are the options that mean something in one variant only
// (RULES.md §2): fouls are Tsuitate's, the royal mask Masked's. Not
// king_visible: RULES.md says the other variants ignore it.
var variantOptions = map[string]view.Variant{
	"foul_limit": view.Tsuitate, "announce_fouls": view.Tsuitate, "mask_as_king": view.Masked,
}

// NotForVariantError is an option given for a variant it does not apply to.
type NotForVariantError struct {
	Option       string
	Only, Chosen view.Variant
}

func (e *NotForVariantError) Error() string {
	return fmt.Sprintf("%s applies only to %s, not to %s", e.Option, e.Only, e.Chosen)
}

// CheckApplies refuses the first of the options named (in the order given)
// that belongs to another variant than v: a game of v would ignore it.
func CheckApplies(v view.Variant, names []string) error {
	for _, n := range names {
		if only, ok := variantOptions[n]; ok && only != v {
			return &NotForVariantError{Option: n, Only: only, Chosen: v}
		}
	}
	return nil
}
