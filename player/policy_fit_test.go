package player

import (
	"bufio"
	"flag"
	"fmt"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"shinpan/referee"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// Fitting the Dark opponent model (policy_dark.go): TestPolicyGen plays Dark
// games and appends their moves to a file, TestPolicyFit fits the weights to
// them and prints them with the held-out log-likelihood of each model.
var (
	fitGen      = flag.Int("player.fit.gen", 0, "play this many Dark games (strong against baseline) and append their moves to -player.fit.data")
	fitData     = flag.String("player.fit.data", "", "the Dark game records of TestPolicyGen and TestPolicyFit")
	fitMoveTime = flag.Duration("player.fit.movetime", 100*time.Millisecond, "think time of the games TestPolicyGen plays")
	fitSeed     = flag.Int64("player.fit.seed", 1, "first seed of the games TestPolicyGen plays")
	fitRun      = flag.Bool("player.fit", false, "fit the opponent model's weights (TestPolicyFit)")
	fitVariant  = flag.String("player.fit.variant", "dark", "variant of TestPolicyGen and TestPolicyFit: dark or tsuitate")
)

// TestPolicyGen writes one line a game: the strong player's colour, then the
// moves in USI.
func TestPolicyGen(t *testing.T) {
	if *fitGen == 0 || *fitData == "" {
		t.Skip("-player.fit.gen and -player.fit.data not set")
	}
	out, err := os.OpenFile(*fitData, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	v := view.Variant(*fitVariant)
	o := referee.DefaultOptions(v)
	for gi := 0; gi < *fitGen; gi++ {
		seed := *fitSeed + int64(gi)
		sc := shogi.Color(gi % 2)
		var ps [2]Player
		ps[sc], _ = New(Config{Level: Strong, Variant: v, Color: sc, MoveTime: *fitMoveTime, Seed: seed, Threads: 1})
		ps[sc.Opp()], _ = New(Config{Level: Baseline, Variant: v, Color: sc.Opp(), MoveTime: *fitMoveTime, Seed: seed + 1000, Threads: 1})
		g := playTest(t, v, o, ps, nil)
		var b strings.Builder
		fmt.Fprintf(&b, "%d", sc)
		for _, m := range g.Moves() {
			b.WriteString(" " + m.USI())
		}
		fmt.Fprintln(out, b.String())
		t.Logf("game %d: %d moves", gi, len(g.Moves()))
	}
}

// decision is one move of a record: the features of every pseudo-legal move
// of the mover, the one chosen, and the prior's weights for comparison.
type decision struct {
	x      [][numPolicyFeatures]float64
	chosen int
	old    []float64 // the heuristic prior's weights (temperature 40, blind shots)
	strong bool      // the mover is the strong level
}

// loadDecisions reads the records of path; only held-out games (every fifth)
// when heldOut.
func loadDecisions(t *testing.T, v view.Variant, path string, heldOut bool) [][]decision {
	fh, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	var games [][]decision
	gi := -1
	sc := bufio.NewScanner(fh)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) < 2 {
			continue
		}
		if gi++; heldOut && gi%5 != 4 {
			games = append(games, nil)
			continue
		}
		strongColor := shogi.Color(fs[0][0] - '0')
		p, _ := shogi.ParseSFEN(shogi.StartSFEN)
		var ds []decision
		lastTo := shogi.NoSquare
		for _, u := range fs[1:] {
			m, err := shogi.ParseUSI(u)
			if err != nil {
				t.Fatal(err)
			}
			mover := p.SideToMove()
			f := newFilter(mover.Opp(), v, 1, rand.New(rand.NewSource(1)))
			f.blindShots = v == view.Dark
			var ms []shogi.Move
			if v == view.Tsuitate {
				ms = p.LegalMoves(nil)
			} else {
				ms = p.PseudoMoves(nil)
			}
			c := newPolicyCtx(p, v, lastTo)
			d := decision{chosen: -1, strong: mover == strongColor}
			for j, mm := range ms {
				var x [numPolicyFeatures]float64
				policyFeatures(p, &c, mm, &x)
				d.x = append(d.x, x)
				d.old = append(d.old, f.prior(p, mm, 40)) // in Tsuitate, the broad style
				if mm == m {
					d.chosen = j
				}
			}
			if d.chosen < 0 {
				t.Fatalf("move %s not pseudo-legal in %s", u, p.SFEN())
			}
			ds = append(ds, d)
			p.MakeMove(m)
			lastTo = m.To()
		}
		games = append(games, ds)
	}
	return games
}

// logLik returns the mean log-likelihood of the decisions under weights w.
func logLik(ds []decision, w *[numPolicyFeatures]float64, grad *[numPolicyFeatures]float64) float64 {
	ll := 0.0
	for _, d := range ds {
		s := make([]float64, len(d.x))
		mx := math.Inf(-1)
		for j, x := range d.x {
			for i, v := range x {
				s[j] += v * w[i]
			}
			mx = max(mx, s[j])
		}
		z := 0.0
		for j := range s {
			s[j] = math.Exp(s[j] - mx)
			z += s[j]
		}
		ll += math.Log(s[d.chosen] / z)
		if grad != nil {
			for j, x := range d.x {
				pj := s[j] / z
				for i, v := range x {
					grad[i] -= pj * v
				}
			}
			for i, v := range d.x[d.chosen] {
				grad[i] += v
			}
		}
	}
	return ll / float64(len(ds))
}

// policyData is the file of a variant's game records: -player.fit.data, or
// the records the weights were fitted to.
func policyData(v view.Variant) string {
	if *fitData != "" {
		return *fitData
	}
	return filepath.Join("testdata", "policy-"+string(v)+".txt")
}

// splitGames holds out every fifth game.
func splitGames(games [][]decision) (train, test []decision) {
	for gi, g := range games {
		if gi%5 == 4 {
			test = append(test, g...)
		} else {
			train = append(train, g...)
		}
	}
	return train, test
}

// TestPolicyPredicts checks that the fitted weights predict the moves of the
// held-out games better than the heuristic prior did, mixed with the uniform
// choice as the filter mixed it.
func TestPolicyPredicts(t *testing.T) {
	for _, v := range []view.Variant{view.Dark, view.Tsuitate} {
		t.Run(string(v), func(t *testing.T) {
			w := &darkPolicy
			if v == view.Tsuitate {
				w = &tsuitatePolicy
			}
			_, test := splitGames(loadDecisions(t, v, filepath.Join("testdata", "policy-"+string(v)+".txt"), true))
			old := 0.0
			for _, d := range test {
				tot := 0.0
				for _, x := range d.old {
					tot += x
				}
				old += math.Log(0.85*d.old[d.chosen]/tot + 0.15/float64(len(d.x)))
			}
			old /= float64(len(test))
			fitted := logLik(test, w, nil)
			t.Logf("%d held-out moves: log-likelihood a move %.3f (prior %.3f)", len(test), fitted, old)
			if fitted < old+0.3 {
				t.Errorf("fitted model %.3f a move, not 0.3 better than the prior's %.3f", fitted, old)
			}
		})
	}
}

func TestPolicyFit(t *testing.T) {
	if !*fitRun {
		t.Skip("-player.fit not set")
	}
	v := view.Variant(*fitVariant)
	train, test := splitGames(loadDecisions(t, v, policyData(v), false))
	games := len(train) + len(test)
	t.Logf("%d decisions: %d training, %d held out", games, len(train), len(test))
	var w, m1, m2 [numPolicyFeatures]float64
	const lr, b1, b2, l2 = 0.05, 0.9, 0.999, 1e-3
	for it := 1; it <= 400; it++ {
		var g [numPolicyFeatures]float64
		ll := logLik(train, &w, &g)
		for i := range g {
			g[i] = g[i]/float64(len(train)) - l2*w[i]
			m1[i] = b1*m1[i] + (1-b1)*g[i]
			m2[i] = b2*m2[i] + (1-b2)*g[i]*g[i]
			mh := m1[i] / (1 - math.Pow(b1, float64(it)))
			vh := m2[i] / (1 - math.Pow(b2, float64(it)))
			w[i] += lr * mh / (math.Sqrt(vh) + 1e-8)
		}
		if it%100 == 0 {
			t.Logf("iteration %d: training log-likelihood %.4f", it, ll)
		}
	}
	for _, who := range []string{"all", "baseline", "strong"} {
		var ds []decision
		for _, d := range test {
			if who == "all" || d.strong == (who == "strong") {
				ds = append(ds, d)
			}
		}
		uni, old85, old20 := 0.0, 0.0, 0.0
		for _, d := range ds {
			n := float64(len(d.x))
			tot := 0.0
			for _, v := range d.old {
				tot += v
			}
			po := d.old[d.chosen] / tot
			uni += math.Log(1 / n)
			old85 += math.Log(0.85*po + 0.15/n)
			old20 += math.Log(0.2*po + 0.8/n)
		}
		k := float64(len(ds))
		t.Logf("held out, %s moves (%d): uniform %.3f, prior 0.85 %.3f, prior 0.2 %.3f, fitted %.3f",
			who, len(ds), uni/k, old85/k, old20/k, logLik(ds, &w, nil))
	}
	var b strings.Builder
	for i, v := range w {
		fmt.Fprintf(&b, "\t%s: %.3f,\n", policyFeatureNames[i], v)
	}
	t.Logf("weights:\n%s", b.String())
}
