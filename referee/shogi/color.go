package shogi

// Color is a side: Black (sente, ☗, moves first) or White (gote, ☖).
type Color uint8

const (
	Black Color = 0
	White Color = 1
)

// Opp returns the other side.
func (c Color) Opp() Color { return c ^ 1 }

// String returns "black" or "white".
func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// Symbol returns ☗ for Black and ☖ for White.
func (c Color) Symbol() string {
	if c == White {
		return "☖"
	}
	return "☗"
}
