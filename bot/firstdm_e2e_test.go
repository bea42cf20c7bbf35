package bot

import (
	"strings"
	"testing"

	"shinpan/store"
)

// TestFirstDMWhileDown: a player's very first DM to the bot, a move typed
// while the bot is down, is read back and taken at the next start (the bot
// knows their DM channel from the game's start, not from a DM of theirs),
// once: each player is told once, also after the game went on.
func TestFirstDMWhileDown(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	id := e.startGame("tsuitate")
	e.settle()
	defer func() {
		if t.Failed() {
			e.explain(id, e.alice, e.bob)
		}
	}()
	e.stop()
	if _, err := e.srv.SendDM(e.alice, "7g7f"); err != nil {
		t.Fatal(err)
	}
	e.start()
	e.waitUntil("the move typed while down answered", func() bool {
		return e.countDMs(e.alice, "You played") >= 1 && e.countDMs(e.bob, "moved (move 1)") >= 1
	})
	e.settle()
	if g := e.game(id); g.LastSeq != 1 {
		t.Fatalf("the game is at seq %d, want 1", g.LastSeq)
	}
	if r := e.dm(e.bob, "3c3d"); !strings.Contains(r.Content, "You played") {
		t.Fatalf("the next move: %q", r.Content)
	}
	for _, c := range []struct{ who, user, text string }{
		{"alice", e.alice, "You played"}, {"bob", e.bob, "moved (move 1)"}, {"bob", e.bob, "You played"}, {"alice", e.alice, "moved (move 2)"},
	} {
		if n := e.countDMs(c.user, c.text); n != 1 {
			t.Errorf("%s told %q %d times", c.who, c.text, n)
		}
	}
}

// explain logs, for a failed test, the game's log (each action with its
// idempotency key) and the bot's DMs to users with when and under which
// nonce each was sent: a message told twice under one nonce is a repeat
// Discord did not drop; under two, two messages were queued.
func (e *env) explain(id store.GameID, users ...string) {
	e.t.Helper()
	if e.st == nil || e.b == nil {
		return
	}
	if _, log, err := e.st.LoadGame(id); err == nil {
		for _, en := range log {
			e.t.Logf("game #%d seq %d: %s %s by %s, key %q, at %s", id, en.Seq, en.Action.Kind, en.Action.Text, en.UserID, en.Key, en.At.Format("15:04:05.000"))
		}
	}
	for _, u := range users {
		for _, m := range e.botDMs(u) {
			e.t.Logf("DM to %s at %s nonce %q: %q", u, m.Created.Format("15:04:05.000"), m.Nonce, m.Content)
		}
	}
}

// TestCatchUpReadFails: when reading back a player's DMs fails (Discord
// answers 500), the move they typed while the bot was down is read at a
// later try, not lost, and taken once; a DM they send while the reads fail
// is handled after it, in order (here a second move, refused: not their
// turn; taken first, it would have been the game's first move).
func TestCatchUpReadFails(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	id := e.startGame("tsuitate")
	e.settle()
	defer func() {
		if t.Failed() {
			e.explain(id, e.alice, e.bob)
		}
	}()
	e.stop()
	first, err := e.srv.SendDM(e.alice, "7g7f")
	if err != nil {
		t.Fatal(err)
	}
	e.srv.Faults().FailNext("GET", "/channels/*/messages", 3, 500)
	e.start()
	if _, err := e.srv.SendDM(e.alice, "2g2f"); err != nil {
		t.Fatal(err)
	}
	e.waitUntil("both DMs answered", func() bool {
		return e.countDMs(e.alice, "You played") >= 1 && e.countDMs(e.bob, "moved (move 1)") >= 1 &&
			e.countDMs(e.alice, "not your turn") >= 1
	})
	e.settle()
	if _, log, err := e.st.LoadGame(id); err != nil || len(log) != 1 || log[0].Key != first {
		t.Fatalf("the game's log: %+v %v, want the move typed while down alone", log, err)
	}
	for _, c := range []struct{ who, user, text string }{
		{"alice", e.alice, "You played"}, {"bob", e.bob, "moved (move 1)"}, {"alice", e.alice, "not your turn"},
	} {
		if n := e.countDMs(c.user, c.text); n != 1 {
			t.Errorf("%s told %q %d times", c.who, c.text, n)
		}
	}
	if r := e.dm(e.bob, "3c3d"); !strings.Contains(r.Content, "You played") {
		t.Fatalf("the next move: %q", r.Content)
	}
}
