package tournament

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

func TestConfigValidate(t *testing.T) {
	for _, c := range []struct {
		name string
		cfg  Config
		ok   bool
	}{
		{"swiss", Config{Format: Swiss, Variant: view.Dark, Rounds: 5}, true},
		{"swiss without rounds", Config{Format: Swiss, Variant: view.Dark}, false},
		{"swiss with too many rounds", Config{Format: Swiss, Variant: view.Dark, Rounds: MaxSwissRounds + 1}, false},
		{"swiss with a duration", Config{Format: Swiss, Variant: view.Dark, Rounds: 3, Duration: time.Hour}, false},
		{"round robin", Config{Format: RoundRobin, Variant: view.Masked}, true},
		{"double round robin", Config{Format: RoundRobin, Variant: view.Masked, Cycles: 2}, true},
		{"triple round robin", Config{Format: RoundRobin, Variant: view.Masked, Cycles: 3}, false},
		{"round robin over its limit", Config{Format: RoundRobin, Variant: view.Masked, MaxPlayers: MaxRoundRobinPlayers + 1}, false},
		{"arena", Config{Format: Arena, Variant: view.Standard, Duration: time.Hour}, true},
		{"arena too short", Config{Format: Arena, Variant: view.Standard, Duration: time.Second}, false},
		{"arena with a break", Config{Format: Arena, Variant: view.Standard, Duration: time.Hour, Break: time.Minute}, false},
		{"arena with CPU byes", Config{Format: Arena, Variant: view.Standard, Duration: time.Hour, CPUByes: true}, false},
		{"unknown format", Config{Format: "knockout", Variant: view.Standard}, false},
		{"unknown variant", Config{Format: Swiss, Variant: "chu", Rounds: 3}, false},
		{"limit of one", Config{Format: Swiss, Variant: view.Dark, Rounds: 3, MaxPlayers: 1}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := c.cfg.Validate()
			if (err == nil) != c.ok || err != nil && !errors.Is(err, ErrConfig) {
				t.Fatalf("Validate: %v, want ok=%v", err, c.ok)
			}
		})
	}
}

func TestSignup(t *testing.T) {
	tr := field(t, Config{Format: Swiss, Rounds: 3, MaxPlayers: 3}, 2, nil)
	for _, c := range []struct {
		name string
		do   func() error
		want error
	}{
		{"join twice", func() error { return tr.Join(Player{ID: "p01"}, t0) }, ErrJoined},
		{"third joins", func() error { return tr.Join(Player{ID: "p03"}, t0) }, nil},
		{"fourth: full", func() error { return tr.Join(Player{ID: "p04"}, t0) }, ErrFull},
		{"third leaves", func() error { _, err := tr.Withdraw("p03", t0); return err }, nil},
		{"leaves again", func() error { _, err := tr.Withdraw("p03", t0); return err }, ErrNotJoined},
		{"fourth joins now", func() error { return tr.Join(Player{ID: "p04"}, t0) }, nil},
		{"fourth kicked", func() error { _, err := tr.Kick("p04", t0); return err }, nil},
		{"kicked cannot join", func() error { return tr.Join(Player{ID: "p04"}, t0) }, ErrKicked},
		{"a place freed by the kick", func() error { return tr.Join(Player{ID: "p05"}, t0) }, nil},
		{"no id", func() error { return tr.Join(Player{}, t0) }, ErrInvalid},
		{"start", func() error { return tr.Start(t0) }, nil},
		{"start again", func() error { return tr.Start(t0) }, ErrClosed},
		{"join after the start", func() error { return tr.Join(Player{ID: "p06"}, t0) }, ErrClosed},
		{"resume unpaused", func() error { return tr.Resume() }, ErrNotPaused},
		{"pause", func() error { return tr.Pause() }, nil},
		{"pause twice", func() error { return tr.Pause() }, ErrNotRunning},
	} {
		t.Run(c.name, func(t *testing.T) {
			if err := c.do(); !errors.Is(err, c.want) || (err == nil) != (c.want == nil) {
				t.Fatalf("%v, want %v", err, c.want)
			}
		})
	}
	if n := tr.ActivePlayers(); n != 3 {
		t.Fatalf("%d players taking part, want 3", n)
	}
	if p, _ := tr.Player("p04"); p.Seed != 0 || p.State != Kicked {
		t.Fatalf("the player kicked before the start: %+v, want no seed", p)
	}
	if s := tr.Standings(); len(s) != 3 {
		t.Fatalf("standings of %d, want the 3 taking part", len(s))
	}
}

// TestSeeding: seeds go by rating, then by who joined first.
func TestSeeding(t *testing.T) {
	tr, _ := New(Config{Format: Swiss, Variant: view.Dark, Rounds: 2}, "org", t0)
	for i, p := range []Player{{ID: "a", Rating: 1500}, {ID: "b", Rating: 1700}, {ID: "c", Rating: 1500}, {ID: "d", Rating: 1600}} {
		check(t, tr.Join(p, t0.Add(time.Duration(i)*time.Second)))
	}
	check(t, tr.Start(t0))
	for id, want := range map[string]int{"b": 1, "d": 2, "a": 3, "c": 4} {
		if p, _ := tr.Player(id); p.Seed != want {
			t.Fatalf("%s has seed %d, want %d", id, p.Seed, want)
		}
	}
}

// TestStartTime: at its start time a tournament starts and pairs round 1,
// or is cancelled with too few players; before, it waits for that time.
func TestStartTime(t *testing.T) {
	at := t0.Add(time.Hour)
	for _, c := range []struct {
		name    string
		players int
		want    Status
		pairs   int
	}{
		{"enough players", 5, StatusRunning, 3},
		{"one player", 1, StatusCancelled, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			tr := field(t, Config{Format: Swiss, Rounds: 3, StartAt: at}, c.players, nil)
			var g games
			if s := tr.Next(at.Add(-time.Second)); s.Kind != StepWait || !s.At.Equal(at) {
				t.Fatalf("before the start: %+v, want to wait for %v", s, at)
			}
			pr := advance(t, &tr, &g, at, nil)
			if tr.Status != c.want || len(pr.Pairings) != c.pairs || pr.Started != (c.want == StatusRunning) {
				t.Fatalf("status %s, progress %+v", tr.Status, pr)
			}
			if c.want == StatusCancelled && (pr.Ended != StatusCancelled || tr.Ended != EndTooFew) {
				t.Fatalf("cancelled as %q (%+v)", tr.Ended, pr)
			}
		})
	}
}

// TestRoundFlow: a round is paired once (Pair again is not due), the next
// waits for every result and the break, a pause holds it back, and the
// last round's end finishes the tournament.
func TestRoundFlow(t *testing.T) {
	tr := field(t, Config{Format: Swiss, Rounds: 2, Break: 5 * time.Minute}, 4, nil)
	var g games
	check(t, tr.Start(t0))
	pr := advance(t, &tr, &g, t0, nil)
	if len(pr.Pairings) != 2 || pr.Wait.Kind != StepWait || !pr.Wait.At.IsZero() {
		t.Fatalf("round 1: %+v", pr)
	}
	if _, err := tr.Pair(t0, nil); err != ErrNotDue {
		t.Fatalf("pairing again: %v, want ErrNotDue", err)
	}
	live := tr.LiveGames()
	end := t0.Add(30 * time.Minute)
	_, _ = tr.Record(live[0], Draw, end.Add(-time.Minute))
	if ok, _ := tr.Record(live[0], BlackWins, end); ok {
		t.Fatal("a second result for the same game was recorded")
	}
	if s := tr.Next(end); s.Kind != StepWait {
		t.Fatalf("with a game going on: %+v", s)
	}
	_, _ = tr.Record(live[1], WhiteWins, end)
	if s := tr.Next(end); s.Kind != StepWait || !s.At.Equal(end.Add(5*time.Minute)) {
		t.Fatalf("in the break: %+v, want to wait until %v", s, end.Add(5*time.Minute))
	}
	check(t, tr.Pause())
	if s := tr.Next(end.Add(time.Hour)); s.Kind != StepWait || !s.At.IsZero() {
		t.Fatalf("paused: %+v", s)
	}
	check(t, tr.Resume())
	pr = advance(t, &tr, &g, end.Add(5*time.Minute), nil)
	if len(pr.Pairings) != 2 || tr.Round != 2 {
		t.Fatalf("round 2: %+v", pr)
	}
	for _, id := range tr.LiveGames() {
		_, _ = tr.Record(id, Draw, end.Add(time.Hour))
	}
	pr = advance(t, &tr, &g, end.Add(time.Hour), nil)
	if pr.Ended != StatusFinished || tr.Status != StatusFinished || pr.Wait.Kind != StepDone {
		t.Fatalf("after the last round: %s %+v", tr.Status, pr)
	}
}

// TestAdjudicateAndCancel: a moderator's result overrides the game's, which
// then counts for nothing; a cancel voids what goes on and returns it.
func TestAdjudicateAndCancel(t *testing.T) {
	tr := field(t, Config{Format: Swiss, Rounds: 3}, 4, nil)
	var g games
	check(t, tr.Start(t0))
	advance(t, &tr, &g, t0, nil)
	game, err := tr.Adjudicate(1, 1, WhiteWins, t0)
	check(t, err)
	if ok, _ := tr.Record(game, BlackWins, t0); ok {
		t.Fatal("the adjudicated game's own result was recorded")
	}
	if p, _ := tr.PairingOf(game); p.Result != WhiteWins || !p.Adjudicated {
		t.Fatalf("adjudicated pairing %+v", p)
	}
	if _, err := tr.Adjudicate(1, 9, Draw, t0); !errors.Is(err, ErrNoPairing) {
		t.Fatalf("adjudicating no pairing: %v", err)
	}
	if _, err := tr.Adjudicate(1, 2, Bye, t0); !errors.Is(err, ErrResult) {
		t.Fatalf("adjudicating a bye result: %v", err)
	}
	live, err := tr.Cancel(t0)
	check(t, err)
	if len(live) != 1 || tr.Status != StatusCancelled || tr.RoundPairings(1)[1].Result != Void {
		t.Fatalf("cancel: live %v, status %s, %+v", live, tr.Status, tr.RoundPairings(1))
	}
	if _, err := tr.Cancel(t0); err != ErrOver {
		t.Fatalf("cancel twice: %v", err)
	}
}

func TestOutcomeOf(t *testing.T) {
	b, w := shogi.Black, shogi.White
	for _, c := range []struct {
		r    *view.Result
		want Result
	}{
		{&view.Result{Winner: &b, Reason: view.ReasonCheckmate}, BlackWins},
		{&view.Result{Winner: &w, Reason: view.ReasonTimeout}, WhiteWins},
		{&view.Result{Reason: view.ReasonSennichite}, Draw},
		{&view.Result{Reason: view.ReasonDrawAgreed}, Draw},
		{&view.Result{Reason: view.ReasonAbort}, NoResult},
		{&view.Result{Reason: view.ReasonModerator}, NoResult},
		{nil, NoResult},
	} {
		if got := OutcomeOf(c.r); got != c.want {
			t.Fatalf("%+v: %q, want %q", c.r, got, c.want)
		}
	}
}

// TestDeterministicAndJSON: the same calls give the same tournament, and a
// tournament read back from JSON goes on exactly as the original.
func TestDeterministicAndJSON(t *testing.T) {
	play := func(cut bool) Tournament {
		rng := rand.New(rand.NewPCG(9, 9))
		tr := field(t, Config{Format: Swiss, Rounds: 6}, 13, rng)
		var g games
		now := t0
		check(t, tr.Start(now))
		for r := 0; !tr.Status.Over(); r++ {
			if cut && r == 3 { // a restart: the record goes through JSON
				raw, err := json.Marshal(tr)
				check(t, err)
				tr = Tournament{}
				check(t, json.Unmarshal(raw, &tr))
				check(t, tr.Validate())
			}
			advance(t, &tr, &g, now, nil)
			now = now.Add(time.Hour)
			finishRound(t, &tr, rng, now)
		}
		return tr
	}
	a, b, c := play(false), play(false), play(true)
	if !reflect.DeepEqual(a, b) {
		t.Fatal("two runs of the same calls differ")
	}
	if !reflect.DeepEqual(a.Standings(), c.Standings()) || !reflect.DeepEqual(a.Pairings, c.Pairings) {
		t.Fatal("a run through JSON differs")
	}
}

func TestValidateRefuses(t *testing.T) {
	good := func() Tournament {
		tr := field(t, Config{Format: Swiss, Rounds: 2}, 3, nil)
		check(t, tr.Start(t0))
		var g games
		advance(t, &tr, &g, t0, nil)
		check(t, tr.Validate())
		return tr
	}
	for _, c := range []struct {
		name   string
		break_ func(*Tournament)
	}{
		{"status", func(tr *Tournament) { tr.Status = "done" }},
		{"twice the same player", func(tr *Tournament) { tr.Players[1].ID = tr.Players[0].ID }},
		{"an unknown player", func(tr *Tournament) { tr.Pairings[0].White = "nobody" }},
		{"a bye with a result", func(tr *Tournament) { tr.Pairings[1].Result = Draw }},
		{"a game in two pairings", func(tr *Tournament) { tr.Pairings = append(tr.Pairings, tr.Pairings[0]) }},
		{"a pairing beyond the round", func(tr *Tournament) { tr.Round = 0 }},
		{"a result", func(tr *Tournament) { tr.Pairings[0].Result = "won" }},
	} {
		t.Run(c.name, func(t *testing.T) {
			tr := good()
			c.break_(&tr)
			if err := tr.Validate(); err == nil {
				t.Fatal("accepted")
			}
		})
	}
}
