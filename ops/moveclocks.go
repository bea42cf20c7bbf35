package ops

import (
	"sync"
	"time"
)

// MoveClocks time each action from its arrival to its last message sent: an
// action is registered before its commit (its messages may go out before act
// returns), learns its message count after, and is observed when the last
// one is delivered or given up on.
type MoveClocks struct {
	mu     sync.Mutex
	m      map[moveKey]*moveClock
	pruned time.Time // when m was last swept of actions never settled
}

// moveClockTTL is how long an action's clock waits for its messages (a stop
// or a restart leaves some unsent); the map is swept once a minute, not at
// every action (with thousands of games waiting that sweep was the cost).
const moveClockTTL = 10 * time.Minute

type moveKey struct {
	game uint64
	seq  uint64
}

type moveClock struct {
	start       time.Time
	done, total int // total -1: not known yet
}

// Begin registers the action that will be game's seq.
func (c *MoveClocks) Begin(game uint64, seq uint64, start time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = map[moveKey]*moveClock{}
	}
	if start.Sub(c.pruned) >= time.Minute {
		c.pruned = start
		for k, v := range c.m { // messages never sent (a stop, a restart)
			if start.Sub(v.start) > moveClockTTL {
				delete(c.m, k)
			}
		}
	}
	c.m[moveKey{game, seq}] = &moveClock{start: start, total: -1}
}

// Settle sets the action's message count; a negative count drops the
// action (it did not happen).
func (c *MoveClocks) Settle(m *Metrics, game uint64, seq uint64, total int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	k := moveKey{game, seq}
	mc, ok := c.m[k]
	switch {
	case !ok:
	case total < 0:
		delete(c.m, k)
	default:
		mc.total = total
		c.finish(m, k, mc)
	}
}

// Delivered counts one of an action's messages as delivered.
func (c *MoveClocks) Delivered(m *Metrics, game uint64, seq uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	k := moveKey{game, seq}
	if mc, ok := c.m[k]; ok {
		mc.done++
		c.finish(m, k, mc)
	}
}

// finish observes an action whose messages are all out.
func (c *MoveClocks) finish(m *Metrics, k moveKey, mc *moveClock) {
	if mc.total >= 0 && mc.done >= mc.total {
		m.MoveDone(time.Since(mc.start))
		delete(c.m, k)
	}
}
