package budget

import (
	"context"
	"slices"
	"sync"
	"time"
)

// line is a first-come queue of the requests waiting for one bucket's (or
// the global budget's) slots: only its head polls, so a freed slot wakes one
// waiter rather than all, and no newcomer overtakes, but an urgent one
// (Urgent, or a Hurry while it waits): it goes behind the head and the
// urgent waiters already there. So that urgent requests never starve the
// others, after maxUrgentRun urgent heads in a row while others waited the
// first of the others is the next head. Guarded by the Gate's mutex.
type line struct {
	waiters []chan struct{} // the head's is closed: its turn
	urgent  int             // waiters behind the head that are urgent
	run     int             // urgent heads in a row while others waited
}

// maxUrgentRun is how many urgent requests in a row may go ahead of the
// others waiting: a burst of them (a tournament round's games all
// starting) takes at most that many of every maxUrgentRun+1 turns, and the
// messages of the games under way go on meanwhile.
const maxUrgentRun = 4

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
		others := len(l.waiters) > l.urgent // some waiter is not urgent
		switch {
		case l.urgent == 0:
			l.run = 0
		case others && l.run >= maxUrgentRun:
			// The first of the others goes ahead of the urgent ones.
			first := l.waiters[l.urgent]
			copy(l.waiters[1:l.urgent+1], l.waiters[:l.urgent])
			l.waiters[0] = first
			l.run = 0
		default:
			l.urgent-- // the new head was urgent
			if others {
				l.run++
			} else {
				l.run = 0
			}
		}
		close(l.waiters[0])
	case i > 0 && i <= l.urgent:
		l.urgent-- // an urgent waiter gave up
	}
}

// promote makes a waiter urgent: behind the head and the urgent waiters
// already there (nothing for the head or an urgent one).
func (l *line) promote(c chan struct{}) {
	i := slices.Index(l.waiters, c)
	if i <= l.urgent { // the head, an urgent waiter, or gone
		return
	}
	l.waiters = slices.Delete(l.waiters, i, i+1)
	l.waiters = slices.Insert(l.waiters, 1+l.urgent, c)
	l.urgent++
}

type urgentKey struct{}

// Urgent marks a request someone is waiting on now (an Accept's DM probes,
// a new game's first messages): it queues for the global budget ahead of
// the others waiting, behind the head and earlier urgent requests, at most
// maxUrgentRun in a row while others wait. Keep it for the few requests a
// person waits for: all urgent is first come, first served again.
func Urgent(ctx context.Context) context.Context {
	return context.WithValue(ctx, urgentKey{}, true)
}

func isUrgent(ctx context.Context) bool {
	u, _ := ctx.Value(urgentKey{}).(bool)
	return u || hurried(ctx)
}

// Hurry makes a request urgent while it waits: one queued as routine for
// which someone now waits (the outbox sends a destination's messages in
// order, and a new game's first message was queued behind it) leaves its
// place in the line for one among the urgent (Urgent). Safe for concurrent
// use.
type Hurry struct {
	once sync.Once
	c    chan struct{}
}

// NewHurry returns a Hurry not yet asked.
func NewHurry() *Hurry { return &Hurry{c: make(chan struct{})} }

// Now makes the requests of the contexts that carry h urgent, those
// waiting in the gate and those to come; it may be called any number of
// times.
func (h *Hurry) Now() { h.once.Do(func() { close(h.c) }) }

type hurryKey struct{}

// WithHurry returns a context whose requests h may make urgent.
func WithHurry(ctx context.Context, h *Hurry) context.Context {
	return context.WithValue(ctx, hurryKey{}, h)
}

// hurryOf is the channel closed when ctx's requests are to be urgent (nil:
// never).
func hurryOf(ctx context.Context) <-chan struct{} {
	if h, _ := ctx.Value(hurryKey{}).(*Hurry); h != nil {
		return h.c
	}
	return nil
}

func hurried(ctx context.Context) bool {
	select {
	case <-hurryOf(ctx):
		return true
	default:
		return false
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
	urgent := isUrgent(ctx)
	ticket := l.join(urgent)
	g.mu.Unlock()
	defer func() {
		g.mu.Lock()
		l.leave(ticket)
		g.mu.Unlock()
	}()
	var hurry <-chan struct{}
	if !urgent {
		hurry = hurryOf(ctx)
	}
	for {
		select {
		case <-ctx.Done():
			return true, ctx.Err()
		case <-hurry:
			hurry = nil
			g.mu.Lock()
			l.promote(ticket)
			g.mu.Unlock()
			continue
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
