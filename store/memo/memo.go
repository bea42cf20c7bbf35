// Package memo keeps values under the exact bytes they were made from (a
// stored record, an encoded payload), at most a fixed number, the oldest
// dropped first: a value is served only for the very same bytes, so it is
// always what decoding them would give.
package memo

import "sync"

// Table is safe for concurrent use. Its users keep their values unshared
// (they copy what they put and what they get).
type Table[T any] struct {
	mu    sync.Mutex
	byKey map[string]entry[T]
	ring  []string // the keys in the order they were put
	next  uint64   // puts so far
}

type entry[T any] struct {
	v   T
	put uint64 // which put, to drop it when its ring slot is reused
}

// New returns a table of at most size values.
func New[T any](size int) *Table[T] {
	return &Table[T]{byKey: map[string]entry[T]{}, ring: make([]string, size)}
}

// Put keeps v under key, dropping the oldest beyond the bound.
func (t *Table[T]) Put(key string, v T) {
	t.mu.Lock()
	defer t.mu.Unlock()
	n := uint64(len(t.ring))
	slot := t.next % n
	if old := t.ring[slot]; old != "" {
		if oe, ok := t.byKey[old]; ok && oe.put+n == t.next {
			delete(t.byKey, old)
		}
	}
	t.ring[slot] = key
	t.byKey[key] = entry[T]{v, t.next}
	t.next++
}

// Get returns the value kept under key.
func (t *Table[T]) Get(key string) (T, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	e, ok := t.byKey[key]
	return e.v, ok
}

// Take returns the value kept under key and forgets it.
func (t *Table[T]) Take(key string) (T, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	e, ok := t.byKey[key]
	if ok {
		delete(t.byKey, key)
	}
	return e.v, ok
}

// GetBytes is Get for a key held as bytes, without copying them into a
// string (records and payloads are a few hundred bytes to kilobytes).
func (t *Table[T]) GetBytes(key []byte) (T, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	e, ok := t.byKey[string(key)]
	return e.v, ok
}

// TakeBytes is Take for a key held as bytes, without copying them.
func (t *Table[T]) TakeBytes(key []byte) (T, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	e, ok := t.byKey[string(key)]
	if ok {
		delete(t.byKey, t.ring[e.put%uint64(len(t.ring))]) // a kept value's key is still in its slot
	}
	return e.v, ok
}

// Len is how many values are kept.
func (t *Table[T]) Len() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.byKey)
}
