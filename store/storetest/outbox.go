package storetest

import (
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
