package bot

import (
	"os"
	"path/filepath"
	"testing"

	"shinpan/referee/view"
)

// TestConfigDefaults: a variant's defaults in the config set both the
// referee's options and the house rules, under the same flat keys.
func TestConfigDefaults(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.toml")
	toml := "[defaults.tsuitate]\nfoul_limit = 20\nturn_seconds = 30\nshow_reachable = false\n"
	if err := os.WriteFile(path, []byte(toml), 0o600); err != nil {
		t.Fatal(err)
	}
	c, err := LoadConfig(path)
	if err != nil {
		t.Fatal(err)
	}
	o := c.options(view.Tsuitate)
	if o.FoulLimit != 20 || o.TurnSeconds != 30 || o.ShowReachable || o.AwaySeconds != 600 || o.MoveLimit != 150 {
		t.Errorf("tsuitate defaults %+v", o)
	}
	if err := os.WriteFile(path, []byte("[defaults.dark]\nturn_seconds = 5\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadConfig(path); err == nil {
		t.Error("turn_seconds 5 accepted")
	}
}

// TestConfigClockDefaults: a server's default clock; main time or days per
// move turn the away takeover off unless the table sets it; a clock that is
// no time control stops the start.
func TestConfigClockDefaults(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.toml")
	toml := "[defaults.standard]\nmain_minutes = 10\nbyoyomi_seconds = 30\n[defaults.dark]\ndays_per_move = 2\n" +
		"[defaults.tsuitate]\nmain_minutes = 5\nincrement_seconds = 5\naway_seconds = 300\n"
	if err := os.WriteFile(path, []byte(toml), 0o600); err != nil {
		t.Fatal(err)
	}
	c, err := LoadConfig(path)
	if err != nil {
		t.Fatal(err)
	}
	if o := c.options(view.Standard); o.MainMinutes != 10 || o.ByoyomiSeconds != 30 || o.AwaySeconds != 0 {
		t.Errorf("standard %+v", o)
	}
	if o := c.options(view.Dark); o.DaysPerMove != 2 || o.AwaySeconds != 0 {
		t.Errorf("dark %+v", o)
	}
	if o := c.options(view.Tsuitate); o.IncrementSeconds != 5 || o.AwaySeconds != 300 {
		t.Errorf("tsuitate %+v", o)
	}
	for _, bad := range []string{"[defaults.dark]\nbyoyomi_seconds = 30\nincrement_seconds = 5\nmain_minutes = 5\n",
		"[defaults.dark]\ndays_per_move = 1\naway_seconds = 60\n", "[defaults.dark]\nmain_minutes = 1000\n"} {
		if err := os.WriteFile(path, []byte(bad), 0o600); err != nil {
			t.Fatal(err)
		}
		if _, err := LoadConfig(path); err == nil {
			t.Errorf("accepted %q", bad)
		}
	}
}
