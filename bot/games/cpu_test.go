package games

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"

	"shinpan/player"
	"shinpan/referee/shogi"
	"shinpan/store"
)

// TestLevelOf: the challenger's stored level for the bot's seat, else the
// configured one; a stored level that does not parse is logged at warn and
// the seat plays at the configured level (not the strongest), so the game
// still gets its CPU moves; a configured level that does not parse plays
// strong, also logged.
func TestLevelOf(t *testing.T) {
	for _, tc := range []struct {
		name       string
		configured string
		stored     *store.CPUChoice
		ask        shogi.Color
		want       player.Level
		warn       string // in the warning logged ("": none)
	}{
		{name: "the challenger's choice", configured: "strong", stored: &store.CPUChoice{Level: "random"}, ask: shogi.White, want: player.Random},
		{name: "no choice: the configured level", configured: "greedy", ask: shogi.White, want: player.Greedy},
		{name: "an empty choice: the configured level", configured: "random", stored: &store.CPUChoice{MoveMillis: 300}, ask: shogi.White, want: player.Random},
		{name: "the choice is the bot's seat's only", configured: "greedy", stored: &store.CPUChoice{Level: "random"}, ask: shogi.Black, want: player.Greedy},
		{name: "a stored level that does not parse: the configured one", configured: "random", stored: &store.CPUChoice{Level: "medium"},
			ask: shogi.White, want: player.Random, warn: `stored=medium level=random`},
		{name: "a stored level that does not parse, none configured: strong", configured: "", stored: &store.CPUChoice{Level: "randum"},
			ask: shogi.White, want: player.Strong, warn: `stored=randum level=strong`},
		{name: "a configured level that does not parse: strong", configured: "weak", ask: shogi.White, want: player.Strong,
			warn: `configured=weak`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			cpu := CPU{Level: tc.configured, Log: slog.New(slog.NewTextHandler(&buf, nil))}
			meta := store.Game{ID: 12, Players: [2]string{"alice", store.CPU}, CPU: tc.stored}
			if got := cpu.LevelOf(meta, tc.ask); got != tc.want {
				t.Errorf("level %q, want %q", got, tc.want)
			}
			logged := buf.String()
			switch {
			case tc.warn == "" && logged != "":
				t.Errorf("logged %q, want nothing", logged)
			case tc.warn != "" && (!strings.Contains(logged, "level=WARN") || !strings.Contains(logged, tc.warn) || !strings.Contains(logged, "game=12")):
				t.Errorf("logged %q, want a warning with game=12 and %q", logged, tc.warn)
			}
		})
	}
}
