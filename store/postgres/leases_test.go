package postgres

import (
	"context"
	"errors"
	"testing"
	"time"

	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/store"
	"shinpan/store/pgtest"
	"shinpan/store/storetest"
)

func openCluster(t *testing.T, url, name string, ttl time.Duration) (*Store, *Leases) {
	t.Helper()
	s, err := Open(url, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, s.Leases(LeaseOptions{Process: name, Renew: ttl / 4, TTL: ttl})
}

func tick(t *testing.T, ls ...*Leases) {
	t.Helper()
	for _, l := range ls {
		if err := l.Tick(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
}

// TestLeases: the first process takes every partition; a second and a third
// join and the partitions end up shared evenly, each held by one process; a
// process that stops renewing loses its partitions to the others with a
// higher epoch, and its late game write is refused by the database; its
// outbox and inbox go to the new owners; a clean stop hands over at once.
func TestLeases(t *testing.T) {
	srv := pgtest.Get(t)
	url := srv.NewDB(t)
	const ttl = 800 * time.Millisecond
	s1, a := openCluster(t, url, "a", ttl)
	s2, b := openCluster(t, url, "b", ttl)
	_, c := openCluster(t, url, "c", ttl)

	tick(t, a)
	if n := len(a.Held()); n != store.Partitions {
		t.Fatalf("alone, a holds %d partitions", n)
	}
	g, err := s1.CreateGame(storetest.SampleGame("G", "C", "x", "y", view.Tsuitate), "", nil)
	if err != nil {
		t.Fatal(err)
	}
	tick(t, b, c) // they see a over its share... a gives up at its tick
	tick(t, a, b, c, a, b, c)
	owners := map[uint32]int{}
	for _, l := range []*Leases{a, b, c} {
		held := l.Held()
		if n := len(held); n < store.Partitions/3-1 || n > store.Partitions/3+2 || l.Live() != 3 {
			t.Fatalf("%s holds %d partitions, sees %d live", l.Process(), n, l.Live())
		}
		for _, p := range held {
			owners[p]++
		}
	}
	if len(owners) != store.Partitions {
		t.Fatalf("%d partitions held in all", len(owners))
	}
	for p, n := range owners {
		if n != 1 {
			t.Fatalf("partition %d held by %d processes", p, n)
		}
	}

	// The game's owner stops renewing; the others take its partitions.
	var owner, other *Leases
	var ownerStore *Store
	for _, l := range []*Leases{a, b} {
		if l.Owns(g.ID) {
			owner = l
		}
	}
	switch owner {
	case a:
		other, ownerStore = b, s1
	case b:
		other, ownerStore = a, s2
	default:
		owner, other = c, a
		ownerStore, _ = Open(url, nil) // c's store is not kept: use a fresh one under c's fence
		defer ownerStore.Close()
		ownerStore.fencer, ownerStore.owner = c.Fence, "c"
	}
	before, _ := owner.Fence(g.ID)
	move := func(s *Store, key string) error {
		_, err := s.AppendAction(g.ID, store.Entry{Action: storetest.Move(shogi.Black, "7g7f"), Key: key}, []store.OutMsg{storetest.Msg("C", key)}, nil)
		return err
	}
	if err := move(ownerStore, "owned"); err != nil {
		t.Fatalf("the owner's write: %v", err)
	}
	time.Sleep(ttl + 50*time.Millisecond)
	var third *Leases
	for _, l := range []*Leases{a, b, c} {
		if l != owner && l != other {
			third = l
		}
	}
	tick(t, other, third, other, third)
	var next *Leases
	for _, l := range []*Leases{other, third} {
		if l.Owns(g.ID) {
			next = l
		}
	}
	if next == nil {
		t.Fatal("nobody took the stopped process's partition")
	}
	after, _ := next.Fence(g.ID)
	if after.Epoch <= before.Epoch {
		t.Fatalf("epoch %d after the takeover, %d before", after.Epoch, before.Epoch)
	}
	if err := move(ownerStore, "late"); !errors.Is(err, store.ErrFenced) {
		t.Fatalf("the stale owner's late write: %v", err)
	}
	// The stale owner finds out at its next renewal.
	tick(t, owner)
	if owner.Owns(g.ID) {
		t.Fatal("the stale owner still thinks it owns the game")
	}
	// The game's outbox goes to its new owner only.
	nextStore, _ := Open(url, nil)
	defer nextStore.Close()
	nextStore.fencer, nextStore.owner = next.Fence, next.Process()
	if got, err := ownerStore.ClaimOutbox(10, time.Minute); err != nil || len(got) != 0 {
		t.Fatalf("the old owner claimed %d messages: %v", len(got), err)
	}
	if got, err := nextStore.ClaimOutbox(10, time.Minute); err != nil || len(got) != 1 {
		t.Fatalf("the new owner claimed %d messages: %v", len(got), err)
	}

	// The inbox: queued once; applied once by the owner's append, which
	// removes it; a refusal removes it with its reply. InboxPending sees
	// what waits for the game, and only for it.
	pending := func(want bool) {
		t.Helper()
		if p, err := nextStore.InboxPending(g.ID); err != nil || p != want {
			t.Fatalf("inbox pending for the game: %v %v, want %v", p, err, want)
		}
		if p, err := nextStore.InboxPending(g.ID + store.Partitions); err != nil || p {
			t.Fatalf("inbox pending for another game of the partition: %v %v", p, err)
		}
	}
	pending(false)
	if q, err := ownerStore.PutInbox("i1", g.ID, []byte(`{}`)); err != nil || !q {
		t.Fatalf("put inbox: %v %v", q, err)
	}
	if q, err := ownerStore.PutInbox("i1", g.ID, []byte(`{}`)); err != nil || q {
		t.Fatalf("the same action queued twice: %v %v", q, err)
	}
	if q, err := ownerStore.PutInbox("i2", g.ID, []byte(`{"n":2}`)); err != nil || !q {
		t.Fatalf("put inbox: %v %v", q, err)
	}
	pending(true)
	items, err := nextStore.Inbox(next.Held(), nil, 10)
	if err != nil || len(items) != 2 || items[0].Key != "i1" || items[1].Key != "i2" || items[0].GameID != g.ID {
		t.Fatalf("inbox: %+v %v", items, err)
	}
	if err := move(nextStore, "i1"); err != nil {
		t.Fatal(err)
	}
	if _, err := ownerStore.ConsumeInbox("i2", g.ID, nil); !errors.Is(err, store.ErrFenced) {
		t.Fatalf("a stale owner consumed the inbox: %v", err)
	}
	if done, err := nextStore.ConsumeInbox("i2", g.ID, []store.OutMsg{storetest.Msg("C", "refused")}); err != nil || !done {
		t.Fatalf("consume: %v %v", done, err)
	}
	if done, err := nextStore.ConsumeInbox("i2", g.ID, []store.OutMsg{storetest.Msg("C", "again")}); err != nil || done {
		t.Fatalf("consumed twice: %v %v", done, err)
	}
	if items, _ := nextStore.Inbox(next.Held(), nil, 10); len(items) != 0 {
		t.Fatalf("inbox keeps %+v", items)
	}
	pending(false)
	if n := srv.QueryInt(t, url, "SELECT count(*) FROM outbox"); n != 3 { // owned, i1, refused
		t.Fatalf("%d outbox messages", n)
	}

	// A clean stop hands over at the others' next tick.
	survivor := other
	if next == other {
		survivor = third
	}
	next.Stop()
	tick(t, survivor, owner) // the stale owner renewed above: it is live again
	if n := len(survivor.Held()) + len(owner.Held()); n != store.Partitions || len(next.Held()) != 0 {
		t.Fatalf("after a clean stop the others hold %d partitions, the stopped one %d", n, len(next.Held()))
	}
}

// TestListenInbox: a queued action notifies the listeners with its partition.
func TestListenInbox(t *testing.T) {
	srv := pgtest.Get(t)
	url := srv.NewDB(t)
	s, err := Open(url, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	got := make(chan uint32, 10)
	go s.ListenInbox(ctx, func(p uint32) { got <- p })
	if p := <-got; p != AnyPartition {
		t.Fatalf("first call %d, want AnyPartition", p)
	}
	start := time.Now()
	if _, err := s.PutInbox("k", 1030, []byte(`{}`)); err != nil {
		t.Fatal(err)
	}
	select {
	case p := <-got:
		if p != 6 {
			t.Fatalf("partition %d, want 6", p)
		}
		t.Logf("notified in %v", time.Since(start))
	case <-time.After(5 * time.Second):
		t.Fatal("no notification")
	}
}

// TestOwnerTakesDMs: a process learns at its renewal which partitions other
// live processes that receive DMs hold, and forgets one once it stops.
func TestOwnerTakesDMs(t *testing.T) {
	srv := pgtest.Get(t)
	url := srv.NewDB(t)
	const ttl = 800 * time.Millisecond
	open := func(name string, dms bool) *Leases {
		s, err := Open(url, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s.Leases(LeaseOptions{Process: name, Renew: ttl / 4, TTL: ttl, TakesDMs: dms})
	}
	a, b := open("a", true), open("b", false)
	tick(t, a, b, a, b, a, b)
	heldBy := func(l *Leases) map[uint32]bool {
		m := map[uint32]bool{}
		for _, p := range l.Held() {
			m[p] = true
		}
		return m
	}
	ha, hb := heldBy(a), heldBy(b)
	if len(ha) == 0 || len(hb) == 0 {
		t.Fatalf("a holds %d partitions, b %d", len(ha), len(hb))
	}
	for id := store.GameID(1); id <= 4*store.Partitions; id++ {
		p := store.PartitionOf(id)
		if got := b.OwnerTakesDMs(id); got != ha[p] {
			t.Fatalf("game %d (partition %d, a's %v): b says its owner takes DMs: %v", id, p, ha[p], got)
		}
		if a.OwnerTakesDMs(id) {
			t.Fatalf("game %d: a says its owner takes DMs, but b does not and a's own do not count", id)
		}
	}
	time.Sleep(ttl + 100*time.Millisecond) // a stops renewing
	tick(t, b)
	for id := store.GameID(1); id <= store.Partitions; id++ {
		if b.OwnerTakesDMs(id) {
			t.Fatalf("game %d: a's lease ran out, yet b says its owner takes DMs", id)
		}
	}
}

// TestClaimOfAGoneProcess: a DM claim held by a process whose lease row ran
// out is taken over before the claim's own time is up, as an orphan when it
// is for an older DM; a live process's claim, or one by a process without
// leases, holds until its time.
func TestClaimOfAGoneProcess(t *testing.T) {
	srv := pgtest.Get(t)
	url := srv.NewDB(t)
	// Long enough that a's lease outlives the claims below on a loaded host
	// (at 300 ms, under -race with the machine's load near 25, it did not).
	const ttl = 2 * time.Second
	s, a := openCluster(t, url, "a", ttl)
	_, b := openCluster(t, url, "b", ttl)
	tick(t, a, b)
	claim := func(user, msg, by string, orphan bool, want store.DMClaim) {
		t.Helper()
		now := time.Now()
		if r, _, err := s.ClaimDM(user, msg, by, now, now.Add(time.Minute), orphan); err != nil || r != want {
			t.Fatalf("%s claims %s of %s: %v %v, want %v", by, msg, user, r, err, want)
		}
	}
	claim("u1", "100", "a", false, store.DMMine)
	claim("u2", "100", "a", false, store.DMMine)
	claim("u3", "100", "nameless", false, store.DMMine)
	tick(t, a)
	claim("u1", "100", "b", false, store.DMBusy) // a is live
	time.Sleep(2 * ttl)                          // a stops renewing
	tick(t, b)
	claim("u1", "100", "b", false, store.DMMine)
	claim("u2", "101", "b", false, store.DMOrphan) // a's older DM: catch up first
	claim("u2", "101", "b", true, store.DMMine)
	claim("u3", "100", "b", false, store.DMBusy)
}

// TestShareWaitsUntilCounted: a process alone has the whole budget at once;
// one that joins others gets nothing until each of them could have renewed
// and seen it, then 1/live like them; one whose lease ran out gets nothing
// (the others no longer count it), until it renews and waits again.
func TestShareWaitsUntilCounted(t *testing.T) {
	srv := pgtest.Get(t)
	url := srv.NewDB(t)
	const ttl, settle = 800 * time.Millisecond, 100 * time.Millisecond
	open := func(name string) *Leases {
		s, err := Open(url, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s.Leases(LeaseOptions{Process: name, Renew: ttl / 4, TTL: ttl})
	}
	a, b := open("a"), open("b")
	if got := a.Share(settle); got != 0 {
		t.Fatalf("a's share before it ever renewed: %v", got)
	}
	tick(t, a)
	if got := a.Share(settle); got != 1 {
		t.Fatalf("a alone: share %v, want 1", got)
	}
	tick(t, b)
	if got := b.Share(settle); got != 0 {
		t.Fatalf("b just joined a: share %v, want 0 until a counts it", got)
	}
	time.Sleep(ttl/4 + settle)
	tick(t, a, b)
	if ga, gb := a.Share(settle), b.Share(settle); ga != 0.5 || gb != 0.5 {
		t.Fatalf("both counted: shares %v and %v, want 0.5", ga, gb)
	}
	time.Sleep(ttl + 50*time.Millisecond) // b stops renewing (frozen)
	if got := b.Share(settle); got != 0 {
		t.Fatalf("b's lease ran out: share %v, want 0", got)
	}
	tick(t, a)
	if got := a.Share(settle); got != 1 {
		t.Fatalf("a alone again: share %v, want 1", got)
	}
	tick(t, b) // b thaws: a newcomer again
	if got := b.Share(settle); got != 0 {
		t.Fatalf("b back: share %v, want 0 until a counts it", got)
	}
}
