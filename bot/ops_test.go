package bot

import (
	"testing"

	"shinpan/bot/cluster"
)

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
