package storetest

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/store"
)

// fillStore puts one of every kind of record in s: a finished game, a live
// one with a snapshot, message ids and notes, a deleted challenge and a
// pending one, settings, ratings, an unsent message, idempotency keys, a
// tournament in sign-up and a cancelled one.
func fillStore(t *testing.T, s store.Store) {
	t.Helper()
	g1 := ok(s.CreateGame(SampleGame("g", "c", "u0", "u1", view.Tsuitate), "create-1", []store.OutMsg{Msg("c", "hello")}))
	Play(t, s, g1.ID, "g1", 5)
	ok(s.UpdateGame(g1.ID, nil, func(g *store.Game) error {
		g.Status = store.StatusFinished
		g.Result = &view.Result{Winner: new(shogi.Black), Reason: view.ReasonResignation}
		return nil
	}))
	check(t, s.ApplyRatings(g1.ID, store.Rating{GuildID: "g", Variant: view.Tsuitate, UserID: "u0", Rating: 1520, RD: 300, Volatility: .06, Games: 1, Wins: 1}))
	g2 := ok(s.CreateGame(SampleGame("g", "c", "u1", "u2", view.Masked), "", nil))
	Play(t, s, g2.ID, "g2", 3)
	check(t, s.PutMessageRef(g2.ID, "card", store.MessageRef{ChannelID: "c", MessageID: "m1"}))
	ok(s.ToggleNote(g2.ID, shogi.White, shogi.Square(40)))
	c1 := ok(s.CreateChallenge(store.Challenge{GuildID: "g", ChannelID: "c", Challenger: "u0", Challenged: "u3", Variant: view.Dark,
		Color: "black", ExpiresAt: time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)}, nil))
	ok(s.DeleteChallenge(c1.ID, nil))
	ok(s.CreateChallenge(store.Challenge{GuildID: "g", ChannelID: "c", Challenger: "u1", Variant: view.Standard,
		Color: "random", ExpiresAt: time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)}, []store.OutMsg{Msg("c", "card")}))
	ok(s.UpdateSettings("u0", func(st *store.Settings) { st.Language = "ja"; st.CurrentGame = g2.ID }))
	ok(s.CreateTournament(SampleTournament("g", "c", 3, "u0", "u1"), nil))
	tr := ok(s.CreateTournament(SampleTournament("g", "c", 3, "u2"), nil))
	ok(tr.State.Cancel(time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC)))
	ok2(s.SaveTournament(tr, nil, nil))
}

func testDumpLoadSameStore(t *testing.T, b Backend) {
	src := openT(t, b, b.Fresh(t), newClock())
	defer src.Close()
	fillStore(t, src)
	var buf bytes.Buffer
	n, err := store.Dump(&buf, src.(store.Mover), time.Now())
	check(t, err)
	if n.Games != 2 || n.Actions != 8 || n.Challenges != 1 || n.Settings != 1 || n.Ratings != 1 || n.Outbox != 2 || n.Keys < 9 || n.Tournaments != 2 {
		t.Fatalf("dumped %+v", n)
	}
	dump := buf.String()

	dst := openT(t, b, b.Fresh(t), nil)
	defer dst.Close()
	m, err := store.Load(strings.NewReader(dump), dst.(store.Mover), nil)
	check(t, err)
	deepEq(t, "counts", m, n)
	from, to := src.(store.Mover), dst.(store.Mover)
	srcIDs, dstIDs := ok(from.GameIDs()), ok(to.GameIDs())
	deepEq(t, "game ids", dstIDs, srcIDs)
	for _, id := range srcIDs {
		deepEq(t, "game record", ok(to.ReadGameRecord(id)), ok(from.ReadGameRecord(id)))
	}
	cf, ct := ok(from.ReadContents()), ok(to.ReadContents())
	sortContents(&cf)
	sortContents(&ct)
	deepEq(t, "contents", ct, cf)
	// The indexes were rebuilt: the queries answer the same.
	deepEq(t, "active games", ok(dst.ActiveGames()), ok(src.ActiveGames()))
	deepEq(t, "u1's games", ok(dst.ActiveGamesOf("u1")), ok(src.ActiveGamesOf("u1")))
	deepEq(t, "recent", ok(dst.RecentGames("u0", 5)), ok(src.RecentGames("u0", 5)))
	deepEq(t, "active tournaments", ok(dst.ActiveTournaments()), ok(src.ActiveTournaments()))
	deepEq(t, "the server's tournaments", ok(dst.GuildTournaments("g", 5)), ok(src.GuildTournaments("g", 5)))
	top, _, err := dst.Leaderboard("g", view.Tsuitate, 5, "")
	check(t, err)
	if len(top) != 1 || top[0].UserID != "u0" {
		t.Fatalf("leaderboard after import: %+v", top)
	}
	// New ids continue after the imported ones (the deleted challenge's too).
	g := ok(dst.CreateGame(SampleGame("g", "c", "u5", "u6", view.Dark), "", nil))
	ch := ok(dst.CreateChallenge(store.Challenge{GuildID: "g", ChannelID: "c", Challenger: "u5", Variant: view.Dark, Color: "black", ExpiresAt: time.Now().Add(time.Hour)}, nil))
	tr := ok(dst.CreateTournament(SampleTournament("g", "c", 1, "u5"), nil))
	if g.ID != 3 || ch.ID != 3 || tr.ID != 3 {
		t.Fatalf("new ids after import: game %d, challenge %d, tournament %d", g.ID, ch.ID, tr.ID)
	}
	// A second import into it is refused.
	_, err = store.Load(strings.NewReader(dump), dst.(store.Mover), nil)
	wantErr(t, err, store.ErrNotEmpty)
}

func testLoadRefusesCutOrForeign(t *testing.T, b Backend) {
	src := openT(t, b, b.Fresh(t), newClock())
	defer src.Close()
	fillStore(t, src)
	var buf bytes.Buffer
	ok(store.Dump(&buf, src.(store.Mover), time.Now()))
	lines := strings.SplitAfter(strings.TrimSpace(buf.String()), "\n")
	for name, text := range map[string]string{
		"cut":     strings.Join(lines[:len(lines)-1], ""),
		"foreign": `{"format":"x"}` + "\n",
		"newer":   `{"header":{"format":"shinpan-dump","version":99}}` + "\n",
		"unknown": lines[0] + `{"mystery":1}` + "\n",
	} {
		dst := openT(t, b, b.Fresh(t), nil)
		if _, err := store.Load(strings.NewReader(text), dst.(store.Mover), nil); err == nil {
			t.Errorf("%s: loaded", name)
		}
		dst.Close()
	}
}
