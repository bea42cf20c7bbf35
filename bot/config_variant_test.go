package bot

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestConfigDefaultsOfAnotherVariant: a default no game of its variant would
// read ([defaults.masked] foul_limit: fouls are Tsuitate's) stops the start
// with the key named, rather than being ignored.
func TestConfigDefaultsOfAnotherVariant(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.toml")
	for _, c := range []struct{ toml, want string }{
		{"[defaults.masked]\nfoul_limit = 5\n", "defaults.masked: foul_limit applies only to tsuitate, not to masked"},
		{"[defaults.dark]\nturn_seconds = 30\nmask_as_king = true\n", "defaults.dark: mask_as_king applies only to masked"},
		{"[defaults.standard]\nannounce_fouls = false\n", "defaults.standard: announce_fouls"},
	} {
		t.Run(c.want, func(t *testing.T) {
			if err := os.WriteFile(path, []byte(c.toml), 0o600); err != nil {
				t.Fatal(err)
			}
			if _, err := LoadConfig(path); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%q: %v, want %q", c.toml, err, c.want)
			}
		})
	}
	if err := os.WriteFile(path, []byte("[defaults.tsuitate]\nfoul_limit = 5\n[defaults.masked]\nmask_as_king = true\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadConfig(path); err != nil {
		t.Errorf("each variant's own options: %v", err)
	}
}
