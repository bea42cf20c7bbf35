package arena

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"
	"testing"
	"time"

	"shinpan/player"
	"shinpan/referee/view"
)

var long = flag.Bool("arena.long", false, "play 10 000 random games per variant instead of 1 000")

var variants = []view.Variant{view.Tsuitate, view.Masked, view.Dark, view.Standard}

// runChecked plays a match with every check on and fails on any broken
// invariant: a move the player's own view does not allow (a refusal), a stuck
// game, a replay that ends differently.
func runChecked(t *testing.T, o Options) *Summary {
	t.Helper()
	o.Check = true
	rs, err := Run(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	bad := 0
	for _, r := range rs {
		if r.Err != nil {
			if bad < 5 {
				t.Errorf("game %d: %v", r.Index, r.Err)
			}
			bad++
			if errors.Is(r.Err, ErrIllegal) {
				t.Errorf("game %d: the CPU sent an own-view-illegal move", r.Index)
			}
		}
		if r.Refusals != [2]int{} {
			t.Errorf("game %d: refusals %v", r.Index, r.Refusals)
		}
	}
	if bad > 0 {
		t.Fatalf("%d of %d games broke an invariant", bad, len(rs))
	}
	return Summarize(rs)
}

// TestRandomGames plays random against random through the referee, 1 000
// games per variant (10 000 with -arena.long), with the house rules varied.
func TestRandomGames(t *testing.T) {
	n := 1000
	if *long {
		n = 10000
	}
	if testing.Short() {
		n = 200
	}
	for _, v := range variants {
		t.Run(string(v), func(t *testing.T) {
			t.Parallel()
			rules := DefaultRules(v)
			half := n / 2
			s1 := runChecked(t, Options{Variant: v, A: player.Random, B: player.Random, Games: half, Seed: 1, Rules: &rules})
			// The other half under the other house rules.
			switch v {
			case view.Tsuitate:
				rules.AnnounceFouls = false
				rules.FoulLimit = 20
				rules.KingVisible = true
			case view.Masked:
				rules.MaskAsKing = true
			case view.Dark, view.Standard:
				rules.MoveLimit = 0
			}
			s2 := runChecked(t, Options{Variant: v, A: player.Random, B: player.Random, Games: n - half, Seed: 2, Rules: &rules})
			for _, s := range []*Summary{s1, s2} {
				if s.Games == 0 || s.Wins+s.Losses+s.Draws != s.Games {
					t.Fatalf("summary %+v", s)
				}
			}
			t.Logf("%d games: %s / %s", n, reasonList(s1.Endings), reasonList(s2.Endings))
			if v == view.Tsuitate && s1.FoulsPerGame[0] == 0 {
				t.Error("random Tsuitate players never fouled: is the own-board candidate list the referee's?")
			}
			if v == view.Dark && s1.BouncesPerGame[0]+s1.BouncesPerGame[1] == 0 {
				t.Error("random Dark players never bounced")
			}
		})
	}
}

// TestGreedyGames plays greedy against random and greedy, checked.
func TestGreedyGames(t *testing.T) {
	n := 100
	if testing.Short() {
		n = 20
	}
	for _, v := range variants {
		t.Run(string(v), func(t *testing.T) {
			t.Parallel()
			s := runChecked(t, Options{Variant: v, A: player.Greedy, B: player.Random, Games: n, Seed: 3})
			t.Logf("greedy vs random: score %.1f%% ±%.1f, %s", s.Score, s.Interval, reasonList(s.Endings))
			if v != view.Tsuitate && s.Score < 60 {
				t.Errorf("greedy scores only %.1f%% against random", s.Score)
			}
			runChecked(t, Options{Variant: v, A: player.Greedy, B: player.Greedy, Games: n / 5, Seed: 4})
		})
	}
}

// TestStrongSmoke plays a few short games of the strong level against random
// in every variant (and Tsuitate with king_visible), checked, with a small
// think time. Strong mixes its choices (issue 35): at 15 ms on a busy host
// it lost a Masked game to random in CI, so one loss in four is allowed.
func TestStrongSmoke(t *testing.T) {
	games := 4
	mt := 15 * time.Millisecond
	for _, name := range []string{"tsuitate", "tsuitate/king_visible", "masked", "dark", "standard"} {
		v, kingVisible := view.Variant(strings.TrimSuffix(name, "/king_visible")), strings.HasSuffix(name, "/king_visible")
		t.Run(name, func(t *testing.T) {
			rules := DefaultRules(v)
			rules.MoveLimit = 80
			rules.KingVisible = kingVisible
			s := runChecked(t, Options{Variant: v, A: player.Strong, B: player.Random, Games: games, Seed: 5, MoveTime: mt, Rules: &rules})
			if s.Losses > 1 {
				t.Errorf("strong lost %d of %d to random", s.Losses, s.Games)
			}
			if !raceDetector && s.ThinkP99[SeatA] > 20*mt+200*time.Millisecond {
				t.Errorf("strong thinks %v at p99 with a %v budget", s.ThinkP99[SeatA], mt)
			}
		})
	}
}

// TestSummary checks the figures on made-up games.
func TestSummary(t *testing.T) {
	var rs []*GameResult
	for i := 0; i < 40; i++ {
		r := &GameResult{Index: i, Winner: SeatA, Reason: view.ReasonCheckmate, Fouls: [2]int{1, 3},
			Think: [2][]time.Duration{{time.Duration(i) * time.Millisecond}, {time.Millisecond}}}
		if i < 2 {
			r.Winner, r.Reason = -1, view.ReasonMoveLimit
		}
		if i == 2 {
			r.Winner = SeatB
		}
		rs = append(rs, r)
	}
	s := Summarize(rs)
	if s.Wins != 37 || s.Losses != 1 || s.Draws != 2 {
		t.Fatalf("wins %d losses %d draws %d", s.Wins, s.Losses, s.Draws)
	}
	if got := fmt.Sprintf("%.2f", s.Score); got != "95.00" {
		t.Fatalf("score %s", got)
	}
	if s.Interval <= 0 || s.Interval > 10 {
		t.Fatalf("interval %.2f", s.Interval)
	}
	if s.FoulsPerGame != [2]float64{1, 3} {
		t.Fatalf("fouls %v", s.FoulsPerGame)
	}
	if s.ThinkMedian[SeatA] != 19*time.Millisecond || s.ThinkP99[SeatA] != 39*time.Millisecond {
		t.Fatalf("think %v %v", s.ThinkMedian[SeatA], s.ThinkP99[SeatA])
	}
	if s.Endings[view.ReasonCheckmate] != 38 || s.AWinsBy[view.ReasonCheckmate] != 37 {
		t.Fatalf("endings %v, wins by %v", s.Endings, s.AWinsBy)
	}
}

// TestRefusalToldToActor: a refused action reaches the actor's Refused and
// the player tries another move.
func TestRefusalToldToActor(t *testing.T) {
	rules := DefaultRules(view.Standard)
	p := &refusedOnce{}
	inner, _ := player.New(player.Config{Level: player.Random, Variant: view.Standard, Color: 0, Seed: 1})
	p.Player = inner
	other, _ := player.New(player.Config{Level: player.Random, Variant: view.Standard, Color: 1, Seed: 2})
	r := PlayGame(context.Background(), "refuse", view.Standard, rules, [2]player.Player{p, other}, 0, false)
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	if p.refusals != 1 || r.Refusals[SeatA] != 1 {
		t.Fatalf("refusals told %d, counted %v", p.refusals, r.Refusals)
	}
	if p.text == "" {
		t.Fatal("no refusal text")
	}
}

// refusedOnce sends one illegal move first, then plays as its inner player.
type refusedOnce struct {
	player.Player
	sent     bool
	refusals int
	text     string
}

func (r *refusedOnce) Act(ctx context.Context) player.Action {
	if !r.sent {
		r.sent = true
		return player.Action{Kind: player.ActMove, Text: "5i5a"}
	}
	return r.Player.Act(ctx)
}

func (r *refusedOnce) Refused(text string) {
	r.refusals++
	r.text = text
	r.Player.Refused(text)
}

// TestElo checks the rating difference a score implies.
func TestElo(t *testing.T) {
	for _, c := range []struct {
		score float64
		want  string
	}{
		{50, "+0"}, {75, "+191"}, {25, "-191"}, {90, "+382"}, {0, "-inf"}, {100, "+inf"},
	} {
		t.Run(fmt.Sprint(c.score), func(t *testing.T) {
			if got := eloText(Elo(c.score)); got != c.want {
				t.Errorf("Elo(%v) = %s, want %s", c.score, got, c.want)
			}
		})
	}
}

// TestSeatMoveTime: each seat's own think time overrides the common one.
func TestSeatMoveTime(t *testing.T) {
	for _, c := range []struct {
		name         string
		o            Options
		wantA, wantB time.Duration
	}{
		{"default", Options{}, player.DefaultMoveTime, player.DefaultMoveTime},
		{"common", Options{MoveTime: 100 * time.Millisecond}, 100 * time.Millisecond, 100 * time.Millisecond},
		{"own", Options{MoveTime: 100 * time.Millisecond, MoveTimeA: time.Second}, time.Second, 100 * time.Millisecond},
		{"both", Options{MoveTimeA: 20 * time.Millisecond, MoveTimeB: 30 * time.Millisecond}, 20 * time.Millisecond, 30 * time.Millisecond},
	} {
		t.Run(c.name, func(t *testing.T) {
			if a, b := c.o.SeatMoveTime(SeatA), c.o.SeatMoveTime(SeatB); a != c.wantA || b != c.wantB {
				t.Errorf("A %v B %v, want %v %v", a, b, c.wantA, c.wantB)
			}
		})
	}
}
