package tournament

import (
	"cmp"
	"slices"
)

// An arena (lichess's) pairs players as soon as they are free, until its
// time is up: the free players in standings order (points, then rating),
// each with the next one down, never with the opponent of either's last game
// (unless they are the only two taking part). Scoring: win 2, draw 1, loss 0; after
// two wins in a row every game is worth double (a win 4, a draw 2) until the
// player fails to win. A game ended without a result counts for nothing. At
// the end the standings freeze: games still going on are void.

// Arena points.
const (
	arenaWin  = 2
	arenaDraw = 1
)

// arenaFree is the players an arena may pair now, best first: taking part,
// in no pending game, and not busy elsewhere.
func (t *Tournament) arenaFree(busy func(string) bool) []Standing {
	var out []Standing
	for _, s := range t.Standings() {
		if s.State == Active && !t.pending(s.Player) && (busy == nil || !busy(s.Player)) {
			out = append(out, s)
		}
	}
	slices.SortStableFunc(out, func(a, b Standing) int {
		if c := cmp.Compare(b.Points, a.Points); c != 0 {
			return c
		}
		if c := cmp.Compare(b.Rating, a.Rating); c != 0 {
			return c
		}
		return cmp.Compare(a.Seed, b.Seed)
	})
	return out
}

// lastOpponents maps each player to the opponent of their last game.
func (t *Tournament) lastOpponents() map[string]string {
	last := map[string]string{}
	for _, p := range t.Pairings {
		if !p.IsBye() && p.Result != Void {
			last[p.Black], last[p.White] = p.White, p.Black
		}
	}
	return last
}

// arenaMatch pairs free players greedily, each with the next one down that
// is neither's last opponent; pairs of indexes into free.
func (t *Tournament) arenaMatch(free []Standing) [][2]int {
	last := t.lastOpponents()
	rematchOK := t.ActivePlayers() == 2
	used := make([]bool, len(free))
	var out [][2]int
	for i := range free {
		if used[i] {
			continue
		}
		for j := i + 1; j < len(free); j++ {
			a, b := free[i].Player, free[j].Player
			if used[j] || !rematchOK && (last[a] == b || last[b] == a) {
				continue
			}
			used[i], used[j] = true, true
			out = append(out, [2]int{i, j})
			break
		}
	}
	return out
}

// arenaPairable reports whether two free players could be paired (nobody
// counted as busy elsewhere).
func (t *Tournament) arenaPairable() bool {
	return len(t.arenaMatch(t.arenaFree(nil))) > 0
}

// pairArena pairs the free players.
func (t *Tournament) pairArena(busy func(string) bool) []Pairing {
	free := t.arenaFree(busy)
	cs := t.colourStates()
	var out []Pairing
	for _, m := range t.arenaMatch(free) {
		a, b := free[m[0]].Player, free[m[1]].Player
		if blackFirst(cs[a], cs[b], len(out)) {
			out = append(out, Pairing{Black: a, White: b})
		} else {
			out = append(out, Pairing{Black: b, White: a})
		}
	}
	return out
}
