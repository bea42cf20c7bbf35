package shogi

import "fmt"

// Square is a board square, 0..80 in SFEN order (9a, 8a, ..., 1a, 9b, ..., 1i).
// NoSquare (-1) means none.
type Square int8

// NoSquare is the zero-like "no square" value.
const NoSquare Square = -1

// NumSquares is the number of board squares.
const NumSquares = 81

// Sq returns the square at file 1..9 and rank 1..9 (rank 1 = a, Black's far rank).
func Sq(file, rank int) Square { return Square((rank-1)*9 + (9 - file)) }

// File returns 1..9.
func (s Square) File() int { return 9 - int(s)%9 }

// Rank returns 1..9 (1 = a).
func (s Square) Rank() int { return int(s)/9 + 1 }

// Valid reports whether s is on the board.
func (s Square) Valid() bool { return s >= 0 && s < NumSquares }

// String returns the USI name, e.g. "7g", or "-" for NoSquare.
func (s Square) String() string {
	if !s.Valid() {
		return "-"
	}
	return fmt.Sprintf("%d%c", s.File(), 'a'+s.Rank()-1)
}

// ParseSquare reads a USI square such as "7g" (also "77", file then rank digit).
func ParseSquare(t string) (Square, error) {
	if len(t) != 2 || t[0] < '1' || t[0] > '9' {
		return NoSquare, fmt.Errorf("bad square %q: want file 1-9 and rank a-i, e.g. 7g", t)
	}
	file := int(t[0] - '0')
	var rank int
	switch {
	case t[1] >= 'a' && t[1] <= 'i':
		rank = int(t[1]-'a') + 1
	case t[1] >= '1' && t[1] <= '9':
		rank = int(t[1] - '0')
	default:
		return NoSquare, fmt.Errorf("bad square %q: want file 1-9 and rank a-i, e.g. 7g", t)
	}
	return Sq(file, rank), nil
}

// InZone reports whether s is in c's promotion zone (the far three ranks).
func (s Square) InZone(c Color) bool {
	if c == Black {
		return s < 27
	}
	return s >= 54
}

// RelRank returns the rank counted from c's far side: 1 is the last rank for c.
func (s Square) RelRank(c Color) int {
	if c == Black {
		return s.Rank()
	}
	return 10 - s.Rank()
}
