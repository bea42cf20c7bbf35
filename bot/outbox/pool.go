package outbox

import (
	"context"
	"sync/atomic"
	"time"
)

// Pool runs functions on goroutines it keeps for a while after each one
// returns. A sender or a DM queue reaches deep into rendering, JSON and the
// store, and a fresh goroutine grows its stack there from 8 KiB by copying it
// several times (runtime.copystack was 3% of the CPU at 300 moves/s); a kept
// one has grown already.
type Pool struct {
	jobs chan func()
	ctx  context.Context // ends the idle goroutines
	idle time.Duration
	news atomic.Int64 // goroutines started
}

// poolIdle is how long an idle goroutine waits for another job.
const poolIdle = 5 * time.Second

func NewPool(ctx context.Context) *Pool {
	return &Pool{jobs: make(chan func()), ctx: ctx, idle: poolIdle}
}

// Go runs fn on an idle goroutine of the pool, or on a new one.
func (p *Pool) Go(fn func()) {
	select {
	case p.jobs <- fn:
	default:
		p.news.Add(1)
		go p.run(fn)
	}
}

func (p *Pool) run(fn func()) {
	t := time.NewTimer(p.idle)
	defer t.Stop()
	for {
		fn()
		fn = nil // let it go while idle
		t.Reset(p.idle)
		select {
		case fn = <-p.jobs:
		case <-t.C:
			return
		case <-p.ctx.Done():
			return
		}
	}
}
