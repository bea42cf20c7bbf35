package storetest

import (
	"shinpan/store"

	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"shinpan/referee"
	"shinpan/referee/policy"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

func finish(t testing.TB, s store.Store, id store.GameID, key string, winner shogi.Color, at time.Time) {
	t.Helper()
	_, err := s.AppendAction(id, store.Entry{Action: referee.Action{Kind: referee.ActResign, Player: winner.Opp()}, Key: key, At: at}, nil, func(g *store.Game) {
		g.Status = store.StatusFinished
		g.Result = &view.Result{Winner: &winner, Reason: view.ReasonResignation}
		g.FinishedAt = at
	})
	check(t, err)
}

func testQueries(t *testing.T, b Backend) {
	clk := newClock()
	s := openT(t, b, b.Fresh(t), clk)
	defer s.Close()
	mk := func(ch, b, w string) store.GameID {
		return ok(s.CreateGame(SampleGame("G", ch, b, w, view.Tsuitate), "", nil)).ID
	}
	g1 := mk("C1", "alice", "bob")   // 1
	g2 := mk("C1", "alice", "carol") // 2
	g3 := mk("C2", "bob", store.CPU) // 3
	g4 := mk("C2", "dave", "dave")   // 4: a self-play game is listed once
	g5 := mk("C3", "alice", "dave")  // 5
	ok(s.UpdateGame(g3, nil, func(g *store.Game) error { g.ThreadID = "T3"; return nil }))

	deepEq(t, "alice active", ids(ok(s.ActiveGamesOf("alice"))), []store.GameID{g1, g2, g5})
	deepEq(t, "dave active", ids(ok(s.ActiveGamesOf("dave"))), []store.GameID{g4, g5})
	deepEq(t, "cpu active", ids(ok(s.ActiveGamesOf(store.CPU))), []store.GameID{g3})
	deepEq(t, "nobody", ids(ok(s.ActiveGamesOf("zed"))), []store.GameID{})
	deepEq(t, "C1", ids(ok(s.ActiveGamesIn("C1"))), []store.GameID{g1, g2})
	deepEq(t, "C2", ids(ok(s.ActiveGamesIn("C2"))), []store.GameID{g3, g4})
	deepEq(t, "thread T3", ids(ok(s.ActiveGamesIn("T3"))), []store.GameID{g3})
	deepEq(t, "all", ids(ok(s.ActiveGames())), []store.GameID{g1, g2, g3, g4, g5})

	day := func(d int) time.Time { return time.Date(2025, 4, d, 10, 0, 0, 0, time.UTC) }
	finish(t, s, g2, "f2", shogi.Black, day(2))
	finish(t, s, g1, "f1", shogi.White, day(1))
	finish(t, s, g4, "f4", shogi.Black, day(3))
	_, err := s.AppendAction(g5, store.Entry{Action: referee.Action{Kind: referee.ActAbort}, Key: "a5"}, nil, func(g *store.Game) { g.Status = store.StatusAborted })
	check(t, err)

	deepEq(t, "alice active after", ids(ok(s.ActiveGamesOf("alice"))), []store.GameID{})
	deepEq(t, "C1 after", ids(ok(s.ActiveGamesIn("C1"))), []store.GameID{})
	deepEq(t, "all after", ids(ok(s.ActiveGames())), []store.GameID{g3})
	deepEq(t, "alice recent", ids(ok(s.RecentGames("alice", 10))), []store.GameID{g2, g1}) // aborted g5 not listed
	deepEq(t, "alice recent 1", ids(ok(s.RecentGames("alice", 1))), []store.GameID{g2})
	deepEq(t, "bob recent", ids(ok(s.RecentGames("bob", 0))), []store.GameID{g1})
	deepEq(t, "dave recent", ids(ok(s.RecentGames("dave", 5))), []store.GameID{g4})
	// A user id that is a prefix of another's does not see the other's games.
	ok(s.CreateGame(SampleGame("G", "C1", "al", "bo", view.Standard), "", nil))
	deepEq(t, "al", len(ok(s.ActiveGamesOf("al"))), 1)
	deepEq(t, "alice still", ids(ok(s.ActiveGamesOf("alice"))), []store.GameID{})
}

func testLeaderboard(t *testing.T, b Backend) {
	s := openT(t, b, b.Fresh(t), nil)
	defer s.Close()
	var rs []store.Rating
	for i, r := range []float64{1500, 1720.5, 1300, 1720.5, 1610, -20} {
		rs = append(rs, store.Rating{GuildID: "G", Variant: view.Dark, UserID: fmt.Sprint("u", i), Rating: r, RD: 50, Volatility: 0.06})
	}
	// Ratings are written as finished games' results are (ApplyRatings).
	n := 0
	rate := func(rs ...store.Rating) {
		n++
		g := ok(s.CreateGame(SampleGame(rs[0].GuildID, "C", "a", "b", rs[0].Variant), "", nil))
		finish(t, s, g.ID, fmt.Sprint("end", n), shogi.Black, time.Now())
		check(t, s.ApplyRatings(g.ID, rs...))
	}
	rate(rs...)
	rate(store.Rating{GuildID: "G", Variant: view.Tsuitate, UserID: "u0", Rating: 3000})
	rate(store.Rating{GuildID: "G2", Variant: view.Dark, UserID: "u0", Rating: 3000})
	rate(store.Rating{GuildID: "G", Variant: view.Dark, UserID: "u2", Rating: 1650, Games: 1, Wins: 1}) // re-rated: moves on the board

	type row struct {
		Rank int
		User string
		R    float64
	}
	rows := func(st []store.Standing) []row {
		out := []row{}
		for _, x := range st {
			out = append(out, row{x.Rank, x.UserID, x.Rating.Rating})
		}
		return out
	}
	top, me, err := s.Leaderboard("G", view.Dark, 3, "u0")
	check(t, err)
	deepEq(t, "top 3", rows(top), []row{{1, "u3", 1720.5}, {1, "u1", 1720.5}, {3, "u2", 1650}})
	if me == nil || me.Rank != 5 || me.UserID != "u0" {
		t.Fatalf("u0 standing %+v", me)
	}
	top, me, err = s.Leaderboard("G", view.Dark, 10, "u5")
	check(t, err)
	if len(top) != 6 || me == nil || me.Rank != 6 || me.Rating.Rating != -20 {
		t.Fatalf("full board %v, me %+v", rows(top), me)
	}
	_, me, err = s.Leaderboard("G", view.Dark, 2, "nobody")
	check(t, err)
	if me != nil {
		t.Fatal("unrated user has a standing")
	}
	top, _, err = s.Leaderboard("G3", view.Dark, 2, "")
	check(t, err)
	if len(top) != 0 {
		t.Fatal("empty guild has a board")
	}
	top, _, _ = s.Leaderboard("G2", view.Dark, 5, "")
	deepEq(t, "G2", rows(top), []row{{1, "u0", 3000}})
}

func testChallenges(t *testing.T, b Backend) {
	clk := newClock()
	s := openT(t, b, b.Fresh(t), clk)
	defer s.Close()
	base := time.Date(2025, 5, 1, 0, 0, 0, 0, time.UTC)
	mk := func(by string, exp time.Duration) store.Challenge {
		return ok(s.CreateChallenge(store.Challenge{GuildID: "G", ChannelID: "C", Challenger: by, Variant: view.Tsuitate,
			Options: policy.Defaults(view.Tsuitate), Color: store.ColorBlack, ExpiresAt: base.Add(exp)}, []store.OutMsg{Msg("C", "challenge")}))
	}
	_, err := s.CreateChallenge(store.Challenge{ChannelID: "C", Challenger: "x", Color: "purple", ExpiresAt: base}, nil)
	wantErr(t, err, store.ErrInvalid)
	_, err = s.CreateChallenge(store.Challenge{ChannelID: "C", Challenger: "x", Color: store.ColorBlack, PublicNotation: "kif", ExpiresAt: base}, nil)
	wantErr(t, err, store.ErrInvalid)
	bad := SampleGame("G", "C", "a", "z", view.Tsuitate)
	bad.PublicNotation = "kif"
	_, err = s.CreateGame(bad, "", nil)
	wantErr(t, err, store.ErrInvalid)
	c1 := mk("a", 30*time.Minute)
	c2 := mk("b", 10*time.Minute)
	c3 := mk("c", 60*time.Minute)
	if !c1.Open() || c1.ID != 1 || c3.ID != 3 {
		t.Fatalf("%+v", c1)
	}
	exp := func(at time.Duration) []uint64 {
		var out []uint64
		for _, c := range ok(s.ExpiredChallenges(base.Add(at))) {
			out = append(out, c.ID)
		}
		return out
	}
	deepEq(t, "none yet", exp(5*time.Minute), []uint64(nil))
	deepEq(t, "at 10m", exp(10*time.Minute), []uint64{c2.ID})
	deepEq(t, "at 45m", exp(45*time.Minute), []uint64{c2.ID, c1.ID})

	// Accepting: before expiry works once; after expiry is refused.
	clk.Set(base.Add(20 * time.Minute))
	_, err = s.AcceptChallenge(c2.ID, SampleGame("G", "C", "b", "z", view.Tsuitate), "acc-2", nil)
	wantErr(t, err, store.ErrExpired)
	g := ok(s.AcceptChallenge(c1.ID, SampleGame("G", "C", "a", "z", view.Tsuitate), "acc-1", []store.OutMsg{Msg("C", "game on")}))
	_, err = s.AcceptChallenge(c1.ID, SampleGame("G", "C", "a", "y", view.Tsuitate), "acc-1b", nil)
	wantErr(t, err, store.ErrNotFound)
	_, err = s.AcceptChallenge(c3.ID, SampleGame("G", "C", "c", "z", view.Tsuitate), "acc-1", nil)
	wantErr(t, err, store.ErrDuplicate) // the same interaction retried
	if _, err := s.GetChallenge(c3.ID); err != nil {
		t.Fatal("a duplicate accept consumed the challenge")
	}
	if ok(s.GetGame(g.ID)).Players[1] != "z" {
		t.Fatal("game not created")
	}
	deepEq(t, "expired after accept", exp(45*time.Minute), []uint64{c2.ID})
	// The sweeper deletes; a second sweeper finds it gone.
	ok(s.DeleteChallenge(c2.ID, []store.OutMsg{Msg("C", "expired")}))
	_, err = s.DeleteChallenge(c2.ID, nil)
	wantErr(t, err, store.ErrNotFound)
	all := ok(s.Challenges())
	if len(all) != 1 || all[0].ID != c3.ID {
		t.Fatalf("left %+v", all)
	}
	if n := len(ok(s.PendingOutbox())); n != 5 {
		t.Fatalf("outbox %d, want 3 posts + game on + expired", n)
	}
}

func testExportArchive(t *testing.T, b Backend) {
	s := openT(t, b, b.Fresh(t), newClock())
	defer s.Close()
	g := ok(s.CreateGame(SampleGame("G", "C", "a", "b", view.Masked), "", nil))
	for i, a := range []referee.Action{
		{Kind: referee.ActMask, Player: shogi.Black, Text: "3i", Salt: "salt-b"},
		{Kind: referee.ActMask, Player: shogi.White, Text: "7a", Salt: "salt-w"},
		Move(shogi.Black, "7g7f"),
	} {
		ok(s.AppendAction(g.ID, store.Entry{Action: a, UserID: "u", Key: fmt.Sprint("x", i)}, nil, func(g *store.Game) {
			if a.Salt != "" {
				g.MaskSalts[a.Player] = a.Salt
			}
		}))
	}
	_, err := store.ExportArchive(s, g.ID)
	wantErr(t, err, store.ErrNotOver)
	finish(t, s, g.ID, "end", shogi.White, time.Date(2025, 6, 1, 0, 0, 0, 0, time.UTC))

	var buf bytes.Buffer
	check(t, store.WriteArchiveJSON(&buf, s, g.ID))
	var back store.Archive
	check(t, json.Unmarshal(buf.Bytes(), &back))
	want := ok(store.ExportArchive(s, g.ID))
	back.ExportedAt = want.ExportedAt
	deepEq(t, "archive", back, want)
	if len(back.Actions) != 4 || back.Actions[0].Action.Salt != "salt-b" || back.Game.MaskSalts[1] != "salt-w" || back.Format != store.ArchiveFormat {
		t.Fatalf("archive %+v", back)
	}
	// Stable field names.
	for _, k := range []string{`"format":`, `"game":`, `"actions":`, `"mask_salts":`, `"start_sfen":`, `"rules_version":`, `"result":`, `"winner": 1`, `"reason": "resignation"`, `"salt": "salt-b"`, `"kind": "mask"`, `"seq": 4`} {
		if !strings.Contains(buf.String(), k) {
			t.Errorf("archive lacks %s", k)
		}
	}
	// A record writer plugs in; its error comes back wrapped.
	werr := errors.New("kif writer failed")
	err = store.WriteRecord(io.Discard, s, g.ID, func(w io.Writer, a *store.Archive) error {
		if len(a.Actions) != 4 {
			t.Error("record writer got a short archive")
		}
		return werr
	})
	wantErr(t, err, werr)
}

// TestConcurrentAppends runs many games at once from many goroutines (run with
// -race): every game ends with a contiguous log and one outbox message per action.
func testConcurrentAppends(t *testing.T, b Backend) {
	s := openT(t, b, b.Fresh(t), nil)
	defer s.Close()
	const games, moves = 8, 25
	var wg sync.WaitGroup
	errs := make(chan error, games*2)
	for i := 0; i < games; i++ {
		g := ok(s.CreateGame(SampleGame("G", fmt.Sprint("C", i%3), fmt.Sprint("p", i), fmt.Sprint("q", i), view.Dark), "", nil))
		wg.Add(1)
		go func() {
			defer wg.Done()
			for m := 0; m < moves; m++ {
				key := fmt.Sprintf("g%d-m%d", g.ID, m)
				e := store.Entry{Action: Move(shogi.Color(m%2), "1g1f"), UserID: "u", Key: key}
				if _, err := s.AppendAction(g.ID, e, []store.OutMsg{Msg("C", key)}, func(g *store.Game) { g.Deadline = &store.Deadline{Seq: uint64(m + 1)} }); err != nil {
					errs <- err
					return
				}
				// A retried delivery of the same interaction, racing the others.
				if _, err := s.AppendAction(g.ID, e, nil, nil); !errors.Is(err, store.ErrDuplicate) {
					errs <- fmt.Errorf("retry of %s: %v", key, err)
					return
				}
			}
		}()
		wg.Add(1)
		go func() { // readers alongside
			defer wg.Done()
			for m := 0; m < moves; m++ {
				if _, _, err := s.LoadGame(g.ID); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	out := ok(s.PendingOutbox())
	if len(out) != games*moves {
		t.Fatalf("outbox %d", len(out))
	}
	for id := store.GameID(1); id <= games; id++ {
		g, log := ok2(s.LoadGame(id))
		if len(log) != moves || g.LastSeq != moves || g.Deadline.Seq != moves {
			t.Fatalf("game %d: %d entries, last %d", id, len(log), g.LastSeq)
		}
	}
}
