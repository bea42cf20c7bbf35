package games

import (
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"shinpan/referee"
	"shinpan/referee/policy"
	"shinpan/referee/view"
	"shinpan/store"
)

// fakeGames is a store.Games with one game in memory; LoadGame counts its calls.
type fakeGames struct {
	store.Games // the methods the table never calls
	meta        store.Game
	log         []store.Entry
	loads       atomic.Int32
}

func (f *fakeGames) LoadGame(id store.GameID) (store.Game, []store.Entry, error) {
	f.loads.Add(1)
	if id != f.meta.ID {
		return store.Game{}, nil, store.ErrNotFound
	}
	return f.meta, f.log, nil
}

func newFake() *fakeGames {
	return &fakeGames{meta: store.Game{ID: 7, Variant: view.Tsuitate, Options: policy.Options{Options: referee.DefaultOptions(view.Tsuitate)}},
		log: []store.Entry{{Seq: 1, Action: referee.Action{Kind: referee.ActMove, Text: "7g7f"}}}}
}

// TestTableLoadsOnceAndReplays: a game is replayed from its log on first use
// and kept; another process's game is read but never kept; Forget and
// DropWhere make the next use read the store again.
func TestTableLoadsOnceAndReplays(t *testing.T) {
	for _, tc := range []struct {
		name      string
		owns      bool
		wantLoads int32
	}{{"owned", true, 1}, {"another process's", false, 2}} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFake()
			seated := 0
			tb := NewTable(f, func(store.GameID) bool { return tc.owns }, func(*Game, []store.Entry) { seated++ })
			for range 2 {
				lg, err := tb.Get(7)
				if err != nil {
					t.Fatal(err)
				}
				if lg.G.MoveNumber() != 2 {
					t.Fatalf("replayed to move %d, want 2", lg.G.MoveNumber())
				}
			}
			if got := f.loads.Load(); got != tc.wantLoads {
				t.Fatalf("%d loads, want %d", got, tc.wantLoads)
			}
			if seated != int(tc.wantLoads) {
				t.Fatalf("CPU seats given %d times, want %d", seated, tc.wantLoads)
			}
			tb.Forget(7)
			tb.Get(7)
			tb.DropWhere(func(id store.GameID) bool { return id == 7 })
			tb.Get(7)
			if got := f.loads.Load(); got != tc.wantLoads+2 {
				t.Fatalf("%d loads after Forget and DropWhere, want %d", got, tc.wantLoads+2)
			}
		})
	}
}

// TestTableRefusesBadLogs: a missing game is the store's ErrNotFound, a log
// the referee refuses is an error naming the action.
func TestTableRefusesBadLogs(t *testing.T) {
	f := newFake()
	tb := NewTable(f, func(store.GameID) bool { return true }, nil)
	if _, err := tb.Get(8); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("missing game: %v", err)
	}
	f.log = append(f.log, store.Entry{Seq: 2, Action: referee.Action{Kind: referee.ActMove, Text: "9z9y"}})
	if _, err := tb.Get(7); err == nil {
		t.Fatal("a log the referee refuses was replayed")
	}
}

// TestClocksDue: a turn past its end is due, an away time past its end is due
// unless the CPU holds the seat, a finished or another process's game has none.
func TestClocksDue(t *testing.T) {
	now := time.Unix(1000, 0)
	past, future := now.Add(-time.Second), now.Add(time.Hour)
	cs := NewClocks()
	live := func(id store.GameID, dl store.Deadline) store.Game {
		return store.Game{ID: id, Status: store.StatusActive, Players: [2]string{"1", "2"}, Deadline: &dl}
	}
	cs.Track(live(1, store.Deadline{Turn: past}), true)
	cs.Track(live(2, store.Deadline{Turn: future, Away: past}), true)
	cpu := live(3, store.Deadline{Turn: future, Away: past})
	cpu.Players[0] = store.CPU
	cs.Track(cpu, true)
	cs.Track(live(4, store.Deadline{Turn: past}), false)
	over := live(5, store.Deadline{Turn: past})
	over.Status = store.StatusFinished
	cs.Track(over, true)
	turns, aways := cs.Due(now)
	if len(turns) != 1 || turns[1].Turn != past {
		t.Errorf("turns due %v, want game 1", turns)
	}
	if len(aways) != 1 || aways[2].Away != past {
		t.Errorf("aways due %v, want game 2", aways)
	}
	cs.DropWhere(func(id store.GameID) bool { return id == 1 })
	if turns, _ := cs.Due(now); len(turns) != 0 {
		t.Errorf("dropped game still due: %v", turns)
	}
}
