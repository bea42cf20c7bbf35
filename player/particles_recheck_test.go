package player

import (
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
