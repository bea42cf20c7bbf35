package storetest

import (
	"errors"
	"fmt"
	"sync"
	"testing"

	"shinpan/referee"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/store"
)

// testActiveCounts: ActiveCounts agrees with ActiveGames after every kind of
// change (games started, in Masked setup, finished, aborted, writes that
// fail, concurrent writers, a game copied in over another, a reopen).
func testActiveCounts(t *testing.T, b Backend) {
	loc := b.Fresh(t)
	clk := newClock()
	s := openT(t, b, loc, clk)
	agree := func(t *testing.T, s store.Store, what string) {
		t.Helper()
		got := ok(s.ActiveCounts())
		want := map[view.Variant]int{}
		for _, g := range ok(s.ActiveGames()) {
			want[g.Variant]++
		}
		for v, n := range got {
			if n == 0 {
				delete(got, v)
			}
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("%s: ActiveCounts %v, the live games %v", what, got, want)
		}
	}
	agree(t, s, "empty")
	var gs []store.Game
	for i, v := range []view.Variant{view.Tsuitate, view.Tsuitate, view.Masked, view.Dark, view.Standard} {
		gs = append(gs, ok(s.CreateGame(SampleGame("G", "C", "b", "w", v), fmt.Sprint("new-", i), nil)))
	}
	agree(t, s, "started")
	white := shogi.White
	end := func(id store.GameID, key string, st store.Status) error {
		_, err := s.AppendAction(id, store.Entry{Action: referee.Action{Kind: referee.ActResign, Player: shogi.Black}, Key: key}, nil, func(g *store.Game) {
			g.Status = st
			g.Result = &view.Result{Reason: view.ReasonResignation, Winner: &white}
			if st == store.StatusAborted {
				g.Result = &view.Result{Reason: view.ReasonAbort}
			}
		})
		return err
	}
	check(t, end(gs[0].ID, "end-0", store.StatusFinished))
	agree(t, s, "one finished")
	if err := end(gs[0].ID, "end-0", store.StatusFinished); err == nil {
		t.Fatal("a duplicate was appended")
	}
	if err := end(gs[0].ID, "end-0b", store.StatusFinished); err == nil {
		t.Fatal("a finished game took an action")
	}
	boom := errors.New("boom")
	if _, err := s.UpdateGame(gs[1].ID, nil, func(g *store.Game) error { g.Status = store.StatusAborted; return boom }); !errors.Is(err, boom) {
		t.Fatalf("the failing update: %v", err)
	}
	agree(t, s, "writes that failed")
	ok(s.UpdateGame(gs[2].ID, nil, func(g *store.Game) error {
		g.Status = store.StatusAborted
		g.Result = &view.Result{Reason: view.ReasonAbort}
		return nil
	}))
	agree(t, s, "one aborted by an update")
	ok(s.UpdateGame(gs[3].ID, nil, func(g *store.Game) error { g.ThreadID = "T"; return nil }))
	agree(t, s, "a live game updated")

	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 10 {
				g, err := s.CreateGame(SampleGame("G", "C", "b", "w", view.Dark), fmt.Sprint("w", w, "-", i), nil)
				if err == nil && i%2 == 0 {
					err = end(g.ID, fmt.Sprint("w", w, "-end-", i), store.StatusFinished)
				}
				if err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	agree(t, s, "writers at once")
	check(t, s.Close())
	s = openT(t, b, loc, clk)
	agree(t, s, "reopened")

	m, isMover := s.(store.Mover)
	if !isMover {
		check(t, s.Close())
		return
	}
	ended := ok(m.ReadGameRecord(gs[0].ID))
	live := ok(m.ReadGameRecord(gs[4].ID))
	check(t, s.Close())
	dst := openT(t, b, b.Fresh(t), clk)
	defer dst.Close()
	dm := dst.(store.Mover)
	check(t, dm.WriteGameRecord(ended))
	check(t, dm.WriteGameRecord(live))
	agree(t, dst, "copied in")
	check(t, dm.WriteGameRecord(live))
	agree(t, dst, "copied in again")
	over := ended
	over.Game.ID = live.Game.ID // a finished game over a live one
	check(t, dm.WriteGameRecord(over))
	agree(t, dst, "a finished game copied over a live one")
}
