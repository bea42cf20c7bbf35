package bolt

import (
	"encoding/json"
	"fmt"

	bbolt "go.etcd.io/bbolt"

	"shinpan/store"
	"shinpan/store/memo"
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
	t     *memo.Table[T]
	clone func(T) T
}

func newMemo[T any](clone func(T) T) *recordMemo[T] {
	return &recordMemo[T]{memo.New[T](memoSize), clone}
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
	if kept, ok := m.t.GetBytes(raw); ok {
		*v = m.clone(kept)
		return nil
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return err
	}
	m.t.Put(string(raw), m.clone(*v)) // the key a copy: raw is bbolt's, valid only in its transaction
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
