package storetest

import (
	"fmt"
	"sync"
	"testing"

	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/store"
)

// testNoLostUpdates: read-modify-writes racing on one record, created by the
// race itself (a user's first settings, a player's first notes), lose no
// change: each writer's edit is in the result. (PostgreSQL runs them
// SERIALIZABLE and retries the losers.)
func testNoLostUpdates(t *testing.T, b Backend) {
	s := openT(t, b, b.Fresh(t), nil)
	defer s.Close()
	edits := []func(*store.Settings){
		func(st *store.Settings) { st.Notation = store.NotationUSI },
		func(st *store.Settings) { st.Language = "ja" },
		func(st *store.Settings) { st.Orientation = "black" },
		func(st *store.Settings) { st.Theme = "wood" },
		func(st *store.Settings) { st.CurrentGame = 7 },
		func(st *store.Settings) { st.DMChannelID = "dm" },
		func(st *store.Settings) { st.LastDM = "99" },
	}
	g := ok(s.CreateGame(SampleGame("G", "C", "a", "b", view.Dark), "", nil))
	for round := 0; round < 3; round++ {
		user := fmt.Sprint("u", round)
		var wg sync.WaitGroup
		for _, edit := range edits {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, err := s.UpdateSettings(user, edit); err != nil {
					t.Error(err)
				}
			}()
		}
		for sq := shogi.Square(0); sq < 12; sq++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, err := s.ToggleNote(g.ID, shogi.Color(round%2), sq+shogi.Square(12*round)); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		want := store.Settings{UserID: user}
		for _, edit := range edits {
			edit(&want)
		}
		got := ok(s.GetSettings(user))
		want.UpdatedAt = got.UpdatedAt
		deepEq(t, "settings after racing edits", got, want)
	}
	if n := len(ok(s.Notes(g.ID, shogi.Black))) + len(ok(s.Notes(g.ID, shogi.White))); n != 36 {
		t.Fatalf("%d notes after 36 racing toggles of distinct squares", n)
	}
}
