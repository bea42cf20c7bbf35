package bot

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"shinpan/referee/view"
	"shinpan/store"
	"shinpan/store/storetest"
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

// slowSettings makes each settings read take a while, as a busy store does.
type slowSettings struct{ store.Store }

func (s slowSettings) GetSettings(user string) (store.Settings, error) {
	time.Sleep(20 * time.Millisecond)
	return s.Store.GetSettings(user)
}

// TestCatchUpPaced: after a start, the catch-ups of every player of the
// active games run a few at a time (catchUpConcurrency), not all at once
// however high the global rate: live DMs keep the store's connections.
func TestCatchUpPaced(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(e *env) {
		e.cfg.GlobalRate = 10000
		e.wrapStore = func(st store.Store) store.Store { return slowSettings{st} }
	})
	const games = 40
	for i := range games {
		g := storetest.SampleGame("G", e.ch, fmt.Sprint(9_000_000_000+2*i), fmt.Sprint(9_000_000_001+2*i), view.Tsuitate)
		if _, err := e.st.CreateGame(g, "", nil); err != nil {
			t.Fatal(err)
		}
	}
	e.stop()
	e.start()
	e.waitUntil("the catch-ups", e.b.caughtUp)
	e.b.mu.Lock()
	most, held := e.b.catchMost, len(e.b.catchHeld)
	e.b.mu.Unlock()
	if most > catchUpConcurrency || most < 2 {
		t.Fatalf("%d catch-ups ran at once, want 2 to %d", most, catchUpConcurrency)
	}
	e.waitUntil("the slots given back", func() bool { return len(e.b.catchSlots) == 0 })
	t.Logf("%d players caught up, at most %d at once (%d slots held at the end)", 2*games, most, held)
}
