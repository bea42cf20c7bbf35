package bolt

import (
	"encoding/json"
	"fmt"
	"sync"

	bbolt "go.etcd.io/bbolt"

	"shinpan/store"
)

// Decoding a game's record (its times above all) was most of the cost of
// the look-ups a move makes. The records decoded lately are kept, keyed by
// their JSON itself: a record is served from here only when the stored bytes
// are exactly those that were decoded, so what is served is always what
// decoding the stored record gives, whoever wrote it and whatever changed
// since. Each caller gets its own copy (Clone), and the kept one is never
// handed out.

// memoSize bounds each memo (a game's record is about a kilobyte, a user's
// settings a few hundred bytes); beyond it the oldest go.
const memoSize = 4096

type recordMemo[T any] struct {
	mu    sync.Mutex
	byKey map[string]memoEntry[T]
	ring  [memoSize]string // the keys in the order they were put
	next  uint64           // puts so far
	clone func(T) T
}

type memoEntry[T any] struct {
	v   T
	put uint64 // which put, to drop it when its ring slot is reused
}

func newMemo[T any](clone func(T) T) *recordMemo[T] {
	return &recordMemo[T]{byKey: map[string]memoEntry[T]{}, clone: clone}
}

// The memos of the process: keyed by the bytes alone, they serve every
// store alike.
var (
	gameMemo     = newMemo(store.Game.Clone)
	settingsMemo = newMemo(store.Settings.Clone)
)

// decode sets *v to raw decoded, from the memo when it holds raw. *v must be
// the zero value (json.Unmarshal would merge into anything else).
func (m *recordMemo[T]) decode(raw []byte, v *T) error {
	m.mu.Lock()
	e, ok := m.byKey[string(raw)]
	m.mu.Unlock()
	if ok {
		*v = m.clone(e.v)
		return nil
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return err
	}
	kept := m.clone(*v)
	key := string(raw) // a copy: raw is bbolt's, valid only in its transaction
	m.mu.Lock()
	defer m.mu.Unlock()
	slot := m.next % memoSize
	if old := m.ring[slot]; old != "" {
		if oe, ok := m.byKey[old]; ok && oe.put+memoSize == m.next {
			delete(m.byKey, old)
		}
	}
	m.ring[slot] = key
	m.byKey[key] = memoEntry[T]{kept, m.next}
	m.next++
	return nil
}

// getMemo is getJSON for a record kept in m; *v must be the zero value.
func getMemo[T any](b *bbolt.Bucket, key []byte, m *recordMemo[T], v *T) (found bool, err error) {
	raw := b.Get(key)
	if raw == nil {
		return false, nil
	}
	if err := m.decode(raw, v); err != nil {
		return true, fmt.Errorf("%w: bucket record %x: %v", store.ErrCorrupt, key, err)
	}
	return true, nil
}
