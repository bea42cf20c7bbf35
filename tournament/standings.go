package tournament

import (
	"cmp"
	"math"
	"slices"
)

// Standing is one player's line of the standings.
type Standing struct {
	Rank   int     `json:"rank"` // 1: first; players equal on points and tie-breaks share a rank
	Player string  `json:"player"`
	Seed   int     `json:"seed"`
	Rating float64 `json:"rating"`
	Points float64 `json:"points"`
	// Games counts the pairings with an opponent and a result, forfeits
	// included (in an arena, not those ended without a result).
	Games int `json:"games"`
	// Wins, Draws and Losses count results, forfeits included (a game
	// ended without a result is a loss for both in a Swiss or round robin,
	// nothing in an arena).
	Wins   int `json:"wins"`
	Draws  int `json:"draws"`
	Losses int `json:"losses"`
	Byes   int `json:"byes"`
	// Buchholz is the sum of the opponents' points (Swiss).
	Buchholz float64 `json:"buchholz"`
	// SonnebornBerger is the sum of the points of the opponents beaten and
	// half those of the opponents drawn (Swiss, round robin).
	SonnebornBerger float64 `json:"sonneborn_berger"`
	// Performance is an arena's tie-break: (the opponents' ratings + 500 ×
	// (wins − losses)) / games, rounded.
	Performance int `json:"performance"`
	// Fire: an arena player on a streak (two wins or more in a row): their
	// next game is worth double.
	Fire  bool        `json:"fire,omitempty"`
	State PlayerState `json:"state,omitempty"`
}

// Standings ranks the players (those taking part, and those who left after
// playing) by points and the format's tie-breaks — Swiss: Buchholz, then
// Sonneborn–Berger; round robin: Sonneborn–Berger; arena: performance —
// then by seed.
func (t *Tournament) Standings() []Standing {
	paired := map[string]bool{}
	for _, p := range t.Pairings {
		paired[p.Black], paired[p.White] = true, true
	}
	idx := map[string]int{}
	var out []Standing
	for _, p := range t.Players {
		if p.State == Active || paired[p.ID] {
			idx[p.ID] = len(out)
			out = append(out, Standing{Player: p.ID, Seed: p.Seed, Rating: p.Rating, State: p.State})
		}
	}
	streak := make([]int, len(out)) // arena: wins in a row
	perfSum := make([]float64, len(out))
	for _, p := range t.Pairings {
		if p.Result == Pending || p.Result == Void {
			continue
		}
		for _, id := range []string{p.Black, p.White} {
			i, ok := idx[id]
			if !ok {
				continue
			}
			s := &out[i]
			sc, _ := p.Score(id)
			switch {
			case p.Result == Bye:
				s.Byes++
				if t.Config.Format == Swiss {
					s.Points++
				}
				continue
			case p.Result == NoResult:
				if t.Config.Format != Arena {
					s.Games++
					s.Losses++
				}
				continue
			}
			s.Games++
			switch sc {
			case 1:
				s.Wins++
			case 0.5:
				s.Draws++
			default:
				s.Losses++
			}
			if t.Config.Format != Arena {
				s.Points += sc
				continue
			}
			pts := float64(arenaDraw) * 2 * sc // win 2, draw 1
			if streak[i] >= 2 {
				pts *= 2
			}
			s.Points += pts
			if sc == 1 {
				streak[i]++
			} else {
				streak[i] = 0
			}
			if j, ok := idx[p.Opponent(id)]; ok {
				perfSum[i] += out[j].Rating + 500*(2*sc-1)
			}
		}
	}
	for _, p := range t.Pairings {
		if p.IsBye() || p.Result == Pending || p.Result == Void {
			continue
		}
		for _, id := range []string{p.Black, p.White} {
			i, oki := idx[id]
			j, okj := idx[p.Opponent(id)]
			if !oki || !okj {
				continue
			}
			opp := out[j].Points
			out[i].Buchholz += opp
			if sc, ok := p.Score(id); ok {
				out[i].SonnebornBerger += sc * opp
			}
		}
	}
	for i := range out {
		out[i].Fire = t.Config.Format == Arena && streak[i] >= 2
		if t.Config.Format == Arena && out[i].Games > 0 {
			out[i].Performance = int(math.Round(perfSum[i] / float64(out[i].Games)))
		}
		if t.Config.Format != Swiss {
			out[i].Buchholz = 0
		}
		if t.Config.Format == Arena {
			out[i].SonnebornBerger = 0
		}
	}
	slices.SortStableFunc(out, func(a, b Standing) int {
		if c := t.tieOrder(a, b); c != 0 {
			return c
		}
		return bySeed(Player{ID: a.Player, Seed: a.Seed}, Player{ID: b.Player, Seed: b.Seed})
	})
	for i := range out {
		out[i].Rank = i + 1
		if i > 0 && t.tieOrder(out[i-1], out[i]) == 0 {
			out[i].Rank = out[i-1].Rank
		}
	}
	return out
}

// tieOrder compares by points and the format's tie-breaks, best first.
func (t *Tournament) tieOrder(a, b Standing) int {
	keys := func(s Standing) []float64 {
		switch t.Config.Format {
		case Swiss:
			return []float64{s.Points, s.Buchholz, s.SonnebornBerger}
		case RoundRobin:
			return []float64{s.Points, s.SonnebornBerger}
		}
		return []float64{s.Points, float64(s.Performance)}
	}
	return slices.CompareFunc(keys(a), keys(b), func(x, y float64) int { return cmp.Compare(y, x) })
}
