package budget

import (
	"context"
	"sync"
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
