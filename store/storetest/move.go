package storetest

import (
	"fmt"
	"testing"
	"time"

	"shinpan/referee"
	"shinpan/referee/policy"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/store"
)

// Fill writes a store with something of every kind (legal games, which
// replay): finished, aborted and
// live games with logs, keys, a snapshot, notes and message refs, pending
// outbox messages, challenges, settings, ratings, and tournaments (one
// running, its round's game #4 on, one in sign-up). Exported for the tests of
// shinpan migrate.
func Fill(t testing.TB, s store.Store) {
	t.Helper()
	g1 := ok(s.CreateGame(SampleGame("G", "C1", "alice", "bob", view.Tsuitate), "create-1", []store.OutMsg{Msg("C1", "start")}))
	for i, a := range []referee.Action{Move(shogi.Black, "7g7f"), Move(shogi.White, "3c3d"), {Kind: referee.ActResign, Player: shogi.Black}} {
		ok(s.AppendAction(g1.ID, store.Entry{Action: a, UserID: g1.Players[a.Player], Key: "k1-" + string(rune('a'+i))}, []store.OutMsg{Msg("C1", "moved")}, func(g *store.Game) {
			if a.Kind == referee.ActResign {
				w := shogi.White
				g.Status, g.Result = store.StatusFinished, &view.Result{Winner: &w, Reason: view.ReasonResignation}
			}
		}))
	}
	check(t, s.ApplyRatings(g1.ID, store.Rating{GuildID: "G", Variant: view.Tsuitate, UserID: "bob", Rating: 1540, RD: 90, Volatility: 0.06, Games: 1, Wins: 1},
		store.Rating{GuildID: "G", Variant: view.Tsuitate, UserID: "alice", Rating: 1460, RD: 90, Volatility: 0.06, Games: 1, Losses: 1}))
	g2 := ok(s.CreateGame(SampleGame("G", "C2", "carol", store.CPU, view.Dark), "", nil))
	for i, m := range []string{"7g7f", "3c3d", "2g2f", "8c8d", "2f2e", "8d8e"} {
		ok(s.AppendAction(g2.ID, store.Entry{Action: Move(shogi.Color(i%2), m), UserID: g2.Players[i%2], Key: fmt.Sprint("k2-", i)}, nil, nil))
	}
	ok(s.ToggleNote(g2.ID, shogi.Black, 40))
	check(t, s.PutMessageRef(g2.ID, "board:black", store.MessageRef{ChannelID: "dm", MessageID: "m1"}))
	ok(s.UpdateGame(g2.ID, nil, func(g *store.Game) error {
		g.Deadline = &store.Deadline{Player: shogi.Black, Seq: 6, Turn: time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)}
		return nil
	}))
	g3 := ok(s.CreateGame(SampleGame("G", "C3", "dave", "erin", view.Standard), "", nil))
	ok(s.AppendAction(g3.ID, store.Entry{Action: referee.Action{Kind: referee.ActAbort, Player: shogi.White}, Key: "k3"}, nil, func(g *store.Game) {
		g.Status, g.Result = store.StatusAborted, &view.Result{Reason: view.ReasonAbort}
	}))
	c := ok(s.CreateChallenge(store.Challenge{GuildID: "G", ChannelID: "C1", Challenger: "alice", Variant: view.Dark,
		Options: policy.Defaults(view.Dark), Color: store.ColorBlack, ExpiresAt: time.Now().Add(time.Hour)}, []store.OutMsg{Msg("C1", "challenge")}))
	check(t, s.SetChallengeMessage(c.ID, "post-1"))
	ok(s.UpdateSettings("alice", func(st *store.Settings) { st.Language, st.CurrentGame = "ja", g2.ID }))
	check(t, s.Enqueue(store.OutMsg{Dest: store.DestDM, Target: "bob", Payload: []byte(`{"content":"hi"}`)}))
	tr := ok(s.CreateTournament(SampleTournament("G", "C1", 2, "alice", "bob", "carol"), []store.OutMsg{Msg("C1", "tournament")}))
	ok2(s.SaveTournament(tr, RoundGames(&tr, time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)), nil)) // game #4 and a bye
	ok(s.CreateTournament(SampleTournament("H", "C9", 3, "dave"), nil))
}

// SameContents fails t unless a and b hold the same records.
func SameContents(t testing.TB, a, b store.Mover) {
	t.Helper()
	ids := ok(a.GameIDs())
	deepEq(t, "game ids", ok(b.GameIDs()), ids)
	for _, id := range ids {
		deepEq(t, "game record", ok(b.ReadGameRecord(id)), ok(a.ReadGameRecord(id)))
	}
	ca, cb := ok(a.ReadContents()), ok(b.ReadContents())
	sortContents(&ca)
	sortContents(&cb)
	deepEq(t, "contents", cb, ca)
}

// testMoveRecords: everything read from one store and written into a fresh
// one reads back the same, twice over (a re-run changes nothing), and the
// copy hands out ids after the original's.
func testMoveRecords(t *testing.T, b Backend) {
	src := openT(t, b, b.Fresh(t), nil)
	defer src.Close()
	Fill(t, src)
	dst := openT(t, b, b.Fresh(t), nil)
	defer dst.Close()
	from, to := src.(store.Mover), dst.(store.Mover)
	for run := 0; run < 2; run++ {
		check(t, to.WriteContents(ok(from.ReadContents())))
		for _, id := range ok(from.GameIDs()) {
			check(t, to.WriteGameRecord(ok(from.ReadGameRecord(id))))
		}
		SameContents(t, from, to)
	}
	g := ok(dst.CreateGame(SampleGame("G", "C", "x", "y", view.Standard), "", nil))
	if g.ID != 5 {
		t.Fatalf("next game in the copy is #%d, want #5", g.ID)
	}
	if ts := ok(dst.ActiveTournaments()); len(ts) != 2 || ts[0].State.Round != 1 {
		t.Fatalf("active tournaments in the copy: %+v", ts)
	}
	if ts := ok(dst.GuildTournaments("H", 5)); len(ts) != 1 || ts[0].ID != 2 {
		t.Fatalf("H's tournaments in the copy: %+v", ts)
	}
	if tr := ok(dst.CreateTournament(SampleTournament("G", "C", 1, "m"), nil)); tr.ID != 3 {
		t.Fatalf("next tournament in the copy is %d, want 3", tr.ID)
	}
	if _, _, err := dst.LookupKey("k1-b"); err != nil {
		t.Fatalf("keys not copied: %v", err)
	}
	check(t, src.Enqueue(Msg("C", "next")))
	check(t, dst.Enqueue(Msg("C", "next")))
	ps, pd := ok(src.PendingOutbox()), ok(dst.PendingOutbox())
	if last, lastd := ps[len(ps)-1], pd[len(pd)-1]; last.ID != lastd.ID || last.DedupeKey != lastd.DedupeKey {
		t.Fatalf("the copy's next message is %d %s, the original's %d %s: the nonce key or counter was not copied", lastd.ID, lastd.DedupeKey, last.ID, last.DedupeKey)
	}
	if ch := ok(dst.Challenges()); len(ch) != 1 || ch[0].MessageID != "post-1" {
		t.Fatalf("challenges %+v", ch)
	}
	if top, _ := ok2(dst.Leaderboard("G", view.Tsuitate, 5, "")); len(top) != 2 || top[0].UserID != "bob" {
		t.Fatalf("leaderboard %+v", top)
	}
	if gs := ok(dst.ActiveGamesOf("carol")); len(gs) != 1 {
		t.Fatalf("indexes not rebuilt: %+v", gs)
	}
}

// testCopyReplaces: a second copy into a store replaces what the first left
// and the source no longer holds (a message sent since, a challenge gone),
// and drops what the store gained on its own.
func testCopyReplaces(t *testing.T, b Backend) {
	src := openT(t, b, b.Fresh(t), nil)
	defer src.Close()
	Fill(t, src)
	dst := openT(t, b, b.Fresh(t), nil)
	defer dst.Close()
	from, to := src.(store.Mover), dst.(store.Mover)
	copyAll := func() {
		for _, id := range ok(from.GameIDs()) {
			check(t, to.WriteGameRecord(ok(from.ReadGameRecord(id))))
		}
		check(t, to.WriteContents(ok(from.ReadContents())))
	}
	copyAll()
	p := ok(src.PendingOutbox())
	check(t, src.MarkSent(p[0].ID))
	cs := ok(src.Challenges())
	ok(src.DeleteChallenge(cs[0].ID, nil))
	ok(dst.UpdateSettings("zed", func(st *store.Settings) { st.Language = "en" }))
	copyAll()
	SameContents(t, from, to)
	if st := ok(dst.OutboxStats()); st.Depth != len(p)-1 {
		t.Fatalf("the copy's outbox counts %d, holds %d", st.Depth, len(p)-1)
	}
}

// testCopyingNote: the note of an unfinished copy stays across a reopen
// until cleared, and CheckFinished refuses the store meanwhile.
func testCopyingNote(t *testing.T, b Backend) {
	loc := b.Fresh(t)
	s := openT(t, b, loc, nil)
	m := s.(store.Mover)
	if n := ok(m.Copying()); n != "" {
		t.Fatalf("a new store is a copy: %q", n)
	}
	check(t, store.CheckFinished(s))
	check(t, m.SetCopying("from bolt:a.db, begun 2025-03-01"))
	check(t, s.Close())
	s = openT(t, b, loc, nil)
	defer s.Close()
	m = s.(store.Mover)
	if n := ok(m.Copying()); n != "from bolt:a.db, begun 2025-03-01" {
		t.Fatalf("note after a reopen: %q", n)
	}
	wantErr(t, store.CheckFinished(s), store.ErrUnfinishedCopy)
	check(t, m.SetCopying(""))
	check(t, store.CheckFinished(s))
}
