package player

import (
	"slices"
	"testing"

	"shinpan/internal/testkit"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// In check, only a king move or a move onto a square a checker could stand on
// or check through may answer; a far gold's steps never do.
func TestPossibleAnswers(t *testing.T) {
	// Black: king 5i, gold 9i, silver 7g, knight 2i, a pawn in hand.
	own := testkit.SFEN(t, "9/9/9/9/9/9/2S6/9/G3K2N1 b P 1")
	_, cands := own, view.Candidates(view.Tsuitate, own, shogi.NoSquare, false)
	got := map[string]bool{}
	for _, m := range possibleAnswers(own, shogi.Black, cands) {
		got[m.USI()] = true
	}
	for _, u := range []string{
		"5i4h", "5i6h", "5i5h", "5i4i", "5i6i", // the king's steps
		"9i8i", // onto rank i, where a rook could check from
		"7g6h", // next to the king
		"P*5e", // between the king and a lance or rook on file 5
		"2i3g", // between the king and a bishop on 2f or 1e
	} {
		if !got[u] {
			t.Errorf("%s left out; kept %v", u, keys(got))
		}
	}
	for _, u := range []string{"9i9h", "9i8h", "7g7f", "7g8f", "2i1g", "P*9e"} {
		if got[u] {
			t.Errorf("%s kept, but it cannot answer a check on 5i", u)
		}
	}
	// A knight's jump from the king: an enemy knight on 4g checks 5i.
	if !got["P*4g"] {
		t.Errorf("P*4g left out (a knight could check from 4g); kept %v", keys(got))
	}
}

// With every answer contradicted by the particles, the one needing the fewest
// enemy pieces gone is tried: capturing the checking gold (a lance behind it)
// rather than the earlier steps into two or three attacks.
func TestLeastContradicted(t *testing.T) {
	// White: gold 5h checking, lance 5a behind it, silver 3g (covers 4h),
	// knight 7f (6h), bishop 1f (4i), rook 6a (6h, 6i).
	p := testkit.SFEN(t, "3rl4/9/9/9/9/2n5b/6s2/4g4/4K4 b - 1")
	own := view.OwnOnly(p, shogi.Black)
	cands := view.Candidates(view.Tsuitate, own, shogi.NoSquare, false)
	h := &hiddenPlayer{base: &base{me: shogi.Black}}
	want := 0
	for _, m := range cands {
		n := contradictions(p, shogi.Black, m)
		if m.USI() == "5i5h" {
			want = n
		} else if n <= 1 {
			t.Fatalf("%s has %d contradictions: the test wants 5i5h alone the least", m.USI(), n)
		}
	}
	if want != 1 {
		t.Fatalf("5i5h has %d contradictions, want 1 (the lance)", want)
	}
	if got := h.leastContradicted([]*shogi.Position{p}, []float64{1}, cands); got.USI() != "5i5h" {
		t.Fatalf("leastContradicted = %s, want 5i5h", got.USI())
	}
	if slices.Index(cands, testkit.USI(t, "5i5h")) == 0 {
		t.Fatalf("5i5h is the first candidate: the test would not tell the order from the count")
	}
}

func keys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
