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
	// Tsuitate and Dark: over the scores of the last stage, only among
	// moves at most mixRisk less likely legal than the best. Tsuitate: from
	// the widest in the opening or when the particles agree to the narrowest
	// when they all differ (the secret sample of the particles then varies
	// the choice already). Dark: fixed.
	hiddenMargin, hiddenMarginNarrow = 80, 20
	hiddenTemp, hiddenTempNarrow     = 35, 10
	darkMargin, darkTemp             = 50, 20
	mixRisk                          = 0.05
	openMargin                       = 50 // Masked and Standard: over the root scores
	openTemp                         = 60
	maskMargin                       = 40 // the Masked opening mask: over chooseMask's scores
	maskTemp                         = 40
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

// mixWidth is the margin and temperature of a hidden-variant choice at move
// number ply with unique distinct particles out of n. In Tsuitate: the
// widest while the particles agree and through the opening (to move 30,
// then narrowing to move 60), where the choice hardly depends on the hidden
// position and a replica would follow it. In Dark: darkMargin and darkTemp.
func mixWidth(unique, n, ply int, dark bool) (margin, temp float64) {
	if dark {
		// Dark games are short and tactical from the start, and the
		// particles often agree on what the player sees: with the
		// Tsuitate mix Dark scored 36.7% ±12.3 against baseline (60 games
		// at 100 ms), with this one 41.7% ±12.6.
		return darkMargin, darkTemp
	}
	d := min(float64(unique)/float64(max(n, 1)), 1)
	opening := min(max(float64(60-ply)/30, 0), 1)
	w := max(1-d, opening) // 1: widest
	return hiddenMarginNarrow + (hiddenMargin-hiddenMarginNarrow)*w, hiddenTempNarrow + (hiddenTemp-hiddenTempNarrow)*w
}
