package discordtest

import (
	"encoding/json"
	"fmt"
	"shinpan/bot/discordtest/wire"
	"shinpan/bot/discordtest/world"
	"sort"

	"github.com/bwmarrin/discordgo"
)

// optionDef is a registered command option, as far as invocation checks need it.
type optionDef struct {
	Name      string      `json:"name"`
	Type      int         `json:"type"`
	Required  bool        `json:"required"`
	Choices   []choiceDef `json:"choices"`
	Options   []optionDef `json:"options"`
	MinValue  *float64    `json:"min_value"`
	MaxValue  *float64    `json:"max_value"`
	MinLength *int        `json:"min_length"`
	MaxLength *int        `json:"max_length"`
	// Autocomplete: Discord asks the bot for choices while the user types.
	Autocomplete bool `json:"autocomplete"`
}

// focusedDef finds the focused option among given (within subcommands) and
// its definition.
func focusedDef(defs []optionDef, given []Option) (optionDef, bool) {
	for _, o := range given {
		for _, d := range defs {
			if d.Name != o.Name {
				continue
			}
			if o.Focused {
				return d, true
			}
			if d2, ok := focusedDef(d.Options, o.Options); ok {
				return d2, true
			}
		}
	}
	return optionDef{}, false
}

type choiceDef struct {
	Value any `json:"value"`
}

// checkOptions verifies options given by a test against the registered
// definitions: known names, matching types, required ones present, values
// among the choices and within the bounds.
func checkOptions(defs []optionDef, given []Option, where string) error {
	byName := map[string]optionDef{}
	for _, d := range defs {
		byName[d.Name] = d
	}
	seen := map[string]bool{}
	for _, o := range given {
		d, ok := byName[o.Name]
		if !ok {
			return fmt.Errorf("%w: %s has no option %q", ErrBadOption, where, o.Name)
		}
		if int(o.Type) != d.Type {
			return fmt.Errorf("%w: %s option %q has type %d, given %d", ErrBadOption, where, o.Name, d.Type, o.Type)
		}
		seen[o.Name] = true
		switch o.Type {
		case discordgo.ApplicationCommandOptionSubCommand, discordgo.ApplicationCommandOptionSubCommandGroup:
			if err := checkOptions(d.Options, o.Options, where+" "+o.Name); err != nil {
				return err
			}
			continue
		}
		if err := checkValue(d, o, where); err != nil {
			return err
		}
	}
	for _, d := range defs {
		if d.Required && !seen[d.Name] {
			return fmt.Errorf("%w: %s requires option %q", ErrBadOption, where, d.Name)
		}
	}
	if len(given) == 0 {
		// A command made of subcommands must be invoked through one.
		for _, d := range defs {
			if d.Type == int(discordgo.ApplicationCommandOptionSubCommand) || d.Type == int(discordgo.ApplicationCommandOptionSubCommandGroup) {
				return fmt.Errorf("%w: %s needs a subcommand", ErrBadOption, where)
			}
		}
	}
	return nil
}

func checkValue(d optionDef, o Option, where string) error {
	if len(d.Choices) > 0 {
		ok := false
		for _, c := range d.Choices {
			ok = ok || fmt.Sprint(c.Value) == fmt.Sprint(o.Value)
		}
		if !ok {
			return fmt.Errorf("%w: %s option %q value %v is not a choice", ErrBadOption, where, o.Name, o.Value)
		}
	}
	switch v := o.Value.(type) {
	case string:
		n := len([]rune(v))
		if (d.MinLength != nil && n < *d.MinLength) || (d.MaxLength != nil && n > *d.MaxLength) {
			return fmt.Errorf("%w: %s option %q length %d out of bounds", ErrBadOption, where, o.Name, n)
		}
	case int64, float64:
		f := toFloat(v)
		if (d.MinValue != nil && f < *d.MinValue) || (d.MaxValue != nil && f > *d.MaxValue) {
			return fmt.Errorf("%w: %s option %q value %v out of bounds", ErrBadOption, where, o.Name, v)
		}
	}
	return nil
}

func toFloat(v any) float64 {
	switch x := v.(type) {
	case int64:
		return float64(x)
	case float64:
		return x
	}
	return 0
}

// commandDefs extracts the option definitions of a stored command.
func commandDefs(cmd *world.Command) []optionDef {
	var d struct {
		Options []optionDef `json:"options"`
	}
	_ = json.Unmarshal(wire.MustJSON(cmd.Object), &d)
	return d.Options
}

// sortedKeys returns m's keys in order (for deterministic payloads).
func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
