//go:build !production

package main

import (
	"sync"
	"time"
)

// demoThink is how long the demo's players think before each action, in the
// stand-in's time: Discord's rate limits (on, as everywhere) see a game
// played at a human pace, one move every few seconds, while the transcript
// is written as fast as the bot answers. Longer than the stand-in's 5 s
// per-channel windows, so each action finds its channels' buckets fresh as a
// person's would.
const demoThink = 6 * time.Second

// demoClock is the stand-in's clock: the wall clock plus the players'
// thinking so far.
type demoClock struct {
	mu      sync.Mutex
	thought time.Duration
}

func (c *demoClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return time.Now().Add(c.thought)
}

// think moves the clock on by a player's thinking.
func (c *demoClock) think() {
	c.mu.Lock()
	c.thought += demoThink
	c.mu.Unlock()
}
