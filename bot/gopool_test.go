package bot

import (
	"context"
	"sync"
	"testing"
	"time"
)

// TestGoPoolReuses: a job given after another has returned runs on the
// goroutine that ran it; jobs given while all are busy run at once on new
// ones (a blocked job holds up no other); idle goroutines end.
func TestGoPoolReuses(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	p := newGoPool(ctx)
	p.idle = 200 * time.Millisecond
	done := make(chan int)
	p.Go(func() { done <- 1 })
	<-done
	// The goroutine is idle once it waits on jobs again: retry until it takes one.
	deadline := time.Now().Add(5 * time.Second)
	for p.news.Load() == 1 && time.Now().Before(deadline) {
		took := make(chan bool, 1)
		select {
		case p.jobs <- func() { took <- true }:
			<-took
		default:
			time.Sleep(time.Millisecond)
			continue
		}
		break
	}
	if n := p.news.Load(); n != 1 {
		t.Fatalf("a job after the first started %d goroutines, want 1", n)
	}

	release := make(chan struct{})
	var wg sync.WaitGroup
	for range 3 {
		wg.Add(1)
		p.Go(func() { defer wg.Done(); <-release })
	}
	ran := make(chan struct{})
	p.Go(func() { close(ran) }) // all three are blocked: this one must not wait for them
	select {
	case <-ran:
	case <-time.After(5 * time.Second):
		t.Fatal("a job waited behind blocked ones")
	}
	close(release)
	wg.Wait()

	time.Sleep(3 * p.idle) // every goroutine idles out
	before := p.news.Load()
	p.Go(func() { close(done) })
	<-done
	if p.news.Load() != before+1 {
		t.Fatal("a goroutine idle past its time still took a job")
	}
}
