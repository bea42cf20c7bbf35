package bot

import (
	"errors"
	"testing"
	"time"

	"shinpan/store"
)

// TestPruneKeys: the timer loop's pruning keeps the key of a fresh action
// (a redelivered DM is still recognised) and forgets it a day later.
func TestPruneKeys(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	id := e.startGame("standard")
	e.play("7g7f")
	entries, err := e.st.Log(id, 1)
	if err != nil || len(entries) != 1 {
		t.Fatalf("log %v %v", entries, err)
	}
	key := entries[0].Key
	e.b.pruneKeys()
	if _, _, err := e.st.LookupKey(key); err != nil {
		t.Fatalf("a fresh key was pruned: %v", err)
	}
	e.offset.Store(int64(keyLife + time.Minute))
	e.b.pruneKeys()
	if _, _, err := e.st.LookupKey(key); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a key older than %v kept: %v", keyLife, err)
	}
}
