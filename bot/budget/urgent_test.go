package budget

import (
	"context"
	"sync"
	"testing"
	"time"
)

// TestUrgentGoesAheadOfTheLine: an urgent request (a person waits on it)
// queues behind the head and the urgent ones before it, not behind every
// waiter; one that gives up leaves its place to the next urgent one.
func TestUrgentGoesAheadOfTheLine(t *testing.T) {
	f := newFake(t, 1, 150*time.Millisecond, 0)
	order := servedOrder(f)
	g := New(Config{Log: quiet})
	c := client(g)
	url := f.URL + "/api/v10/channels/1/messages?i="
	send(t, c, context.Background(), "POST", url+"0") // the bucket is known: 1 per 150 ms
	var wg sync.WaitGroup
	go1 := func(ctx context.Context, i string) {
		wg.Add(1)
		go func() { defer wg.Done(); send(t, c, ctx, "POST", url+i) }()
		time.Sleep(10 * time.Millisecond) // each joins the line after the one before
	}
	for _, i := range []string{"1", "2", "3"} {
		go1(context.Background(), i)
	}
	gone, cancel := context.WithCancel(Urgent(context.Background()))
	go1(gone, "x") // urgent, but gives up before its turn
	cancel()
	go1(Urgent(context.Background()), "a")
	go1(context.Background(), "4")
	go1(Urgent(context.Background()), "b")
	wg.Wait()
	// 1 is the head (it polls for the bucket's reset) when the urgent join.
	if got := order(); got != "01ab234" {
		t.Errorf("served in order %s, want 01ab234 (the urgent a and b behind the head, x gone)", got)
	}
}
