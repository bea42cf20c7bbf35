package budget

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"
)

// TestSendTimeoutLeavesOutTheQueue: requests that queue in the gate for
// longer than SendTimeout still go; a request slower than it on the wire
// fails with the deadline.
func TestSendTimeoutLeavesOutTheQueue(t *testing.T) {
	f := newFake(t, 2, 400*time.Millisecond, 0)
	slow := make(chan struct{})
	f.answer = func(w http.ResponseWriter, r *http.Request, n int) bool {
		if r.URL.Path == "/api/v10/channels/9/messages" {
			<-slow
			return true
		}
		return false
	}
	defer close(slow)
	g := New(Config{Log: quiet, SendTimeout: 150 * time.Millisecond})
	c := client(g)
	for i := range 6 { // 2 a window of 400 ms: the last ones queue 800 ms
		if code, err := send(t, c, context.Background(), "POST", f.URL+"/api/v10/channels/1/messages"); err != nil || code != 200 {
			t.Fatalf("request %d, queued in the gate: %d %v", i, code, err)
		}
	}
	start := time.Now()
	_, err := send(t, c, context.Background(), "POST", f.URL+"/api/v10/channels/9/messages")
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("a request slow on the wire: %v, want the deadline", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("the slow request failed after %v, want about 150ms", d)
	}
}

// TestReadyTakesNothing: Ready waits out a spent bucket without taking its
// sends, then the requests go without a 429.
func TestReadyTakesNothing(t *testing.T) {
	f := newFake(t, 2, 300*time.Millisecond, 0)
	g := New(Config{Log: quiet})
	c := client(g)
	url := f.URL + "/api/v10/channels/1/messages/5"
	for range 2 {
		if _, err := send(t, c, context.Background(), "PATCH", url); err != nil {
			t.Fatal(err)
		}
	}
	start := time.Now()
	if err := g.Ready(context.Background(), "PATCH", "/api/v10/channels/1/messages/6"); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d < 200*time.Millisecond {
		t.Errorf("Ready on a spent bucket returned after %v, want its reset (~300ms)", d)
	}
	for range 2 {
		if code, err := send(t, c, context.Background(), "PATCH", url); err != nil || code != 200 {
			t.Fatalf("after Ready: %d %v", code, err)
		}
	}
	if _, tooMany := f.counts(); tooMany != 0 {
		t.Errorf("%d answered 429", tooMany)
	}
}
