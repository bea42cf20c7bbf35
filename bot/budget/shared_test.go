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

// TestShareZeroTrickles: a process the others do not count yet (share 0)
// sends 1 request a second, from the reserve the counted ones keep back,
// while an interaction's answer (exempt) goes at once; the counted ones
// split the global limit less the reserve.
func TestShareZeroTrickles(t *testing.T) {
	f := newFake(t, 100, time.Second, 0)
	var share atomic.Value
	share.Store(0.0)
	g := New(Config{Global: 50, Share: func() float64 { return share.Load().(float64) }, Log: quiet})
	if n := g.PerSecond(); n != 1 {
		t.Fatalf("PerSecond %d with a share of 0, want 1", n)
	}
	c := client(g)
	if code, err := send(t, c, context.Background(), "POST", f.URL+"/api/v10/interactions/5/tok/callback"); err != nil || code != 200 {
		t.Fatalf("an interaction's answer: %d %v", code, err)
	}
	var wg sync.WaitGroup
	for range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if code, err := send(t, c, context.Background(), "POST", f.URL+"/api/v10/channels/1/messages"); err != nil || code != 200 {
				t.Errorf("a message: %d %v", code, err)
			}
		}()
	}
	wg.Wait()
	f.mu.Lock()
	f.arrivals = f.arrivals[:0] // the interaction's is exempt: none
	f.mu.Unlock()
	if most := f.maxPerSecond(); most > 1 {
		t.Errorf("%d messages in a second with a share of 0, want 1", most)
	}
	share.Store(1.0)
	time.Sleep(ShareEvery + 10*time.Millisecond)
	send(t, c, context.Background(), "POST", f.URL+"/api/v10/channels/1/messages") // reads the share
	if n := g.PerSecond(); n != 50-DefaultReserve {
		t.Errorf("PerSecond %d for a process counted alone, want %d: the reserve is kept", n, 50-DefaultReserve)
	}
}
