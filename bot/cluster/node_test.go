package cluster

import (
	"testing"

	"shinpan/store"
)

// idleLeases owns every game and has nothing in the inbox.
type idleLeases struct {
	Leases
	pending bool
}

func (idleLeases) Owns(store.GameID) bool                    { return true }
func (l idleLeases) InboxPending(store.GameID) (bool, error) { return l.pending, nil }

// TestApplyHereAfterQueued: the owner applies an action itself only while
// nothing waits for the game; with an inbox item in hand for it (here, or
// in the inbox), the action queues behind it, so each player's actions keep
// their order.
func TestApplyHereAfterQueued(t *testing.T) {
	const id = store.GameID(7)
	n := New(Config{Leases: idleLeases{}})
	if !n.ApplyHere(id) {
		t.Fatal("the owner of an idle game does not apply its actions itself")
	}
	n.queues[id] = append(n.queues[id], store.InboxItem{ID: 1, Key: "earlier", GameID: id})
	if n.ApplyHere(id) {
		t.Fatal("an action would overtake one queued here for the game")
	}
	delete(n.queues, id)
	n.running[id] = true
	if n.ApplyHere(id) {
		t.Fatal("an action would overtake one a worker here applies")
	}
	delete(n.running, id)
	if !n.ApplyHere(id) {
		t.Fatal("the game is idle again, but its actions still queue")
	}
	if New(Config{Leases: idleLeases{pending: true}}).ApplyHere(id) {
		t.Fatal("an action would overtake one waiting in the inbox")
	}
}
