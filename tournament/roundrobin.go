package tournament

import (
	"slices"
	"time"
)

// A round robin follows the Berger tables (FIDE Handbook C.05, annex 1):
// players numbered 1..n by seed (n made even with a dummy number, whose
// opponent has the bye), number n fixed and the others turning. In round r
// player n meets the i with 2i ≡ r+1 (mod n−1), Black in even rounds; the
// others meet the j with i+j ≡ r+1 (mod n−1), and i is Black when j−i
// (mod n−1) is odd. Every pair meets once, each player's colours differ by
// at most one, and most players alternate. A second cycle repeats the first
// with the colours swapped.

// bergerRound is round r (1..n−1) of the table for n players (n even), as
// (Black, White) pairs of 0-based numbers, the fixed number's game first,
// then outwards from it as the printed tables go.
func bergerRound(n, r int) [][2]int {
	m := n - 1
	mod := func(x int) int { // 1..m
		x %= m
		if x <= 0 {
			x += m
		}
		return x
	}
	f := mod((r + 1) * (m + 1) / 2) // 2f ≡ r+1: (m+1)/2 is 2's inverse mod m
	out := make([][2]int, 0, n/2)
	if r%2 == 0 {
		out = append(out, [2]int{n - 1, f - 1})
	} else {
		out = append(out, [2]int{f - 1, n - 1})
	}
	for k := 1; k < n/2; k++ {
		i, j := mod(f+k), mod(f-k)
		if mod(j-i)%2 == 1 {
			out = append(out, [2]int{i - 1, j - 1})
		} else {
			out = append(out, [2]int{j - 1, i - 1})
		}
	}
	return out
}

// bergerOrder is the round robin's players by number (seed): those seeded
// at the start.
func (t *Tournament) bergerOrder() []Player {
	var out []Player
	for _, p := range t.Players {
		if p.Seed > 0 {
			out = append(out, p)
		}
	}
	slices.SortFunc(out, bySeed)
	return out
}

// pairBerger is the next round of the table. A withdrawn player's game is
// lost by forfeit (both withdrawn: no result); the dummy's opponent has the
// bye, listed last.
func (t *Tournament) pairBerger(now time.Time) []Pairing {
	order := t.bergerOrder()
	n := len(order) + len(order)%2
	r := t.Round // 0-based round about to be paired
	cycle, rr := r/(n-1), r%(n-1)+1
	var ps, byes []Pairing
	for _, pr := range bergerRound(n, rr) {
		if cycle%2 == 1 {
			pr[0], pr[1] = pr[1], pr[0]
		}
		if pr[0] >= len(order) || pr[1] >= len(order) {
			p := pr[0]
			if p >= len(order) {
				p = pr[1]
			}
			byes = append(byes, Pairing{Black: order[p].ID})
			continue
		}
		b, w := order[pr[0]], order[pr[1]]
		p := Pairing{Black: b.ID, White: w.ID}
		switch bOut, wOut := b.State != Active, w.State != Active; {
		case bOut && wOut:
			p.Result = NoResult
		case bOut:
			p.Result = WhiteWins
		case wOut:
			p.Result = BlackWins
		}
		if p.Result != Pending {
			p.Forfeit, p.EndedAt = true, now.UTC()
		}
		ps = append(ps, p)
	}
	return append(ps, byes...)
}
