package shogi

import "math/bits"

// Bitboard is a set of squares: bit i of Lo is square i (0..62), bit i of Hi is
// square 63+i (63..80).
type Bitboard struct{ Lo, Hi uint64 }

const hiMask = 1<<18 - 1

// Full is the set of all 81 squares.
var Full = Bitboard{^uint64(0) >> 1, hiMask}

// SquareBB returns the set holding only s.
func SquareBB(s Square) Bitboard {
	if s < 63 {
		return Bitboard{Lo: 1 << uint(s)}
	}
	return Bitboard{Hi: 1 << uint(s-63)}
}

// Has reports whether s is in b.
func (b Bitboard) Has(s Square) bool {
	if s < 63 {
		return b.Lo>>uint(s)&1 != 0
	}
	return b.Hi>>uint(s-63)&1 != 0
}

// Set adds s.
func (b *Bitboard) Set(s Square) {
	if s < 63 {
		b.Lo |= 1 << uint(s)
	} else {
		b.Hi |= 1 << uint(s-63)
	}
}

// Clear removes s.
func (b *Bitboard) Clear(s Square) {
	if s < 63 {
		b.Lo &^= 1 << uint(s)
	} else {
		b.Hi &^= 1 << uint(s-63)
	}
}

// And, Or, AndNot, Not are the set operations.
func (b Bitboard) And(o Bitboard) Bitboard    { return Bitboard{b.Lo & o.Lo, b.Hi & o.Hi} }
func (b Bitboard) Or(o Bitboard) Bitboard     { return Bitboard{b.Lo | o.Lo, b.Hi | o.Hi} }
func (b Bitboard) AndNot(o Bitboard) Bitboard { return Bitboard{b.Lo &^ o.Lo, b.Hi &^ o.Hi} }
func (b Bitboard) Not() Bitboard              { return Bitboard{^b.Lo &^ (1 << 63), ^b.Hi & hiMask} }

// Empty reports whether b has no square.
func (b Bitboard) Empty() bool { return b.Lo|b.Hi == 0 }

// Any reports whether b has a square.
func (b Bitboard) Any() bool { return b.Lo|b.Hi != 0 }

// Count returns the number of squares.
func (b Bitboard) Count() int { return bits.OnesCount64(b.Lo) + bits.OnesCount64(b.Hi) }

// More1 reports whether b has at least two squares.
func (b Bitboard) More1() bool {
	return b.Lo&(b.Lo-1) != 0 || b.Hi&(b.Hi-1) != 0 || b.Lo != 0 && b.Hi != 0
}

// First returns the lowest square (NoSquare when empty).
func (b Bitboard) First() Square {
	if b.Lo != 0 {
		return Square(bits.TrailingZeros64(b.Lo))
	}
	if b.Hi != 0 {
		return Square(63 + bits.TrailingZeros64(b.Hi))
	}
	return NoSquare
}

// Last returns the highest square (NoSquare when empty).
func (b Bitboard) Last() Square {
	if b.Hi != 0 {
		return Square(63 + 63 - bits.LeadingZeros64(b.Hi))
	}
	if b.Lo != 0 {
		return Square(63 - bits.LeadingZeros64(b.Lo))
	}
	return NoSquare
}

// Pop removes and returns the lowest square; b must not be empty.
func (b *Bitboard) Pop() Square {
	if b.Lo != 0 {
		s := Square(bits.TrailingZeros64(b.Lo))
		b.Lo &= b.Lo - 1
		return s
	}
	s := Square(63 + bits.TrailingZeros64(b.Hi))
	b.Hi &= b.Hi - 1
	return s
}

// Squares lists the squares in ascending order.
func (b Bitboard) Squares() []Square {
	out := make([]Square, 0, b.Count())
	for b.Any() {
		out = append(out, b.Pop())
	}
	return out
}
