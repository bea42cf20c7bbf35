package player

import (
	"math"
	"math/rand"
	"testing"

	"shinpan/internal/testkit"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// testFilter returns a filter for Black in v holding 64 particles, the given
// positions in turn.
func testFilter(t *testing.T, v view.Variant, sfens ...string) *filter {
	t.Helper()
	f := newFilter(shogi.Black, v, 64, rand.New(rand.NewSource(1)))
	for i := 0; i < f.n; i++ {
		f.parts = append(f.parts, *testkit.SFEN(t, sfens[i%len(sfens)]))
		f.w = append(f.w, 1)
		f.style = append(f.style, f.newStyle())
	}
	return f
}

// viewOf is Black's view of the true position sfen.
func viewOf(t *testing.T, v view.Variant, sfen string) view.View {
	t.Helper()
	return view.Of(v, testkit.SFEN(t, sfen), view.ViewerBlack)
}

func countWhere(f *filter, pred func(p *shogi.Position) bool) int {
	n := 0
	for i := range f.parts {
		if pred(&f.parts[i]) {
			n++
		}
	}
	return n
}

// A capture of one of our pieces keeps only the particles where an enemy
// piece could take it, and puts that piece on the square.
func TestFilterOpponentCapture(t *testing.T) {
	f := testFilter(t, view.Tsuitate,
		"4k4/9/9/4s4/4P4/9/9/9/4K4 w - 1", // a silver that can take on 5e
		"4k4/9/9/9/4P4/9/9/s8/4K4 w - 1")  // nothing reaches 5e
	v := viewOf(t, view.Tsuitate, "4k4/9/9/9/4s4/9/9/9/4K4 b p 2")
	v.LostAt = mustSquare(t, "5e")
	f.oppMove(v.LostAt, shogi.MakePiece(shogi.Black, shogi.Pawn), false, &v)
	if f.collapses != 0 {
		t.Fatalf("collapsed")
	}
	// The particles where the silver could take all have it there; the few
	// repaired from the others (weighed at fixedShare) have some enemy piece.
	if n := countWhere(f, func(p *shogi.Position) bool { return p.At(v.LostAt) == shogi.MakePiece(shogi.White, shogi.Silver) }); n < len(f.parts)*9/10 || n == 0 {
		t.Fatalf("%d of %d particles have the silver on 5e", n, len(f.parts))
	}
	if n := countWhere(f, func(p *shogi.Position) bool {
		pc := p.At(v.LostAt)
		return pc != shogi.NoPiece && pc.Color() == shogi.White
	}); n != len(f.parts) {
		t.Fatalf("%d of %d particles have an enemy piece on 5e", n, len(f.parts))
	}
	if n := countWhere(f, func(p *shogi.Position) bool { return p.HandCount(shogi.White, shogi.Pawn) == 1 }); n != len(f.parts) {
		t.Fatalf("%d of %d particles put the pawn in White's hand", n, len(f.parts))
	}
}

// No capture announced: no particle may have taken anything.
func TestFilterQuietMoveTakesNothing(t *testing.T) {
	f := testFilter(t, view.Tsuitate, "4k4/9/9/4s4/4P4/9/9/9/4K4 w - 1")
	v := viewOf(t, view.Tsuitate, "4k4/9/9/4s4/4P4/9/9/9/4K4 b - 2")
	for i := 0; i < 5; i++ {
		f.oppMove(shogi.NoSquare, shogi.NoPiece, false, &v)
		if n := countWhere(f, func(p *shogi.Position) bool { return p.HandCount(shogi.White, shogi.Pawn) > 0 }); n != 0 {
			t.Fatalf("%d particles captured the pawn", n)
		}
		if n := countWhere(f, func(p *shogi.Position) bool {
			return p.At(mustSquare(t, "5e")) != shogi.MakePiece(shogi.Black, shogi.Pawn)
		}); n != 0 {
			t.Fatalf("%d particles lost the pawn", n)
		}
		// Pass the turn back without a move of ours for the next round.
		for j := range f.parts {
			f.parts[j].PassTurn()
		}
	}
}

// Our own foul: the move must be illegal in every particle left.
func TestFilterOwnFoul(t *testing.T) {
	blocked := "4k4/9/9/4p4/9/9/9/4R4/K8 b - 1"
	open := "4k4/9/9/9/9/9/9/4R4/K8 b - 1"
	m := testkit.USI(t, "5h5b")
	f := testFilter(t, view.Tsuitate, blocked, open)
	v := viewOf(t, view.Tsuitate, open)
	f.ourFailure(m, &v)
	if n := countWhere(f, func(p *shogi.Position) bool { return p.LegalReason(m) == shogi.NoReason }); n != 0 {
		t.Fatalf("%d particles still allow the fouled move", n)
	}
	if n := countWhere(f, func(p *shogi.Position) bool { return p.At(mustSquare(t, "5d")) != shogi.NoPiece }); n != len(f.parts) {
		t.Fatalf("only %d of %d particles keep the blocker", n, len(f.parts))
	}
}

// Our accepted move: the path was clear in every particle left, and it is played.
func TestFilterOwnMoveAccepted(t *testing.T) {
	blocked := "4k4/9/9/4p4/9/9/9/4R4/K8 b - 1"
	open := "4k4/9/9/9/9/9/9/4R4/K8 b - 1"
	m := testkit.USI(t, "5h5b")
	f := testFilter(t, view.Tsuitate, blocked, open)
	v := viewOf(t, view.Tsuitate, "4k4/4R4/9/9/9/9/9/9/K8 w - 2")
	f.ourMove(m, shogi.NoPiece, true, &v) // the rook on 5b checks the king on 5a
	if f.collapses != 0 {
		t.Fatal("collapsed")
	}
	if n := countWhere(f, func(p *shogi.Position) bool {
		return p.At(mustSquare(t, "5d")) == shogi.NoPiece && p.At(mustSquare(t, "5b")).Kind() == shogi.Rook
	}); n != len(f.parts) {
		t.Fatalf("%d of %d particles fit", n, len(f.parts))
	}
}

// Our capture: the particles must have had exactly that piece there.
func TestFilterOwnCapture(t *testing.T) {
	withGold := "4k4/9/9/4g4/9/9/9/4R4/K8 b - 1"
	withPawn := "4k4/9/9/4p4/9/9/9/4R4/K8 b - 1"
	m := testkit.USI(t, "5h5d")
	f := testFilter(t, view.Tsuitate, withGold, withPawn)
	v := viewOf(t, view.Tsuitate, "4k4/9/9/4R4/9/9/9/9/K8 w G 2")
	f.ourMove(m, shogi.MakePiece(shogi.White, shogi.Gold), true, &v) // the rook on 5d checks the king on 5a
	if f.collapses != 0 {
		t.Fatal("collapsed")
	}
	if n := countWhere(f, func(p *shogi.Position) bool { return p.HandCount(shogi.Black, shogi.Gold) == 1 }); n != len(f.parts) {
		t.Fatalf("%d of %d particles took the gold", n, len(f.parts))
	}
}

// A check told to us: the particles left all attack our king.
func TestFilterCheck(t *testing.T) {
	f := testFilter(t, view.Tsuitate,
		"4k4/9/9/9/9/9/5g3/9/4K4 w - 1", // the gold on 4g can check from 4h
		"g3k4/9/9/9/9/9/9/9/4K4 w - 1")  // nothing can check
	v := viewOf(t, view.Tsuitate, "4k4/9/9/9/9/9/9/5g3/4K4 b - 2")
	v.InCheck = true
	f.oppMove(shogi.NoSquare, shogi.NoPiece, true, &v)
	if n := countWhere(f, func(p *shogi.Position) bool { return p.InCheck() }); n != len(f.parts) || n == 0 {
		t.Fatalf("%d of %d particles give check", n, len(f.parts))
	}
}

// Dark: a bounce means the square was occupied.
func TestFilterBounce(t *testing.T) {
	f := testFilter(t, view.Dark,
		"4k4/9/9/9/4g4/9/9/9/4K4 b P 1",
		"4k4/9/9/9/9/9/g8/9/4K4 b P 1")
	v := viewOf(t, view.Dark, "4k4/9/9/9/4g4/9/9/9/4K4 b P 1")
	f.ourFailure(testkit.USI(t, "P*5e"), &v)
	if n := countWhere(f, func(p *shogi.Position) bool { return p.At(mustSquare(t, "5e")) != shogi.NoPiece }); n != len(f.parts) || n == 0 {
		t.Fatalf("%d of %d particles have 5e occupied", n, len(f.parts))
	}
}

// Dark: after the opponent's move the particles show exactly what we see.
func TestFilterDarkSight(t *testing.T) {
	f := testFilter(t, view.Dark,
		"4k4/9/9/9/9/4g4/9/4S4/4K4 w - 1",
		"4k3g/9/9/9/9/9/9/4S4/4K4 w - 1")
	truth := "4k4/9/9/9/9/9/4g4/4S4/4K4 b - 2"
	v := viewOf(t, view.Dark, truth)
	f.oppMove(shogi.NoSquare, shogi.NoPiece, false, &v)
	fa := factsOf(&v, shogi.Black)
	if n := countWhere(f, fa.matches); n != len(f.parts) || n == 0 {
		t.Fatalf("%d of %d particles match the view", n, len(f.parts))
	}
	if n := countWhere(f, func(p *shogi.Position) bool {
		return p.At(mustSquare(t, "5g")) == shogi.MakePiece(shogi.White, shogi.Gold)
	}); n != len(f.parts) {
		t.Fatalf("%d of %d particles have the gold on 5g", n, len(f.parts))
	}
}

// When nothing fits, the set is rebuilt to fit the view: here the piece that
// took ours is put on the square of the capture.
func TestFilterCollapseRebuilds(t *testing.T) {
	f := testFilter(t, view.Tsuitate, "4k4/9/9/9/4P4/9/9/s8/4K4 w - 1")
	v := viewOf(t, view.Tsuitate, "4k4/9/9/9/4s4/9/9/9/4K4 b p 2")
	v.LostAt = mustSquare(t, "5e")
	f.oppMove(v.LostAt, shogi.MakePiece(shogi.Black, shogi.Pawn), false, &v)
	if f.collapses+f.fixes == 0 {
		t.Fatalf("no particle fitted, yet none was repaired or rebuilt")
	}
	checkRebuilt(t, f, &v)
	// And the rebuild from scratch when even repairs fail.
	fa := factsOf(&v, shogi.Black)
	f.reseed([]shogi.Position{*testkit.SFEN(t, "4k4/9/9/9/4P4/9/9/s8/4K4 w - 1")}, fa)
	checkRebuilt(t, f, &v)
}

func checkRebuilt(t *testing.T, f *filter, v *view.View) {
	t.Helper()
	if len(f.parts) != f.n {
		t.Fatalf("%d particles after the rebuild, want %d", len(f.parts), f.n)
	}
	fa := factsOf(v, shogi.Black)
	if n := countWhere(f, fa.matches); n != len(f.parts) {
		t.Fatalf("%d of %d rebuilt particles match the view", n, len(f.parts))
	}
	if n := countWhere(f, func(p *shogi.Position) bool {
		pc := p.At(v.LostAt)
		return pc != shogi.NoPiece && pc.Color() == shogi.White
	}); n != len(f.parts) {
		t.Fatalf("%d of %d rebuilt particles have an enemy piece on 5e", n, len(f.parts))
	}
	if n := countWhere(f, func(p *shogi.Position) bool { return p.InCheck() || kingAttacked(p, shogi.White) }); n != 0 {
		t.Fatalf("%d rebuilt particles have a king attacked", n)
	}
}

// The start: every particle is the standard start position.
func TestFilterInitStart(t *testing.T) {
	f := newFilter(shogi.White, view.Tsuitate, 64, rand.New(rand.NewSource(1)))
	v := view.Of(view.Tsuitate, shogi.Startpos(), view.ViewerWhite)
	f.init(&v)
	if len(f.parts) != 64 {
		t.Fatalf("%d particles", len(f.parts))
	}
	for i := range f.parts {
		if f.parts[i].SFEN() != shogi.Startpos().SFEN() {
			t.Fatalf("particle %d is %s", i, f.parts[i].SFEN())
		}
	}
}

// A mid-game view with no history: the set is built to fit it.
func TestFilterInitMidGame(t *testing.T) {
	for _, v := range []view.Variant{view.Tsuitate, view.Dark} {
		truth := testkit.SFEN(t, "ln1g1g1nl/1r1sk2b1/p1ppppspp/1p4p2/9/2P4P1/PPSPPPP1P/1B3S1R1/LN1GKG1NL b - 11")
		vw := view.Of(v, truth, view.ViewerBlack)
		f := newFilter(shogi.Black, v, 64, rand.New(rand.NewSource(2)))
		f.init(&vw)
		if len(f.parts) != 64 {
			t.Fatalf("%s: %d particles", v, len(f.parts))
		}
		fa := factsOf(&vw, shogi.Black)
		if n := countWhere(f, fa.matches); n != len(f.parts) {
			t.Fatalf("%s: %d of %d particles match the view", v, n, len(f.parts))
		}
		for i := range f.parts {
			p := &f.parts[i]
			for k := shogi.Pawn; k <= shogi.King; k++ {
				n := p.PiecesOf(shogi.Black, k).Count() + p.PiecesOf(shogi.White, k).Count() + p.HandCount(shogi.Black, k) + p.HandCount(shogi.White, k)
				if k.CanPromote() {
					n += p.PiecesOf(shogi.Black, k.Promoted()).Count() + p.PiecesOf(shogi.White, k.Promoted()).Count()
				}
				if n != shogi.SetCount[k] {
					t.Fatalf("%s: particle %d has %d of %s: %s", v, i, n, k.Name(), p.SFEN())
				}
			}
		}
	}
}

func mustSquare(t *testing.T, s string) shogi.Square {
	t.Helper()
	sq, err := shogi.ParseSquare(s)
	if err != nil {
		t.Fatal(err)
	}
	return sq
}

// A capture by the move the opponent's own board makes look best is likelier
// under the sharp style than under the broad one, so the particles assuming
// the sharp style gain weight.
func TestFilterStylesLearn(t *testing.T) {
	const before = "k8/9/9/9/9/4s4/4G4/9/8K w - 1"
	v := viewOf(t, view.Tsuitate, "k8/9/9/9/9/9/4+s4/9/8K b g 2")
	v.LostAt = mustSquare(t, "5g")
	gold := shogi.MakePiece(shogi.Black, shogi.Gold)
	f := testFilter(t, view.Tsuitate, before)
	fa := factsOf(&v, shogi.Black)
	_, broad := f.sampleOppMove(testkit.SFEN(t, before), v.LostAt, gold, false, fa, styleTemps[0], nil)
	_, sharp := f.sampleOppMove(testkit.SFEN(t, before), v.LostAt, gold, false, fa, styleTemps[1], nil)
	if sharp < 1.2*broad {
		t.Fatalf("likelihood of the promoting capture: sharp %.3f, broad %.3f", sharp, broad)
	}
	for i := range f.style {
		f.style[i] = uint8(2 * i / len(f.style)) // the first half broad, the second sharp
	}
	f.oppMove(v.LostAt, gold, false, &v)
	n := 0
	for _, s := range f.style {
		n += int(s)
	}
	if len(f.style) != len(f.parts) || n <= len(f.parts)/2 {
		t.Fatalf("%d of %d particles assume the sharp style after the capture (styles for %d; fixes %d, collapses %d)", n, len(f.parts), len(f.style), f.fixes, f.collapses)
	}
}

// The strong level's Dark prior expects the opponent's shots at the
// player's king: a move that attacks the king as the particle places it
// gains blindShot, a drop or a board move alike; other moves are weighed as
// before, and the baseline's prior is unchanged.
func TestPriorBlindShot(t *testing.T) {
	// White to move, a knight and a silver in hand, a silver on 6g; Black's
	// king on 5i.
	p := testkit.SFEN(t, "4k4/9/9/9/9/9/3s5/9/4K4 w ns 1")
	mv := func(s string) shogi.Move {
		m, err := shogi.ParseUSI(s)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	const temp = 40.0
	shot := math.Exp(blindShot / temp)
	for _, tc := range []struct {
		name        string
		shot, quiet string
	}{
		{"knight drop", "N*4g", "N*4e"},
		{"silver drop", "S*4h", "S*4f"},
		{"board move", "6g6h", "6g7f"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			base := testFilter(t, view.Dark, p.SFEN())
			strong := testFilter(t, view.Dark, p.SFEN())
			strong.blindShots = true
			for _, s := range []string{tc.shot, tc.quiet} {
				if !p.IsPseudoLegal(mv(s)) {
					t.Fatalf("%s is not a move in %s", s, p.SFEN())
				}
			}
			rs := strong.prior(p, mv(tc.shot), temp) / base.prior(p, mv(tc.shot), temp)
			rq := strong.prior(p, mv(tc.quiet), temp) / base.prior(p, mv(tc.quiet), temp)
			if math.Abs(rs/shot-1) > 1e-9 || math.Abs(rq-1) > 1e-9 {
				t.Errorf("strong/baseline prior: the shot %s ×%.3g, want ×%.3g; the quiet %s ×%.3g, want ×1", tc.shot, rs, shot, tc.quiet, rq)
			}
		})
	}
}
