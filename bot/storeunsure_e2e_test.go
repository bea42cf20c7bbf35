package bot

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"shinpan/bot/texts"
	"shinpan/bot/texts/uitexts"
	"shinpan/store"
)

// unsureStore loses the answer of the next AppendAction: it commits it or
// not (commit), answers store.ErrOutcomeUnknown, and then refuses every
// write with store.ErrUnavailable until downUntil.
type unsureStore struct {
	store.Store
	mu        sync.Mutex
	armed     bool
	commit    bool
	downFor   time.Duration
	downUntil time.Time
}

func (u *unsureStore) wrap(st store.Store) store.Store { u.Store = st; return u }

func (u *unsureStore) arm(commit bool, downFor time.Duration) {
	u.mu.Lock()
	u.armed, u.commit, u.downFor = true, commit, downFor
	u.mu.Unlock()
}

var errUnreachable = fmt.Errorf("%w: connect: connection refused", store.ErrUnavailable)

func (u *unsureStore) AppendAction(id store.GameID, e store.Entry, out []store.OutMsg, fn func(*store.Game)) (store.Entry, error) {
	u.mu.Lock()
	armed, commit, down := u.armed, u.commit, time.Now().Before(u.downUntil)
	if armed {
		u.armed, u.downUntil = false, time.Now().Add(u.downFor)
	}
	u.mu.Unlock()
	switch {
	case down:
		return store.Entry{}, errUnreachable
	case !armed:
		return u.Store.AppendAction(id, e, out, fn)
	}
	if commit {
		if _, err := u.Store.AppendAction(id, e, out, fn); err != nil {
			return store.Entry{}, err
		}
	}
	return store.Entry{}, fmt.Errorf("append action: commit: %w", store.ErrOutcomeUnknown)
}

// TestStoreOutcomeUnknown: a move whose COMMIT lost its answer is settled by
// its key: taken once when the store answers soon (whether the first commit
// went through or not), and answered "cannot tell yet" (uitexts.StoreUnsure)
// when it does not; then the game, read back from the store, holds the move
// once and its messages go out once.
func TestStoreOutcomeUnknown(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name    string
		commit  bool
		downFor time.Duration
		unsure  bool
	}{
		{"committed, settled at once", true, 0, false},
		{"not committed, settled at once", false, 0, false},
		{"committed, settled after a short outage", true, 300 * time.Millisecond, false},
		{"not committed, store down too long", false, 3 * time.Second, true},
		{"committed, store down too long", true, 3 * time.Second, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			us := &unsureStore{}
			e := newEnv(t, func(e *env) { e.wrapStore = us.wrap })
			id := e.startGame("tsuitate")
			e.play("7g7f")
			us.arm(tc.commit, tc.downFor)
			if !tc.unsure {
				r := e.dm(e.bob, "3c3d")
				if !strings.Contains(r.Content, "You played") {
					t.Fatalf("the settled move was answered %q", r.Content)
				}
			} else {
				// The committed move's own messages may come first: the
				// outbox sends what the store holds.
				if _, err := e.srv.SendDM(e.bob, "3c3d"); err != nil {
					t.Fatal(err)
				}
				unsure := uitexts.UI(texts.EN, uitexts.StoreUnsure)
				e.waitUntil("bob told it is not known yet", func() bool { return e.countDMs(e.bob, unsure) == 1 })
				time.Sleep(tc.downFor)
				if tc.commit {
					e.waitUntil("the taken move's messages sent", func() bool { return e.countDMs(e.alice, "moved (move 2)") == 1 })
				} else if r := e.dm(e.bob, "3c3d"); !strings.Contains(r.Content, "You played") {
					t.Fatalf("the move sent again: %q", r.Content)
				}
			}
			if g := e.game(id); g.LastSeq != 2 {
				t.Fatalf("the game is at seq %d, want 2", g.LastSeq)
			}
			if r := e.dm(e.alice, "2g2f"); !strings.Contains(r.Content, "You played") {
				t.Fatalf("the next move, on the game read back: %q", r.Content)
			}
			e.settle()
			if n := e.countDMs(e.alice, "moved (move 2)"); n != 1 {
				t.Fatalf("alice heard of bob's move %d times", n)
			}
			if g := e.game(id); g.LastSeq != 3 {
				t.Fatalf("the game is at seq %d, want 3", g.LastSeq)
			}
		})
	}
}

// TestStoreDownInPlayersLanguage: a move refused because the store is down
// is answered in the player's language.
func TestStoreDownInPlayersLanguage(t *testing.T) {
	t.Parallel()
	fs := &faultyStore{}
	e := newEnv(t, func(e *env) { e.wrapStore = fs.wrap })
	id := e.startGame("tsuitate")
	e.play("7g7f")
	if _, err := e.st.UpdateSettings(e.bob, func(s *store.Settings) { s.Language = string(texts.JA) }); err != nil {
		t.Fatal(err)
	}
	fs.full.Store(true)
	if _, err := e.srv.SendDM(e.bob, "3c3d"); err != nil {
		t.Fatal(err)
	}
	down := uitexts.UI(texts.JA, uitexts.StoreDown)
	e.waitUntil("bob told in Japanese", func() bool { return e.lastDM(e.bob).Content == down })
	if g := e.game(id); g.LastSeq != 1 {
		t.Fatalf("the game changed: seq %d", g.LastSeq)
	}
}
