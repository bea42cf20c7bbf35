package bolt

import (
	"shinpan/store"

	"encoding/json"
	"fmt"

	bbolt "go.etcd.io/bbolt"
)

// callerPanic carries a panic raised by a caller's callback through the
// store's recover, which re-raises it unchanged instead of calling it corruption.
type callerPanic struct{ v any }

// callUser runs a caller callback, marking its panics as the caller's.
func callUser(f func()) {
	defer func() {
		if r := recover(); r != nil {
			panic(callerPanic{r})
		}
	}()
	f()
}

// recoverCorrupt turns a bbolt panic (a corrupt page) into ErrCorrupt; prefix
// starts the message (the caller adds the operation otherwise). A caller's
// panic is re-raised.
func recoverCorrupt(prefix string, err *error) {
	r := recover()
	if r == nil {
		return
	}
	if cp, ok := r.(callerPanic); ok {
		panic(cp.v)
	}
	*err = fmt.Errorf("%s%w (bbolt panicked: %v)", prefix, store.ErrCorrupt, r)
}

// view runs a read transaction, turning bbolt panics into ErrCorrupt
// (update, in group.go, is its writing twin).
func (s *Store) view(fn func(tx *bbolt.Tx) error) (err error) {
	defer recoverCorrupt("", &err)
	return s.db.View(fn)
}

// getJSON decodes the value under key into v. found is false when absent. A
// value that does not decode is ErrCorrupt.
func getJSON(b *bbolt.Bucket, key []byte, v any) (found bool, err error) {
	raw := b.Get(key)
	if raw == nil {
		return false, nil
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return true, fmt.Errorf("%w: bucket record %x: %v", store.ErrCorrupt, key, err)
	}
	return true, nil
}

func jsonDecode(raw []byte, v any) error { return json.Unmarshal(raw, v) }

func putJSON(b *bbolt.Bucket, key []byte, v any) error {
	raw, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("encode %T: %w", v, err)
	}
	return b.Put(key, raw)
}

// bkt returns a top-level bucket, which Open guarantees exists.
func bkt(tx *bbolt.Tx, name []byte) *bbolt.Bucket {
	b := tx.Bucket(name)
	if b == nil {
		panic(fmt.Sprintf("store: bucket %q missing", name))
	}
	return b
}
