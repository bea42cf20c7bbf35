package tournament

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"
)

// TestBergerTableSix is FIDE's printed table for 6 players.
func TestBergerTableSix(t *testing.T) {
	want := [][][2]int{
		{{1, 6}, {2, 5}, {3, 4}},
		{{6, 4}, {5, 3}, {1, 2}},
		{{2, 6}, {3, 1}, {4, 5}},
		{{6, 5}, {1, 4}, {2, 3}},
		{{3, 6}, {4, 2}, {5, 1}},
	}
	for r, row := range want {
		got := bergerRound(6, r+1)
		for b, pr := range row {
			if g := [2]int{got[b][0] + 1, got[b][1] + 1}; g != pr {
				t.Fatalf("round %d board %d: %v, want %v", r+1, b+1, g, pr)
			}
		}
	}
}

// TestRoundRobinCompleteAndBalanced: for 2 to 16 players, one cycle and
// two, every pair meets once a cycle (the second cycle with the colours
// swapped), nobody plays twice in a round, an odd field gives everyone one
// bye a cycle, and each player's colours differ by at most one (none in an
// odd field).
func TestRoundRobinCompleteAndBalanced(t *testing.T) {
	for n := 2; n <= 16; n++ {
		for _, cycles := range []int{1, 2} {
			t.Run(fmt.Sprintf("n%d_cycles%d", n, cycles), func(t *testing.T) {
				rng := rand.New(rand.NewPCG(uint64(n), uint64(cycles)))
				tr := field(t, Config{Format: RoundRobin, Cycles: cycles}, n, rng)
				var g games
				now := t0
				check(t, tr.Start(now))
				perCycle := n - 1 + n%2
				if got := tr.TotalRounds(); got != cycles*perCycle {
					t.Fatalf("%d rounds, want %d", got, cycles*perCycle)
				}
				for !tr.Status.Over() {
					pr := advance(t, &tr, &g, now, nil)
					if len(pr.Pairings) > 0 && len(pr.Pairings) != (n+1)/2 {
						t.Fatalf("round %d has %d pairings, want %d", tr.Round, len(pr.Pairings), (n+1)/2)
					}
					now = now.Add(time.Hour)
					finishRound(t, &tr, rng, now)
				}
				if tr.Round != cycles*perCycle || tr.Status != StatusFinished {
					t.Fatalf("ended %s after %d rounds", tr.Status, tr.Round)
				}
				meets := map[[2]string]int{}
				inRound := map[[2]any]bool{}
				byes := map[string]int{}
				black := map[[2]string][]string{} // pair → its Black player, cycle by cycle
				for _, p := range tr.Pairings {
					cycle := (p.Round - 1) / perCycle
					for _, id := range []string{p.Black, p.White} {
						if id == "" {
							continue
						}
						k := [2]any{p.Round, id}
						if inRound[k] {
							t.Fatalf("%s plays twice in round %d", id, p.Round)
						}
						inRound[k] = true
					}
					if p.IsBye() {
						byes[p.Black]++
						continue
					}
					a, b := p.Black, p.White
					if a > b {
						a, b = b, a
					}
					meets[[2]string{a, b}]++
					if len(black[[2]string{a, b}]) != cycle {
						t.Fatalf("%s and %s meet twice in cycle %d", a, b, cycle+1)
					}
					black[[2]string{a, b}] = append(black[[2]string{a, b}], p.Black)
				}
				for i := range n {
					for j := i + 1; j < n; j++ {
						if k := meets[[2]string{pid(i), pid(j)}]; k != cycles {
							t.Fatalf("%s and %s meet %d times, want %d", pid(i), pid(j), k, cycles)
						}
						if b := black[[2]string{pid(i), pid(j)}]; cycles == 2 && b[0] == b[1] {
							t.Fatalf("%s and %s: %s is Black in both cycles", pid(i), pid(j), b[0])
						}
					}
				}
				for i := range n {
					if want := cycles * (n % 2); byes[pid(i)] != want {
						t.Fatalf("%s has %d byes, want %d", pid(i), byes[pid(i)], want)
					}
				}
				limit := 1
				if n%2 == 1 {
					limit = 0
				}
				for id, d := range colourDiffs(&tr) {
					if d < -limit || d > limit {
						t.Fatalf("%s: colour difference %d, want within ±%d", id, d, limit)
					}
				}
			})
		}
	}
}

// TestRoundRobinWithdrawal: a withdrawn player's games to come are lost by
// forfeit, without games, and the table goes on.
func TestRoundRobinWithdrawal(t *testing.T) {
	tr := field(t, Config{Format: RoundRobin}, 4, nil)
	var g games
	check(t, tr.Start(t0))
	advance(t, &tr, &g, t0, nil)
	live, err := tr.Withdraw("p04", t0)
	check(t, err)
	if len(live) != 1 {
		t.Fatalf("live games of p04: %v", live)
	}
	for _, id := range live {
		pr, _ := tr.PairingOf(id)
		_, _ = tr.Record(id, winnerAgainst(pr, "p04"), t0) // the caller resigned for them
	}
	finishRound(t, &tr, rand.New(rand.NewPCG(1, 1)), t0)
	for !tr.Status.Over() {
		pr := advance(t, &tr, &g, t0, nil)
		for _, p := range pr.Pairings {
			if p.Has("p04") && (!p.Forfeit || p.Result != winnerAgainst(p, "p04") || p.Game != 0) {
				t.Fatalf("round %d: p04's pairing %+v, want a forfeit without a game", p.Round, p)
			}
		}
		finishRound(t, &tr, rand.New(rand.NewPCG(1, 1)), t0)
	}
	for _, s := range tr.Standings() {
		if s.Player == "p04" && (s.Wins != 0 || s.Losses != 3 || s.State != Withdrawn) {
			t.Fatalf("p04's standing %+v", s)
		}
	}
}
