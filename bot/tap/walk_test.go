package tap

import (
	"fmt"
	"math/rand"
	"sort"
	"testing"
	"unicode/utf8"

	"shinpan/bot/texts"
	"shinpan/referee"
	"shinpan/referee/notation"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// walk visits every screen reachable from the first one and returns the
// moves (and masks) it can play, each with the fewest taps it takes. It
// checks Discord's limits on every screen.
func walk(t *testing.T, in *Input) (moves map[shogi.Move]int, masks map[shogi.Square]int) {
	t.Helper()
	moves, masks = map[shogi.Move]int{}, map[shogi.Square]int{}
	type state struct {
		step string
		taps int
	}
	seen := map[string]bool{Root: true}
	queue := []state{{Root, 0}}
	for len(queue) > 0 {
		st := queue[0]
		queue = queue[1:]
		pk, err := Step(in, st.step)
		if err != nil {
			t.Fatalf("step %q offered but refused: %v", st.step, err)
		}
		if pk.Move != shogi.NoMove {
			if _, ok := moves[pk.Move]; !ok {
				moves[pk.Move] = st.taps
			}
			continue
		}
		if pk.Mask != shogi.NoSquare {
			if _, ok := masks[pk.Mask]; !ok {
				masks[pk.Mask] = st.taps
			}
			continue
		}
		for _, s := range checkScreen(t, in, pk.Screen) {
			if !seen[s] {
				seen[s] = true
				queue = append(queue, state{s, st.taps + 1})
			}
		}
	}
	return moves, masks
}

// checkScreen checks a screen against Discord's limits and returns the steps
// its components lead to.
func checkScreen(t *testing.T, in *Input, s Screen) []string {
	t.Helper()
	if len(s.Selects) > MaxSelects || len(s.Buttons) > 5 || (len(s.Selects) == MaxRows && len(s.Buttons) > 0) {
		t.Fatalf("%d menus and %d buttons", len(s.Selects), len(s.Buttons))
	}
	ids := map[string]bool{}
	values := map[string]bool{}
	var steps []string
	for _, sel := range s.Selects {
		if len(sel.Options) == 0 || len(sel.Options) > MaxOptions {
			t.Fatalf("menu %s with %d options", sel.ID, len(sel.Options))
		}
		if ids[sel.ID] || len(sel.ID) > MaxIDLen || utf8.RuneCountInString(sel.Placeholder) > 150 {
			t.Fatalf("menu id %q (placeholder %q)", sel.ID, sel.Placeholder)
		}
		ids[sel.ID] = true
		for _, o := range sel.Options {
			if values[o.Value] || o.Label == "" || utf8.RuneCountInString(o.Label) > 100 || len(o.Value) > 100 || utf8.RuneCountInString(o.Description) > 100 {
				t.Fatalf("option %+v", o)
			}
			values[o.Value] = true
			g, n, step, ok := Parse(sel.ID, []string{o.Value})
			if !ok || g != in.Game || n != in.View.MoveNumber || step != o.Value {
				t.Fatalf("Parse(%q, %q) = %d %d %q %v", sel.ID, o.Value, g, n, step, ok)
			}
			steps = append(steps, step)
		}
	}
	for _, b := range s.Buttons {
		if ids[b.ID] || len(b.ID) > MaxIDLen || b.Label == "" {
			t.Fatalf("button %+v", b)
		}
		ids[b.ID] = true
		g, n, step, ok := Parse(b.ID, nil)
		if !ok || g != in.Game || n != in.View.MoveNumber {
			t.Fatalf("Parse(%q) = %d %d %q %v", b.ID, g, n, step, ok)
		}
		steps = append(steps, step)
	}
	return steps
}

// playRandom plays a seeded random game of v, calling at(g) before every
// ply; it returns how many plies it played.
func playRandom(t *testing.T, v view.Variant, o referee.Options, seed int64, plies int, at func(g *referee.Game)) int {
	t.Helper()
	rng := rand.New(rand.NewSource(seed))
	g, err := referee.New(fmt.Sprintf("tap-%d", seed), v, "", o)
	if err != nil {
		t.Fatal(err)
	}
	if g.NeedsMasks() {
		at(g)
		for _, c := range []shogi.Color{shogi.Black, shogi.White} {
			p, _ := g.PlayerBoard(c)
			var sq []shogi.Square
			for _, s := range p.Pieces(c).Squares() {
				if p.At(s).Kind() != shogi.King {
					sq = append(sq, s)
				}
			}
			if _, err := g.Apply(referee.Action{Kind: referee.ActMask, Player: c, Text: sq[rng.Intn(len(sq))].String(), Salt: "s"}); err != nil {
				t.Fatal(err)
			}
		}
	}
	n := 0
	for ; n < plies && !g.Over(); n++ {
		at(g)
		p := g.TruePosition()
		ms := p.PseudoMoves(nil)
		if v == view.Standard || v == view.Tsuitate || o.MaskAsKing {
			ms = p.LegalMoves(nil)
		}
		if len(ms) == 0 {
			break
		}
		// Prefer captures and drops now and then, so hands fill up.
		m := ms[rng.Intn(len(ms))]
		if _, err := g.Apply(referee.Action{Kind: referee.ActMove, Player: p.SideToMove(), Text: m.USI()}); err != nil {
			if _, ok := err.(*referee.Refusal); !ok {
				t.Fatal(err)
			}
		}
	}
	return n
}

func inputOf(g *referee.Game, c shogi.Color, l texts.Lang, n notation.Notation, flip bool) *Input {
	return &Input{Game: 1<<63 + 12345, View: g.View(view.ViewerOf(c)), MaskAsKing: g.Options().MaskAsKing,
		MaskPhase: g.NeedsMasks(), Lang: l, Notation: n, Flip: flip}
}

// TestEveryMoveReachable walks every menu of many positions of every
// variant: the moves the menus can play are exactly the moves the player's
// own view offers (and the referee's PlayerBoard), each within three taps.
func TestEveryMoveReachable(t *testing.T) {
	games := 12
	if testing.Short() {
		games = 4
	}
	for _, tc := range []struct {
		v      view.Variant
		opt    func(*referee.Options)
		l      texts.Lang
		n      notation.Notation
		flip   bool
		sample string
	}{
		{view.Standard, nil, texts.EN, notation.Western, false, "standard"},
		{view.Tsuitate, nil, texts.JA, notation.Japanese, false, "tsuitate"},
		{view.Tsuitate, func(o *referee.Options) { o.KingVisible = true; o.FoulLimit = 20 }, texts.EN, notation.USI, true, "tsuitate/king_visible"},
		{view.Masked, nil, texts.EN, notation.Western, false, "masked"},
		{view.Masked, func(o *referee.Options) { o.MaskAsKing = true }, texts.JA, notation.Western, true, "masked/mask_as_king"},
		{view.Dark, nil, texts.EN, notation.Western, false, "dark"},
	} {
		t.Run(tc.sample, func(t *testing.T) {
			o := referee.DefaultOptions(tc.v)
			if tc.opt != nil {
				tc.opt(&o)
			}
			positions, total, taps := 0, 0, [5]int{}
			for seed := int64(0); seed < int64(games); seed++ {
				playRandom(t, tc.v, o, seed, 160, func(g *referee.Game) {
					for _, c := range []shogi.Color{shogi.Black, shogi.White} {
						in := inputOf(g, c, tc.l, tc.n, tc.flip)
						if !in.Active() {
							if _, err := Step(in, Root); err != ErrStale || len(First(in).Selects) != 0 || Moves(in) != nil {
								t.Fatalf("off turn: %v", err)
							}
							continue
						}
						moves, masks := walk(t, in)
						if in.MaskPhase {
							want := MaskSquares(in)
							if len(want) == 0 || len(masks) != len(want) {
								t.Fatalf("masks %v, want %v", masks, want)
							}
							continue
						}
						want := Moves(in)
						_, ref := g.PlayerBoard(c)
						if !sameMoves(want, ref) {
							t.Fatalf("%s: the view's moves differ from PlayerBoard's", g.TruePosition().SFEN())
						}
						if len(moves) != len(want) {
							t.Fatalf("%s: %d moves reachable, %d offered", g.TruePosition().SFEN(), len(moves), len(want))
						}
						for _, m := range want {
							n, ok := moves[m]
							if !ok {
								t.Fatalf("%s: %s unreachable", g.TruePosition().SFEN(), m)
							}
							taps[min(n, 4)]++
						}
						positions++
						total += len(want)
					}
				})
			}
			if positions < 10 || taps[4] > 0 {
				t.Fatalf("%d positions, taps %v", positions, taps)
			}
			t.Logf("%d positions, %d moves: by taps 1..3: %v", positions, total, taps[1:4])
		})
	}
}

func sameMoves(a, b []shogi.Move) bool {
	if len(a) != len(b) {
		return false
	}
	x, y := append([]shogi.Move(nil), a...), append([]shogi.Move(nil), b...)
	sort.Slice(x, func(i, j int) bool { return x[i] < x[j] })
	sort.Slice(y, func(i, j int) bool { return y[i] < y[j] })
	for i := range x {
		if x[i] != y[i] {
			return false
		}
	}
	return true
}

// TestCrowdedMenus: more pieces than one menu holds, and drops onto nearly
// every square, still reach every move within three taps, through several
// menus or a menu of files.
func TestCrowdedMenus(t *testing.T) {
	for _, tc := range []struct {
		name, sfen string
		v          view.Variant
		selects    int    // menus on the first screen
		drop       string // a drop step and the menus it shows
		dropMenus  int
	}{
		{"many pieces", "3pk4/9/9/PPPPPPPPP/9/GGGGSSSSB/9/LLNN1NNLL/R3K4 b RBp 1", view.Masked, 2, "d:R", 3},
		{"empty board", "4k4/9/9/9/9/9/9/9/4K4 b RBGSNLP 1", view.Tsuitate, 1, "d:G", 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := referee.DefaultOptions(tc.v)
			g, err := referee.New("crowded", tc.v, tc.sfen, o)
			if err != nil {
				t.Fatal(err)
			}
			if g.NeedsMasks() {
				for _, a := range []referee.Action{{Kind: referee.ActMask, Player: shogi.Black, Text: "9d"}, {Kind: referee.ActMask, Player: shogi.White, Text: "6a"}} {
					if _, err := g.Apply(a); err != nil && a.Player == shogi.Black {
						t.Fatal(err)
					}
				}
			}
			for _, l := range texts.Langs {
				in := inputOf(g, shogi.Black, l, notation.Western, false)
				if in.MaskPhase {
					t.Fatal("masks not set")
				}
				first := First(in)
				if len(first.Selects) != tc.selects {
					t.Errorf("%d menus first, want %d", len(first.Selects), tc.selects)
				}
				pk, err := Step(in, tc.drop)
				if err != nil || len(pk.Screen.Selects) != tc.dropMenus {
					t.Fatalf("%s: %v, %+v", tc.drop, err, pk.Screen.Selects)
				}
				moves, _ := walk(t, in)
				want := Moves(in)
				if len(moves) != len(want) || len(want) < 60 {
					t.Fatalf("%d moves reachable, %d offered", len(moves), len(want))
				}
				for m, n := range moves {
					if n > 3 {
						t.Errorf("%s takes %d taps", m, n)
					}
				}
			}
		})
	}
}

// TestLeads: following Leads from the first screen plays every move of a
// position, in the fewest taps the walk found.
func TestLeads(t *testing.T) {
	for _, v := range []view.Variant{view.Standard, view.Tsuitate, view.Dark} {
		playRandom(t, v, referee.DefaultOptions(v), 3, 60, func(g *referee.Game) {
			in := inputOf(g, g.Turn(), texts.EN, notation.Western, false)
			moves, _ := walk(t, in)
			for m, taps := range moves {
				step, n := Root, 0
				for ; n < 5; n++ {
					pk, err := Step(in, step)
					if err != nil {
						t.Fatalf("%s: %s: %v", m, step, err)
					}
					if pk.Move != shogi.NoMove {
						break
					}
					next := ""
					for _, s := range checkScreen(t, in, pk.Screen) {
						if Leads(s, m) {
							next = s
							break
						}
					}
					if next == "" {
						t.Fatalf("%s: nothing leads on from %s", m, step)
					}
					step = next
				}
				if step != "m:"+m.USI() || n != taps {
					t.Fatalf("%s: reached %s in %d taps, want %d", m, step, n, taps)
				}
			}
		})
	}
}
