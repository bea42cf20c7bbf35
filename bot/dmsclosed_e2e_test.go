package bot

import (
	"strings"
	"testing"

	"shinpan/bot/discordtest"
)

// TestClosedDMsRemembered: once Discord refused a DM to bob (50007, an
// invalid request), the next DMs to him (alice's fouls, announced to both)
// are given up without a request, after a restart too (his settings keep
// it); once he writes to the bot, his DMs are sent again.
func TestClosedDMsRemembered(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.startGame("tsuitate")
	e.play("7g7f", "3c3d")
	refused := func() int {
		n := 0
		for _, r := range e.srv.Requests() {
			if r.Status == 403 && r.Error != nil && r.Error.Code == discordtest.CodeCannotSendToUser {
				n++
			}
		}
		return n
	}
	// The bishop's path to 1a passes bob's hidden bishop on 2b: a foul,
	// told to alice and to bob.
	foul := func() {
		t.Helper()
		if r := e.dm(e.alice, "8h1a"); !strings.Contains(strings.ToLower(r.Content), "foul") {
			t.Fatalf("alice's foul: %q", r.Content)
		}
		e.settle()
	}
	e.srv.Faults().SetDMsClosed(e.bob, true)
	foul()
	if n := refused(); n != 1 {
		t.Fatalf("%d DMs refused after the first one to bob", n)
	}
	foul()
	if n := refused(); n != 1 {
		t.Fatalf("bob's DMs known closed: %d refused, want still 1", n)
	}
	e.stop()
	e.start()
	foul()
	if n := refused(); n != 1 {
		t.Fatalf("after a restart: %d DMs refused, want still 1", n)
	}

	// Bob opens his DMs and writes: what the bot sends him goes out again.
	e.srv.Faults().SetDMsClosed(e.bob, false)
	e.dm(e.bob, "help")
	before := len(e.botDMs(e.bob))
	foul()
	if n := len(e.botDMs(e.bob)); n != before+1 || refused() != 1 {
		t.Fatalf("after bob wrote: %d new DMs to him, %d refused", n-before, refused())
	}
	if s, err := e.st.GetSettings(e.bob); err != nil || !s.DMsClosedAt.IsZero() {
		t.Fatalf("bob's settings still say his DMs are closed: %v %v", s.DMsClosedAt, err)
	}
}
