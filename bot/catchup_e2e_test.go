package bot

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"shinpan/bot/discordtest"
	"shinpan/bot/dms"
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
	e.b.dms.DropMarks() // the crash: the background marks never reach the store
	before := map[string]int{e.alice: len(e.botDMs(e.alice)), e.bob: len(e.botDMs(e.bob))}
	e.stop()
	e.start()
	e.waitUntil("the catch-up", e.b.dms.CaughtUp)
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
// active games run a few at a time (dms.CatchUpConcurrency), not all at once
// however high the global rate: live DMs keep the store's connections.
func TestCatchUpPaced(t *testing.T) {
	t.Parallel()
	// Discord's limit on opening DM channels off: it counts the catch-ups
	// running at once, and 80 players' DM channels opened at 20 per 10 s
	// would take 40 s.
	e := newEnvWith(t, func(o *discordtest.Options) {
		l := discordtest.DiscordRateLimits()
		l.DMOpen = discordtest.Bucket{}
		o.RateLimits = &l
	}, func(e *env) {
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
	e.waitUntil("the catch-ups", e.b.dms.CaughtUp)
	most, held, _ := e.b.dms.CatchUps()
	if most > dms.CatchUpConcurrency || most < 2 {
		t.Fatalf("%d catch-ups ran at once, want 2 to %d", most, dms.CatchUpConcurrency)
	}
	e.waitUntil("the slots given back", func() bool { _, _, slots := e.b.dms.CatchUps(); return slots == 0 })
	t.Logf("%d players caught up, at most %d at once (%d slots held at the end)", 2*games, most, held)
}

// readsOf counts the bot's reads of a DM channel's messages (catch-ups).
func (e *env) readsOf(user string) int {
	ch, n := e.dmChannel(user), 0
	for _, r := range e.srv.Requests() {
		if r.Route == "GET /channels/{channel_id}/messages" && strings.HasPrefix(r.APIPath(), "/channels/"+ch+"/") {
			n++
		}
	}
	return n
}

// TestCatchUpOnlyAwaited: after a start the background catch-up reads the
// DMs of the players the games wait for; another player's missed DM is read
// before their next one is handled, and answered first.
func TestCatchUpOnlyAwaited(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	id := e.startGame("tsuitate")
	e.play("7g7f")
	e.stop()
	if _, err := e.srv.SendDM(e.alice, "?5e"); err != nil { // alice waits: a note
		t.Fatal(err)
	}
	if _, err := e.srv.SendDM(e.bob, "3c3d"); err != nil { // bob is to move
		t.Fatal(err)
	}
	reads := e.readsOf(e.alice)
	e.start()
	e.waitUntil("bob's missed move", func() bool { return e.game(id).LastSeq == 2 })
	e.waitUntil("the catch-ups", e.b.dms.CaughtUp)
	e.settle()
	if n := e.readsOf(e.alice) - reads; n != 0 || e.countDMs(e.alice, "5e") != 0 {
		t.Fatalf("alice's channel read %d times, her note answered %d times, before she wrote again", n, e.countDMs(e.alice, "5e"))
	}
	if r := e.dm(e.alice, "2g2f"); !strings.Contains(r.Content, "5e") {
		t.Fatalf("alice's first answer is %q, want her missed note's", r.Content)
	}
	e.waitUntil("alice's move", func() bool { return e.game(id).LastSeq == 3 })
	if n := e.readsOf(e.alice) - reads; n != 1 {
		t.Fatalf("alice's channel read %d times, want 1", n)
	}
}
