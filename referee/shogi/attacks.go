package shogi

import "math/bits"

// Directions as (file, rank) steps from Black's side: rank -1 is toward rank a.
type dir struct{ df, dr int }

const (
	dirN = iota
	dirS
	dirE // toward file 1
	dirW // toward file 9
	dirNE
	dirNW
	dirSE
	dirSW
	numDirs
)

// The precomputed tables (tables.go, generated: see tables_compute_test.go).
//
//	rays[d][s]         squares from s in direction d to the edge
//	stepAtt[c][k][s]   non-sliding part of each piece's attack
//	lineDir[a][b]      direction from a to b plus 1, 0 when not aligned
//	kingAtt, zoneBB, lastRanks[c][n-1] (c's last n ranks), fileBB (by file 1..9)
//	sqRays[s][d]       rays[d][s] laid out by square, so one slider's rays share cache lines
//	sqRaysFrom[s][d]   sqRays with the square itself
//	rookPseudo, bishopPseudo, lancePseudo[c]: reach on an empty board
//	deadBB[c][k]       where an unpromoted kind could never move (deadSquare)
//
//go:generate go test -run TestTablesAreGenerated -update

// slideUp returns the part of ray r (a ray toward higher square indices: S, E,
// SE, SW) up to and including its first occupied square. The lowest set bit of
// the blockers b is found without a branch: b ^ (b-1), taken over 128 bits,
// keeps every bit up to and including it, and every bit when b is empty.
func slideUp(r, occ Bitboard) Bitboard {
	bLo, bHi := r.Lo&occ.Lo, r.Hi&occ.Hi
	lo, borrow := bits.Sub64(bLo, 1, 0)
	hi, _ := bits.Sub64(bHi, 0, borrow)
	return Bitboard{r.Lo & (bLo ^ lo), r.Hi & (bHi ^ hi)}
}

// slideDown returns the part of ray r (a ray toward lower square indices: N, W,
// NE, NW) down to and including its first occupied square, the highest blocker.
// Bit 0 is added to the blockers as a sentinel: it is below every ray square
// but square 0 itself, the end of any ray through it, so when nothing blocks
// the whole ray is kept.
func slideDown(r, occ Bitboard) Bitboard {
	bLo, bHi := r.Lo&occ.Lo|1, r.Hi&occ.Hi
	if bHi != 0 {
		return Bitboard{0, r.Hi & (^uint64(0) << (63 - bits.LeadingZeros64(bHi)))}
	}
	return Bitboard{r.Lo & (^uint64(0) << (63 - bits.LeadingZeros64(bLo))), r.Hi}
}

func rookAttacks(s Square, occ Bitboard) Bitboard {
	r := &sqRays[s]
	a := slideDown(r[dirN], occ).Or(slideUp(r[dirS], occ))
	return a.Or(slideUp(r[dirE], occ)).Or(slideDown(r[dirW], occ))
}

func bishopAttacks(s Square, occ Bitboard) Bitboard {
	r := &sqRays[s]
	a := slideDown(r[dirNE], occ).Or(slideDown(r[dirNW], occ))
	return a.Or(slideUp(r[dirSE], occ)).Or(slideUp(r[dirSW], occ))
}

func lanceAttacks(c Color, s Square, occ Bitboard) Bitboard {
	if c == Black {
		return slideDown(sqRays[s][dirN], occ)
	}
	return slideUp(sqRays[s][dirS], occ)
}

// Attacks returns the squares piece p on s attacks given the occupancy occ
// (sliders stop at and include the first occupied square).
func Attacks(p Piece, s Square, occ Bitboard) Bitboard {
	c, k := p.Color(), p.Kind()
	if sliderKinds>>k&1 == 0 {
		return stepAtt[c][k][s] // stepAtt[c][NoKind] is empty
	}
	switch k {
	case Lance:
		return lanceAttacks(c, s, occ)
	case Bishop:
		return bishopAttacks(s, occ)
	case Rook:
		return rookAttacks(s, occ)
	case Horse:
		return bishopAttacks(s, occ).Or(kingAtt[s])
	}
	return rookAttacks(s, occ).Or(kingAtt[s]) // Dragon
}

// sliderKinds has bit k set for each kind k whose attacks depend on occupancy.
const sliderKinds = 1<<Lance | 1<<Bishop | 1<<Rook | 1<<Horse | 1<<Dragon

// Between returns the squares strictly between a and b when they share a rank,
// file or diagonal, else the empty set. It is computed from the rays rather
// than kept in an 81×81 table, whose 105 KB cost every start of the binary
// its first-touch page faults.
func Between(a, b Square) Bitboard {
	d := lineDir[a][b]
	if d == 0 {
		return Bitboard{}
	}
	return sqRays[a][d-1].AndNot(sqRaysFrom[b][d-1])
}
