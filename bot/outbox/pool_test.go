package outbox

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
	p := NewPool(ctx)
	p.idle = 200 * time.Millisecond
	// Jobs one after another, each given once the last has returned: the
	// goroutine that ran one waits for the next, so hardly any is new.
	const jobs = 20
	for range jobs {
		ran := make(chan struct{})
		p.Go(func() { close(ran) })
		<-ran
		time.Sleep(5 * time.Millisecond) // back in the pool
	}
	if n := p.news.Load(); n >= jobs/2 {
		t.Fatalf("%d jobs one after another started %d goroutines", jobs, n)
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

	time.Sleep(5 * p.idle) // every goroutine idles out
	before := p.news.Load()
	done := make(chan struct{})
	p.Go(func() { close(done) })
	<-done
	if p.news.Load() != before+1 {
		t.Fatal("a goroutine idle past its time still took a job")
	}
}
