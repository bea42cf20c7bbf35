package bot

import (
	"strings"
	"testing"
)

// A slash command that needs a game, used without game: by a player in
// several, points to the game option and lists the games; a DM in several
// games still points to the #number a move starts with.
func TestSlashInSeveralGamesPointsToOption(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.startGame("standard")
	e.startGame("tsuitate")
	for _, cmd := range []string{"resign", "board", "draw"} {
		t.Run(cmd, func(t *testing.T) {
			out := e.slash(e.bob, cmd)
			if !strings.Contains(out, "`game` option") || !strings.Contains(out, "#1") || !strings.Contains(out, "#2") || strings.Contains(out, "7g7f") {
				t.Errorf("/shogi %s: %q", cmd, out)
			}
		})
	}
	if out := e.dm(e.bob, "3c3d").Content; !strings.Contains(out, "#1 7g7f") {
		t.Errorf("a DM in two games: %q", out)
	}
}
