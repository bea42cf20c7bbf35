package outbox

import (
	"context"
	"slices"
	"sync"
	"time"
)

// cardRate is the card edits' part of the global budget (Config.CardRate:
// card_share × the process's global rate): a token bucket refilled at that
// rate, holding at most cardBurst seconds of it, whose tokens go to the
// channels' lanes in the order they asked. A lane asks for one edit at a
// time and asks again after it, at the back: the channels take turns, a busy
// one gets no more than a quiet one that has edits waiting. At low load the
// bucket is full and every card edit goes at once; under load the edits
// wait in their lanes, where newer states replace them (cards.go), so the
// cards spend at most the share however many moves are made.
type cardRate struct {
	rate func() float64 // edits a second now; ≤ 0: no limit

	mu     sync.Mutex
	tokens float64
	at     time.Time // tokens was counted then
	line   []string  // lanes waiting for a token (their destinations), first come first served
	moved  chan struct{}
}

// cardBurst is how many seconds of the rate the bucket holds: after a
// quiet spell that many seconds' edits go at once.
const cardBurst = 2.0

func newCardRate(rate func() float64) *cardRate {
	return &cardRate{rate: rate, tokens: -1, moved: make(chan struct{})}
}

// join puts lane d at the back of the line (once). Callers hold c.mu.
func (c *cardRate) join(d string) {
	if !slices.Contains(c.line, d) {
		c.line = append(c.line, d)
	}
}

// leave takes lane d out of the line. Callers hold c.mu.
func (c *cardRate) leave(d string) {
	if i := slices.Index(c.line, d); i >= 0 {
		c.line = slices.Delete(c.line, i, i+1)
		if i == 0 {
			close(c.moved)
			c.moved = make(chan struct{})
		}
	}
}

// take gives lane d, which joined the line, a token at now when it is the
// line's head and the bucket holds one; else it says how long until one
// may be (0: when the head changes, c.moved). Callers hold c.mu.
func (c *cardRate) take(now time.Time, d string) (bool, time.Duration) {
	r := c.rate()
	if len(c.line) == 0 || c.line[0] != d {
		return false, 0
	}
	if r <= 0 {
		c.leave(d)
		return true, 0
	}
	most := max(1, r*cardBurst)
	if c.tokens < 0 { // the first: a full bucket
		c.tokens, c.at = most, now
	}
	if now.After(c.at) {
		c.tokens = min(most, c.tokens+r*now.Sub(c.at).Seconds())
		c.at = now
	}
	if c.tokens >= 1 {
		c.tokens--
		c.leave(d)
		return true, 0
	}
	return false, max(time.Millisecond, time.Duration((1-c.tokens)/r*float64(time.Second)))
}

// wait takes a token for lane d, waiting its turn; ctx's error when ctx
// ends first.
func (c *cardRate) wait(ctx context.Context, d string) error {
	c.mu.Lock()
	c.join(d)
	for {
		ok, d2 := c.take(time.Now(), d)
		if ok {
			c.mu.Unlock()
			return nil
		}
		moved := c.moved
		c.mu.Unlock()
		if d2 <= 0 {
			d2 = time.Second // not the head: woken when the line moves, or a second later at most
		}
		t := time.NewTimer(d2)
		select {
		case <-ctx.Done():
			t.Stop()
			c.mu.Lock()
			c.leave(d)
			c.mu.Unlock()
			return ctx.Err()
		case <-moved:
		case <-t.C:
		}
		t.Stop()
		c.mu.Lock()
	}
}
