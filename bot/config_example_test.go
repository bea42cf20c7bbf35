package bot

import (
	"reflect"
	"testing"

	"shinpan/bot/review"
	"shinpan/referee/view"
)

// Copying config.example.toml changes no default: it loads to the same
// configuration as no file at all (keys spelled out at their default values
// count as the default).
func TestExampleConfigChangesNoDefault(t *testing.T) {
	t.Setenv("DISCORD_TOKEN", "")
	t.Setenv("SHINPAN_METRICS_ADDR", "")
	ex, err := LoadConfig("../config.example.toml")
	if err != nil {
		t.Fatal(err)
	}
	def, err := LoadConfig("")
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []view.Variant{view.Tsuitate, view.Masked, view.Dark, view.Standard} {
		if a, b := ex.options(v), def.options(v); !reflect.DeepEqual(a, b) {
			t.Errorf("%s: the example's options %+v, the defaults %+v", v, a, b)
		}
	}
	effective := func(c Config) Config {
		c.Defaults, c.RawDefaults = nil, nil
		if c.CPULevel == "" {
			c.CPULevel = "strong"
		}
		if c.CPUMoveMillis == 0 {
			c.CPUMoveMillis = 1000
		}
		if c.WatchDelay != nil && *c.WatchDelay == review.DefaultWatchDelay {
			c.WatchDelay = nil
		}
		return c
	}
	if a, b := effective(ex), effective(def); !reflect.DeepEqual(a, b) {
		t.Errorf("the example differs from the defaults:\nexample  %+v\ndefaults %+v", a, b)
	}
}
