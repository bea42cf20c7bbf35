package player

import (
	"context"
	"testing"
	"time"

	"shinpan/internal/testkit"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// shownView is Black's Tsuitate view of sfen under king_visible.
func shownView(t *testing.T, sfen string) view.View {
	t.Helper()
	p := testkit.SFEN(t, sfen)
	v := view.Of(view.Tsuitate, p, view.ViewerBlack)
	v.ShowKing(p, shogi.White)
	return v
}

// TestFilterKeepsTheShownKing: every particle holds the enemy king where it
// is shown, after an opponent's move that moved it and one that did not,
// and when the set is rebuilt from a view alone.
func TestFilterKeepsTheShownKing(t *testing.T) {
	wk := shogi.MakePiece(shogi.White, shogi.King)
	t.Run("king moved", func(t *testing.T) {
		f := testFilter(t, view.Tsuitate, shogi.StartSFEN)
		f.kingVisible = true
		for i := range f.parts {
			f.parts[i].SetSideToMove(shogi.White)
		}
		v := shownView(t, "lnsg1gsnl/1r2k2b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 2")
		f.oppMove(shogi.NoSquare, shogi.NoPiece, false, &v)
		if n := countWhere(f, func(p *shogi.Position) bool { return p.At(shogi.Sq(5, 2)) == wk }); n != len(f.parts) || n == 0 {
			t.Fatalf("%d of %d particles have the king on 5b", n, len(f.parts))
		}
	})
	t.Run("king stayed", func(t *testing.T) {
		f := testFilter(t, view.Tsuitate, shogi.StartSFEN)
		for i := range f.parts {
			f.parts[i].SetSideToMove(shogi.White)
		}
		v := shownView(t, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 2")
		f.oppMove(shogi.NoSquare, shogi.NoPiece, false, &v)
		if n := countWhere(f, func(p *shogi.Position) bool { return p.At(shogi.Sq(5, 1)) == wk }); n != len(f.parts) {
			t.Fatalf("%d of %d particles kept the king on 5a", n, len(f.parts))
		}
	})
	t.Run("rebuilt", func(t *testing.T) {
		f := newFilter(shogi.Black, view.Tsuitate, 64, newBase(Config{Seed: 3}).rng)
		v := shownView(t, "8k/9/9/9/9/9/9/9/4K4 b 2R2B4G4S4N4L18P 40")
		f.init(&v)
		if !f.kingVisible {
			t.Fatal("the filter did not notice the shown king")
		}
		if n := countWhere(f, func(p *shogi.Position) bool { return p.At(shogi.Sq(1, 1)) == wk }); n != len(f.parts) || n == 0 {
			t.Fatalf("%d of %d particles have the king on 1a", n, len(f.parts))
		}
	})
}

// TestStrongUsesTheShownKing: with White's lone king shown in the corner and
// every other piece in Black's hand, the strong CPU mates at once.
func TestStrongUsesTheShownKing(t *testing.T) {
	const sfen = "8k/9/8P/9/9/9/9/9/4K4 b 2R2B4G4S4N4L17P 41"
	p, err := New(Config{Level: Strong, Variant: view.Tsuitate, Color: shogi.Black, KingVisible: true,
		MoveTime: 300 * time.Millisecond, Seed: 7, Particles: 64, Threads: 1})
	if err != nil {
		t.Fatal(err)
	}
	p.Observe(shownView(t, sfen), nil)
	a := p.Act(context.Background())
	m, err := shogi.ParseUSI(a.Text)
	if err != nil {
		t.Fatalf("action %+v", a)
	}
	truth := testkit.SFEN(t, sfen)
	if !truth.IsLegal(m) {
		t.Fatalf("%s is illegal", a.Text)
	}
	truth.MakeMove(m)
	if !truth.IsCheckmate() {
		t.Fatalf("%s does not mate: %s", a.Text, truth.SFEN())
	}
}
