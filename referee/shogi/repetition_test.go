package shogi

import "testing"

// playCycle plays the four-move cycle (Black, White, Black, White) n times and
// returns the final sennichite verdict.
func playCycle(t *testing.T, sfen string, cycle []string, n int) (fourfold, perpetual bool, loser Color, moves int) {
	t.Helper()
	p := mustSFEN(t, sfen)
	h := NewHistory(p.Key())
	for i := 0; i < n; i++ {
		for _, s := range cycle {
			m, err := ParseUSI(s)
			if err != nil || !p.IsLegal(m) {
				t.Fatalf("%s illegal in %s", s, p.SFEN())
			}
			mover := p.SideToMove()
			p.MakeMove(m)
			h.Push(p.Key(), mover, p.InCheck())
			moves++
			if f, pc, l := h.Sennichite(); f {
				return f, pc, l, moves
			}
		}
	}
	return false, false, Black, moves
}

func TestSennichite(t *testing.T) {
	// Kings shuffle: the start position recurs after every 4 plies; its 4th
	// occurrence comes after 12 plies.
	f, perp, _, n0 := playCycle(t, "4k4/9/9/9/9/9/9/9/4K4 b - 1", []string{"5i4i", "5a4a", "4i5i", "4a5a"}, 10)
	if !f || perp || n0 != 12 {
		t.Fatalf("plain repetition: fourfold=%v perpetual=%v after %d plies, want true false 12", f, perp, n0)
	}
	// Black's rook checks on every move; White's king steps between 1a and 1b.
	f, perp, loser, n := playCycle(t, "R7k/9/9/9/9/9/9/9/4K4 w - 1", []string{"1a1b", "9a9b", "1b1a", "9b9a"}, 10)
	if !f || !perp || loser != Black || n != 12 {
		t.Fatalf("perpetual check: fourfold=%v perpetual=%v loser=%v after %d, want true true black 12", f, perp, loser, n)
	}
	// Checks only on some moves: a plain draw.
	h := NewHistory(1)
	for i := 0; i < 3; i++ {
		h.Push(2, Black, true)
		h.Push(3, White, false)
		h.Push(4, Black, false)
		h.Push(1, White, false)
	}
	if f, perp, _ := h.Sennichite(); !f || perp {
		t.Fatalf("mixed checks: fourfold=%v perpetual=%v, want true false", f, perp)
	}
	// White checks every move: White loses.
	h = NewHistory(1)
	for i := 0; i < 3; i++ {
		h.Push(2, Black, false)
		h.Push(3, White, true)
		h.Push(4, Black, false)
		h.Push(1, White, true)
	}
	if f, perp, l := h.Sennichite(); !f || !perp || l != White {
		t.Fatalf("white perpetual: %v %v %v", f, perp, l)
	}
	h.Pop()
	if f, _, _ := h.Sennichite(); f {
		t.Fatal("after Pop the position has occurred 3 times only")
	}
}

func TestImpasse(t *testing.T) {
	// Black: king on 5b; 8 tokins, a rook and a bishop in the camp.
	ok := mustSFEN(t, "+P+P+P+P+P+P+P+P1/RB2K4/9/9/9/9/9/9/4k4 b 2G2S2N2L 1")
	// camp: 8 tokins + R + B = 10 pieces; points 8 + 10 = 18 in camp, hand 8 = 26: too few.
	if err := ok.CheckImpasse(); err == nil {
		t.Fatal("26 points accepted")
	}
	pts, camp := ok.ImpassePoints(Black)
	if pts != 26 || camp != 10 {
		t.Fatalf("points %d camp %d, want 26 10", pts, camp)
	}
	ok2 := mustSFEN(t, "+P+P+P+P+P+P+P+P1/RB2K4/9/9/9/9/9/9/4k4 b 2G2S2N2LP 1")
	if err := ok2.CheckImpasse(); err == nil {
		t.Fatal("27 points accepted for Black (28 needed)")
	}
	ok3 := mustSFEN(t, "+P+P+P+P+P+P+P+P1/RB2K4/9/9/9/9/9/9/4k4 b 2G2S2N2L2P 1")
	if err := ok3.CheckImpasse(); err != nil {
		t.Fatalf("28 points refused: %v", err)
	}
	// White needs 27.
	w := mustSFEN(t, "4K4/9/9/9/9/9/9/4k2br/1+p+p+p+p+p+p+p+p w 2g2s2n2lp 1")
	if err := w.CheckImpasse(); err != nil {
		t.Fatalf("white 27 points refused: %v", err)
	}
	for _, c := range []struct{ sfen, want string }{
		{"+P+P+P+P+P+P+P+P1/RB7/9/9/4K4/9/9/9/4k4 b 2G2S2N2L2P 1", "not in the enemy camp"},
		{"+P+P+P+P+P+P+P2/RB2K4/9/9/9/9/9/9/4k4 b 2G2S2N2L3P 1", "only 9"},
		{"+P+P+P+P+P+P+P+P1/RB2K4/9/9/9/9/9/9/4r1k2 b 2G2S2N2L2P 1", "in check"},
	} {
		err := mustSFEN(t, c.sfen).CheckImpasse()
		if err == nil || !containsStr(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.sfen, err, c.want)
		}
	}
}

func containsStr(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}
