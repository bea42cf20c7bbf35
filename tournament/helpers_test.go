package tournament

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"shinpan/referee/view"
)

var t0 = time.Date(2026, 5, 1, 18, 0, 0, 0, time.UTC)

// field is a tournament of n players p01.. with ratings from rng (nil:
// falling by seed), signed up a second apart.
func field(t testing.TB, c Config, n int, rng *rand.Rand) Tournament {
	t.Helper()
	if c.Variant == "" {
		c.Variant = view.Tsuitate
	}
	tr, err := New(c, "org", t0)
	if err != nil {
		t.Fatal(err)
	}
	for i := range n {
		r := 2000 - 10*float64(i)
		if rng != nil {
			r = float64(1200 + rng.IntN(1000))
		}
		if err := tr.Join(Player{ID: pid(i), Rating: r}, t0.Add(time.Duration(i)*time.Second)); err != nil {
			t.Fatal(err)
		}
	}
	return tr
}

func pid(i int) string { return fmt.Sprintf("p%02d", i+1) }

// games hands out game numbers.
type games struct{ next uint64 }

// start links a game to every new pairing with an opponent.
func (g *games) start(t testing.TB, tr *Tournament, ps []Pairing) {
	t.Helper()
	for _, p := range ps {
		if p.IsBye() || p.Result != Pending {
			continue
		}
		g.next++
		if err := tr.Link(p.Round, p.Board, g.next); err != nil {
			t.Fatal(err)
		}
	}
}

// randomResult is a result with draws one time in six.
func randomResult(rng *rand.Rand) Result {
	switch rng.IntN(6) {
	case 0:
		return Draw
	case 1, 2, 3:
		return BlackWins
	}
	return WhiteWins
}

// finishRound records a result for every live game of the round.
func finishRound(t testing.TB, tr *Tournament, rng *rand.Rand, now time.Time) {
	t.Helper()
	for _, g := range tr.LiveGames() {
		ok, err := tr.Record(g, randomResult(rng), now)
		if err != nil || !ok {
			t.Fatalf("record game #%d: %v %v", g, ok, err)
		}
	}
}

// advance calls Advance and links the games.
func advance(t testing.TB, tr *Tournament, g *games, now time.Time, busy func(string) bool) Progress {
	t.Helper()
	pr, err := tr.Advance(now, busy)
	if err != nil {
		t.Fatal(err)
	}
	g.start(t, tr, pr.Pairings)
	return pr
}

// colourDiffs are every player's Black games minus White games.
func colourDiffs(tr *Tournament) map[string]int {
	d := map[string]int{}
	for _, p := range tr.Pairings {
		if !p.IsBye() && !p.Forfeit {
			d[p.Black]++
			d[p.White]--
		}
	}
	return d
}
