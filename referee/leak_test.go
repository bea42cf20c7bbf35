package referee

import (
	"flag"
	"fmt"
	"math/rand"
	"reflect"
	"testing"

	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

var leakGames = flag.Int("leak.games", 1000, "seeded games per hidden variant in TestNoLeak")

// TestNoLeak is the no-leak property of issue 3 item 4: for many seeded random
// games, a second true position that differs only in what viewer X cannot see
// (a hidden enemy piece elsewhere, a different enemy hand, another enemy mask)
// gets the same action; where both worlds give the same outcome class, X's view
// and every event to X or the channel are identical except what RULES.md
// announces (captures, checks, the end); where the class differs, it is one of
// the announced pairs.
func TestNoLeak(t *testing.T) {
	n := *leakGames
	if testing.Short() {
		n = 200
	}
	for _, c := range []struct {
		v           view.Variant
		kingVisible bool
	}{{view.Tsuitate, false}, {view.Tsuitate, true}, {view.Masked, false}, {view.Dark, false}} {
		name := string(c.v)
		if c.kingVisible {
			name += "/king_visible"
		}
		t.Run(name, func(t *testing.T) {
			compared := 0
			for seed := 0; seed < n; seed++ {
				compared += leakGame(t, c.v, c.kingVisible, int64(seed))
			}
			if compared < 5*n {
				t.Fatalf("only %d comparisons in %d games", compared, n)
			}
			t.Logf("%d comparisons", compared)
		})
	}
}

// leakGame plays one random game, comparing worlds at every ply; it returns
// how many comparisons it made.
func leakGame(t *testing.T, v view.Variant, kingVisible bool, seed int64) int {
	rng := rand.New(rand.NewSource(seed))
	o := DefaultOptions(v)
	o.FoulLimit = 20
	o.KingVisible = kingVisible
	if v == view.Masked && rng.Intn(2) == 0 {
		o.MaskAsKing = true
	}
	o.AnnounceFouls = rng.Intn(3) != 0
	g, err := New(fmt.Sprintf("leak-%d", seed), v, "", o)
	if err != nil {
		t.Fatal(err)
	}
	if v == view.Masked {
		for _, c := range []shogi.Color{B, W} {
			squares := g.pos.Pieces(c).Squares()
			for {
				s := squares[rng.Intn(len(squares))]
				if g.pos.At(s).Kind() != shogi.King {
					g.Apply(Action{Kind: ActMask, Player: c, Text: s.String(), Salt: "x"})
					break
				}
			}
		}
	}
	compared := 0
	plies := 20 + rng.Intn(100)
	for i := 0; i < plies && !g.Over(); i++ {
		x := shogi.Color(rng.Intn(2))
		a := randomAction(g, rng)
		if rng.Intn(3) != 0 {
			g.Apply(a)
			continue
		}
		if gb := perturb(g, x, rng); gb != nil {
			compareWorlds(t, g.Clone(), gb, x, a, seed, i)
			compared++
		}
		g.Apply(a)
	}
	return compared
}

// randomAction returns a move text for the side to move: mostly one of its
// candidates (in USI), sometimes a drop or a garbage text.
func randomAction(g *Game, rng *rand.Rand) Action {
	c := g.Turn()
	_, cands := g.rules.board(g, c)
	text := "zz9"
	switch {
	case len(cands) > 0 && rng.Intn(10) != 0:
		text = cands[rng.Intn(len(cands))].USI()
	case rng.Intn(2) == 0:
		text = fmt.Sprintf("G*%d%c", 1+rng.Intn(9), 'a'+rng.Intn(9))
	}
	return Action{Kind: ActMove, Player: c, Text: text}
}

// perturb returns a copy of g whose true position differs only in what x cannot
// see, or nil when no such change was found.
func perturb(g *Game, x shogi.Color, rng *rand.Rand) *Game {
	y := x.Opp()
	h := g.Clone()
	switch g.variant {
	case view.Masked:
		var others []shogi.Square
		for _, s := range g.pos.Pieces(y).Squares() {
			if s != g.Masks()[y] && g.pos.At(s).Kind() != shogi.King {
				others = append(others, s)
			}
		}
		if len(others) == 0 || g.Masks()[y] == shogi.NoSquare {
			return nil
		}
		h.rules.(*maskedRules).now[y] = others[rng.Intn(len(others))]
		return h
	case view.Tsuitate, view.Dark:
	default:
		return nil
	}
	hidden := shogi.Full
	if g.variant == view.Dark {
		hidden = view.DarkVisible(g.pos, x).Not()
	}
	for try := 0; try < 20; try++ {
		h = g.Clone()
		p := h.pos
		var from []shogi.Square
		for _, s := range p.Pieces(y).And(hidden).Squares() {
			if p.At(s).Kind() != shogi.King || rng.Intn(4) == 0 && !g.opts.KingVisible { // a shown king is not hidden
				from = append(from, s)
			}
		}
		empty := p.Occupied().Not().And(hidden).Squares()
		switch r := rng.Intn(3); {
		case r == 0 && len(from) > 0 && len(empty) > 0: // move a hidden piece
			s, t := from[rng.Intn(len(from))], empty[rng.Intn(len(empty))]
			pc := p.At(s)
			p.Put(s, shogi.NoPiece)
			p.Put(t, pc)
		case r == 1 && len(from) > 0: // a hidden piece into the hand
			s := from[rng.Intn(len(from))]
			k := p.At(s).Kind().Unpromoted()
			if k == shogi.King {
				continue
			}
			p.Put(s, shogi.NoPiece)
			p.SetHand(y, k, p.HandCount(y, k)+1)
		case r == 2 && len(empty) > 0: // a hand piece onto the board
			var ks []shogi.Kind
			for k := shogi.Pawn; k <= shogi.Gold; k++ {
				if p.HandCount(y, k) > 0 {
					ks = append(ks, k)
				}
			}
			if len(ks) == 0 {
				continue
			}
			k := ks[rng.Intn(len(ks))]
			p.SetHand(y, k, p.HandCount(y, k)-1)
			p.Put(empty[rng.Intn(len(empty))], shogi.MakePiece(y, k))
		default:
			continue
		}
		if !plausible(g, h, x) {
			continue
		}
		return h
	}
	return nil
}

// plausible: the changed position could be the truth given what x knows: the
// same view for x, no dead piece or nifu for the other side, and (Tsuitate) the
// same check status, with the side not to move not in check.
func plausible(g, h *Game, x shogi.Color) bool {
	if _, err := shogi.ParseSFEN(h.pos.SFEN()); err != nil {
		return false
	}
	y := x.Opp()
	files := map[int]bool{}
	for _, s := range h.pos.PiecesOf(y, shogi.Pawn).Squares() {
		if files[s.File()] {
			return false
		}
		files[s.File()] = true
	}
	if g.variant == view.Tsuitate {
		if g.pos.InCheck() != h.pos.InCheck() {
			return false
		}
		q := h.pos.Clone()
		q.PassTurn()
		if q.InCheck() {
			return false
		}
	}
	return g.View(view.ViewerOf(x)) == h.View(view.ViewerOf(x))
}

// compareWorlds applies a to both worlds and checks what x and the channel get.
func compareWorlds(t *testing.T, ga, gb *Game, x shogi.Color, a Action, seed int64, ply int) {
	t.Helper()
	ctx := fmt.Sprintf("%s seed %d ply %d, viewer %s, %s plays %q\nA: %s\nB: %s", ga.variant, seed, ply, x, a.Player, a.Text, ga.pos.SFEN(), gb.pos.SFEN())
	ea, erra := ga.Apply(a)
	eb, errb := gb.Apply(a)
	ca, cb := ga.LastOutcome(), gb.LastOutcome()
	if a.Player == x && (erra != nil || errb != nil) {
		if erra == nil || errb == nil || erra.Error() != errb.Error() {
			t.Fatalf("refusal depends on hidden pieces: %v / %v\n%s", erra, errb, ctx)
		}
		return
	}
	if ca != cb {
		ok := a.Player != x || // the other side's own knowledge differs between worlds
			ga.variant == view.Tsuitate && (ca == Foul || cb == Foul) ||
			ga.variant == view.Dark && (ca == Bounce || cb == Bounce)
		if !ok {
			t.Fatalf("outcome %s vs %s\n%s", ca, cb, ctx)
		}
		for _, evs := range [][]view.Event{ea, eb} {
			for _, e := range evs {
				if e.Kind == view.EvFoul && (e.Move != "" || e.Square != 0 || e.Piece != 0) {
					t.Fatalf("a foul event says more than the count: %+v\n%s", e, ctx)
				}
				if e.Kind == view.EvBounce && e.To != view.AudienceOf(a.Player) {
					t.Fatalf("a bounce told to %s\n%s", e.To, ctx)
				}
			}
		}
		return
	}
	na, capA := normalize(ea, x)
	nb, capB := normalize(eb, x)
	if !reflect.DeepEqual(na, nb) {
		t.Fatalf("events differ:\nA %+v\nB %+v\n%s", na, nb, ctx)
	}
	if ga.Over() || gb.Over() {
		return
	}
	va, vb := normView(ga.View(view.ViewerOf(x)), x, capA), normView(gb.View(view.ViewerOf(x)), x, capB)
	if ga.variant == view.Dark && revealsDifference(ga, gb, x) {
		return // x's pieces now see where the worlds differ: that is legitimate vision
	}
	if va != vb {
		t.Fatalf("views differ:\nA %+v\nB %+v\n%s", va, vb, ctx)
	}
	if ga.View(view.ViewerPublic) != gb.View(view.ViewerPublic) && ga.variant != view.Masked {
		t.Fatalf("public views differ\n%s", ctx)
	}
	if reflect.DeepEqual(view.For(ea, view.ToPublic), view.For(eb, view.ToPublic)) && ga.PublicView() != gb.PublicView() {
		t.Fatalf("the channel's boards differ after the same announcements\nA %+v\nB %+v\n%s", ga.PublicView(), gb.PublicView(), ctx)
	}
}

// normalize keeps the events to x and the channel up to the end, without the
// announced captures and checks; it returns the kind x captured, if any.
func normalize(evs []view.Event, x shogi.Color) ([]view.Event, shogi.Kind) {
	var out []view.Event
	captured := shogi.NoKind
	for _, e := range evs {
		if e.To != view.AudienceOf(x) && e.To != view.ToPublic {
			continue
		}
		if e.Kind == view.EvEnd {
			break
		}
		if e.Kind == view.EvCapture {
			if e.Player == x {
				captured = e.Piece.Kind().Unpromoted()
			}
			continue
		}
		if e.Kind == view.EvCheck {
			continue
		}
		out = append(out, e)
	}
	return out, captured
}

func normView(v view.View, x shogi.Color, captured shogi.Kind) view.View {
	v.InCheck = false
	if captured != shogi.NoKind {
		v.Hands[x][captured]--
	}
	return v
}

// revealsDifference reports whether x now sees a square where the worlds differ.
func revealsDifference(ga, gb *Game, x shogi.Color) bool {
	vis := view.DarkVisible(ga.pos, x).Or(view.DarkVisible(gb.pos, x))
	for _, s := range vis.Squares() {
		if ga.pos.At(s) != gb.pos.At(s) {
			return true
		}
	}
	return false
}
