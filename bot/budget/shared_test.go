package budget

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestTokenBucketsSplitAmongProcesses: a bucket of the whole token (opening
// DM channels: no major parameter) is one for every process on the token, so
// three processes, each with a third of the budget, take at most a third of
// its window each and together never exceed it; a channel's bucket is not
// split (one process mostly has a channel to itself).
func TestTokenBucketsSplitAmongProcesses(t *testing.T) {
	f := newFake(t, 6, 300*time.Millisecond, 0)
	var wg sync.WaitGroup
	for range 3 {
		g := New(Config{Share: PerProcess(func() int { return 3 }), Log: quiet})
		c := client(g)
		for range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if code, err := send(t, c, context.Background(), "POST", f.URL+"/api/v10/users/@me/channels"); err != nil || code != 200 {
					t.Errorf("open a DM: %d %v", code, err)
				}
			}()
		}
	}
	wg.Wait()
	if n, tooMany := f.counts(); n != 24 || tooMany != 0 {
		t.Errorf("server saw %d requests, %d answered 429; want 24, 0", n, tooMany)
	}

	g := New(Config{Share: PerProcess(func() int { return 3 }), Log: quiet})
	c := client(g)
	slow := newFake(t, 6, time.Hour, 0) // a window no test waits out
	for i := range 6 {
		if code, err := send(t, c, context.Background(), "POST", slow.URL+"/api/v10/channels/7/messages"); err != nil || code != 200 {
			t.Fatalf("message %d: %d %v", i, code, err)
		}
	}
	slow.mu.Lock()
	defer slow.mu.Unlock()
	if b := slow.buckets["POST /channels/{channel_id}/messages|channels/7"]; b == nil || b.remaining != 0 {
		t.Errorf("a channel's bucket is split among processes: %+v", b)
	}
}

// TestShareZeroHolds: with a share of 0 (a process the others do not count
// yet) nothing bound by the global limit is sent, while an interaction's
// answer (exempt) is; once the share grows the held request goes.
func TestShareZeroHolds(t *testing.T) {
	f := newFake(t, 100, time.Second, 0)
	var share atomic.Value
	share.Store(0.0)
	g := New(Config{Global: 50, Share: func() float64 { return share.Load().(float64) }, Log: quiet})
	if n := g.PerSecond(); n != 0 {
		t.Fatalf("PerSecond %d with a share of 0", n)
	}
	c := client(g)
	if code, err := send(t, c, context.Background(), "POST", f.URL+"/api/v10/interactions/5/tok/callback"); err != nil || code != 200 {
		t.Fatalf("an interaction's answer: %d %v", code, err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		if code, err := send(t, c, context.Background(), "POST", f.URL+"/api/v10/channels/1/messages"); err != nil || code != 200 {
			t.Errorf("the held message: %d %v", code, err)
		}
	}()
	time.Sleep(2 * ShareEvery)
	if n, _ := f.counts(); n != 1 {
		t.Fatalf("server saw %d requests with a share of 0, want the interaction's alone", n)
	}
	share.Store(0.5)
	<-done
	if n, _ := f.counts(); n != 2 {
		t.Errorf("server saw %d requests, want 2", n)
	}
}
