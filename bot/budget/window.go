package budget

import "time"

// window is the global limit: at most n requests in any span of length per,
// counted as the server may count them. A request holds its slot from the
// moment it is sent until per after its answer arrived (when Discord counted
// it is somewhere in between), so the limit holds under any window Discord
// counts by, whatever the network's delays, and processes whose n add up to
// Discord's limit stay under it together. Not safe for concurrent use: the
// Gate's mutex guards it.
type window struct {
	n        int
	per      time.Duration
	inflight int         // sent, not yet answered
	done     []time.Time // answer times of the last per, oldest first
	blocked  time.Time   // a global 429's Retry-After
	answered chan struct{}
	line     line // requests waiting for a slot, first come first served
}

func newWindow(n int, per time.Duration) *window {
	return &window{n: max(n, 1), per: per, answered: make(chan struct{})}
}

// size is n.
func (w *window) size() int { return w.n }

// resize changes n: a smaller share takes effect at once (no new request is
// sent until fewer than the new n hold slots).
func (w *window) resize(n int) { w.n = max(n, 1) }

// take reserves a slot at now, or says how long to wait (or for which
// answer) before asking again.
func (w *window) take(now time.Time) (ok bool, wait time.Duration, answered <-chan struct{}) {
	if now.Before(w.blocked) {
		return false, w.blocked.Sub(now), w.answered // or until Resume
	}
	i := 0
	for i < len(w.done) && now.Sub(w.done[i]) >= w.per {
		i++
	}
	w.done = w.done[i:]
	if w.inflight+len(w.done) < w.n {
		w.inflight++
		return true, 0, nil
	}
	if len(w.done) > 0 {
		return false, w.done[0].Add(w.per).Sub(now), nil
	}
	return false, 0, w.answered
}

// release ends a slot's flight: sent (the answer or the error arrived at
// now; Discord may have counted it) or not sent at all.
func (w *window) release(now time.Time, sent bool) {
	w.inflight--
	if sent {
		w.done = append(w.done, now)
	}
	close(w.answered)
	w.answered = make(chan struct{})
}

// block makes every request wait until at least until (a global 429).
func (w *window) block(until time.Time) {
	if until.After(w.blocked) {
		w.blocked = until
	}
}
