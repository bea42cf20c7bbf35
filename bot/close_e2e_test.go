package bot

import (
	"fmt"
	"net/http"
	"runtime"
	"strings"
	"testing"
	"time"

	"shinpan/bot/compose"
	"shinpan/bot/discordtest"
	"shinpan/internal/testkit"
	"shinpan/store"
)

// TestCloseUnderLoadReturns: with Discord's limits on, Close returns while
// the outbox's workers wait on busy DM buckets, and a bot started after it on
// the same store sends what was left, each message once (issue 33: a killed
// node's Close hung for minutes in TestChaos, its workers asleep in
// discordgo's own limiter and retrying 429s without end).
//
// Each player gets more DMs than their channel's bucket (5 per 5 s) lets go
// at once; once the first of them are out, another process on the bot's
// token spends the DM channels' buckets (every DM post is answered 429, scope
// user), so that the workers wait in the budget, their retries refused, when
// the bot is closed.
func TestCloseUnderLoadReturns(t *testing.T) {
	t.Parallel()
	e := newEnvWith(t, discordWindows) // the DM channels' buckets of TestChaos's hang: 5 per 5 s
	const each = 15
	users := []string{e.alice, e.bob, e.carol}
	text := func(u string, i int) string { return fmt.Sprintf("queued %s #%02d", u, i) }
	var msgs []store.OutMsg
	for i := range each {
		for _, u := range users {
			msgs = append(msgs, compose.ToDM(u, compose.Payload{Content: text(u, i)}))
		}
	}
	if err := e.st.Enqueue(msgs...); err != nil {
		t.Fatal(err)
	}
	e.b.ob.Kick()
	e.waitUntil("each player's first DMs sent", func() bool {
		for _, u := range users {
			if e.countDMs(u, "queued ") < 3 {
				return false
			}
		}
		return true
	})
	// Every DM post from now on is refused as by a spent bucket.
	e.srv.Faults().Inject(discordtest.Fault{Method: http.MethodPost, Path: "/channels/*/messages", Times: 1 << 30,
		Status: http.StatusTooManyRequests, RetryAfter: 2 * time.Second})
	e.waitUntil("a DM refused so", func() bool {
		for _, r := range e.srv.Requests() {
			if r.Fault != "" && r.Status == http.StatusTooManyRequests {
				return true
			}
		}
		return false
	})
	if p, err := e.st.PendingOutbox(); err != nil || len(p) == 0 {
		t.Fatalf("the outbox holds %d messages before Close (%v): nothing for the workers to wait on", len(p), err)
	}
	closed := make(chan struct{})
	start := time.Now()
	b, st := e.b, e.st
	e.b = nil // the cleanup must not Close it again (after a hang, it would hang too)
	go func() {
		defer close(closed)
		b.s.ShouldReconnectOnError = false
		b.Close()
		st.Close()
	}()
	select {
	case <-closed:
		t.Logf("Close returned after %v", time.Since(start).Round(time.Millisecond))
	case <-time.After(60 * time.Second): // a hang detector, not a timing goal
		buf := make([]byte, 4<<20)
		t.Fatalf("Close has not returned after 60 s:\n%s", buf[:runtime.Stack(buf, true)])
	}
	e.srv.Faults().Clear()
	e.start() // the next start, on the same store
	testkit.Eventually(t, "the outbox sent", 2*time.Minute, func() bool {
		p, err := e.st.PendingOutbox()
		return err == nil && len(p) == 0
	})
	for _, u := range users {
		count := map[string]int{}
		for _, m := range e.botDMs(u) {
			if strings.HasPrefix(m.Content, "queued ") {
				count[m.Content]++
			}
		}
		for i := range each {
			if n := count[text(u, i)]; n != 1 {
				t.Errorf("%q shown %d times, want once", text(u, i), n)
			}
		}
	}
}
