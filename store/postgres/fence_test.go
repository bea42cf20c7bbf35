package postgres

import (
	"errors"
	"testing"

	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/store"
	"shinpan/store/pgtest"
	"shinpan/store/storetest"
)

// TestFence: with a Fencer, a game write commits only while the partition's
// lease epoch is the one the process holds; a stale one is refused by the
// database in the write's transaction and writes nothing.
func TestFence(t *testing.T) {
	srv := pgtest.Get(t)
	url := srv.NewDB(t)
	held := store.Fence{Partition: 7, Epoch: 3}
	s, err := Open(url, &Options{Fencer: func(store.GameID) (store.Fence, bool) { return held, held.Epoch != 0 }})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	g, err := s.CreateGame(storetest.SampleGame("G", "C", "a", "b", view.Tsuitate), "", nil)
	if err != nil {
		t.Fatal(err)
	}
	move := func(key string) error {
		_, err := s.AppendAction(g.ID, store.Entry{Action: storetest.Move(shogi.Black, "7g7f"), Key: key}, []store.OutMsg{storetest.Msg("C", key)}, nil)
		return err
	}
	if err := move("no-lease-row"); !errors.Is(err, store.ErrFenced) {
		t.Fatalf("append without a lease row: %v", err)
	}
	srv.Exec(t, url, "INSERT INTO leases (partition, owner, epoch, taken_at) VALUES (7, 'p1', 3, now())")
	if err := move("owned"); err != nil {
		t.Fatalf("append under the lease: %v", err)
	}
	srv.Exec(t, url, "UPDATE leases SET owner = 'p2', epoch = 4") // taken over
	if err := move("stale"); !errors.Is(err, store.ErrFenced) {
		t.Fatalf("append with a stale epoch: %v", err)
	}
	if _, err := s.UpdateGame(g.ID, nil, func(g *store.Game) error { g.ThreadID = "T"; return nil }); !errors.Is(err, store.ErrFenced) {
		t.Fatalf("update with a stale epoch: %v", err)
	}
	held.Epoch = 0
	if err := move("none"); !errors.Is(err, store.ErrFenced) {
		t.Fatalf("append with no lease held: %v", err)
	}
	got, log, err := s.LoadGame(g.ID)
	if err != nil || len(log) != 1 || got.ThreadID != "" {
		t.Fatalf("fenced writes left something: %d entries, thread %q, %v", len(log), got.ThreadID, err)
	}
	if out, _ := s.PendingOutbox(); len(out) != 1 {
		t.Fatalf("%d outbox messages, want 1", len(out))
	}
}
