package budget

import "time"

// invalidCount counts invalid requests over the last InvalidWindow, in
// one-second slots.
type invalidCount struct {
	slots [600]struct {
		sec int64 // the Unix second the slot counts
		n   int
	}
}

// add counts one invalid request at now and returns the count over the window.
func (c *invalidCount) add(now time.Time) int {
	sec := now.Unix()
	s := &c.slots[sec%int64(len(c.slots))]
	if s.sec != sec {
		s.sec, s.n = sec, 0
	}
	s.n++
	return c.count(now)
}

// count is the number of invalid requests over the window ending at now.
func (c *invalidCount) count(now time.Time) int {
	sec, n := now.Unix(), 0
	for _, s := range c.slots {
		if s.sec > sec-int64(len(c.slots)) {
			n += s.n
		}
	}
	return n
}
