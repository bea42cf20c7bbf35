package outbox

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/budget"
	"shinpan/bot/compose"
	"shinpan/internal/testkit"
	"shinpan/store"
	"shinpan/store/bolt"
)

// sendOrder is a Discord that answers every request at once, but for the
// first message ("plug"), held until plug is closed, and notes each
// message's content in the order the requests come. Nothing leaves the
// process.
type sendOrder struct {
	plug chan struct{}

	mu   sync.Mutex
	sent []string
	n    int
}

func (o *sendOrder) RoundTrip(req *http.Request) (*http.Response, error) {
	var body struct {
		Content string `json:"content"`
	}
	if req.Body != nil {
		b, _ := io.ReadAll(req.Body)
		_ = json.Unmarshal(b, &body)
	}
	if body.Content == "plug" {
		select {
		case <-o.plug:
		case <-req.Context().Done():
			return nil, req.Context().Err()
		}
	}
	o.mu.Lock()
	o.sent = append(o.sent, body.Content)
	o.n++
	id := fmt.Sprint(1000 + o.n)
	o.mu.Unlock()
	ch, _, _ := strings.Cut(strings.TrimPrefix(req.URL.Path, "/api/v9/channels/"), "/")
	return &http.Response{StatusCode: http.StatusOK, Header: http.Header{"Content-Type": {"application/json"}},
		Body:    io.NopCloser(strings.NewReader(fmt.Sprintf(`{"id":%q,"channel_id":%q}`, id, ch))),
		Request: req}, nil
}

func (o *sendOrder) order() []string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return slices.Clone(o.sent)
}

// urgentRig is a sender over a real store and budget whose global limit
// is one request per 20 ms (each request leaves the gate alone, in line
// order), on a sendOrder Discord.
type urgentRig struct {
	st   *bolt.Store
	ob   *Sender
	gate *budget.Gate
	fake *sendOrder
}

func newUrgentRig(t *testing.T, cardEvery time.Duration) urgentRig {
	t.Helper()
	st, err := bolt.Open(filepath.Join(t.TempDir(), "ob.db"), &bolt.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	fake := &sendOrder{plug: make(chan struct{})}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	gate := budget.New(budget.Config{Base: fake, Global: 1, Window: 20 * time.Millisecond, Log: quiet})
	s, err := discordgo.New("Bot test")
	if err != nil {
		t.Fatal(err)
	}
	s.Client = &http.Client{Transport: gate}
	s.ShouldRetryOnRateLimit = false
	rest := NewREST(s, st, quiet)
	for _, u := range []string{"plug", "o1", "o2", "o3", "p1", "p2"} {
		rest.NoteDMChannel(u, "dm-"+u)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	t.Cleanup(func() { cancel(); wg.Wait() })
	ob := New(Config{Store: st, REST: rest, Log: quiet, Ready: gate.Ready, Spare: gate.Spare, CardEvery: cardEvery})
	rest.SetContext(ctx)
	ob.Run(ctx, &wg, NewPool(ctx))
	return urgentRig{st: st, ob: ob, gate: gate, fake: fake}
}

// TestUrgentStartGoesFirst: with the global budget full and routine
// messages of other games waiting for it, a new game's first messages (its
// players' boards, its card, the challenge's card accepted) are sent
// before the routine ones queued earlier, and a destination keeps its
// order: the routine message queued before a start message in the same DM
// or channel goes first, hurried along with it. The budget's cap on urgent
// requests in a row still lets one routine message through.
func TestUrgentStartGoesFirst(t *testing.T) {
	r := newUrgentRig(t, 0)
	st, ob, gate, fake := r.st, r.ob, r.gate, r.fake
	dm := func(user, text string, urgent bool) store.OutMsg {
		return compose.ToDM(user, compose.Payload{Content: text, Urgent: urgent})
	}
	post := func(ch, text string, urgent bool) store.OutMsg {
		return compose.ToChannel(ch, compose.Payload{Content: text, Urgent: urgent})
	}
	enqueue := func(ms ...store.OutMsg) {
		t.Helper()
		if err := st.Enqueue(ms...); err != nil {
			t.Fatal(err)
		}
		ob.Kick()
	}
	waitLine := func(all, urgent int) {
		t.Helper()
		if !testkit.Until(10*time.Second, func() bool { a, u := gate.Waiting(); return a == all && u == urgent }) {
			a, u := gate.Waiting()
			t.Fatalf("%d requests wait for the global budget, %d of them urgent; want %d, %d", a, u, all, urgent)
		}
	}

	// The plug holds the budget's one slot; the routine messages of the
	// games under way wait for it: three players' DMs, one of the new
	// game's players' (their last game's end) and a post in its channel.
	enqueue(dm("plug", "plug", false))
	testkit.Eventually(t, "the plug in flight", 10*time.Second, func() bool { a, _ := gate.Waiting(); return a == 0 && ob.Stats().InFlight == 1 })
	for i, m := range []store.OutMsg{dm("o1", "r1", false), dm("o2", "r2", false), dm("o3", "r3", false), dm("p2", "rp2", false), post("ch", "rc", false)} {
		enqueue(m)
		waitLine(i+1, 0) // in this order: r1 the line's head
	}
	// The game starts: both boards, its card, the challenge's card edited.
	enqueue(dm("p1", "u1", true), dm("p2", "u2", true), post("ch", "u3", true),
		compose.ToChannel("ch", compose.Payload{Edit: "777", Content: "u4", Urgent: true}))
	// rp2 and rc hurried behind the head (r1), u1 and u4 urgent behind them
	// (before, the seven would wait in the order they came).
	if !testkit.Until(5*time.Second, func() bool { a, u := gate.Waiting(); return a == 7 && u == 4 }) {
		a, u := gate.Waiting()
		t.Logf("%d requests wait for the global budget, %d of them urgent; want 7, 4", a, u)
	}
	close(fake.plug)
	if !testkit.Until(10*time.Second, func() bool { return len(fake.order()) == 10 }) {
		t.Fatalf("sent only %v", fake.order())
	}

	got := fake.order()
	at := map[string]int{}
	for i, c := range got {
		at[c] = i
	}
	for _, c := range []struct{ first, then string }{
		{"u1", "r3"}, {"u2", "r3"}, {"u3", "r3"}, {"u4", "r3"}, // the start before the last routine one queued before it
		{"rp2", "u2"}, {"rc", "u3"}, // each destination in order
		{"rp2", "r2"}, {"rc", "r2"}, // hurried ahead of the routine ones
	} {
		if at[c.first] > at[c.then] {
			t.Errorf("%s sent after %s: order %v", c.first, c.then, got)
		}
	}
	// Not starved: after maxUrgentRun urgent requests in a row (rp2, rc,
	// u1, u4), a routine one (r2) goes before the next urgent (u2, u3).
	if at["r2"] > at["u2"] || at["r2"] > at["u3"] {
		t.Errorf("r2 sent after u2 or u3: order %v (urgent requests starve the others)", got)
	}
	t.Logf("order: %v", got)
}

// TestUrgentEditEndsTheLaneWait: a channel's card lane waiting until it
// may edit a card again (here an hour: CardEvery) sends an urgent edit
// that comes meanwhile (the challenge's card accepted) at once, and the
// edit it waited for stays waiting.
func TestUrgentEditEndsTheLaneWait(t *testing.T) {
	r := newUrgentRig(t, time.Hour)
	close(r.fake.plug)
	edit := func(msg, text string, urgent bool) store.OutMsg {
		return compose.ToChannel("ch", compose.Payload{Edit: msg, Content: text, Urgent: urgent})
	}
	enqueue := func(m store.OutMsg) {
		t.Helper()
		if err := r.st.Enqueue(m); err != nil {
			t.Fatal(err)
		}
		r.ob.Kick()
	}
	enqueue(edit("776", "a1", false))
	testkit.Eventually(t, "the first edit sent", 10*time.Second, func() bool { return len(r.fake.order()) == 1 })
	enqueue(edit("776", "a2", false)) // waits an hour for its card
	testkit.Eventually(t, "the second edit in the lane", 10*time.Second, func() bool { return r.ob.CardStats().Waiting == 1 })
	enqueue(edit("777", "accepted", true))
	if !testkit.Until(10*time.Second, func() bool { return len(r.fake.order()) == 2 }) {
		t.Fatalf("sent %v: the urgent edit waited with the lane", r.fake.order())
	}
	if got := r.fake.order(); fmt.Sprint(got) != "[a1 accepted]" || r.ob.CardStats().Waiting != 1 {
		t.Errorf("sent %v with %d edits waiting, want [a1 accepted] and a2 waiting", got, r.ob.CardStats().Waiting)
	}
}
