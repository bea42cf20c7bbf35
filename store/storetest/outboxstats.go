package storetest

import (
	"fmt"
	"sync"
	"testing"

	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/store"
)

// testOutboxStats: OutboxStats agrees with PendingOutbox after every kind of
// change (enqueue, an action's messages, sends, unknown and repeated ids,
// writes that fail, concurrent writers and senders, a copy in, a reopen).
func testOutboxStats(t *testing.T, b Backend) {
	loc := b.Fresh(t)
	clk := newClock()
	s := openT(t, b, loc, clk)
	agree := func(t *testing.T, s store.Store, what string) {
		t.Helper()
		st := ok(s.OutboxStats())
		pending := ok(s.PendingOutbox())
		want := store.OutboxStats{Depth: len(pending)}
		if len(pending) > 0 {
			want.Oldest = pending[0].CreatedAt
		}
		if st.Depth != want.Depth || !st.Oldest.Equal(want.Oldest) {
			t.Fatalf("%s: OutboxStats %+v, the outbox holds %+v", what, st, want)
		}
	}
	agree(t, s, "empty")
	check(t, s.Enqueue(Msg("C", "a"), Msg("C", "b")))
	agree(t, s, "enqueued")
	g := ok(s.CreateGame(SampleGame("G", "C", "b", "w", view.Tsuitate), "k0", []store.OutMsg{Msg("C", "start")}))
	ok(s.AppendAction(g.ID, store.Entry{Action: Move(shogi.Black, "7g7f"), Key: "k1"}, []store.OutMsg{Msg("C", "m1"), Msg("C", "m2")}, nil))
	agree(t, s, "an action's messages")
	if _, err := s.AppendAction(g.ID, store.Entry{Action: Move(shogi.Black, "7g7f"), Key: "k1"}, []store.OutMsg{Msg("C", "again")}, nil); err == nil {
		t.Fatal("a duplicate was appended")
	}
	if _, err := s.UpdateGame(g.ID, []store.OutMsg{Msg("C", "x")}, func(*store.Game) error { return fmt.Errorf("no") }); err == nil {
		t.Fatal("the failing update succeeded")
	}
	agree(t, s, "writes that failed")
	p := ok(s.PendingOutbox())
	check(t, s.MarkSent(p[0].ID, p[0].ID, 999999))
	agree(t, s, "the first sent (twice, with an unknown id)")
	check(t, s.MarkSent(p[3].ID))
	agree(t, s, "one in the middle sent")

	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 20 {
				if err := s.Enqueue(Msg("C", fmt.Sprint(w, "-", i))); err != nil {
					t.Error(err)
					return
				}
				ms, err := s.ClaimOutbox(2, 0)
				if err == nil && len(ms) > 0 {
					err = s.MarkSent(ms[0].ID)
				}
				if err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	agree(t, s, "writers and senders at once")
	check(t, s.Close())
	s = openT(t, b, loc, clk)
	agree(t, s, "reopened")

	m, ok1 := s.(store.Mover)
	if !ok1 {
		check(t, s.Close())
		return
	}
	c := ok(m.ReadContents())
	check(t, s.Close())
	dst := openT(t, b, b.Fresh(t), clk)
	defer dst.Close()
	check(t, dst.(store.Mover).WriteContents(c))
	agree(t, dst, "copied in")
	check(t, dst.(store.Mover).WriteContents(c))
	agree(t, dst, "copied in again")
}
