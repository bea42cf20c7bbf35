package bot

import (
	"fmt"
	"sync"
	"testing"

	"shinpan/store"
)

// countingStore counts each user's settings reads.
type countingStore struct {
	store.Store
	mu    sync.Mutex
	reads map[string]int
}

func (c *countingStore) GetSettings(user string) (store.Settings, error) {
	c.mu.Lock()
	c.reads[user]++
	c.mu.Unlock()
	return c.Store.GetSettings(user)
}

func (c *countingStore) take(user string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := c.reads[user]
	c.reads = map[string]int{}
	return n
}

// TestSettingsReadOncePerAction: a move typed in DM reads its player's
// settings once, from the DM to the last message it queues (the opponent's
// once too, for their own message).
func TestSettingsReadOncePerAction(t *testing.T) {
	t.Parallel()
	cs := &countingStore{reads: map[string]int{}}
	e := newEnv(t, func(e *env) { e.wrapStore = func(st store.Store) store.Store { cs.Store = st; return cs } })
	id := e.startGame("tsuitate")
	want := 1
	if e.b.cl != nil {
		want = 2 // read where the DM comes in, and again by the game's owner
	}
	for i, mv := range []struct{ from, to, text string }{{e.alice, e.bob, "7g7f"}, {e.bob, e.alice, "3c3d"}, {e.alice, e.bob, "2g2f"}, {e.bob, e.alice, "8c8d"}} {
		e.settle()
		cs.take("")
		if _, err := e.srv.SendDM(mv.from, mv.text); err != nil {
			t.Fatal(err)
		}
		e.waitUntil(fmt.Sprintf("move %d played and told", i+1), func() bool {
			return e.game(id).LastSeq == uint64(i+1) && e.countDMs(mv.to, fmt.Sprintf("moved (move %d)", i+1)) == 1
		})
		e.settle()
		cs.mu.Lock()
		mover, opp := cs.reads[mv.from], cs.reads[mv.to]
		cs.mu.Unlock()
		if i >= 2 && (mover != want || opp != 1) { // the first DM of each also reads the last one handled
			t.Fatalf("move %d (%s): the mover's settings read %d times, the opponent's %d; want %d and 1", i+1, mv.text, mover, opp, want)
		}
	}
}
