package bot

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"shinpan/referee/policy"
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

// TestNewChecksConfig: New refuses a configuration it cannot honour, as
// LoadConfig refuses the file, with the key in the error, rather than
// playing on with a default (an unknown CPU level was the strong one); the
// defaults it fills are no error.
func TestNewChecksConfig(t *testing.T) {
	t.Parallel()
	st, err := storeBackend.open(storeBackend.fresh(t))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	off := false
	fastDark := policy.Defaults(view.Dark)
	fastDark.TurnSeconds = 5 // under the rule book's least
	for _, tc := range []struct {
		name string
		cfg  Config
		want string // in the error ("": none)
	}{
		{"defaults", Config{}, ""},
		{"cpu level", Config{CPULevel: "greedy"}, ""},
		{"cpu level as the seats read it", Config{CPULevel: " Random "}, ""},
		{"unknown cpu level", Config{CPULevel: "expert"}, `cpu_level "expert": want random, greedy or strong`},
		{"the arena's cpu level", Config{CPULevel: "baseline"}, "cpu_level"},
		{"challenge minutes", Config{ChallengeMinutes: -5}, "challenge_minutes -5"},
		{"open challenges", Config{MaxOpenChallenges: 101}, "max_open_challenges 101"},
		{"log level", Config{LogLevel: "loud"}, "log_level"},
		{"watch delay", Config{WatchDelay: intPtr(301)}, "watch_delay 301"},
		{"cpu think time", Config{CPUMoveMillis: -1}, "cpu_move_ms"},
		{"players' most think time", Config{CPUMaxMoveMillis: 100}, ""},
		{"players' most think time under think:'s least", Config{CPUMaxMoveMillis: 99}, "cpu_max_move_ms 99"},
		{"card share", Config{CardShare: 1.5}, "card_share"},
		{"dev guild", Config{DevGuild: "123456789012345678"}, ""},
		{"dev guild not an id", Config{DevGuild: "abc"}, `dev_guild "abc": want a server's id`},
		{"dev guild too long", Config{DevGuild: "123456789012345678901"}, "dev_guild"},
		{"endpoint", Config{HTTPAddr: "127.0.0.1:0", PublicKey: strings.Repeat("ab", 32)}, ""},
		{"endpoint without its key", Config{HTTPAddr: "127.0.0.1:0"}, "public_key"},
		{"shards without a gateway", Config{Gateway: &off, ShardCount: 2, Shards: []int{1}}, "shards"},
		{"a variant's defaults", Config{Defaults: map[view.Variant]policy.Options{view.Dark: fastDark}}, "defaults.dark"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, _ := discordgo.New("Bot test")
			b, err := New(tc.cfg, st, s)
			if b != nil {
				defer b.Close()
			}
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("refused: %v", err)
			case tc.want != "" && (err == nil || b != nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("New: %v (bot %v), want an error with %q", err, b != nil, tc.want)
			}
		})
	}
}

// TestConfigTokenTrimmed: a token pasted with the line's end or the "Bot "
// of the Authorization header is the token itself, from the file or the
// environment.
func TestConfigTokenTrimmed(t *testing.T) {
	for _, c := range []struct{ name, file, env string }{
		{"file, line end", "token = \"abc.def\\n\"", ""},
		{"file, Bot prefix", "token = \"Bot abc.def\"", ""},
		{"env, spaces and line end", "", " abc.def \r\n"},
		{"env, Bot prefix", "", "Bot abc.def"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv("DISCORD_TOKEN", c.env)
			path := filepath.Join(t.TempDir(), "c.toml")
			if err := os.WriteFile(path, []byte(c.file), 0o600); err != nil {
				t.Fatal(err)
			}
			cfg, err := LoadConfig(path)
			if err != nil || cfg.Token != "abc.def" {
				t.Errorf("token %q, %v", cfg.Token, err)
			}
		})
	}
}
