package player

import (
	"context"
	"errors"
	"flag"
	"testing"
	"time"

	"shinpan/internal/testkit"
	"shinpan/referee"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// self gives a test the base under any level.
func (b *base) self() *base { return b }

// replicaGame plays level l as Black against the baseline and, beside it,
// a replica: the same code with another seed, given everything the strong
// player is given (more than its opponent knows). Before each of the
// player's actions the replica guesses it; then it is told the player's
// action as its own. It returns the guesses right and made.
func replicaGame(t *testing.T, v view.Variant, l Level, seed int64, mt time.Duration) (right, made int) {
	t.Helper()
	o := referee.DefaultOptions(v)
	if o.MoveLimit == 0 {
		o.MoveLimit = 300
	}
	g, err := referee.New("replica", v, "", o)
	if err != nil {
		t.Fatal(err)
	}
	mk := func(l Level, c shogi.Color, seed int64) Player {
		p, err := New(Config{Level: l, Variant: v, Color: c, MoveTime: mt, Threads: 1, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	cpu := mk(l, shogi.Black, seed)
	replica := mk(l, shogi.Black, seed^0x5eed_0000_1234)
	opp := mk(Baseline, shogi.White, seed+1)
	ps := [2]Player{cpu, opp}
	for c := shogi.Black; c <= shogi.White; c++ {
		ps[c].Observe(g.View(view.ViewerOf(c)), nil)
	}
	replica.Observe(g.View(view.ViewerBlack), nil)
	opening := 0
	for n := 0; !g.Over(); n++ {
		if n > 5000 {
			t.Fatal("game does not end")
		}
		c := g.Turn()
		if g.NeedsMasks() {
			c = shogi.Black
			if g.MaskChosen(c) {
				c = shogi.White
			}
		}
		a := ps[c].Act(context.Background())
		if c == shogi.Black {
			guess := replica.Act(context.Background())
			made++
			if *replicaLog && made <= 12 {
				t.Logf("%s %s action %d: %s, the replica %s", v, l, made, a.Text, guess.Text)
			}
			if guess == a {
				right++
				if made <= 12 {
					opening++
				}
			}
			rb := replica.(interface{ self() *base }).self()
			if a.Kind == ActMove {
				m, _ := shogi.ParseUSI(a.Text)
				rb.moveAction(m)
			} else {
				rb.lastMove, rb.lastMask = shogi.NoMove, true
			}
		}
		evs, err := g.Apply(referee.Action{Kind: referee.ActionKind(a.Kind), Player: c, Text: a.Text, Salt: "s"})
		if err != nil {
			var r *referee.Refusal
			if !errors.As(err, &r) {
				t.Fatal(err)
			}
			ps[c].Refused(r.Error())
			if c == shogi.Black {
				replica.Refused(r.Error())
			}
			continue
		}
		for pc := shogi.Black; pc <= shogi.White; pc++ {
			mine := view.For(evs, view.AudienceOf(pc))
			ps[pc].Observe(g.View(view.ViewerOf(pc)), mine)
			if pc == shogi.Black {
				replica.Observe(g.View(view.ViewerBlack), mine)
			}
		}
	}
	if testing.Verbose() {
		t.Logf("%s %s: %d of the first 12 actions guessed", v, l, opening)
	}
	return right, made
}

var replicaLog = flag.Bool("player.replica.log", false, "log the first 12 actions of TestReplicaCannotFollow and the replica's guesses")

var replicaMoveTime = flag.Duration("player.replica.movetime", 20*time.Millisecond, "think time of TestReplicaCannotFollow")

// TestReplicaCannotFollow: a replica of the strong player (same code, another
// seed, the strong player's own view) guesses at most half of its hidden
// moves over whole games (two, four in Dark where games are short; one with
// -short) in Tsuitate and Dark (issue 35). In Masked the
// moves are public and many are forced by tactics (a single move within the
// mixing margin); there the hidden choice is the mask (TestMaskSpread) and
// the moves guessed are bounded at 80%, a weak bound: at 20 ms the depth
// varies from run to run, and the baseline's replica stays below it too.
// With -v the baseline's figures are logged beside.
func TestReplicaCannotFollow(t *testing.T) {
	mt := *replicaMoveTime
	for _, v := range []view.Variant{view.Tsuitate, view.Dark, view.Masked} {
		t.Run(string(v), func(t *testing.T) {
			if testing.Short() && v != view.Tsuitate {
				t.Skip("-short: Tsuitate only")
			}
			if testing.Verbose() {
				r, m := replicaGame(t, v, Baseline, 7, mt)
				t.Logf("%s: the baseline's replica guessed %d of %d actions (%.0f%%)", v, r, m, 100*float64(r)/float64(max(m, 1)))
			}
			right, made := 0, 0
			games := 2
			switch {
			case testing.Short():
				games = 1
			case v == view.Dark:
				games = 4 // short games: more of them steady the share
			}
			for seed := int64(7); seed < 7+int64(games); seed++ {
				r, m := replicaGame(t, v, Strong, seed, mt)
				right, made = right+r, made+m
			}
			share := float64(right) / float64(max(made, 1))
			t.Logf("%s: the replica guessed %d of %d actions in %d games (%.0f%%)", v, right, made, games, 100*share)
			if made < 10 {
				t.Fatalf("only %d actions", made)
			}
			// Dark: 28-45% in seven runs of two games at 20 ms, 23-39% in
			// five runs of four (the bound was 65% over two games).
			limit := 0.5
			if v == view.Masked {
				limit = 0.8
			}
			if share > limit {
				t.Errorf("the replica guessed %.0f%% of the actions, want at most %.0f%%", 100*share, 100*limit)
			}
		})
	}
}

// TestMaskSpread: over 200 games the strong player's opening mask is spread
// over many squares, none chosen more than 20% of the time (issue 35).
func TestMaskSpread(t *testing.T) {
	for _, c := range []shogi.Color{shogi.Black, shogi.White} {
		t.Run(c.String(), func(t *testing.T) {
			counts := map[string]int{}
			const games = 200
			for seed := int64(0); seed < games; seed++ {
				p, err := New(Config{Level: Strong, Variant: view.Masked, Color: c, Seed: seed*7919 + int64(c)})
				if err != nil {
					t.Fatal(err)
				}
				p.Observe(view.Of(view.Masked, testkit.SFEN(t, shogi.StartSFEN), view.ViewerOf(c)), nil)
				a := p.Act(context.Background())
				if a.Kind != ActMask {
					t.Fatalf("first action %+v, want a mask", a)
				}
				counts[a.Text]++
			}
			top := 0
			for _, n := range counts {
				top = max(top, n)
			}
			t.Logf("%d squares, most often %d of %d: %v", len(counts), top, games, counts)
			if len(counts) < 6 || top > games/5 {
				t.Errorf("masks over %d squares, the commonest %d times of %d: want at least 6, none over 20%%", len(counts), top, games)
			}
		})
	}
}
