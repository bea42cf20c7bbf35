package budget

import (
	"context"
	"slices"
	"time"
)

// line is a first-come queue of the requests waiting for one bucket's (or
// the global budget's) slots: only its head polls, so a freed slot wakes one
// waiter rather than all, and no newcomer overtakes, but an urgent one
// (Urgent): it goes behind the head and the urgent waiters already there.
// Guarded by the Gate's mutex.
type line struct {
	waiters []chan struct{} // the head's is closed: its turn
	urgent  int             // waiters behind the head that are urgent
}

// join queues a waiter; its ticket is closed when it is the head.
func (l *line) join(urgent bool) chan struct{} {
	c := make(chan struct{})
	switch {
	case len(l.waiters) == 0:
		close(c)
		l.waiters = append(l.waiters, c)
	case urgent:
		l.waiters = slices.Insert(l.waiters, 1+l.urgent, c)
		l.urgent++
	default:
		l.waiters = append(l.waiters, c)
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
	switch {
	case i == 0 && len(l.waiters) > 0:
		close(l.waiters[0])
		if l.urgent > 0 {
			l.urgent-- // the new head was urgent
		}
	case i > 0 && i <= l.urgent:
		l.urgent-- // an urgent waiter gave up
	}
}

type urgentKey struct{}

// Urgent marks a request someone is waiting on now (a button's DM probe):
// it queues for the global budget ahead of the others waiting, behind the
// head and earlier urgent requests. Keep it for the few requests a person
// waits for: all urgent is first come, first served again.
func Urgent(ctx context.Context) context.Context {
	return context.WithValue(ctx, urgentKey{}, true)
}

func isUrgent(ctx context.Context) bool {
	u, _ := ctx.Value(urgentKey{}).(bool)
	return u
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
	ticket := l.join(isUrgent(ctx))
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
