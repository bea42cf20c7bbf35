package referee

import (
	"bytes"
	"encoding/json"
	"fmt"

	"shinpan/referee/notation"
	"shinpan/referee/view"
)

// Options are a game's rules that the referee judges (RULES.md §2, §3; the
// seeds' house-rule tables). JSON keys are those of the referee protocol. The
// bot's own house rules (clocks, away seats) are referee/policy's.
type Options struct {
	FoulLimit     int  `json:"foul_limit" toml:"foul_limit"`         // Tsuitate: the Nth foul loses; 1..20, default 10
	AnnounceFouls bool `json:"announce_fouls" toml:"announce_fouls"` // Tsuitate: fouls told to the opponent and channel; default on
	MoveLimit     int  `json:"move_limit" toml:"move_limit"`         // draw once this move number has been played; 0 = none
	MaskAsKing    bool `json:"mask_as_king" toml:"mask_as_king"`     // Masked: the mask is royal (default off)
	// KingVisible is Tsuitate's "the opponent's king is always known"
	// (seed 002; default off): each player is shown the opponent's king on
	// its real square, the channel both kings. Other variants ignore it, as
	// they do the options of one another.
	KingVisible bool `json:"king_visible,omitempty" toml:"king_visible"`
}

// DefaultOptions returns the defaults of RULES.md for a variant.
func DefaultOptions(v view.Variant) Options {
	o := Options{AnnounceFouls: true}
	if r, ok := newRules(v); ok {
		r.defaults(&o)
	}
	return o
}

// ParseOptions returns the variant's defaults overridden by the keys present in
// raw (a JSON object; empty means none), validated.
func ParseOptions(v view.Variant, raw []byte) (Options, error) {
	o := DefaultOptions(v)
	if len(raw) > 0 && string(raw) != "null" {
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.DisallowUnknownFields() // a misspelt key is an error, not a silent default
		if err := dec.Decode(&o); err != nil {
			return o, fmt.Errorf("bad options: %v", err)
		}
	}
	return o, o.Validate(v)
}

// Validate checks the ranges of RULES.md. An option out of range gives an
// *OptionError.
func (o Options) Validate(v view.Variant) error {
	r, ok := newRules(v)
	if !ok {
		return &VariantError{Name: string(v)}
	}
	if err := r.validate(o); err != nil {
		return err
	}
	if o.MoveLimit != 0 && (o.MoveLimit < 50 || o.MoveLimit > 1000) {
		return &OptionError{Option: "move_limit", Min: 50, Max: 1000, ZeroNone: true, Got: o.MoveLimit}
	}
	return nil
}

// OptionError is an option out of its range: Min to Max (no upper bound when
// Max is 0), or 0 meaning none when ZeroNone.
type OptionError struct {
	Option   string // the JSON key, the name the slash command shows
	Min, Max int
	ZeroNone bool
	Got      int
}

func (e *OptionError) Error() string {
	switch {
	case e.Max == 0:
		return fmt.Sprintf("%s must be at least %d, got %d", e.Option, e.Min, e.Got)
	case e.ZeroNone:
		return fmt.Sprintf("%s must be 0 (none) or %d to %d, got %d", e.Option, e.Min, e.Max, e.Got)
	}
	return fmt.Sprintf("%s must be %d to %d, got %d", e.Option, e.Min, e.Max, e.Got)
}

// VariantError is a variant name ParseVariant does not know.
type VariantError struct{ Name string }

func (e *VariantError) Error() string {
	return "unknown variant " + notation.Quote(e.Name) + ": want standard, tsuitate, masked or dark"
}

// ParseVariant reads a variant name; an unknown one gives a *VariantError.
func ParseVariant(s string) (view.Variant, error) {
	if _, ok := variants[view.Variant(s)]; ok {
		return view.Variant(s), nil
	}
	if s == "open" {
		return view.Standard, nil
	}
	return "", &VariantError{Name: s}
}
