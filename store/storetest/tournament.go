package storetest

import (
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"shinpan/referee/policy"
	"shinpan/referee/view"
	"shinpan/store"
	"shinpan/tournament"
)

// SampleTournament is a Swiss tournament of rounds rounds in guild and
// channel, in sign-up, with players joined a second apart.
func SampleTournament(guild, channel string, rounds int, players ...string) store.Tournament {
	at := time.Date(2025, 3, 1, 10, 0, 0, 0, time.UTC)
	st, err := tournament.New(tournament.Config{Format: tournament.Swiss, Variant: view.Tsuitate, Rounds: rounds}, "org", at)
	if err != nil {
		panic(err)
	}
	for i, p := range players {
		if err := st.Join(tournament.Player{ID: p, Rating: 1500 + float64(len(players)-i)}, at.Add(time.Duration(i)*time.Second)); err != nil {
			panic(err)
		}
	}
	return store.Tournament{GuildID: guild, ChannelID: channel, Name: "Spring cup", Options: policy.Defaults(view.Tsuitate),
		Ranked: true, State: st}
}

// RoundGames advances t (started if in sign-up) at now and returns its new
// pairings' games, each with a key and a DM to each player.
func RoundGames(t *store.Tournament, now time.Time) []store.NewGame {
	if t.State.Status == tournament.StatusSignup {
		if err := t.State.Start(now); err != nil {
			panic(err)
		}
	}
	pr, err := t.State.Advance(now, nil)
	if err != nil {
		panic(err)
	}
	var out []store.NewGame
	for _, p := range pr.Pairings {
		if p.IsBye() {
			continue
		}
		g := SampleGame(t.GuildID, t.ChannelID, p.Black, p.White, t.State.Config.Variant)
		g.Tournament = &store.TournamentGame{ID: t.ID, Round: p.Round, Board: p.Board}
		out = append(out, store.NewGame{Game: g, Key: fmt.Sprintf("tournament:%d:%d:%d", t.ID, p.Round, p.Board),
			Outbox: []store.OutMsg{DM(p.Black, "your game"), DM(p.White, "your game")}})
	}
	return out
}

// DM is a DM to user with text.
func DM(user, text string) store.OutMsg {
	m := Msg(user, text)
	m.Dest = store.DestDM
	return m
}

// testTournaments: a tournament is stored and read back as it was, a save
// over a stale version is refused with nothing written, a round's games are
// created with the save and linked both ways, and the queries find what is
// active and what a server held.
func testTournaments(t *testing.T, b Backend) {
	path := b.Fresh(t)
	clk := newClock()
	s := openT(t, b, path, clk)
	base := clk.Now()

	for name, bad := range map[string]func(*store.Tournament){
		"no guild":      func(tr *store.Tournament) { tr.GuildID = "" },
		"no channel":    func(tr *store.Tournament) { tr.ChannelID = "" },
		"long name":     func(tr *store.Tournament) { tr.Name = string(make([]rune, store.MaxTournamentName+1)) },
		"bad state":     func(tr *store.Tournament) { tr.State.Status = "over" },
		"bad notation":  func(tr *store.Tournament) { tr.PublicNotation = "kif" },
		"unknown entry": func(tr *store.Tournament) { tr.State.Players = append(tr.State.Players, tr.State.Players[0]) },
	} {
		tr := SampleTournament("G", "C", 3, "a", "b")
		bad(&tr)
		if _, err := s.CreateTournament(tr, nil); !errors.Is(err, store.ErrInvalid) {
			t.Fatalf("%s: %v, want ErrInvalid", name, err)
		}
	}
	t1 := ok(s.CreateTournament(SampleTournament("G", "C", 3, "alice", "bob", "carol", "dave", "erin"), []store.OutMsg{Msg("C", "card")}))
	if t1.ID != 1 || t1.Version != 1 || t1.CreatedAt.IsZero() || !t1.UpdatedAt.Equal(t1.CreatedAt) {
		t.Fatalf("created %+v", t1)
	}
	deepEq(t, "tournament", ok(s.GetTournament(t1.ID)), t1)
	t2 := ok(s.CreateTournament(SampleTournament("H", "C", 3, "x", "y"), nil))
	t3 := ok(s.CreateTournament(SampleTournament("G", "C2", 2, "p", "q"), nil))
	_, err := s.GetTournament(99)
	wantErr(t, err, store.ErrNotFound)

	// Round 1: five players, two games and a bye, saved with the pairing.
	games := RoundGames(&t1, base)
	if len(games) != 2 {
		t.Fatalf("round 1 has %d games, want 2", len(games))
	}
	stale := t1.Clone()
	saved, made := ok2(s.SaveTournament(t1, games, []store.OutMsg{Msg("C", "round 1")}))
	if saved.Version != 2 || len(made) != 2 || saved.State.Round != 1 {
		t.Fatalf("saved version %d, %d games, round %d", saved.Version, len(made), saved.State.Round)
	}
	for i, g := range made {
		p, found := saved.State.PairingOf(uint64(g.ID))
		if !found || g.Tournament == nil || *g.Tournament != (store.TournamentGame{ID: t1.ID, Round: 1, Board: p.Board}) ||
			g.Players != [2]string{p.Black, p.White} || g.Status != store.StatusActive {
			t.Fatalf("game %d: %+v, pairing %+v", i, g, p)
		}
		deepEq(t, "a round's game", ok(s.GetGame(g.ID)), g)
		if gid, seq, err := s.LookupKey(games[i].Key); err != nil || gid != g.ID || seq != 0 {
			t.Fatalf("key of game %d: %d %d %v", i, gid, seq, err)
		}
	}
	sent := map[store.GameID]int{}
	for _, m := range ok(s.PendingOutbox()) {
		sent[m.GameID]++
	}
	if sent[made[0].ID] != 2 || sent[made[1].ID] != 2 || sent[0] != 2 {
		t.Fatalf("outbox by game %v: want each game's two DMs stamped with it, and the card and the round's post", sent)
	}

	// A save over the version it no longer is writes nothing, games included.
	stale.State.Round = 7
	before := ok(s.ActiveGames())
	_, _, err = s.SaveTournament(stale, RoundGames(&stale, base), nil)
	wantErr(t, err, store.ErrConflict)
	deepEq(t, "tournament after a stale save", ok(s.GetTournament(t1.ID)), saved)
	deepEq(t, "games after a stale save", ok(s.ActiveGames()), before)

	// A game linked to no pairing, another tournament's, or starting over.
	for name, bad := range map[string]func(*store.NewGame){
		"no pairing":     func(g *store.NewGame) { g.Game.Tournament.Board = 9 },
		"other":          func(g *store.NewGame) { g.Game.Tournament.ID = t2.ID },
		"unlinked":       func(g *store.NewGame) { g.Game.Tournament = nil },
		"other guild":    func(g *store.NewGame) { g.Game.GuildID = "H" },
		"wrong player":   func(g *store.NewGame) { g.Game.Players[1] = "zed" },
		"finished":       func(g *store.NewGame) { g.Game.Status = store.StatusFinished },
		"other variant":  func(g *store.NewGame) { g.Game.Variant = view.Dark },
		"round 0":        func(g *store.NewGame) { g.Game.Tournament.Round = 0 },
		"used key":       func(g *store.NewGame) { g.Key = games[0].Key },
		"bad outbox msg": func(g *store.NewGame) { g.Outbox = []store.OutMsg{{Dest: "pigeon", Target: "x"}} },
	} {
		tr := ok(s.GetTournament(t3.ID))
		ng := RoundGames(&tr, base)
		bad(&ng[0])
		_, _, err := s.SaveTournament(tr, ng, nil)
		if !errors.Is(err, store.ErrInvalid) && !errors.Is(err, store.ErrDuplicate) {
			t.Fatalf("%s: %v, want ErrInvalid or ErrDuplicate", name, err)
		}
		if after := ok(s.GetTournament(t3.ID)); after.Version != 1 || after.State.Status != tournament.StatusSignup {
			t.Fatalf("%s: the tournament changed: %+v", name, after.State)
		}
	}
	deepEq(t, "games after refused saves", ok(s.ActiveGames()), before)

	// The queries: by server, newest first; active ones by id.
	deepEq(t, "G's tournaments", tournamentIDs(ok(s.GuildTournaments("G", 10))), []uint64{t3.ID, t1.ID})
	deepEq(t, "G's last", tournamentIDs(ok(s.GuildTournaments("G", 1))), []uint64{t3.ID})
	deepEq(t, "nobody's", tournamentIDs(ok(s.GuildTournaments("Z", 10))), []uint64{})
	deepEq(t, "active", tournamentIDs(ok(s.ActiveTournaments())), []uint64{t1.ID, t2.ID, t3.ID})
	tr2 := ok(s.GetTournament(t2.ID))
	ok(tr2.State.Cancel(base))
	ok2(s.SaveTournament(tr2, nil, nil))
	deepEq(t, "active after a cancel", tournamentIDs(ok(s.ActiveTournaments())), []uint64{t1.ID, t3.ID})
	deepEq(t, "H's after a cancel", tournamentIDs(ok(s.GuildTournaments("H", 10))), []uint64{t2.ID})
	check(t, s.Close())

	s = openT(t, b, path, clk)
	defer s.Close()
	deepEq(t, "tournament after a reopen", ok(s.GetTournament(t1.ID)), saved)
	deepEq(t, "active after a reopen", tournamentIDs(ok(s.ActiveTournaments())), []uint64{t1.ID, t3.ID})
	if t4 := ok(s.CreateTournament(SampleTournament("G", "C", 1, "m", "n"), nil)); t4.ID != 4 {
		t.Fatalf("the next tournament is %d, want 4", t4.ID)
	}
}

func tournamentIDs(ts []store.Tournament) []uint64 {
	out := []uint64{}
	for _, t := range ts {
		out = append(out, t.ID)
	}
	return out
}

// testTournamentRoundOnce: processes racing to pair the same round from the
// same version — each reads the tournament, pairs it and saves it with the
// round's games — leave one round with one set of games: exactly one save
// commits, the others are refused as stale. (Backends that several
// processes share are opened once per racer.)
func testTournamentRoundOnce(t *testing.T, b Backend) {
	loc := b.Fresh(t)
	s := openT(t, b, loc, nil)
	defer s.Close()
	racers := []store.Store{s, s, s, s}
	if sh, okShared := s.(store.Shared); okShared && sh.Shared() {
		for i := 1; i < len(racers); i++ {
			racers[i] = openT(t, b, loc, nil)
			defer racers[i].Close()
		}
	}
	tr := ok(s.CreateTournament(SampleTournament("G", "C", 3, "a", "b", "c", "d", "e", "f", "g", "h"), nil))
	now := time.Date(2025, 3, 2, 0, 0, 0, 0, time.UTC)
	for round := 1; round <= 2; round++ {
		version := tr.Version
		var wg sync.WaitGroup
		errs := make([]error, len(racers))
		read := make(chan struct{})
		var readers sync.WaitGroup
		readers.Add(len(racers))
		for i, r := range racers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				mine, err := r.GetTournament(tr.ID)
				readers.Done()
				<-read // all read the same version before any writes
				if err != nil {
					errs[i] = err
					return
				}
				_, _, errs[i] = r.SaveTournament(mine, RoundGames(&mine, now), nil)
			}()
		}
		readers.Wait()
		close(read)
		wg.Wait()
		won := 0
		for i, err := range errs {
			switch {
			case err == nil:
				won++
			case !errors.Is(err, store.ErrConflict):
				t.Fatalf("round %d, racer %d: %v", round, i, err)
			}
		}
		if won != 1 {
			t.Fatalf("round %d: %d saves committed, want 1", round, won)
		}
		tr = ok(s.GetTournament(tr.ID))
		if tr.State.Round != round || tr.Version != version+1 {
			t.Fatalf("after the race for round %d: round %d, version %d", round, tr.State.Round, tr.Version)
		}
		live := ok(s.ActiveGames())
		if len(live) != 4 {
			t.Fatalf("round %d: %d games going on, want the round's 4", round, len(live))
		}
		for _, g := range live {
			if p, found := tr.State.PairingOf(uint64(g.ID)); !found || p.Round != round {
				t.Fatalf("game #%d is in no pairing of round %d", g.ID, round)
			}
			ok(s.UpdateGame(g.ID, nil, func(g *store.Game) error {
				g.Status, g.Result = store.StatusFinished, &view.Result{Reason: view.ReasonDrawAgreed}
				return nil
			}))
			if _, err := tr.State.Record(uint64(g.ID), tournament.Draw, now); err != nil {
				t.Fatal(err)
			}
		}
		tr, _ = ok2(s.SaveTournament(tr, nil, nil))
		now = now.Add(time.Hour)
	}
}

// testEditTournamentRaces: results of one round recorded at once by several
// processes (EditTournament: read, apply, save, again on a conflict) all
// land, and the next round is paired once, by whichever process records
// the last of them.
func testEditTournamentRaces(t *testing.T, b Backend) {
	loc := b.Fresh(t)
	s := openT(t, b, loc, nil)
	defer s.Close()
	racers := []store.Store{s, s, s, s}
	if sh, okShared := s.(store.Shared); okShared && sh.Shared() {
		for i := 1; i < len(racers); i++ {
			racers[i] = openT(t, b, loc, nil)
			defer racers[i].Close()
		}
	}
	tr := ok(s.CreateTournament(SampleTournament("G", "C", 2, "a", "b", "c", "d", "e", "f", "g", "h"), nil))
	now := time.Date(2025, 3, 2, 0, 0, 0, 0, time.UTC)
	tr, made := ok2(store.EditTournament(s, tr.ID, func(tr *store.Tournament) ([]store.NewGame, []store.OutMsg, error) {
		return RoundGames(tr, now), nil, nil
	}))
	if len(made) != 4 {
		t.Fatalf("round 1 started %d games", len(made))
	}
	var wg sync.WaitGroup
	paired := make([]int, len(made))
	for i, g := range made {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, next, err := store.EditTournament(racers[i], tr.ID, func(tr *store.Tournament) ([]store.NewGame, []store.OutMsg, error) {
				if _, err := tr.State.Record(uint64(g.ID), tournament.Draw, now); err != nil {
					return nil, nil, err
				}
				return RoundGames(tr, now), nil, nil
			})
			if err != nil {
				t.Error(err)
			}
			paired[i] = len(next)
		}()
	}
	wg.Wait()
	tr = ok(s.GetTournament(tr.ID))
	total := 0
	for _, n := range paired {
		total += n
	}
	if tr.State.Round != 2 || total != 4 || len(tr.State.LiveGames()) != 4 {
		t.Fatalf("round %d, %d games started by the racers (%v), %d live: want round 2 paired once with 4 games", tr.State.Round, total, paired, len(tr.State.LiveGames()))
	}
	for _, p := range tr.State.RoundPairings(1) {
		if p.Result != tournament.Draw {
			t.Fatalf("round 1 board %d: result %q lost", p.Board, p.Result)
		}
	}
	unchanged, none, err := store.EditTournament(s, tr.ID, func(*store.Tournament) ([]store.NewGame, []store.OutMsg, error) {
		return nil, nil, store.ErrUnchanged
	})
	if err != nil || none != nil || unchanged.Version != tr.Version {
		t.Fatalf("an unchanged edit: version %d (was %d), %v", unchanged.Version, tr.Version, err)
	}
}
