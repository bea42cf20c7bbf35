package player

import (
	"math"
	"math/rand"
)

// The strong level mixes its choices (issue 35): a player with hidden
// information whose choice is a function of what its opponent can know is
// read by anyone who runs this code beside the game. Each choice is drawn
// from a softmax over the candidates scored within a margin of the best,
// with the player's secret random source.
//
// The margins and temperatures are in centipawns. The open search pays for
// its margin with exact scores of every root move within it (searcher.margin),
// so they are kept smaller there.
const (
	hiddenMargin = 50 // Tsuitate and Dark: over the scores of the last stage
	hiddenTemp   = 20
	mixRisk      = 0.05 // and only among moves at most this less likely legal than the best
	openMargin   = 50   // Masked and Standard: over the root scores
	openTemp     = 60
	maskMargin   = 40 // the Masked opening mask: over chooseMask's scores
	maskTemp     = 40
)

// softPick returns the index of a candidate drawn with weight
// exp((score − best)/temp) among those scored at least best − margin; scores
// need not be sorted.
func softPick(scores []float64, margin, temp float64, rng *rand.Rand) int {
	if len(scores) == 0 {
		return -1
	}
	best := 0
	for i, s := range scores {
		if s > scores[best] {
			best = i
		}
	}
	top := scores[best]
	w := make([]float64, len(scores))
	sum := 0.0
	for i, s := range scores {
		if s >= top-margin {
			w[i] = math.Exp((s - top) / temp)
			sum += w[i]
		}
	}
	x := rng.Float64() * sum
	for i := range w {
		if x < w[i] {
			return i
		}
		x -= w[i]
	}
	return best
}
