package tournament

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"
)

// TestArenaNeverPairsBusy: through a random hour of an arena — games ending
// at random, players busy elsewhere at random, players withdrawing and
// coming back — no pairing takes a player who is in a game of the arena,
// busy elsewhere or withdrawn, nor two who just played each other, and
// everyone free is paired but at most one (or a pair of last opponents).
func TestArenaNeverPairsBusy(t *testing.T) {
	for run := range 40 {
		t.Run(fmt.Sprint(run), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(run), 11))
			n := 3 + rng.IntN(14)
			tr := field(t, Config{Format: Arena, Duration: time.Hour}, n, rng)
			var g games
			now := t0
			check(t, tr.Start(now))
			for now.Before(tr.EndsAt) {
				elsewhere := map[string]bool{}
				for i := range n {
					if rng.IntN(4) == 0 {
						elsewhere[pid(i)] = true
					}
				}
				inGame := map[string]bool{}
				for _, p := range tr.Pairings {
					if p.Result == Pending {
						inGame[p.Black], inGame[p.White] = true, true
					}
				}
				last := tr.lastOpponents()
				pr := advance(t, &tr, &g, now, func(id string) bool { return elsewhere[id] })
				paired := map[string]bool{}
				for _, p := range pr.Pairings {
					for _, id := range []string{p.Black, p.White} {
						pl, _ := tr.Player(id)
						if inGame[id] || elsewhere[id] || pl.State != Active {
							t.Fatalf("%s paired while in a game (%v), busy elsewhere (%v) or %q", id, inGame[id], elsewhere[id], pl.State)
						}
						paired[id] = true
					}
					if (last[p.Black] == p.White || last[p.White] == p.Black) && tr.ActivePlayers() > 2 {
						t.Fatalf("%s and %s paired again at once", p.Black, p.White)
					}
				}
				var left []string
				for _, p := range tr.Players {
					if p.State == Active && !inGame[p.ID] && !elsewhere[p.ID] && !paired[p.ID] {
						left = append(left, p.ID)
					}
				}
				if len(left) > 2 || len(left) == 2 && last[left[0]] != left[1] && last[left[1]] != left[0] {
					t.Fatalf("free players left unpaired: %v", left)
				}
				now = now.Add(time.Duration(1+rng.IntN(5)) * time.Minute)
				for _, id := range tr.LiveGames() {
					if rng.IntN(3) == 0 {
						if ok, err := tr.Record(id, randomResult(rng), now); !ok || err != nil {
							t.Fatalf("record #%d: %v %v", id, ok, err)
						}
					}
				}
				if i := rng.IntN(4 * n); i < n {
					p := &tr.Players[i]
					if p.State == Active {
						live, err := tr.Withdraw(p.ID, now)
						check(t, err)
						for _, id := range live {
							pr, _ := tr.PairingOf(id)
							_, _ = tr.Record(id, winnerAgainst(pr, p.ID), now)
						}
					} else {
						check(t, tr.Join(Player{ID: p.ID}, now))
					}
				}
			}
			pr := advance(t, &tr, &g, now, nil)
			if pr.Ended != StatusFinished || tr.Status != StatusFinished {
				t.Fatalf("at its end the arena is %s (%+v)", tr.Status, pr)
			}
		})
	}
}

// TestArenaEndVoidsGames: at the end the standings freeze: a game still on
// is void and its result, coming later, counts for nothing.
func TestArenaEndVoidsGames(t *testing.T) {
	tr := field(t, Config{Format: Arena, Duration: 10 * time.Minute}, 4, nil)
	var g games
	check(t, tr.Start(t0))
	pr := advance(t, &tr, &g, t0, nil)
	if len(pr.Pairings) != 2 || pr.Pairings[0].Black != "p01" && pr.Pairings[0].White != "p01" {
		t.Fatalf("first pairings %+v, want p01–p02 and p03–p04", pr.Pairings)
	}
	first := tr.LiveGames()
	if ok, _ := tr.Record(first[0], BlackWins, t0.Add(time.Minute)); !ok {
		t.Fatal("the first result was not recorded")
	}
	pr = advance(t, &tr, &g, t0.Add(time.Minute), nil)
	if len(pr.Pairings) != 0 {
		t.Fatalf("p01 and p02 paired again at once: %+v", pr.Pairings)
	}
	pr = advance(t, &tr, &g, t0.Add(10*time.Minute), nil)
	if pr.Ended != StatusFinished {
		t.Fatalf("not finished at the end: %+v", pr)
	}
	if ok, _ := tr.Record(first[1], WhiteWins, t0.Add(11*time.Minute)); ok {
		t.Fatal("a result after the end was recorded")
	}
	for _, s := range tr.Standings() {
		if s.Player == "p03" || s.Player == "p04" {
			if s.Games != 0 || s.Points != 0 {
				t.Fatalf("%s: %+v, want nothing counted", s.Player, s)
			}
		}
	}
}

// TestArenaLateJoin: an arena takes players until its end; others close at
// the start.
func TestArenaLateJoin(t *testing.T) {
	for _, c := range []struct {
		cfg  Config
		want error
	}{
		{Config{Format: Arena, Duration: time.Hour}, nil},
		{Config{Format: Swiss, Rounds: 3}, ErrClosed},
		{Config{Format: RoundRobin}, ErrClosed},
	} {
		t.Run(string(c.cfg.Format), func(t *testing.T) {
			tr := field(t, c.cfg, 3, nil)
			check(t, tr.Start(t0))
			if err := tr.Join(Player{ID: "late", Rating: 1500}, t0.Add(time.Minute)); err != c.want {
				t.Fatalf("late join: %v, want %v", err, c.want)
			}
			if p, ok := tr.Player("late"); c.want == nil && (!ok || p.Seed != 4) {
				t.Fatalf("late joiner %+v, want seed 4", p)
			}
		})
	}
}
