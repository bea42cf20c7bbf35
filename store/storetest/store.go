package storetest

import (
	"shinpan/store"

	"encoding/json"
	"errors"
	"testing"
	"time"

	"shinpan/referee"
	"shinpan/referee/policy"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

func testRoundTripAcrossReopen(t *testing.T, b Backend) {
	path := b.Fresh(t)
	clk := newClock()
	s := openT(t, b, path, clk)

	sample1 := SampleGame("G", "C1", "alice", "bob", view.Tsuitate)
	sample1.GuildLocale, sample1.PublicNotation = "ja", store.NotationUSI
	g1 := ok(s.CreateGame(sample1, "i-create-1", nil))
	sample2 := SampleGame("G", "C2", "carol", store.CPU, view.Masked)
	sample2.Options.SetTime(policy.TimeControl{MainMinutes: 10, ByoyomiSeconds: 30})
	g2 := ok(s.CreateGame(sample2, "", nil))
	if g1.ID != 1 || g2.ID != 2 {
		t.Fatalf("ids %d %d, want 1 2", g1.ID, g2.ID)
	}
	var log1 []store.Entry
	for i, a := range []referee.Action{Move(shogi.Black, "7g7f"), Move(shogi.White, "3c3d"), Move(shogi.Black, "2h2b+"), {Kind: referee.ActResign, Player: shogi.Black}} {
		e, err := s.AppendAction(g1.ID, store.Entry{Action: a, UserID: g1.Players[a.Player], Key: "i-" + string(rune('a'+i))}, nil, func(g *store.Game) {
			if a.Kind == referee.ActResign {
				w := shogi.White
				g.Status = store.StatusFinished
				g.Result = &view.Result{Winner: &w, Reason: view.ReasonResignation}
			}
		})
		check(t, err)
		log1 = append(log1, e)
	}
	masks := []referee.Action{{Kind: referee.ActMask, Player: shogi.Black, Text: "5i", Salt: "s1"}, {Kind: referee.ActMask, Player: shogi.White, Text: "4a", Salt: "s2"}}
	for i, a := range masks {
		_, err := s.AppendAction(g2.ID, store.Entry{Action: a, UserID: g2.Players[a.Player], Key: "m-" + string(rune('a'+i))}, nil, func(g *store.Game) {
			g.MaskSalts[a.Player] = a.Salt
			g.Status = store.StatusActive
			g.Deadline = &store.Deadline{Player: shogi.Black, Seq: 2, Turn: time.Date(2025, 3, 1, 13, 0, 0, 0, time.FixedZone("JST", 9*3600)),
				Start: time.Date(2025, 3, 1, 12, 50, 0, 0, time.FixedZone("JST", 9*3600))}
			g.Clocks = &policy.Clocks{MainMillis: [2]int64{600_000, 543_210}}
			g.Away[shogi.White] = store.Away{Since: time.Date(2025, 3, 1, 12, 30, 0, 0, time.UTC), CPU: true}
		})
		check(t, err)
	}
	g1 = ok(s.GetGame(g1.ID))
	g2 = ok(s.GetGame(g2.ID))

	st := ok(s.UpdateSettings("alice", func(st *store.Settings) {
		st.Notation, st.Language, st.Orientation, st.Theme, st.Pieces = store.NotationJapanese, "ja", "own", "wood", "koma2"
		st.CurrentGame, st.DMChannelID = g1.ID, "dm-alice"
	}))
	ch := ok(s.CreateChallenge(store.Challenge{GuildID: "G", ChannelID: "C1", Challenger: "alice", Challenged: "bob", Variant: view.Dark,
		Options: policy.Defaults(view.Dark), Color: store.ColorRandom, Ranked: true, GuildLocale: "en-US", PublicNotation: store.NotationJapanese,
		ExpiresAt: clk.Now().Add(time.Hour)}, nil))
	check(t, s.SetChallengeMessage(ch.ID, "msg-1"))
	ch.MessageID = "msg-1"
	rs := []store.Rating{
		{GuildID: "G", Variant: view.Tsuitate, UserID: "alice", Rating: 1450.5, RD: 80, Volatility: 0.06, Games: 1, Losses: 1},
		{GuildID: "G", Variant: view.Tsuitate, UserID: "bob", Rating: 1549.5, RD: 80, Volatility: 0.06, Games: 1, Wins: 1},
	}
	check(t, s.ApplyRatings(g1.ID, rs...))
	g1 = ok(s.GetGame(g1.ID))
	ra := ok(s.GetRating("G", view.Tsuitate, "alice"))
	notes := ok(s.ToggleNote(g1.ID, shogi.Black, shogi.Sq(5, 5)))
	deepEq(t, "first note", notes, []shogi.Square{shogi.Sq(5, 5)})
	notes = ok(s.ToggleNote(g1.ID, shogi.Black, shogi.Sq(7, 7)))
	deepEq(t, "notes", notes, []shogi.Square{shogi.Sq(5, 5), shogi.Sq(7, 7)})
	ref := store.MessageRef{ChannelID: "C1", MessageID: "board-1"}
	check(t, s.PutMessageRef(g1.ID, "board:public", ref))
	ref = ok(s.GetMessageRef(g1.ID, "board:public"))
	check(t, s.Close())

	s = openT(t, b, path, clk)
	defer s.Close()
	if v := ok(s.Version()); v < store.SchemaVersion { // a backend's own schema may add tables
		t.Fatalf("version %d", v)
	}
	h1, l1 := ok2(s.LoadGame(g1.ID))
	deepEq(t, "game 1", h1, g1)
	deepEq(t, "log 1", l1, log1)
	if !g1.Rated || g1.Status != store.StatusFinished || *g1.Result.Winner != shogi.White || g1.FinishedAt.IsZero() {
		t.Fatalf("game 1 metadata: %+v", g1)
	}
	if h1.PublicNotation != store.NotationUSI || g2.PublicNotation != "" {
		t.Fatalf("public notations %q %q, want usi and none", h1.PublicNotation, g2.PublicNotation)
	}
	deepEq(t, "game 2", ok(s.GetGame(g2.ID)), g2)
	if g2.MaskSalts != [2]string{"s1", "s2"} || g2.Deadline.Turn.Location() != time.UTC || g2.Deadline.Start.Location() != time.UTC ||
		g2.Clocks.MainMillis[1] != 543_210 || g2.Options.ByoyomiSeconds != 30 {
		t.Fatalf("game 2 metadata: %+v", g2)
	}
	deepEq(t, "settings", ok(s.GetSettings("alice")), st)
	deepEq(t, "challenge", ok(s.GetChallenge(ch.ID)), ch)
	deepEq(t, "rating", ok(s.GetRating("G", view.Tsuitate, "alice")), ra)
	deepEq(t, "notes", ok(s.Notes(g1.ID, shogi.Black)), notes)
	deepEq(t, "white notes", ok(s.Notes(g1.ID, shogi.White)), []shogi.Square{})
	deepEq(t, "message ref", ok(s.MessageRefs(g1.ID)), map[string]store.MessageRef{"board:public": ref})

	_, err := s.GetGame(99)
	wantErr(t, err, store.ErrNotFound)
	_, err = s.GetSettings("nobody")
	wantErr(t, err, store.ErrNotFound)
	_, err = s.GetRating("G", view.Dark, "alice")
	wantErr(t, err, store.ErrNotFound)
	wantErr(t, s.ApplyRatings(g1.ID, rs...), store.ErrDuplicate)
	wantErr(t, s.ApplyRatings(g2.ID, rs...), store.ErrNotOver)
}

func testIdempotency(t *testing.T, b Backend) {
	s := openT(t, b, b.Fresh(t), newClock())
	defer s.Close()
	g := ok(s.CreateGame(SampleGame("G", "C", "a", "b", view.Standard), "create-1", nil))
	_, err := s.CreateGame(SampleGame("G", "C", "a", "b", view.Standard), "create-1", nil)
	var de *store.DuplicateError
	if !errors.As(err, &de) || de.GameID != g.ID || de.Seq != 0 {
		t.Fatalf("second CreateGame: %v", err)
	}
	e1 := ok(s.AppendAction(g.ID, store.Entry{Action: Move(shogi.Black, "7g7f"), UserID: "a", Key: "ia"}, []store.OutMsg{Msg("C", "moved")}, nil))
	e2 := ok(s.AppendAction(g.ID, store.Entry{Action: Move(shogi.White, "3c3d"), UserID: "b", Key: "ib"}, []store.OutMsg{Msg("C", "moved")}, nil))
	if e1.Seq != 1 || e2.Seq != 2 {
		t.Fatalf("seqs %d %d", e1.Seq, e2.Seq)
	}
	called := false
	_, err = s.AppendAction(g.ID, store.Entry{Action: Move(shogi.Black, "2g2f"), UserID: "a", Key: "ia"}, []store.OutMsg{Msg("C", "again")}, func(*store.Game) { called = true })
	wantErr(t, err, store.ErrDuplicate)
	if !errors.As(err, &de) || de.Seq != 1 || de.GameID != g.ID || called {
		t.Fatalf("duplicate: %v (called %v)", err, called)
	}
	log := ok(s.Log(g.ID, 0))
	out := ok(s.PendingOutbox())
	if len(log) != 2 || len(out) != 2 || ok(s.GetGame(g.ID)).LastSeq != 2 {
		t.Fatalf("duplicate wrote something: %d entries, %d outbox", len(log), len(out))
	}
	gid, seq, err := s.LookupKey("ib")
	if err != nil || gid != g.ID || seq != 2 {
		t.Fatalf("LookupKey: %d %d %v", gid, seq, err)
	}
	// Pruning old keys makes them usable again (they are long stale by then).
	n := ok(s.PruneKeys(time.Now().Add(24 * time.Hour * 365 * 10)))
	if n != 3 {
		t.Fatalf("pruned %d keys, want 3", n)
	}
	_, _, err = s.LookupKey("ia")
	wantErr(t, err, store.ErrNotFound)

	_, err = s.AppendAction(g.ID, store.Entry{Action: Move(shogi.Black, "x"), UserID: "a"}, nil, nil)
	wantErr(t, err, store.ErrInvalid)
	_, err = s.AppendAction(g.ID, store.Entry{Action: referee.Action{Kind: referee.ActMove, Player: 2}, Key: "k"}, nil, nil)
	wantErr(t, err, store.ErrInvalid)
	_, err = s.AppendAction(77, store.Entry{Action: Move(shogi.Black, "x"), Key: "k"}, nil, nil)
	wantErr(t, err, store.ErrNotFound)
}

func testOutboxAcrossReopen(t *testing.T, b Backend) {
	path := b.Fresh(t)
	s := openT(t, b, path, newClock())
	g := ok(s.CreateGame(SampleGame("G", "C", "a", "b", view.Tsuitate), "", []store.OutMsg{Msg("C", "game starts")}))
	select {
	case <-s.OutboxReady():
	default:
		t.Fatal("OutboxReady not signalled")
	}
	dm := store.OutMsg{Dest: store.DestDM, Target: "a", Payload: json.RawMessage(`{"content":"your board"}`), DedupeKey: "nonce-1"}
	ok(s.AppendAction(g.ID, store.Entry{Action: Move(shogi.Black, "7g7f"), UserID: "a", Key: "k1"}, []store.OutMsg{Msg("C", "☗ moved (move 1)"), dm}, nil))
	check(t, s.Enqueue(Msg("C2", "unrelated")))
	_, err := s.AppendAction(g.ID, store.Entry{Action: Move(shogi.White, "x"), Key: "k2"}, []store.OutMsg{{Dest: "pigeon", Target: "x", Payload: json.RawMessage(`{}`)}}, nil)
	wantErr(t, err, store.ErrInvalid)
	if ok(s.GetGame(g.ID)).LastSeq != 1 {
		t.Fatal("a refused outbox still logged the action")
	}
	before := ok(s.PendingOutbox())
	check(t, s.Close())

	s = openT(t, b, path, nil)
	after := ok(s.PendingOutbox())
	deepEq(t, "outbox", after, before)
	if len(after) != 4 {
		t.Fatalf("%d pending", len(after))
	}
	for i, m := range after {
		if m.ID != uint64(i+1) {
			t.Fatalf("outbox order: %+v", after)
		}
	}
	if after[1].GameID != g.ID || after[1].Seq != 1 || after[2].DedupeKey != "nonce-1" || after[2].Dest != store.DestDM || after[3].GameID != 0 || len(after[0].DedupeKey) != 24 {
		t.Fatalf("outbox fields: %+v", after)
	}
	check(t, s.MarkSent(after[0].ID, after[2].ID, 999))
	check(t, s.Close())

	s = openT(t, b, path, nil)
	defer s.Close()
	deepEq(t, "outbox after MarkSent", ok(s.PendingOutbox()), []store.OutMsg{after[1], after[3]})
}

// TestDrawOfferAcrossReopen: a draw offer is stored with the DM that announces
// it, is there after a reopen, and is gone once the game is over.
func testDrawOfferAcrossReopen(t *testing.T, b Backend) {
	path := b.Fresh(t)
	s := openT(t, b, path, newClock())
	g := ok(s.CreateGame(SampleGame("G", "C", "a", "b", view.Tsuitate), "", nil))
	Play(t, s, g.ID, "m", 3)
	if ok(s.GetGame(g.ID)).DrawOffer != nil {
		t.Fatal("a new game has a draw offer")
	}
	_, err := s.UpdateGame(g.ID, nil, func(g *store.Game) error { g.DrawOffer = &store.DrawOffer{By: 2}; return nil })
	wantErr(t, err, store.ErrInvalid)
	dm := store.OutMsg{Dest: store.DestDM, Target: "a", Payload: json.RawMessage(`{"content":"b offers a draw"}`)}
	ok(s.UpdateGame(g.ID, []store.OutMsg{dm}, func(g *store.Game) error { g.DrawOffer = &store.DrawOffer{By: shogi.White, Moves: 3}; return nil }))
	check(t, s.Close())

	s = openT(t, b, path, newClock())
	defer s.Close()
	deepEq(t, "draw offer", ok(s.GetGame(g.ID)).DrawOffer, &store.DrawOffer{By: shogi.White, Moves: 3})
	if out := ok(s.PendingOutbox()); len(out) != 1 || out[0].Target != "a" || out[0].GameID != g.ID {
		t.Fatalf("outbox: %+v", out)
	}
	ok(s.AppendAction(g.ID, store.Entry{Action: referee.Action{Kind: referee.ActDraw, Player: shogi.Black}, Key: "draw"}, nil, func(g *store.Game) {
		g.Status = store.StatusFinished
		g.Result = &view.Result{Reason: view.ReasonDrawAgreed}
	}))
	if d := ok(s.GetGame(g.ID)).DrawOffer; d != nil {
		t.Fatalf("a finished game keeps the offer %+v", d)
	}
}

func testGameLifecycle(t *testing.T, b Backend) {
	s := openT(t, b, b.Fresh(t), newClock())
	defer s.Close()
	bad := SampleGame("G", "C", "a", "b", view.Masked)
	bad.RulesVersion = ""
	_, err := s.CreateGame(bad, "", nil)
	wantErr(t, err, store.ErrInvalid)
	bad = SampleGame("G", "", "a", "b", view.Masked)
	_, err = s.CreateGame(bad, "", nil)
	wantErr(t, err, store.ErrInvalid)
	g := ok(s.CreateGame(SampleGame("G", "C", "a", "b", view.Masked), "", nil))
	if g.Status != store.StatusActive || g.ID != 1 {
		t.Fatal(g.Status, g.ID)
	}
	// The callback cannot move store-owned fields.
	e := ok(s.AppendAction(g.ID, store.Entry{Action: Move(shogi.Black, "7g7f"), Key: "k1"}, nil, func(g *store.Game) {
		g.ID, g.LastSeq, g.Rated = 42, 99, true
	}))
	g = ok(s.GetGame(g.ID))
	if g.ID != 1 || g.LastSeq != 1 || g.Rated || !g.UpdatedAt.Equal(e.At) {
		t.Fatalf("store-owned fields changed: %+v", g)
	}
	_, err = s.UpdateGame(g.ID, nil, func(g *store.Game) error { g.Status = "weird"; return nil })
	wantErr(t, err, store.ErrInvalid)
	boom := errors.New("boom")
	_, err = s.UpdateGame(g.ID, nil, func(g *store.Game) error { g.ThreadID = "T"; return boom })
	wantErr(t, err, boom)
	g = ok(s.UpdateGame(g.ID, nil, func(g *store.Game) error { g.ThreadID = "T"; return nil }))
	if g.ThreadID != "T" {
		t.Fatal("thread not set")
	}
	ok(s.AppendAction(g.ID, store.Entry{Action: referee.Action{Kind: referee.ActAbort, Player: shogi.White}, Key: "k2"}, nil, func(g *store.Game) {
		g.Status = store.StatusAborted
		g.Result = &view.Result{Reason: view.ReasonAbort}
	}))
	g = ok(s.GetGame(g.ID))
	if g.FinishedAt.IsZero() || g.Result.Winner != nil {
		t.Fatalf("aborted: %+v", g)
	}
	_, err = s.AppendAction(g.ID, store.Entry{Action: Move(shogi.Black, "7g7f"), Key: "k3"}, nil, nil)
	wantErr(t, err, store.ErrGameOver)

	// A panic in the caller's callback is the caller's: it propagates, nothing is written.
	g2 := ok(s.CreateGame(SampleGame("G", "C", "a", "b", view.Standard), "", nil))
	func() {
		defer func() {
			if r := recover(); r != "caller bug" {
				t.Fatalf("recovered %v", r)
			}
		}()
		s.AppendAction(g2.ID, store.Entry{Action: Move(shogi.Black, "7g7f"), Key: "k4"}, nil, func(*store.Game) { panic("caller bug") })
	}()
	if ok(s.GetGame(g2.ID)).LastSeq != 0 {
		t.Fatal("panicking callback left a write")
	}
}

func testSettingsValidation(t *testing.T, b Backend) {
	s := openT(t, b, b.Fresh(t), nil)
	defer s.Close()
	_, err := s.UpdateSettings("u", func(st *store.Settings) { st.Language = "fr" })
	wantErr(t, err, store.ErrInvalid)
	_, err = s.UpdateSettings("u", func(st *store.Settings) { st.Notation = "kif" })
	wantErr(t, err, store.ErrInvalid)
	ok(s.UpdateSettings("u", func(st *store.Settings) { st.Language = "en" }))
	st := ok(s.UpdateSettings("u", func(st *store.Settings) { st.Theme = "dark" }))
	if st.Language != "en" || st.Theme != "dark" || st.UserID != "u" {
		t.Fatalf("%+v", st)
	}
}

func testNotes(t *testing.T, b Backend) {
	s := openT(t, b, b.Fresh(t), nil)
	defer s.Close()
	g := ok(s.CreateGame(SampleGame("G", "C", "a", "b", view.Tsuitate), "", nil))
	_, err := s.ToggleNote(g.ID, shogi.Black, shogi.NoSquare)
	wantErr(t, err, store.ErrInvalid)
	_, err = s.ToggleNote(g.ID+1, shogi.Black, 5)
	wantErr(t, err, store.ErrNotFound)
	_, err = s.Notes(g.ID+1, shogi.Black)
	wantErr(t, err, store.ErrNotFound)
	_, err = s.Notes(g.ID, shogi.White+1)
	wantErr(t, err, store.ErrInvalid)
	wantErr(t, s.PutMessageRef(g.ID+1, "card", store.MessageRef{ChannelID: "c", MessageID: "m"}), store.ErrNotFound)
	ok(s.ToggleNote(g.ID, shogi.Black, 40))
	deepEq(t, "toggled off", ok(s.ToggleNote(g.ID, shogi.Black, 40)), []shogi.Square{})
	for _, sq := range []shogi.Square{9, 3, 80} {
		ok(s.ToggleNote(g.ID, shogi.White, sq))
	}
	deepEq(t, "black untouched", ok(s.Notes(g.ID, shogi.Black)), []shogi.Square{})
	deepEq(t, "white, in square order", ok(s.Notes(g.ID, shogi.White)), []shogi.Square{3, 9, 80})
}

// testGuildSettings: a server's settings are kept apart from its users',
// survive a reopen, are checked, and the fields one edit leaves alone stay.
func testGuildSettings(t *testing.T, b Backend) {
	loc := b.Fresh(t)
	s := openT(t, b, loc, nil)
	_, err := s.GetGuildSettings("G")
	wantErr(t, err, store.ErrNotFound)
	_, err = s.UpdateGuildSettings("G", func(g *store.GuildSettings) { g.Language = "fr" })
	wantErr(t, err, store.ErrInvalid)
	_, err = s.UpdateGuildSettings("G", func(g *store.GuildSettings) { g.Threads = "maybe" })
	wantErr(t, err, store.ErrInvalid)
	_, err = s.UpdateGuildSettings("G", func(g *store.GuildSettings) { g.Notation = "kif" })
	wantErr(t, err, store.ErrInvalid)
	for _, d := range []int{-2, 301} {
		_, err = s.UpdateGuildSettings("G", func(g *store.GuildSettings) { g.WatchDelay = &d })
		wantErr(t, err, store.ErrInvalid)
	}
	_, err = s.UpdateGuildSettings("G", func(g *store.GuildSettings) { g.ResultGIF = "yes" })
	wantErr(t, err, store.ErrInvalid)
	_, err = s.UpdateGuildSettings("G", func(g *store.GuildSettings) { g.TournamentCreate = "admins" })
	wantErr(t, err, store.ErrInvalid)
	_, err = s.UpdateGuildSettings("G", func(g *store.GuildSettings) { g.TournamentWatch = "later" })
	wantErr(t, err, store.ErrInvalid)
	_, err = s.UpdateGuildSettings("", func(g *store.GuildSettings) { g.Language = "ja" })
	wantErr(t, err, store.ErrInvalid)
	_, err = s.UpdateSettings("u", func(st *store.Settings) { st.Guild = &store.GuildSettings{} })
	wantErr(t, err, store.ErrInvalid) // a user's record holds no server settings
	zero := 0
	ok(s.UpdateGuildSettings("G", func(g *store.GuildSettings) {
		g.Language, g.Notation, g.Threads = "ja", store.NotationUSI, "on"
		g.Defaults = map[string]map[string]int{"tsuitate": {"foul_limit": 20, "announce_fouls": 0}}
		g.WatchDelay, g.WatchRanked, g.ResultGIF, g.GIFFoulFrames = &zero, "on", "off", "on"
		g.TournamentCreate, g.TournamentWatch = store.TournamentsByEveryone, "on"
	}))
	got := ok(s.UpdateGuildSettings("G", func(g *store.GuildSettings) { g.Channel = "C9" }))
	want := store.GuildSettings{Language: "ja", Notation: store.NotationUSI, Threads: "on", Channel: "C9",
		Defaults:   map[string]map[string]int{"tsuitate": {"foul_limit": 20, "announce_fouls": 0}},
		WatchDelay: &zero, WatchRanked: "on", ResultGIF: "off", GIFFoulFrames: "on",
		TournamentCreate: store.TournamentsByEveryone, TournamentWatch: "on"}
	deepEq(t, "updated", got, want)
	// Back to the language's notation.
	got = ok(s.UpdateGuildSettings("G", func(g *store.GuildSettings) { g.Notation = "" }))
	want.Notation = ""
	deepEq(t, "notation reset", got, want)
	_, err = s.GetGuildSettings("H")
	wantErr(t, err, store.ErrNotFound)
	if _, err := s.GetSettings("G"); err == nil {
		t.Fatal("the server's settings are readable as a user's")
	}
	// Emptied defaults are dropped, not kept as empty maps.
	got = ok(s.UpdateGuildSettings("H", func(g *store.GuildSettings) { g.Defaults = map[string]map[string]int{"dark": {}} }))
	if got.Defaults != nil {
		t.Fatalf("empty defaults kept: %+v", got.Defaults)
	}
	check(t, s.Close())
	s = openT(t, b, loc, nil)
	defer s.Close()
	deepEq(t, "after reopen", ok(s.GetGuildSettings("G")), want)
}
