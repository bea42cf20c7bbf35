package budget

import (
	"context"
	"time"
)

// Ready waits until a request of this method and path would find a send
// left in its bucket (the global budget is not waited for: it is first come,
// first served, and a poll would lose every race to the queue). It takes
// none, so the caller may decide only then what to send (the latest
// state of a message it edits). It fails with *BannedError during a ban and
// with ctx's error when ctx ends.
func (g *Gate) Ready(ctx context.Context, method, path string) error {
	r := parseRoute(method, path)
	for {
		g.mu.Lock()
		now := time.Now()
		if now.Before(g.bannedTo) {
			err := &BannedError{Until: g.bannedTo, Route: r.template}
			g.mu.Unlock()
			return err
		}
		b := g.bucketFor(r)
		d, answered := b.free(now)
		if d == 0 && answered == nil && len(b.line.waiters) > 0 {
			answered = b.answered // others queue for it: wait for their answers
		}
		g.mu.Unlock()
		if d == 0 && answered == nil {
			return nil
		}
		if err := sleep(ctx, d, answered); err != nil {
			return err
		}
	}
}

// free says how long until the bucket has a send left (0 and nil: now), or
// which answer to wait for. Callers hold the Gate's mutex.
func (b *bucket) free(now time.Time) (time.Duration, <-chan struct{}) {
	switch {
	case now.Before(b.blocked):
		return b.blocked.Sub(now), b.answered
	case !b.known:
		if b.inflight > 0 {
			return 0, b.answered
		}
		return 0, nil
	case b.remaining > 0 || !now.Before(b.reset) && b.inflight == 0:
		return 0, nil
	case now.Before(b.reset):
		return b.reset.Sub(now), nil
	}
	return 0, b.answered
}

// Spare waits until the global budget has a slot no request queues for,
// or at most max: work that merges while it waits (a card's edits) calls it
// before it picks what to send, so that it spends the global budget only
// where nothing more urgent waits, and under overload waits and merges
// rather than crowding out the messages people wait for. It fails with
// *BannedError during a ban and with ctx's error when ctx ends.
func (g *Gate) Spare(ctx context.Context, max time.Duration) error {
	end := time.Now().Add(max)
	for {
		g.mu.Lock()
		now := time.Now()
		if now.Before(g.bannedTo) {
			err := &BannedError{Until: g.bannedTo, Route: "spare"}
			g.mu.Unlock()
			return err
		}
		g.readShare(now)
		d, answered := g.win.spare(now)
		g.mu.Unlock()
		left := end.Sub(now)
		if d == 0 && answered == nil || left <= 0 {
			return nil
		}
		if d == 0 || d > left {
			d = left
		}
		if err := sleep(ctx, d, answered); err != nil {
			return err
		}
	}
}

// spare says how long until the window has a slot nobody queues for (0 and
// nil: now), or which answer to wait for. Callers hold the Gate's mutex.
func (w *window) spare(now time.Time) (time.Duration, <-chan struct{}) {
	if now.Before(w.blocked) {
		return w.blocked.Sub(now), w.answered
	}
	if len(w.line.waiters) > 0 {
		return 0, w.answered
	}
	i := 0
	for i < len(w.done) && now.Sub(w.done[i]) >= w.per {
		i++
	}
	// A slot and one more: the spare one is not the last of the second.
	if w.inflight+len(w.done)-i < w.n-w.n/10 {
		return 0, nil
	}
	if i < len(w.done) {
		return w.done[i].Add(w.per).Sub(now), w.answered
	}
	return 0, w.answered
}
