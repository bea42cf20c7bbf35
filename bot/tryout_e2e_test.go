package bot

import (
	"strings"
	"testing"

	"shinpan/bot/discordtest"
)

// /shogi status without game: in several games, it asks which (it used to
// say the player had no game going on).
func TestStatusInSeveralGames(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.startGame("standard")
	e.startGame("tsuitate")
	out := e.slash(e.bob, "status")
	if !strings.Contains(out, "#1") || !strings.Contains(out, "#2") {
		t.Fatalf("status in two games: %q", out)
	}
	e.slash(e.bob, "resign", discordtest.IntegerOption("game", 1))
	if out := e.slash(e.bob, "status"); !strings.Contains(out, "Game #2") {
		t.Fatalf("status in one game: %q", out)
	}
}
