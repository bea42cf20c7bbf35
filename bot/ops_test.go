package bot

import (
	"testing"
	"time"

	"shinpan/bot/cluster"
	"shinpan/ops"
)

// moveCount is how many move latencies m observed.
func moveCount(t *testing.T, m *ops.Metrics) uint64 {
	t.Helper()
	fams, err := m.Registry.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range fams {
		if f.GetName() == "shinpan_move_seconds" {
			return f.GetMetric()[0].GetHistogram().GetSampleCount()
		}
	}
	return 0
}

// TestMoveClocks: an action is observed once its last message is out, also
// when its messages go out before its count is known; one that did not
// happen is dropped.
func TestMoveClocks(t *testing.T) {
	m := ops.NewMetrics()
	var c moveClocks
	start := time.Now()
	c.begin(1, 5, start)
	c.delivered(m, 1, 5)
	c.delivered(m, 1, 5)
	if moveCount(t, m) != 0 {
		t.Fatal("observed before its count was known")
	}
	c.settle(m, 1, 5, 2)
	if moveCount(t, m) != 1 {
		t.Fatal("not observed when all its messages were out")
	}
	c.begin(1, 6, start)
	c.settle(m, 1, 6, 3)
	c.delivered(m, 1, 6)
	c.delivered(m, 1, 6)
	if moveCount(t, m) != 1 {
		t.Fatal("observed with a message still to send")
	}
	c.delivered(m, 1, 6)
	c.delivered(m, 1, 6) // a re-send after a lost mark counts nothing more
	if moveCount(t, m) != 2 {
		t.Fatal("not observed after its third message")
	}
	c.begin(2, 1, start)
	c.settle(m, 2, 1, -1)
	c.delivered(m, 2, 1)
	if moveCount(t, m) != 2 || len(c.m) != 0 {
		t.Fatalf("an action that did not happen: %d observed, %d kept", moveCount(t, m), len(c.m))
	}
}

// heldCluster is a Cluster that answers only what the lease gauges ask.
type heldCluster struct {
	Cluster
	held []uint32
	live int
}

func (h heldCluster) Held() []uint32 { return h.held }
func (h heldCluster) Live() int      { return h.live }

// TestLeaseGaugesFollowCluster: a bot sharing the store reports the
// partitions it holds and the live processes; a single process none.
func TestLeaseGaugesFollowCluster(t *testing.T) {
	if g := (&Bot{}).gauges(); g.Leases != nil {
		t.Fatal("lease gauges without a cluster")
	}
	b := &Bot{cl: cluster.New(cluster.Config{Leases: heldCluster{held: []uint32{3, 7, 11}, live: 3}})}
	g := b.gauges()
	if g.Leases == nil {
		t.Fatal("no lease gauges with a cluster")
	}
	if held, live := g.Leases(); held != 3 || live != 3 {
		t.Fatalf("Leases() = %d, %d; want 3, 3", held, live)
	}
}

// TestMoveClocksSweep: an action whose messages never went out is dropped
// once it is older than moveClockTTL; a recent one is kept.
func TestMoveClocksSweep(t *testing.T) {
	var c moveClocks
	t0 := time.Now()
	c.begin(1, 1, t0)
	c.begin(2, 1, t0.Add(moveClockTTL-time.Minute))
	c.begin(3, 1, t0.Add(moveClockTTL+time.Minute))
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
