package budget

import (
	"context"
	"slices"
	"time"
)

// line is a first-come queue of the requests waiting for one bucket's (or
// the global budget's) slots: only its head polls, so a freed slot wakes one
// waiter rather than all, and no newcomer overtakes. Guarded by the Gate's
// mutex.
type line struct {
	waiters []chan struct{} // the head's is closed: its turn
}

// join queues a waiter; its ticket is closed when it is the head.
func (l *line) join() chan struct{} {
	c := make(chan struct{})
	l.waiters = append(l.waiters, c)
	if len(l.waiters) == 1 {
		close(c)
	}
	return c
}

// leave takes a waiter out of the line (served or gone); the next becomes
// the head.
func (l *line) leave(c chan struct{}) {
	i := slices.Index(l.waiters, c)
	if i < 0 {
		return
	}
	l.waiters = slices.Delete(l.waiters, i, i+1)
	if i == 0 && len(l.waiters) > 0 {
		close(l.waiters[0])
	}
}

// taker tries to take a slot at now: ok, or how long to wait (or a channel
// closed when an answer may have freed one), or an error to give up with.
// Called with the Gate's mutex held.
type taker func(now time.Time) (ok bool, wait time.Duration, answered <-chan struct{}, err error)

// acquire takes a slot in line order. It reports whether the request had
// to wait.
func (g *Gate) acquire(ctx context.Context, l *line, take taker) (waited bool, err error) {
	g.mu.Lock()
	if len(l.waiters) == 0 {
		if ok, _, _, err := take(time.Now()); ok || err != nil {
			g.mu.Unlock()
			return false, err
		}
	}
	ticket := l.join()
	g.mu.Unlock()
	defer func() {
		g.mu.Lock()
		l.leave(ticket)
		g.mu.Unlock()
	}()
	for {
		select {
		case <-ctx.Done():
			return true, ctx.Err()
		case <-ticket:
		}
		g.mu.Lock()
		ok, d, answered, err := take(time.Now())
		g.mu.Unlock()
		if ok || err != nil {
			return true, err
		}
		if err := sleep(ctx, d, answered); err != nil {
			return true, err
		}
	}
}
