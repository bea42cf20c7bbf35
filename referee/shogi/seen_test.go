package shogi

import (
	"slices"
	"testing"
)

// kingShown returns p with only the side to move's pieces and hand and the
// enemy king: a Tsuitate player's board under king_visible.
func kingShown(p *Position) *Position {
	q := withoutEnemy(p)
	them := p.SideToMove().Opp()
	if k := p.KingSquare(them); k != NoSquare {
		q.Put(k, MakePiece(them, King))
	}
	return q
}

// TestSeenBoardMoves compares SeenBoardMoves with the naive own-board moves
// less those onto the shown king or through it and the own king's steps next
// to it, and checks SeenBoardReason agrees with the list on every own-board
// move of the board without the king.
func TestSeenBoardMoves(t *testing.T) {
	n := 0
	randomPositions(7, 20, 120, func(p *Position) {
		q := kingShown(p)
		us, them := q.SideToMove(), q.SideToMove().Opp()
		ek := q.KingSquare(them)
		var want []Move
		for _, m := range naivePseudo(q, true, false) {
			if m.IsDrop() || m.To() != ek && !(q.At(m.From()).Kind() == King && kingAtt[ek].Has(m.To())) {
				want = append(want, m)
			}
		}
		got := q.SeenBoardMoves(nil)
		if d := diffMoves(got, want); d != "" {
			t.Fatalf("SeenBoardMoves differs at %s: %s", q.SFEN(), d)
		}
		for _, m := range withoutEnemy(q).OwnBoardMoves(nil) {
			n++
			if r, in := q.SeenBoardReason(m), slices.Contains(got, m); (r == NoReason) != in {
				t.Fatalf("%s at %s: reason %v, listed %v", m.USI(), q.SFEN(), r, in)
			}
		}
		if q.KingSquare(us) != NoSquare && ek == NoSquare {
			t.Fatalf("no enemy king at %s", p.SFEN())
		}
	})
	if n < 10000 {
		t.Fatalf("only %d moves checked", n)
	}
}

// TestSeenBoardReason names why the shown king forbids a move.
func TestSeenBoardReason(t *testing.T) {
	// Black: rook 5i, king 5h, bishop 9i, gold in hand; White's king on 5b is shown.
	p := pfPos(t, "9/4k4/9/9/9/9/9/4K4/B3R4 b G 1")
	for _, c := range []struct {
		usi  string
		want Reason
	}{
		{"5i5a", PathBlocked}, // its own king on 5h is in the way first
		{"9i5e", NoReason},
		{"G*5b", SquareOccupied},
		{"G*5c", NoReason},
		{"5h5g", NoReason},
	} {
		t.Run(c.usi, func(t *testing.T) {
			m, err := ParseUSI(c.usi)
			if err != nil {
				t.Fatal(err)
			}
			if got := p.SeenBoardReason(m); got != c.want {
				t.Fatalf("got %v, want %v", got, c.want)
			}
		})
	}
	q := pfPos(t, "9/4k4/9/9/4R4/9/9/3K5/9 b - 1")
	for _, c := range []struct {
		usi  string
		want Reason
	}{
		{"5e5a", PathBlocked},  // through the king
		{"5e5b", KingOnTarget}, // onto it
		{"5e5c", NoReason},
		{"5e5c+", NoReason},
		{"5e5d+", CannotPromote},
	} {
		t.Run(c.usi, func(t *testing.T) {
			m, _ := ParseUSI(c.usi)
			if got := q.SeenBoardReason(m); got != c.want {
				t.Fatalf("got %v, want %v", got, c.want)
			}
		})
	}
	// The own king may not step next to the shown one.
	k := pfPos(t, "9/9/9/4k4/9/4K4/9/9/9 b - 1")
	for _, c := range []struct {
		usi  string
		want Reason
	}{
		{"5f5e", KingInCheck},
		{"5f4e", KingInCheck},
		{"5f5g", NoReason},
		{"5f4f", NoReason},
	} {
		t.Run("king "+c.usi, func(t *testing.T) {
			m, _ := ParseUSI(c.usi)
			if got := k.SeenBoardReason(m); got != c.want {
				t.Fatalf("got %v, want %v", got, c.want)
			}
		})
	}
}

// TestSeenBoardWithoutEnemy: with no enemy piece, the seen board is the own
// board, order included.
func TestSeenBoardWithoutEnemy(t *testing.T) {
	randomPositions(3, 5, 60, func(p *Position) {
		q := withoutEnemy(p)
		if !slices.Equal(q.SeenBoardMoves(nil), q.OwnBoardMoves(nil)) {
			t.Fatalf("moves differ at %s", q.SFEN())
		}
	})
}
