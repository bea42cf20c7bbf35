package storetest

import (
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/store"
)

// testClaimOutbox: senders claiming at once never hold the same message; a
// held message is not handed out again until its hold runs out; a sent one
// never again.
func testClaimOutbox(t *testing.T, b Backend) {
	s := openT(t, b, b.Fresh(t), nil)
	defer s.Close()
	const n = 60
	for i := 0; i < n; i++ {
		check(t, s.Enqueue(Msg("C", fmt.Sprint("m", i))))
	}
	var mu sync.Mutex
	got := map[uint64]int{}
	var wg sync.WaitGroup
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				ms, err := s.ClaimOutbox(7, time.Hour)
				if err != nil {
					t.Error(err)
					return
				}
				if len(ms) == 0 {
					return
				}
				mu.Lock()
				for _, m := range ms {
					got[m.ID]++
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if len(got) != n {
		t.Fatalf("claimed %d distinct messages, want %d", len(got), n)
	}
	for id, c := range got {
		if c != 1 {
			t.Fatalf("message %d claimed %d times", id, c)
		}
	}
	if ms := ok(s.ClaimOutbox(10, time.Hour)); len(ms) != 0 {
		t.Fatalf("held messages handed out again: %d", len(ms))
	}
	// Short holds run out: the messages come back, in order, minus the sent ones.
	check(t, s.Enqueue(Msg("C", "a"), Msg("C", "b"), Msg("C", "c")))
	first := ok(s.ClaimOutbox(3, 50*time.Millisecond))
	if len(first) != 3 || first[0].ID >= first[1].ID || first[1].ID >= first[2].ID {
		t.Fatalf("claimed %+v", first)
	}
	check(t, s.MarkSent(first[1].ID))
	time.Sleep(150 * time.Millisecond)
	again := ok(s.ClaimOutbox(10, time.Hour))
	if len(again) != 2 || again[0].ID != first[0].ID || again[1].ID != first[2].ID {
		t.Fatalf("after the hold: %+v, want ids %d and %d", again, first[0].ID, first[2].ID)
	}
}

// testConcurrentDuplicates: the same idempotency key appended from many
// goroutines at once is logged once; every other call gets a DuplicateError
// naming that seq, and nothing of theirs is written.
func testConcurrentDuplicates(t *testing.T, b Backend) {
	s := openT(t, b, b.Fresh(t), nil)
	defer s.Close()
	g := ok(s.CreateGame(SampleGame("G", "C", "a", "b", view.Tsuitate), "", nil))
	for round := 0; round < 5; round++ {
		key := fmt.Sprint("interaction-", round)
		var wg sync.WaitGroup
		var mu sync.Mutex
		var wins []uint64
		var dups []uint64
		for i := 0; i < 6; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				e, err := s.AppendAction(g.ID, store.Entry{Action: Move(shogi.Color(round%2), "7g7f"), UserID: "u", Key: key}, []store.OutMsg{Msg("C", key)}, nil)
				var de *store.DuplicateError
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					wins = append(wins, e.Seq)
				case errors.As(err, &de):
					dups = append(dups, de.Seq)
				default:
					t.Errorf("append: %v", err)
				}
			}()
		}
		wg.Wait()
		if len(wins) != 1 || len(dups) != 5 {
			t.Fatalf("round %d: %d appends succeeded, %d duplicates", round, len(wins), len(dups))
		}
		for _, d := range dups {
			if d != wins[0] {
				t.Fatalf("duplicate names seq %d, the key made %d", d, wins[0])
			}
		}
	}
	if gg, log := ok2(s.LoadGame(g.ID)); len(log) != 5 || gg.LastSeq != 5 {
		t.Fatalf("%d entries, last seq %d", len(log), gg.LastSeq)
	}
	if out := ok(s.PendingOutbox()); len(out) != 5 {
		t.Fatalf("%d outbox messages, want 5", len(out))
	}
}

// testClaimOutboxOrder: a claimer's own held messages do not hold back the
// game's newer ones, and come back renewed once a third of their hold has
// passed; another claimer (a second store on the same data, where one can
// be open) takes none of a game's messages while an older one is held, so
// that a newer one never overtakes it, until that hold runs out or is
// released; messages of no game keep no such order.
func testClaimOutboxOrder(t *testing.T, b Backend) {
	clk := newClock()
	loc := b.Fresh(t)
	s1 := openT(t, b, loc, clk)
	defer s1.Close()
	g := ok(s1.CreateGame(SampleGame("G", "C", "a", "b", view.Tsuitate), "", nil))
	move := func(key string) {
		t.Helper()
		ok(s1.AppendAction(g.ID, store.Entry{Action: Move(shogi.Black, "7g7f"), UserID: "a", Key: key}, []store.OutMsg{Msg("C", key)}, nil))
	}
	ids := func(ms []store.OutMsg) []string {
		out := []string{}
		for _, m := range ms {
			var p map[string]string
			if err := json.Unmarshal(m.Payload, &p); err != nil {
				t.Fatal(err)
			}
			out = append(out, p["content"])
		}
		return out
	}
	claim := func(s store.Store, n int, hold time.Duration) []string {
		t.Helper()
		return ids(ok(s.ClaimOutbox(n, hold)))
	}
	want := func(name string, got []string, texts ...string) {
		t.Helper()
		if fmt.Sprint(got) != fmt.Sprint(texts) {
			t.Fatalf("%s claimed %q, want %q", name, got, texts)
		}
	}
	all := func() []uint64 {
		var out []uint64
		for _, m := range ok(s1.PendingOutbox()) {
			out = append(out, m.ID)
		}
		return out
	}
	move("m1")
	want("the first claim", claim(s1, 10, time.Hour), "m1")
	move("m2")
	want("its claimer, m1 held", claim(s1, 10, time.Hour), "m2")
	clk.Set(clk.Now().Add(19 * time.Minute))
	want("its claimer, under a third of the hold", claim(s1, 10, time.Hour))
	clk.Set(clk.Now().Add(2 * time.Minute))
	want("its claimer, a third of the hold passed", claim(s1, 10, time.Hour), "m1", "m2")
	check(t, s1.ReleaseOutbox(all()...))
	if !b.Shared {
		want("its claimer, released", claim(s1, 10, time.Hour), "m1", "m2")
		return
	}
	s2 := openT(t, b, loc, clk)
	defer s2.Close()
	want("the first claimer", claim(s1, 1, 50*time.Millisecond), "m1")
	move("m3")
	check(t, s1.Enqueue(Msg("C", "z")))
	want("another claimer, m1 held", claim(s2, 10, time.Hour), "z")
	clk.Set(clk.Now().Add(time.Second)) // m1's hold runs out
	want("another claimer, m1's hold over", claim(s2, 10, time.Hour), "m1", "m2", "m3")
	move("m4")
	want("the first claimer, m1 held by the other", claim(s1, 10, time.Hour))
	check(t, s1.ReleaseOutbox(all()...)) // not its holds: no effect
	want("the first claimer, after releasing another's hold", claim(s1, 10, time.Hour))
	want("the other, its own held", claim(s2, 10, time.Hour), "m4")
	check(t, s2.ReleaseOutbox(all()...))
	want("the first claimer, released", claim(s1, 10, time.Hour), "m1", "m2", "m3", "z", "m4")
}
