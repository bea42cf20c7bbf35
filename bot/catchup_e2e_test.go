package bot

import (
	"strings"
	"testing"
)

// TestLastDMLostInACrash: the newest handled DM of a move is remembered in
// the background; when that mark is lost (a crash before it was written), the
// catch-up after the start reads the move again and its key makes it a no-op:
// nothing applied or answered twice. A DM that is no action (a note) is
// remembered before the next is handled, so it is not answered again either.
func TestLastDMLostInACrash(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	id := e.startGame("tsuitate")
	e.play("7g7f")
	e.dm(e.bob, "?5e")
	if r := e.dm(e.bob, "3c3d"); !strings.Contains(r.Content, "You played") {
		t.Fatalf("bob's move: %q", r.Content)
	}
	e.b.dmMarks.take() // the crash: the background marks never reach the store
	before := map[string]int{e.alice: len(e.botDMs(e.alice)), e.bob: len(e.botDMs(e.bob))}
	e.stop()
	e.start()
	e.waitUntil("the catch-up", e.b.caughtUp)
	e.settle()
	if g := e.game(id); g.LastSeq != 2 {
		t.Fatalf("after the catch-up the game is at seq %d, want 2", g.LastSeq)
	}
	for u, n := range before {
		if got := e.botDMs(u); len(got) != n {
			t.Fatalf("%s got %d more DMs after the start: %q", u, len(got)-n, got[n].Content)
		}
	}
	if r := e.dm(e.alice, "2g2f"); !strings.Contains(r.Content, "You played") {
		t.Fatalf("the game did not go on: %q", r.Content)
	}
}
