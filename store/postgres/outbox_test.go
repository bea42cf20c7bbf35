package postgres

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/store"
	"shinpan/store/pgtest"
	"shinpan/store/storetest"
)

// TestClaimSkipsLockedOrder: SKIP LOCKED passes over a row another claim
// is taking (locked, not yet committed); the game's newer rows are not
// claimed past it, whatever the claim's snapshot says of its hold. Once
// the lock goes (the other claim took nothing), they are claimed in order.
func TestClaimSkipsLockedOrder(t *testing.T) {
	url := pgtest.Get(t).NewDB(t)
	s, err := Open(url, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	g, err := s.CreateGame(storetest.SampleGame("G", "C", "a", "b", view.Tsuitate), "", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"m1", "m2"} {
		if _, err := s.AppendAction(g.ID, store.Entry{Action: storetest.Move(shogi.Black, "7g7f"), UserID: "a", Key: key}, []store.OutMsg{storetest.Msg("C", key)}, nil); err != nil {
			t.Fatal(err)
		}
	}
	pending, err := s.PendingOutbox()
	if err != nil || len(pending) != 2 {
		t.Fatalf("pending %v, %v", pending, err)
	}
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	tx, err := conn.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(ctx, "SELECT 1 FROM outbox WHERE id = $1 FOR UPDATE", int64(pending[0].ID)); err != nil {
		t.Fatal(err)
	}
	got, err := s.ClaimOutbox(10, time.Hour)
	if err != nil || len(got) != 0 {
		t.Fatalf("claimed %d past the older row locked (%v)", len(got), err)
	}
	if err := tx.Rollback(ctx); err != nil {
		t.Fatal(err)
	}
	got, err = s.ClaimOutbox(10, time.Hour)
	if err != nil || len(got) != 2 || got[0].ID != pending[0].ID || got[1].ID != pending[1].ID {
		t.Fatalf("after the lock: claimed %v (%v), want ids %d and %d", got, err, pending[0].ID, pending[1].ID)
	}
}

// BenchmarkClaimOutbox: one claim (then released) from a backlog over 500
// games (100: one message each, none held; 5000: ten each, those of 250
// games held by another claimer).
func BenchmarkClaimOutbox(b *testing.B) {
	for _, c := range []struct {
		backlog, claim int
		held           string
	}{{100, 100, "false"}, {5000, 500, "game_id <= 250"}} {
		b.Run(fmt.Sprint(c.backlog), func(b *testing.B) {
			srv := pgtest.Get(b)
			url := srv.NewDB(b)
			s, err := Open(url, nil)
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			msgs := make([]store.OutMsg, c.backlog)
			for i := range msgs {
				msgs[i] = storetest.Msg("C", "m")
			}
			if err := s.Enqueue(msgs...); err != nil {
				b.Fatal(err)
			}
			srv.Exec(b, url, "UPDATE outbox SET game_id = id % 500 + 1")
			srv.Exec(b, url, "UPDATE outbox SET claimed_ns = 9e18, claimed_by = 'other' WHERE "+c.held)
			srv.Exec(b, url, "ANALYZE outbox")
			for b.Loop() {
				ms, err := s.ClaimOutbox(c.claim, time.Hour)
				if err != nil || len(ms) != c.claim {
					b.Fatalf("claimed %d: %v", len(ms), err)
				}
				ids := make([]uint64, len(ms))
				for i, m := range ms {
					ids[i] = m.ID
				}
				b.StopTimer()
				if err := s.ReleaseOutbox(ids...); err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
			}
		})
	}
}
