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
