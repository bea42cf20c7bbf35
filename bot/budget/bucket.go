package budget

import (
	"math"
	"time"
)

// bucket is one of Discord's rate-limit buckets (a bucket hash and a major
// parameter), as the headers it answered last describe it. Guarded by the
// Gate's mutex.
type bucket struct {
	known     bool      // a response's headers have told its limit
	limit     int       // X-RateLimit-Limit
	remaining int       // sends left before reset, counting those in flight
	reset     time.Time // when the window resets (now + X-RateLimit-Reset-After)
	blocked   time.Time // a 429's Retry-After: nothing is sent before it
	inflight  int       // sent, not yet answered
	// shared marks a bucket of the whole token (a route with no major
	// parameter, e.g. opening a DM channel): every process on the token
	// spends the same one, so each takes at most its share of a window
	// (quota); used counts this process's sends in the window.
	shared bool
	used   int
	// answered is closed (and replaced) when a response arrives: waiters on
	// an unknown bucket send one at a time, each after the previous answer.
	answered chan struct{}
	line     line // requests waiting for a slot, first come first served
}

func newBucket(shared bool) *bucket { return &bucket{answered: make(chan struct{}), shared: shared} }

// quota is how many sends of a window this process may make: the whole
// limit, or for a bucket of the whole token its share of it (at least one).
func (b *bucket) quota(share float64) int {
	if !b.shared || share >= 1 {
		return b.limit
	}
	return max(int(math.Floor(float64(b.limit)*share+1e-9)), 1)
}

// take reserves a send at now; share is this process's part of the token's
// budget. It returns ok, or how long to wait (0 with a nil wait channel
// never happens), or a channel closed on the next answer.
func (b *bucket) take(now time.Time, share float64) (ok bool, wait time.Duration, answered <-chan struct{}) {
	if now.Before(b.blocked) {
		return false, b.blocked.Sub(now), b.answered // or until Resume
	}
	if !b.known {
		// Unknown limit (first use, or just after a 429): one at a time
		// until an answer's headers say more.
		if b.inflight > 0 {
			return false, 0, b.answered
		}
		b.inflight++
		return true, 0, nil
	}
	if !now.Before(b.reset) && b.inflight == 0 {
		b.remaining, b.used = b.limit, 0
	}
	if b.remaining > 0 && b.used < b.quota(share) {
		b.remaining--
		b.used++
		b.inflight++
		return true, 0, nil
	}
	if now.Before(b.reset) {
		return false, b.reset.Sub(now), nil
	}
	// The window has reset but answers from the old one are still in
	// flight: wait for them, they tell the new window.
	return false, 0, b.answered
}

// untake gives back a reserved send that was never made (cancelled).
func (b *bucket) untake() {
	b.inflight--
	if b.known {
		b.remaining++
		b.used = max(b.used-1, 0)
	}
	b.wake()
}

// answer updates the bucket from a response's headers; h is nil when the
// response carried none (or the request failed before an answer).
func (b *bucket) answer(now time.Time, h *headers) {
	b.inflight--
	defer b.wake()
	if h == nil || !h.hasLimit {
		// No news: a known bucket keeps its count, an unknown one stays
		// one request at a time.
		return
	}
	reset := now.Add(h.resetAfter + resetSlack)
	if !b.known || reset.After(b.reset.Add(10*time.Millisecond)) || h.limit != b.limit {
		// A new window (or first news of it): the server's count, less
		// the sends still in flight that it may not have counted.
		b.known, b.limit, b.reset = true, h.limit, reset
		b.remaining = max(h.remaining-b.inflight, 0)
		b.used = b.inflight + 1 // this answer's request, and those in flight may, count in it
		return
	}
	b.remaining = min(b.remaining, max(h.remaining-b.inflight, 0))
}

// resetSlack is added to a bucket's reset: X-RateLimit-Reset-After is
// rounded to the millisecond, so on a fast link the reset it gives can fall
// before Discord's, and a request sent at once would meet the old window
// (TestStandInGlobalLimit saw one such 429 in about 15 runs).
const resetSlack = 5 * time.Millisecond

// refuse records a 429 on the bucket: nothing is sent before until, and
// then one at a time until an answer tells the limit again.
func (b *bucket) refuse(until time.Time) {
	b.inflight--
	if until.After(b.blocked) {
		b.blocked = until
	}
	b.known, b.remaining = false, 0
	b.wake()
}

func (b *bucket) wake() {
	close(b.answered)
	b.answered = make(chan struct{})
}
