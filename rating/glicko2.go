// Package rating computes Glicko-2 ratings (Mark E. Glickman, "Example of the
// Glicko-2 system", 2013). shinpan rates each ranked game as its own rating
// period, as large online sites do; a draw scores one half.
package rating

import "math"

// Glicko-2 constants: a new player's rating, deviation and volatility, and the
// system constant τ constraining the volatility's change.
const (
	DefaultRating     = 1500.0
	DefaultDeviation  = 350.0
	DefaultVolatility = 0.06
	Tau               = 0.5
	scale             = 173.7178
	epsilon           = 0.000001
)

// Rating is a player's Glicko-2 state on the usual (Glicko) scale.
type Rating struct {
	Rating     float64 `json:"rating"`
	Deviation  float64 `json:"rd"`
	Volatility float64 `json:"volatility"`
}

// New returns an unrated player's rating (1500, RD 350, σ 0.06).
func New() Rating { return Rating{DefaultRating, DefaultDeviation, DefaultVolatility} }

// Result is one game against an opponent: Score is 1 for a win, 0.5 for a
// draw, 0 for a loss.
type Result struct {
	Opponent Rating
	Score    float64
}

func g(phi float64) float64 { return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi)) }

func expect(mu, muj, phij float64) float64 { return 1 / (1 + math.Exp(-g(phij)*(mu-muj))) }

// Update returns p's rating after one rating period with the given results
// (steps 1–8 of Glickman's paper, τ = Tau). With no results only the
// deviation grows.
func Update(p Rating, results []Result) Rating {
	mu := (p.Rating - DefaultRating) / scale
	phi := p.Deviation / scale
	sigma := p.Volatility
	if len(results) == 0 {
		phiStar := math.Sqrt(phi*phi + sigma*sigma)
		return Rating{p.Rating, math.Min(phiStar*scale, DefaultDeviation), sigma}
	}
	var vInv, sum float64
	for _, r := range results {
		muj := (r.Opponent.Rating - DefaultRating) / scale
		phij := r.Opponent.Deviation / scale
		e := expect(mu, muj, phij)
		gj := g(phij)
		vInv += gj * gj * e * (1 - e)
		sum += gj * (r.Score - e)
	}
	v := 1 / vInv
	delta := v * sum
	sigma2 := newVolatility(sigma, phi, v, delta)
	phiStar := math.Sqrt(phi*phi + sigma2*sigma2)
	phi2 := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	mu2 := mu + phi2*phi2*sum
	return Rating{mu2*scale + DefaultRating, phi2 * scale, sigma2}
}

// newVolatility is step 5, the Illinois algorithm.
func newVolatility(sigma, phi, v, delta float64) float64 {
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(Tau*Tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*Tau) < 0 {
			k++
		}
		B = a - k*Tau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > epsilon && i < 200; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}

// Game rates one game as its own rating period for both players; scoreA is
// A's score (1, 0.5 or 0).
func Game(a, b Rating, scoreA float64) (Rating, Rating) {
	return Update(a, []Result{{b, scoreA}}), Update(b, []Result{{a, 1 - scoreA}})
}
