package tournament

import (
	"testing"

	"shinpan/referee/view"
)

// played builds a running tournament of the players with the given results
// (round by round; White "" is a bye).
func played(t *testing.T, c Config, players []string, rounds [][]Pairing) Tournament {
	t.Helper()
	c.Variant = view.Dark
	tr := Tournament{Config: c, Organiser: "org", Status: StatusRunning}
	for i, id := range players {
		tr.Players = append(tr.Players, Player{ID: id, Seed: i + 1, Rating: 1500})
	}
	for r, ps := range rounds {
		for b, p := range ps {
			p.Round, p.Board = r+1, b+1
			if p.IsBye() {
				p.Result = Bye
			}
			tr.Pairings = append(tr.Pairings, p)
		}
	}
	tr.Round = len(rounds)
	check(t, tr.Validate())
	return tr
}

type line struct {
	player       string
	rank         int
	points, bh   float64
	sb           float64
	perf         int
	wins, losses int
}

func checkStandings(t *testing.T, tr *Tournament, want []line) {
	t.Helper()
	got := tr.Standings()
	if len(got) != len(want) {
		t.Fatalf("%d lines, want %d: %+v", len(got), len(want), got)
	}
	for i, w := range want {
		g := got[i]
		if g.Player != w.player || g.Rank != w.rank || g.Points != w.points || g.Buchholz != w.bh ||
			g.SonnebornBerger != w.sb || g.Performance != w.perf || g.Wins != w.wins || g.Losses != w.losses {
			t.Fatalf("line %d: %+v, want %+v", i+1, g, w)
		}
	}
}

// TestSwissTieBreaks, worked by hand. A 1–0 B, C ½ D, E bye; A ½ C, E 1–0
// B, D bye; E 0–1 A, B 0–1 D, C bye. Points A 2½, D 2½, C 2, E 2, B 0.
// Buchholz (opponents' points; a bye adds none): A 0+2+2 = 4, D 2+0 = 2,
// C 2½+2½ = 5, E 0+2½ = 2½, B 2½+2+2½ = 7. Sonneborn–Berger (beaten
// opponents' points, half the drawn ones'): A 0+1+2 = 3, D 1+0 = 1, C
// 1¼+1¼ = 2½, E 0, B 0. A is ahead of D and C of E on Buchholz.
func TestSwissTieBreaks(t *testing.T) {
	tr := played(t, Config{Format: Swiss, Rounds: 3}, []string{"A", "B", "C", "D", "E"}, [][]Pairing{
		{{Black: "A", White: "B", Result: BlackWins}, {Black: "C", White: "D", Result: Draw}, {Black: "E"}},
		{{Black: "A", White: "C", Result: Draw}, {Black: "E", White: "B", Result: BlackWins}, {Black: "D"}},
		{{Black: "E", White: "A", Result: WhiteWins}, {Black: "B", White: "D", Result: WhiteWins}, {Black: "C"}},
	})
	checkStandings(t, &tr, []line{
		{player: "A", rank: 1, points: 2.5, bh: 4, sb: 3, wins: 2},
		{player: "D", rank: 2, points: 2.5, bh: 2, sb: 1, wins: 1},
		{player: "C", rank: 3, points: 2, bh: 5, sb: 2.5},
		{player: "E", rank: 4, points: 2, bh: 2.5, sb: 0, wins: 1, losses: 1},
		{player: "B", rank: 5, points: 0, bh: 7, sb: 0, losses: 3},
	})
}

// TestRoundRobinSonnebornBerger, worked by hand: A beats B and D, loses to
// C; B beats C and D; C draws D. Points A 2, B 2, C 1½, D ½. SB: A 2+½ =
// 2½, B 1½+½ = 2, C 2+¼ = 2¼, D ¾: A is ahead of B.
func TestRoundRobinSonnebornBerger(t *testing.T) {
	tr := played(t, Config{Format: RoundRobin}, []string{"B", "A", "C", "D"}, [][]Pairing{
		{{Black: "A", White: "B", Result: BlackWins}, {Black: "C", White: "D", Result: Draw}},
		{{Black: "C", White: "A", Result: BlackWins}, {Black: "B", White: "D", Result: BlackWins}},
		{{Black: "A", White: "D", Result: BlackWins}, {Black: "B", White: "C", Result: BlackWins}},
	})
	checkStandings(t, &tr, []line{
		{player: "A", rank: 1, points: 2, sb: 2.5, wins: 2, losses: 1},
		{player: "B", rank: 2, points: 2, sb: 2, wins: 2, losses: 1},
		{player: "C", rank: 3, points: 1.5, sb: 2.25, wins: 1, losses: 1},
		{player: "D", rank: 4, points: 0.5, sb: 0.75, losses: 2},
	})
}

// TestSharedRank: players equal on points and every tie-break share a rank
// (listed by seed).
func TestSharedRank(t *testing.T) {
	tr := played(t, Config{Format: Swiss, Rounds: 1}, []string{"A", "B", "C", "D"}, [][]Pairing{
		{{Black: "A", White: "C", Result: Draw}, {Black: "D", White: "B", Result: Draw}},
	})
	for i, s := range tr.Standings() {
		if s.Rank != 1 || s.Player != []string{"A", "B", "C", "D"}[i] {
			t.Fatalf("line %d: %+v, want rank 1 in seed order", i+1, s)
		}
	}
}

// TestArenaStreak, worked by hand: X wins, wins, wins (doubled: 4), draws
// (doubled: 2, the streak ends), wins (2), loses: 2+2+4+2+2+0 = 12.
// Performance: opponents all 1500, 4 wins and 1 loss in 6 games:
// (6×1500 + 500×3) / 6 = 1750.
func TestArenaStreak(t *testing.T) {
	res := []Result{BlackWins, BlackWins, BlackWins, Draw, BlackWins, WhiteWins}
	var rounds [][]Pairing
	for i, r := range res {
		rounds = append(rounds, []Pairing{{Black: "X", White: []string{"Y", "Z"}[i%2], Result: r}})
	}
	tr := played(t, Config{Format: Arena, Duration: MinArena}, []string{"X", "Y", "Z"}, rounds)
	s := tr.Standings()[0]
	if s.Player != "X" || s.Points != 12 || s.Performance != 1750 || s.Fire || s.Games != 6 {
		t.Fatalf("X: %+v, want 12 points, performance 1750, not on fire", s)
	}
	tr.Pairings[5].Result = BlackWins // now on fire: two wins in a row again
	if s := tr.Standings()[0]; s.Points != 14 || !s.Fire {
		t.Fatalf("X: %+v, want 14 points and on fire", s)
	}
	tr.Pairings[5].Result = NoResult // an aborted game counts for nothing
	if s := tr.Standings()[0]; s.Points != 12-0 || s.Games != 5 {
		t.Fatalf("X with an aborted last game: %+v, want 12 points in 5 games", s)
	}
}
