package bot

import (
	"strings"
	"testing"
)

// TestProbeSentOnceAcrossRetriedAccept: the welcome DM goes out before the
// game is saved. When the accept fails after it (here bob's welcome gets a
// 500), the bot restarts and bob presses Accept again, alice's welcome is
// re-sent with the same nonce and Discord keeps one: each player has exactly
// one welcome.
func TestProbeSentOnceAcrossRetriedAccept(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	card := e.challenge("tsuitate")
	bobDM := e.dmChannel(e.bob)
	e.srv.Faults().FailNext("POST", "/channels/"+bobDM+"/messages", 1, 500)
	if out := e.click(e.bob, card, "accept:"); strings.Contains(out, "Game #") {
		t.Fatalf("the first accept started the game: %q", out)
	}
	if n := e.countDMs(e.alice, "Hello!"); n != 1 {
		t.Fatalf("alice has %d welcomes after the failed accept, want 1", n)
	}
	e.stop()
	e.start()
	e.click(e.bob, card, "accept:")
	e.waitUntil("the game card", func() bool { return strings.Contains(e.lastPost().Content, "Game #") })
	for _, u := range []string{e.alice, e.bob} {
		if n := e.countDMs(u, "Hello!"); n != 1 {
			t.Errorf("%s has %d welcomes, want 1", u, n)
		}
	}
	dedup := 0
	for _, r := range e.srv.Requests() {
		if r.Deduplicated {
			dedup++
		}
	}
	if dedup != 1 {
		t.Errorf("%d re-sends deduplicated, want 1 (alice's welcome)", dedup)
	}
}
