package rating

import (
	"math"
	"testing"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// TestGlickmanExample is the worked example of Glickman's paper: a 1500/200
// player (σ 0.06) beats a 1400/30 player and loses to 1550/100 and 1700/300;
// τ = 0.5. The paper's results: r' = 1464.06, RD' = 151.52, σ' = 0.05999.
func TestGlickmanExample(t *testing.T) {
	p := Rating{1500, 200, 0.06}
	got := Update(p, []Result{{Rating{1400, 30, 0.06}, 1}, {Rating{1550, 100, 0.06}, 0}, {Rating{1700, 300, 0.06}, 0}})
	if !near(got.Rating, 1464.06, 0.01) || !near(got.Deviation, 151.52, 0.01) || !near(got.Volatility, 0.05999, 0.00001) {
		t.Fatalf("got %+v, want 1464.06 / 151.52 / 0.05999", got)
	}
}

// TestDrawCountsHalf: our own computed case — two new players draw: ratings
// stay 1500 (the expected score is one half), deviations shrink equally.
func TestDrawCountsHalf(t *testing.T) {
	a, b := Game(New(), New(), 0.5)
	if !near(a.Rating, 1500, 1e-9) || !near(b.Rating, 1500, 1e-9) || !near(a.Deviation, b.Deviation, 1e-9) || a.Deviation >= 350 {
		t.Fatalf("draw: %+v %+v", a, b)
	}
	// A draw against a stronger player gains rating; the stronger one loses.
	strong := Rating{1800, 80, 0.06}
	w, s := Game(Rating{1500, 80, 0.06}, strong, 0.5)
	if w.Rating <= 1500 || s.Rating >= 1800 {
		t.Fatalf("draw against a stronger player: %+v %+v", w, s)
	}
	// Worked by hand from the paper's formulas for 1500/80 drawing 1800/80:
	// μ = 0, φ = 0.46052, μj = 1.72694, g(φj) = 0.969246, E = 0.157912,
	// v = 8.00506, φ* = 0.464410, φ' = 0.458278,
	// μ' = φ'² · g · (0.5 − E) = 0.069636, so r' = 1500 + 173.7178·μ' = 1512.10.
	if !near(w.Rating, 1512.10, 0.01) || !near(w.Deviation, 0.458278*173.7178, 0.05) {
		t.Fatalf("draw: %.2f / %.2f, want 1512.10 / 79.61", w.Rating, w.Deviation)
	}
}

func TestWinAndLoss(t *testing.T) {
	w, l := Game(New(), New(), 1)
	if !near(w.Rating-1500, 1500-l.Rating, 1e-6) || w.Rating <= 1500 {
		t.Fatalf("win/loss not symmetric: %+v %+v", w, l)
	}
	// Two new players: the winner gains about 162.3 (RD 350 → 290.3).
	if !near(w.Rating, 1662.3, 0.5) || !near(w.Deviation, 290.3, 0.5) {
		t.Fatalf("new players: %+v", w)
	}
}

func TestNoGamesWidensDeviation(t *testing.T) {
	r := Update(Rating{1500, 50, 0.06}, nil)
	if r.Deviation <= 50 || r.Rating != 1500 {
		t.Fatalf("%+v", r)
	}
}
