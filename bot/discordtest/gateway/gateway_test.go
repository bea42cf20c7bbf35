package gateway

import (
	"shinpan/bot/discordtest/world"
	"testing"
)

// TestReplayBufferKeepsTheLast: a session keeps its last ReplayBuffer
// dispatches for RESUME, and not many more in memory.
func TestReplayBufferKeepsTheLast(t *testing.T) {
	w := world.New(world.Options{ReplayBuffer: 3})
	g := New(w)
	ss := &session{id: "s"}
	w.Lock()
	defer w.Unlock()
	for i := range 10 {
		g.sendTo(ss, "TEST", obj{"i": i})
		if len(ss.buffer) > 2*3 {
			t.Fatalf("%d frames kept after %d dispatches", len(ss.buffer), i+1)
		}
	}
	var seqs []int64
	for _, f := range g.replayable(ss) {
		seqs = append(seqs, f.seq)
	}
	if len(seqs) != 3 || seqs[0] != 8 || seqs[2] != 10 {
		t.Fatalf("replayable seqs %v, want [8 9 10]", seqs)
	}
}
