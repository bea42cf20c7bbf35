package ops

import (
	"testing"
	"time"
)

// moveCount is how many move latencies m observed.
func moveCount(t *testing.T, m *Metrics) uint64 {
	t.Helper()
	return uint64(scrape(t, m).Value("shinpan_move_seconds_count"))
}

// TestMoveClocks: an action is observed once its last message is out, also
// when its messages go out before its count is known; one that did not
// happen is dropped.
func TestMoveClocks(t *testing.T) {
	m := NewMetrics()
	var c MoveClocks
	start := time.Now()
	c.Begin(1, 5, start)
	c.Delivered(m, 1, 5)
	c.Delivered(m, 1, 5)
	if moveCount(t, m) != 0 {
		t.Fatal("observed before its count was known")
	}
	c.Settle(m, 1, 5, 2)
	if moveCount(t, m) != 1 {
		t.Fatal("not observed when all its messages were out")
	}
	c.Begin(1, 6, start)
	c.Settle(m, 1, 6, 3)
	c.Delivered(m, 1, 6)
	c.Delivered(m, 1, 6)
	if moveCount(t, m) != 1 {
		t.Fatal("observed with a message still to send")
	}
	c.Delivered(m, 1, 6)
	c.Delivered(m, 1, 6) // a re-send after a lost mark counts nothing more
	if moveCount(t, m) != 2 {
		t.Fatal("not observed after its third message")
	}
	c.Begin(2, 1, start)
	c.Settle(m, 2, 1, -1)
	c.Delivered(m, 2, 1)
	if moveCount(t, m) != 2 || len(c.m) != 0 {
		t.Fatalf("an action that did not happen: %d observed, %d kept", moveCount(t, m), len(c.m))
	}
}

// TestMoveClocksSweep: an action whose messages never went out is dropped
// once it is older than moveClockTTL; a recent one is kept.
func TestMoveClocksSweep(t *testing.T) {
	var c MoveClocks
	t0 := time.Now()
	c.Begin(1, 1, t0)
	c.Begin(2, 1, t0.Add(moveClockTTL-time.Minute))
	c.Begin(3, 1, t0.Add(moveClockTTL+time.Minute))
	if _, ok := c.m[moveKey{1, 1}]; ok {
		t.Error("an action older than moveClockTTL was kept")
	}
	if _, ok := c.m[moveKey{2, 1}]; !ok {
		t.Error("a recent action was dropped")
	}
	if len(c.m) != 2 {
		t.Errorf("%d actions kept, want 2", len(c.m))
	}
}
