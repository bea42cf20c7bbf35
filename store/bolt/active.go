package bolt

import (
	"sync"

	bbolt "go.etcd.io/bbolt"

	"shinpan/referee/view"
	"shinpan/store"
)

// activeCount is the number of live games by variant: counted at Open, then
// moved by each commit that starts, ends or replaces a game (writeGame), so
// that reading it (each /metrics scrape) costs the same however many games
// there are.
type activeCount struct {
	mu sync.Mutex
	n  map[view.Variant]int
}

// activeMoved moves the count by the change from old (nil: a new game) to
// g, when tx commits (a transaction rolled back, or run again in a group,
// moves nothing).
func (s *Store) activeMoved(tx *bbolt.Tx, old, g *store.Game) {
	type side struct {
		v    view.Variant
		live bool
	}
	var before side
	if old != nil {
		before = side{old.Variant, old.Status.Live()}
	}
	after := side{g.Variant, g.Status.Live()}
	if before == after || !before.live && !after.live {
		return
	}
	tx.OnCommit(func() {
		s.active.mu.Lock()
		defer s.active.mu.Unlock()
		if before.live {
			s.active.n[before.v]--
		}
		if after.live {
			s.active.n[after.v]++
		}
	})
}

// countActive counts the live games by variant (Open): the active index,
// and each game's variant.
func (s *Store) countActive(tx *bbolt.Tx) error {
	n := map[view.Variant]int{}
	games := bkt(tx, bGames)
	err := bkt(tx, bIdxActive).ForEach(func(k, _ []byte) error {
		var g struct {
			Variant view.Variant `json:"variant"`
		}
		if _, err := getJSON(games, k, &g); err != nil {
			return err
		}
		n[g.Variant]++
		return nil
	})
	if err != nil {
		return err
	}
	s.active.mu.Lock()
	s.active.n = n
	s.active.mu.Unlock()
	return nil
}

// ActiveCounts returns the number of live games (active or choosing masks)
// by variant, without reading them (store.Store).
func (s *Store) ActiveCounts() (map[view.Variant]int, error) {
	if err := s.view(func(*bbolt.Tx) error { return nil }); err != nil { // closed
		return nil, store.WrapOp("active counts", err)
	}
	s.active.mu.Lock()
	defer s.active.mu.Unlock()
	out := make(map[view.Variant]int, len(s.active.n))
	for v, k := range s.active.n {
		if k != 0 {
			out[v] = k
		}
	}
	return out, nil
}
