package player

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"testing"
	"time"

	"shinpan/referee"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

var (
	diag         = flag.Bool("player.diag", false, "run the particle-filter diagnostics (strong against another level, compared with the truth)")
	diagGames    = flag.Int("player.diag.games", 4, "games per diagnostic")
	diagVariant  = flag.String("player.diag.variant", "tsuitate", "variant of the diagnostic")
	diagOpponent = flag.String("player.diag.opp", "random", "opponent level of the diagnostic")
	diagDebug    = flag.Int("player.diag.debug", 0, "log the strong player's stage results at this move number of the first game")
	diagGame     = flag.Int("player.diag.game", 0, "the game -player.diag.debug applies to")
	diagChecks   = flag.Bool("player.diag.checks", false, "log the checkers the particles believe in when in check")
	diagMoveTime = flag.Duration("player.diag.movetime", 50*time.Millisecond, "strong's think time in the diagnostic")
	diagFirst    = flag.Int("player.diag.first", 0, "the first game's number (its seeds)")
)

// playTest plays one game through the referee; hook is called before each of
// the strong player's decisions with the true game (tests only).
func playTest(t testing.TB, v view.Variant, o referee.Options, ps [2]Player, hook func(g *referee.Game, c shogi.Color)) *referee.Game {
	g, err := referee.New("diag", v, "", o)
	if err != nil {
		t.Fatal(err)
	}
	for c := shogi.Black; c <= shogi.White; c++ {
		ps[c].Observe(g.View(view.ViewerOf(c)), nil)
	}
	for n := 0; !g.Over(); n++ {
		if n > 5000 {
			t.Fatal("game does not end")
		}
		c := g.Turn()
		if g.NeedsMasks() {
			c = shogi.Black
			if g.MaskChosen(c) {
				c = shogi.White
			}
		}
		if hook != nil {
			hook(g, c)
		}
		a := ps[c].Act(context.Background())
		evs, err := g.Apply(referee.Action{Kind: referee.ActionKind(a.Kind), Player: c, Text: a.Text, Salt: "s"})
		if err != nil {
			var r *referee.Refusal
			if !errors.As(err, &r) {
				t.Fatal(err)
			}
			t.Fatalf("%s: %q refused: %v", c, a.Text, err)
		}
		for pc := shogi.Black; pc <= shogi.White; pc++ {
			var mine []view.Event
			for _, e := range evs {
				if e.To == view.AudienceOf(pc) {
					mine = append(mine, e)
				}
			}
			ps[pc].Observe(g.View(view.ViewerOf(pc)), mine)
		}
	}
	return g
}

// diagSetup skips the test unless -player.diag is set, and returns the
// diagnostic's variant, opponent level and referee options.
func diagSetup(t *testing.T) (view.Variant, Level, referee.Options) {
	t.Helper()
	if !*diag {
		t.Skip("-player.diag not set")
	}
	v := view.Variant(*diagVariant)
	opp, err := ParseAnyLevel(*diagOpponent)
	if err != nil {
		t.Fatal(err)
	}
	return v, opp, referee.DefaultOptions(v)
}

// diagPlayers returns game gi's players: strong as Black in even games, the
// opponent level in the other seat.
func diagPlayers(v view.Variant, opp Level, gi int) (shogi.Color, [2]Player) {
	sc := shogi.Color(gi % 2)
	var ps [2]Player
	ps[sc], _ = New(Config{Level: Strong, Variant: v, Color: sc, MoveTime: *diagMoveTime, Seed: int64(gi)})
	ps[sc.Opp()], _ = New(Config{Level: opp, Variant: v, Color: sc.Opp(), MoveTime: *diagMoveTime, Seed: int64(gi + 100)})
	return sc, ps
}

// The strong level's foul thresholds, for trying others without a build.
var (
	diagGamble     = flag.Float64("player.diag.gamble", -1, "strong's least pLegal out of check (-1: as built)")
	diagGambleDrop = flag.Float64("player.diag.gambledrop", -1, "strong's least pLegal of a drop out of check (-1: as built)")
	diagCheckCost  = flag.Float64("player.diag.checkcost", -1, "strong's foul cost factor in check (-1: as built)")
	diagAhead      = flag.Float64("player.diag.ahead", -1, "strong's lead from which it stops gambling (-1: as built)")
)

// TestDiagnostics compares the strong player's particles with the truth.
func TestDiagnostics(t *testing.T) {
	for _, o := range []struct {
		flag float64
		v    *float64
	}{{*diagGamble, &strongMinGamble}, {*diagGambleDrop, &strongMinGambleDrop}, {*diagCheckCost, &strongCheckCost}, {*diagAhead, &strongAhead}} {
		if o.flag >= 0 {
			*o.v = o.flag
		}
	}
	v, opp, o := diagSetup(t)
	if o.MoveLimit == 0 {
		o.MoveLimit = 300
	}
	foulKinds := map[string]int{}
	checks := 0
	var expected [2]float64 // fouls the pLegal of each attempt expected, out of check and in check
	var floor [2]float64    // the same had each attempt been the likeliest candidate
	defer func() {
		t.Logf("strong fouls by reason: %v; checks answered %d; fouls expected out of check %.1f, in check %.1f; with the likeliest candidates %.1f, %.1f", foulKinds, checks, expected[0], expected[1], floor[0], floor[1])
	}()
	for gi := 0; gi < *diagGames; gi++ {
		sc, ps := diagPlayers(v, opp, gi+*diagFirst)
		var kingHit, pieceHit, decisions float64
		type dec struct {
			num     int
			pLegal  float64
			maxP    float64
			inCheck bool
		}
		var decs []dec
		var depthSum, partSum, uniqSum float64
		var stageSum [5]float64
		g := playTest(t, v, o, ps, func(g *referee.Game, c shogi.Color) {
			if hp, ok := ps[sc].(*hiddenPlayer); ok && c != sc && len(decs) > 0 && decs[len(decs)-1].pLegal < 0 {
				decs[len(decs)-1].pLegal = hp.lastStats.pLegal
				decs[len(decs)-1].maxP = hp.lastStats.maxPLegal
			}
			if c != sc {
				return
			}
			if hp, ok := ps[sc].(*hiddenPlayer); ok {
				if len(decs) > 0 && decs[len(decs)-1].pLegal < 0 {
					decs[len(decs)-1].pLegal = hp.lastStats.pLegal
					decs[len(decs)-1].maxP = hp.lastStats.maxPLegal
				}
				decs = append(decs, dec{g.MoveNumber(), -1, -1, g.View(view.ViewerOf(sc)).InCheck})
			}
			hp, ok := ps[sc].(*hiddenPlayer)
			if !ok {
				return
			}
			hp.catchUp()
			truth := g.TruePosition()
			if n := g.MoveNumber(); n == 100 || n == 101 || n == 150 || n == 151 || n == 250 || n == 251 {
				hist := map[string]int{}
				for i := range hp.f.parts {
					hist[hp.f.parts[i].KingSquare(sc.Opp()).String()]++
				}
				ms := g.Moves()
				t.Logf("game %d move %d: %s; particle kings %v; last moves %v", gi, n, truth.SFEN(), hist, ms[max(0, len(ms)-10):])
			}
			seenAttack := false
			if v == view.Dark && *diagDebug < 0 {
				k := truth.KingSquare(sc)
				vis := view.DarkVisible(truth, sc)
				seenAttack = k != shogi.NoSquare && truth.AttackersTo(k, sc.Opp(), truth.Occupied()).And(vis).Any()
			}
			if *diagDebug == -2 && hp.v.InCheck {
				seenAttack = true
				var legal []string
				for _, m := range truth.LegalMoves(nil) {
					legal = append(legal, m.USI())
				}
				t.Logf("in check at move %d, true legal moves %v, failed so far %v", truth.MoveNumber(), legal, hp.f.failed)
			}
			if gi == *diagGame && g.MoveNumber() == *diagDebug || seenAttack {
				debugDecide = t.Logf
				t.Logf("truth %s; view in check %v", truth.SFEN(), hp.v.InCheck)
			} else {
				debugDecide = nil
			}
			tk := truth.KingSquare(sc.Opp())
			n := float64(len(hp.f.parts))
			kh, ph := 0.0, 0.0
			enemy := truth.Pieces(sc.Opp())
			for i := range hp.f.parts {
				p := &hp.f.parts[i]
				if p.KingSquare(sc.Opp()) == tk {
					kh++
				}
				same := 0
				for b := enemy; b.Any(); {
					s := b.Pop()
					if p.At(s) == truth.At(s) {
						same++
					}
				}
				if enemy.Count() > 0 {
					ph += float64(same) / float64(enemy.Count())
				}
			}
			if *diagChecks && hp.v.InCheck {
				hist := map[string]int{}
				for i := range hp.f.parts {
					p := &hp.f.parts[i]
					for b := p.AttackersTo(p.KingSquare(sc), sc.Opp(), p.Occupied()); b.Any(); {
						s := b.Pop()
						hist[p.At(s).String()+s.String()]++
					}
				}
				var tc []string
				for b := truth.AttackersTo(truth.KingSquare(sc), sc.Opp(), truth.Occupied()); b.Any(); {
					s := b.Pop()
					tc = append(tc, truth.At(s).String()+s.String())
				}
				t.Logf("move %d in check: true checkers %v, particles %v, failed %v, collapses %d; truth %s", truth.MoveNumber(), tc, hist, hp.f.failed, hp.f.collapses, truth.SFEN())
			}
			kingHit += kh / n
			if g.MoveNumber()%10 < 2 {
				hist := map[string]int{}
				for i := range hp.f.parts {
					hist[hp.f.parts[i].KingSquare(sc.Opp()).String()]++
				}
				t.Logf("KING g%d m%d true %s hit %.2f mix %.2f coll %d hist %v", gi, g.MoveNumber(), tk, kh/n, hp.f.mix(), hp.f.collapses, hist)
			}
			pieceHit += ph / n
			decisions++
			st := hp.lastStats
			depthSum += float64(st.depth)
			partSum += float64(st.particles[0])
			for i := range stageSum {
				stageSum[i] += float64(st.particles[i])
			}
			uniqSum += float64(st.unique)
		})
		hp, _ := ps[sc].(*hiddenPlayer)
		res := g.Result()
		oppFouls := map[string]int{}
		for _, fr := range g.FoulLog() {
			if fr.Player != sc {
				oppFouls[fr.Reason]++
			}
		}
		t.Logf("game %d: opponent fouls %v", gi, oppFouls)
		checked := map[int]bool{}
		for _, d := range decs {
			in := 0
			if d.inCheck {
				checked[d.num] = true
				in = 1
			}
			if d.pLegal >= 0 {
				expected[in] += 1 - d.pLegal
				floor[in] += 1 - d.maxP
			}
		}
		checks += len(checked)
		for _, fr := range g.FoulLog() {
			if fr.Player == sc {
				var info []string
				inCheck := false
				for _, d := range decs {
					if d.num == fr.Number {
						info = append(info, fmt.Sprintf("%.2f(max %.2f)/%v", d.pLegal, d.maxP, d.inCheck))
						inCheck = d.inCheck
					}
				}
				foulKinds[fmt.Sprintf("%s/check=%v", fr.Reason, inCheck)]++
				t.Logf("game %d: strong foul at move %d: %s (%s) attempts pLegal/inCheck %v", gi, fr.Number, fr.Move, fr.Reason, info)
			}
		}
		if res.Winner == nil || *res.Winner != sc {
			ms := g.Moves()
			t.Logf("game %d final: %s, last moves %v", gi, g.TruePosition().SFEN(), ms[max(0, len(ms)-8):])
		}
		w := "draw"
		if res.Winner != nil {
			w = fmt.Sprintf("%s wins", *res.Winner)
		}
		t.Logf("game %d strong=%s: %s by %s after %d moves, fouls %v; king square right %.0f%%, pieces right %.0f%%, depth %.1f, stage-1 particles %.0f of %.0f unique; collapses %d of %d updates",
			gi, sc, w, res.Reason, len(g.Moves()), g.Fouls(), 100*kingHit/decisions, 100*pieceHit/decisions,
			depthSum/decisions, partSum/decisions, uniqSum/decisions, hp.f.collapses, hp.f.updates)
		t.Logf("game %d mix %.2f fixes %d; particles per stage %.1f %.1f %.1f %.1f", gi, hp.f.mix(), hp.f.fixes, stageSum[0]/decisions, stageSum[1]/decisions, stageSum[2]/decisions, stageSum[3]/decisions)
		t.Logf("game %d collapses by kind %v", gi, hp.f.byKind)
	}
}
