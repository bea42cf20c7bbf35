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
