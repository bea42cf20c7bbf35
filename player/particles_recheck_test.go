package player

import (
	"math"
	"testing"

	"shinpan/internal/testkit"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// A fouled answer to a blind check redraws the checking move: of the checks
// White could have given (a rook down to 1i, a gold dropped next to the king),
// only those after which the king's step to 4h fouls remain, and each is one
// White move from the particles as they stood before it.
func TestFilterRedrawsTheCheckAfterAFoul(t *testing.T) {
	before := "4k3r/9/9/9/9/9/9/9/4K4 w g 1"
	f := testFilter(t, view.Tsuitate, before)
	f.policy = &tsuitatePolicy
	// Truth: the gold dropped on 5h.
	v := viewOf(t, view.Tsuitate, "4k3r/9/9/9/9/9/9/4g4/4K4 b - 2")
	v.InCheck = true
	f.oppMove(shogi.NoSquare, shogi.NoPiece, true, &v)
	if f.collapses != 0 {
		t.Fatalf("the check collapsed the filter: %v", f.byKind)
	}
	step, err := shogi.ParseUSI("5i4h")
	if err != nil {
		t.Fatal(err)
	}
	fixes := f.fixes
	f.ourFailure(step, &v)
	if f.fixes != fixes || f.collapses != 0 {
		t.Fatalf("particles patched (%d) or collapsed (%d): want the check drawn again", f.fixes-fixes, f.collapses)
	}
	reachable := map[string]bool{}
	p := *testkit.SFEN(t, before)
	for _, m := range p.LegalMoves(nil) {
		q := p
		q.MakeMove(m)
		reachable[q.SFEN()] = true
	}
	gold := shogi.MakePiece(shogi.White, shogi.Gold)
	for i := range f.parts {
		q := &f.parts[i]
		if !reachable[q.SFEN()] {
			t.Fatalf("particle %s is not one White move from %s", q.SFEN(), before)
		}
		if q.At(mustSquare(t, "5h")) != gold && q.At(mustSquare(t, "4i")) != gold {
			t.Fatalf("particle %s: want the gold on 5h or 4i, the checks after which 5i4h fouls", q.SFEN())
		}
		if f.ourMoveLands(q, step) {
			t.Fatalf("particle %s lets 5i4h land", q.SFEN())
		}
	}
}

// When an answer fouls that nearly every redrawn particle let land, the
// particles before the check missed the truth: the rest of the check is
// patched as before, not drawn again from them.
func TestFilterDropsARedrawThatFailed(t *testing.T) {
	f := testFilter(t, view.Tsuitate, "4k3r/9/9/9/9/9/9/9/4K4 w g 1")
	f.policy = &tsuitatePolicy
	v := viewOf(t, view.Tsuitate, "4k3r/9/9/9/9/9/9/4g4/4K4 b - 2")
	v.InCheck = true
	f.oppMove(shogi.NoSquare, shogi.NoPiece, true, &v)
	for _, usi := range []string{"5i4h", "5i5h"} {
		m, err := shogi.ParseUSI(usi)
		if err != nil {
			t.Fatal(err)
		}
		if usi == "5i5h" {
			// The gold on 5h or 4i: taking on 5h, or stepping there, lands on both.
			if share := f.landShare(m); share < redrawTrust {
				t.Fatalf("5i5h lands on %.2f of the redrawn particles, want ≥ %.2f", share, redrawTrust)
			}
		}
		f.ourFailure(m, &v)
	}
	if f.lastOpp.ok {
		t.Fatal("the redraw is still trusted after it failed at its surest")
	}
	if f.fixes == 0 && f.collapses == 0 {
		t.Fatal("the second foul was drawn again, want it patched")
	}
}

// Told check, the strong player scores its moves only on particles where its
// king is attacked: one rebuilt without the check gets an attacker, so that
// a move ignoring the check never looks legal.
func TestCheckedParticles(t *testing.T) {
	pl, err := New(Config{Level: Strong, Variant: view.Tsuitate, Color: shogi.Black, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	h := pl.(*hiddenPlayer)
	h.v = viewOf(t, view.Tsuitate, "4k4/9/9/9/9/9/9/4g4/4K4 b P 2")
	h.v.InCheck = true
	checked := testkit.SFEN(t, "4k4/9/9/9/9/9/9/4g4/4K4 b P 2")
	unchecked := testkit.SFEN(t, "4k4/9/9/9/4g4/9/9/9/4K4 b P 2") // as a loose repair leaves it
	parts, ws := h.checkedParticles([]*shogi.Position{checked, unchecked}, []float64{0.5, 0.5})
	if len(parts) == 0 {
		t.Fatal("no particle left")
	}
	sum := 0.0
	for j, p := range parts {
		if !kingAttacked(p, shogi.Black) {
			t.Errorf("particle %s: the king is not attacked", p.SFEN())
		}
		sum += ws[j]
	}
	if math.Abs(sum-1) > 1e-9 {
		t.Errorf("weights sum to %v", sum)
	}
	pawn, err := shogi.ParseUSI("P*1e")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range parts {
		if h.f.ourMoveLands(p, pawn) {
			t.Errorf("particle %s lets a pawn drop far from the king land in check", p.SFEN())
		}
	}
	if unchecked.SFEN() != "4k4/9/9/9/4g4/9/9/9/4K4 b P 2" {
		t.Error("the particle given was changed")
	}
}
