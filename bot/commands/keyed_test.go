package commands

import (
	"sync"
	"testing"
	"time"
)

func TestKeyedMu(t *testing.T) {
	var k keyedMu
	unlockA := k.Lock("a")
	// Another key is free while "a" is held.
	done := make(chan struct{})
	go func() { k.Lock("b")(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("key b waited for key a")
	}
	// The same key waits.
	var order []string
	var mu sync.Mutex
	got := make(chan struct{})
	go func() {
		unlock := k.Lock("a")
		mu.Lock()
		order = append(order, "second")
		mu.Unlock()
		unlock()
		close(got)
	}()
	for k.waiters("a") < 2 {
		time.Sleep(time.Millisecond)
	}
	mu.Lock()
	order = append(order, "first")
	mu.Unlock()
	unlockA()
	<-got
	if len(order) != 2 || order[0] != "first" {
		t.Errorf("order %v, want the holder first", order)
	}
	if n := k.held(); n != 0 {
		t.Errorf("%d keys kept after every unlock, want 0", n)
	}
}

// waiters is how many hold or wait for key.
func (k *keyedMu) waiters(key string) int {
	k.mu.Lock()
	defer k.mu.Unlock()
	if e := k.keys[key]; e != nil {
		return e.users
	}
	return 0
}
