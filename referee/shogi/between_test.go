package shogi

import "testing"

// TestBetween compares Between with a walk from a toward b, for every pair.
func TestBetween(t *testing.T) {
	for a := Square(0); a < NumSquares; a++ {
		for b := Square(0); b < NumSquares; b++ {
			var want Bitboard
			df, dr := b.File()-a.File(), b.Rank()-a.Rank()
			if a != b && (df == 0 || dr == 0 || df == dr || df == -dr) {
				sf, sr := sign(df), sign(dr)
				for f, r := a.File()+sf, a.Rank()+sr; f != b.File() || r != b.Rank(); f, r = f+sf, r+sr {
					want.Set(Sq(f, r))
				}
			}
			if got := Between(a, b); got != want {
				t.Errorf("Between(%v, %v) = %v, want %v", a, b, got.Squares(), want.Squares())
			}
		}
	}
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}
