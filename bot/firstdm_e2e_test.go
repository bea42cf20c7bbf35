package bot

import (
	"strings"
	"testing"
)

// TestFirstDMWhileDown: a player's very first DM to the bot, a move typed
// while the bot is down, is read back and taken at the next start (the bot
// knows their DM channel from the game's start, not from a DM of theirs).
func TestFirstDMWhileDown(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	id := e.startGame("tsuitate")
	e.settle()
	e.stop()
	if _, err := e.srv.SendDM(e.alice, "7g7f"); err != nil {
		t.Fatal(err)
	}
	e.start()
	e.waitUntil("the move typed while down answered", func() bool {
		return e.countDMs(e.alice, "You played") == 1 && e.countDMs(e.bob, "moved (move 1)") == 1
	})
	e.settle()
	if g := e.game(id); g.LastSeq != 1 {
		t.Fatalf("the game is at seq %d, want 1", g.LastSeq)
	}
	if r := e.dm(e.bob, "3c3d"); !strings.Contains(r.Content, "You played") {
		t.Fatalf("the next move: %q", r.Content)
	}
}
