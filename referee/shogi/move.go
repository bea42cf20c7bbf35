package shogi

import (
	"fmt"
	"strings"
)

// Move is a board move or a drop packed in 32 bits: to (bits 0-6), from (7-13),
// promotion (bit 14), dropped kind (bits 15-18; zero for a board move).
// The zero Move is NoMove.
type Move uint32

// NoMove is the zero value, "no move".
const NoMove Move = 0

const promoteBit = 1 << 14

// NewMove returns the board move from→to, promoting when promote is set.
func NewMove(from, to Square, promote bool) Move {
	m := Move(to) | Move(from)<<7
	if promote {
		m |= promoteBit
	}
	return m
}

// NewDrop returns the drop of kind k on to.
func NewDrop(k Kind, to Square) Move { return Move(to) | Move(k)<<15 }

// To returns the destination square.
func (m Move) To() Square { return Square(m & 127) }

// From returns the origin square, or NoSquare for a drop.
func (m Move) From() Square {
	if m.IsDrop() {
		return NoSquare
	}
	return Square(m >> 7 & 127)
}

// IsDrop reports whether m is a drop.
func (m Move) IsDrop() bool { return m>>15&15 != 0 }

// DropKind returns the dropped kind (NoKind for a board move).
func (m Move) DropKind() Kind { return Kind(m >> 15 & 15) }

// IsPromotion reports whether m promotes.
func (m Move) IsPromotion() bool { return m&promoteBit != 0 }

// USI returns the USI text: "7g7f", "8h2b+", "P*5e"; "none" for NoMove.
func (m Move) USI() string {
	if m == NoMove {
		return "none"
	}
	if m.IsDrop() {
		return m.DropKind().Letter() + "*" + m.To().String()
	}
	s := m.From().String() + m.To().String()
	if m.IsPromotion() {
		s += "+"
	}
	return s
}

// String is USI.
func (m Move) String() string { return m.USI() }

// ParseUSI reads a USI move ("7g7f", "8h2b+", "P*5e"). It checks only the syntax;
// use Position.IsLegal or the generators for legality.
func ParseUSI(s string) (Move, error) {
	s = strings.TrimSpace(s)
	if len(s) == 4 && s[1] == '*' {
		k := kindFromLetter(upper(s[0]))
		if k == NoKind {
			return NoMove, fmt.Errorf("bad USI drop %q: piece must be one of P L N S G B R (K in Masked shogi)", s)
		}
		to, err := ParseSquare(s[2:])
		if err != nil {
			return NoMove, fmt.Errorf("bad USI drop %q: %v", s, err)
		}
		return NewDrop(k, to), nil
	}
	if len(s) == 4 || len(s) == 5 && s[4] == '+' {
		from, err1 := ParseSquare(s[0:2])
		to, err2 := ParseSquare(s[2:4])
		if err1 != nil || err2 != nil || s[1] < 'a' || s[3] < 'a' {
			return NoMove, fmt.Errorf("bad USI move %q: want e.g. 7g7f, 8h2b+ or P*5e", s)
		}
		if from == to {
			return NoMove, fmt.Errorf("bad USI move %q: origin and destination are the same", s)
		}
		return NewMove(from, to, len(s) == 5), nil
	}
	return NoMove, fmt.Errorf("bad USI move %q: want e.g. 7g7f, 8h2b+ or P*5e", s)
}

func upper(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - ('a' - 'A')
	}
	return c
}
