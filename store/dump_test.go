package store

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// fillStore puts one of every kind of record in s: a finished game, a live
// one with a snapshot, message ids and notes, a deleted challenge and a
// pending one, settings, ratings, an unsent message, idempotency keys.
func fillStore(t *testing.T, s *Store) {
	t.Helper()
	g1 := ok(s.CreateGame(sampleGame("g", "c", "u0", "u1", view.Tsuitate), "create-1", []OutMsg{msg("c", "hello")}))
	play(t, s, g1.ID, "g1", 5)
	ok(s.UpdateGame(g1.ID, nil, func(g *Game) error {
		g.Status = StatusFinished
		g.Result = &view.Result{Winner: new(shogi.Black), Reason: view.ReasonResignation}
		return nil
	}))
	check(t, s.ApplyRatings(g1.ID, Rating{GuildID: "g", Variant: view.Tsuitate, UserID: "u0", Rating: 1520, RD: 300, Volatility: .06, Games: 1, Wins: 1}))
	g2 := ok(s.CreateGame(sampleGame("g", "c", "u1", "u2", view.Masked), "", nil))
	play(t, s, g2.ID, "g2", 3)
	check(t, s.PutSnapshot(g2.ID, 2, []byte("opaque")))
	check(t, s.PutMessageRef(g2.ID, "card", MessageRef{ChannelID: "c", MessageID: "m1"}))
	ok(s.ToggleNote(g2.ID, shogi.White, shogi.Square(40)))
	c1 := ok(s.CreateChallenge(Challenge{GuildID: "g", ChannelID: "c", Challenger: "u0", Challenged: "u3", Variant: view.Dark,
		Color: "black", ExpiresAt: time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)}, nil))
	ok(s.DeleteChallenge(c1.ID, nil))
	ok(s.CreateChallenge(Challenge{GuildID: "g", ChannelID: "c", Challenger: "u1", Variant: view.Standard,
		Color: "random", ExpiresAt: time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)}, []OutMsg{msg("c", "card")}))
	ok(s.UpdateSettings("u0", func(st *Settings) { st.Language = "ja"; st.CurrentGame = g2.ID }))
}

func TestDumpLoadSameStore(t *testing.T) {
	src := openT(t, tempPath(t), newClock())
	defer src.Close()
	fillStore(t, src)
	var buf bytes.Buffer
	n, err := Dump(&buf, src, time.Now())
	check(t, err)
	if n.Games != 2 || n.Actions != 8 || n.Challenges != 1 || n.Settings != 1 || n.Ratings != 1 || n.Outbox != 2 || n.Keys < 9 {
		t.Fatalf("dumped %+v", n)
	}
	dump := buf.String()

	dst := openT(t, tempPath(t), nil)
	defer dst.Close()
	m, err := Load(strings.NewReader(dump), dst, nil)
	check(t, err)
	deepEq(t, "counts", m, n)
	srcIDs, dstIDs := ok(src.GameIDs()), ok(dst.GameIDs())
	deepEq(t, "game ids", dstIDs, srcIDs)
	for _, id := range srcIDs {
		deepEq(t, "game record", ok(dst.ReadGameRecord(id)), ok(src.ReadGameRecord(id)))
	}
	deepEq(t, "contents", ok(dst.ReadContents()), ok(src.ReadContents()))
	// The indexes were rebuilt: the queries answer the same.
	deepEq(t, "active games", ok(dst.ActiveGames()), ok(src.ActiveGames()))
	deepEq(t, "u1's games", ok(dst.ActiveGamesOf("u1")), ok(src.ActiveGamesOf("u1")))
	deepEq(t, "recent", ok(dst.RecentGames("u0", 5)), ok(src.RecentGames("u0", 5)))
	top, _, err := dst.Leaderboard("g", view.Tsuitate, 5, "")
	check(t, err)
	if len(top) != 1 || top[0].UserID != "u0" {
		t.Fatalf("leaderboard after import: %+v", top)
	}
	// New ids continue after the imported ones (the deleted challenge's too).
	g := ok(dst.CreateGame(sampleGame("g", "c", "u5", "u6", view.Dark), "", nil))
	ch := ok(dst.CreateChallenge(Challenge{GuildID: "g", ChannelID: "c", Challenger: "u5", Variant: view.Dark, Color: "black", ExpiresAt: time.Now().Add(time.Hour)}, nil))
	if g.ID != 3 || ch.ID != 3 {
		t.Fatalf("new ids after import: game %d, challenge %d", g.ID, ch.ID)
	}
	// A second import into it is refused.
	_, err = Load(strings.NewReader(dump), dst, nil)
	wantErr(t, err, ErrNotEmpty)
}

func TestLoadRefusesCutOrForeign(t *testing.T) {
	src := openT(t, tempPath(t), newClock())
	defer src.Close()
	fillStore(t, src)
	var buf bytes.Buffer
	ok(Dump(&buf, src, time.Now()))
	lines := strings.SplitAfter(strings.TrimSpace(buf.String()), "\n")
	for name, text := range map[string]string{
		"cut":     strings.Join(lines[:len(lines)-1], ""),
		"foreign": `{"format":"x"}` + "\n",
		"newer":   `{"header":{"format":"shinpan-dump","version":99}}` + "\n",
		"unknown": lines[0] + `{"mystery":1}` + "\n",
	} {
		dst := openT(t, tempPath(t), nil)
		if _, err := Load(strings.NewReader(text), dst, nil); err == nil {
			t.Errorf("%s: loaded", name)
		}
		dst.Close()
	}
}
