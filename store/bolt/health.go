package bolt

import (
	"errors"
	"sync"
	"time"

	bbolt "go.etcd.io/bbolt"

	"shinpan/store"
)

// Reads go on when the disk refuses writes (full, read-only, an I/O error:
// diskErr), so a read alone cannot tell readiness that writes fail. The
// store remembers the last write the disk refused until a write commits
// again (Healthy); while it does, a readiness check tries a small write of
// its own at most once per probeEvery, so that the store is seen up again
// when the disk has room, without waiting for the bot's next write. On a
// disk that is nearly full a small write may fit where a larger one does
// not: readiness then follows the last write's outcome.

// probeEvery is how often Healthy tries a write while the last one failed.
const probeEvery = 5 * time.Second

// kWriteProbe is the meta key Healthy's probe writes.
var kWriteProbe = []byte("write_probe")

// writeHealth is the outcome of the store's last write.
type writeHealth struct {
	mu       sync.Mutex
	failed   error     // the disk refused the last write (nil: it committed)
	probed   time.Time // the last probe, or the failure that started the outage
	probing  bool
	interval time.Duration // probeEvery; tests shorten it
}

// noteWrite records a write's outcome (update's result, after diskErr).
func (s *Store) noteWrite(err error) {
	h := &s.health
	switch {
	case err == nil:
		h.mu.Lock()
		h.failed = nil
		h.mu.Unlock()
	case errors.Is(err, store.ErrUnavailable):
		h.mu.Lock()
		if h.failed == nil {
			h.probed = time.Now()
		}
		h.failed = err
		h.mu.Unlock()
	}
}

// Healthy returns nil while the store's last write committed, and otherwise
// the error that write got (store.ErrUnavailable, naming the file). While
// writes fail it tries one itself at most once per probeEvery (a small
// record in the meta bucket).
func (s *Store) Healthy() error {
	h := &s.health
	h.mu.Lock()
	interval := h.interval
	if interval == 0 {
		interval = probeEvery
	}
	if h.failed == nil || h.probing || time.Since(h.probed) < interval {
		err := h.failed
		h.mu.Unlock()
		return err
	}
	h.probing, h.probed = true, time.Now()
	h.mu.Unlock()
	s.update(func(tx *bbolt.Tx) error { // its outcome is noted like any write's
		return bkt(tx, bMeta).Put(kWriteProbe, []byte(time.Now().UTC().Format(time.RFC3339Nano)))
	})
	h.mu.Lock()
	defer h.mu.Unlock()
	h.probing = false
	return h.failed
}
