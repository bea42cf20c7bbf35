package outbox

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/compose"
	"shinpan/internal/testkit"
	"shinpan/store"
	"shinpan/store/bolt"
)

// claimsStore is a store whose claims can stop (the process lost the
// game's partition) and which notes what was released and marked sent.
type claimsStore struct {
	*bolt.Store
	stopped atomic.Bool

	mu       sync.Mutex
	released []uint64
	marked   []uint64
}

func (s *claimsStore) ClaimOutbox(n int, hold time.Duration) ([]store.OutMsg, error) {
	if s.stopped.Load() {
		return []store.OutMsg{}, nil
	}
	return s.Store.ClaimOutbox(n, hold)
}

func (s *claimsStore) ReleaseOutbox(ids ...uint64) error {
	s.mu.Lock()
	s.released = append(s.released, ids...)
	s.mu.Unlock()
	return s.Store.ReleaseOutbox(ids...)
}

func (s *claimsStore) MarkSent(ids ...uint64) error {
	s.mu.Lock()
	s.marked = append(s.marked, ids...)
	s.mu.Unlock()
	return s.Store.MarkSent(ids...)
}

func (s *claimsStore) notes() (released, marked []uint64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.released), slices.Clone(s.marked)
}

// failing is a Discord that answers 500 to every message; it notes their
// contents in the order they come.
type failing struct {
	mu   sync.Mutex
	sent []string
}

func (f *failing) RoundTrip(req *http.Request) (*http.Response, error) {
	var body struct {
		Content string `json:"content"`
	}
	if req.Body != nil {
		b, _ := io.ReadAll(req.Body)
		_ = json.Unmarshal(b, &body)
	}
	f.mu.Lock()
	f.sent = append(f.sent, body.Content)
	f.mu.Unlock()
	return &http.Response{StatusCode: http.StatusInternalServerError, Header: http.Header{"Content-Type": {"application/json"}},
		Body: io.NopCloser(strings.NewReader(`{"message":"no"}`)), Request: req}, nil
}

func (f *failing) tried() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.sent)
}

// TestLapsedClaimGivenUp: with several processes, a message retried while
// its claims go on (renewed) stays this process's; once they stop (its
// game went to another process) it is given up before its hold runs out,
// neither marked sent nor released (the new owner sends it, in order),
// and the message queued behind it for the same DM, never tried, is
// released (for a claim to take again after it) and not sent.
func TestLapsedClaimGivenUp(t *testing.T) {
	bs, err := bolt.Open(filepath.Join(t.TempDir(), "ob.db"), &bolt.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { bs.Close() })
	st := &claimsStore{Store: bs}
	fake := &failing{}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	s, err := discordgo.New("Bot test")
	if err != nil {
		t.Fatal(err)
	}
	s.Client = &http.Client{Transport: fake}
	s.ShouldRetryOnRateLimit = false
	s.MaxRestRetries = 0
	rest := NewREST(s, bs, quiet)
	rest.NoteDMChannel("u", "dm-u")
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	t.Cleanup(func() { cancel(); wg.Wait() })
	const hold = 600 * time.Millisecond
	ob := New(Config{Store: st, REST: rest, Log: quiet, Clustered: true, ClaimHold: hold})
	rest.SetContext(ctx)
	ob.Run(ctx, &wg, NewPool(ctx))
	if err := bs.Enqueue(compose.ToDM("u", compose.Payload{Content: "m1"}), compose.ToDM("u", compose.Payload{Content: "m2"})); err != nil {
		t.Fatal(err)
	}
	pending, err := bs.PendingOutbox()
	if err != nil || len(pending) != 2 {
		t.Fatalf("pending %v, %v", pending, err)
	}
	m1, m2 := pending[0].ID, pending[1].ID
	// Retried over three holds, renewed: still this process's.
	testkit.Eventually(t, "m1 retried over three holds", 30*time.Second, func() bool { return len(fake.tried()) >= 5 })
	if got := ob.InFlight(); len(got) != 2 {
		r, mk := st.notes()
		t.Fatalf("in flight %v while the claims go on, want m1 and m2 (tried %v, released %v, marked %v)", got, fake.tried(), r, mk)
	}
	released, marked := st.notes()
	if len(released) != 0 || len(marked) != 0 {
		t.Fatalf("released %v, marked %v while the claims go on", released, marked)
	}
	st.stopped.Store(true)
	testkit.Eventually(t, "m1 given up", 30*time.Second, func() bool { return len(ob.InFlight()) == 0 })
	released, marked = st.notes()
	if !slices.Equal(released, []uint64{m2}) || len(marked) != 0 {
		t.Errorf("released %v, marked %v; want m2 (%d) released, m1 (%d) neither, nothing marked", released, marked, m2, m1)
	}
	for _, c := range fake.tried() {
		if c != "m1" {
			t.Fatalf("sent %q before m1 went", c)
		}
	}
	if pending, err := bs.PendingOutbox(); err != nil || len(pending) != 2 {
		t.Errorf("the outbox holds %v (%v), want both", pending, err)
	}
}
