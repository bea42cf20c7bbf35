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

var dirs = [numDirs]dir{
	dirN: {0, -1}, dirS: {0, 1}, dirE: {-1, 0}, dirW: {1, 0},
	dirNE: {-1, -1}, dirNW: {1, -1}, dirSE: {-1, 1}, dirSW: {1, 1},
}

var (
	rays      [numDirs][NumSquares]Bitboard
	stepAtt   [2][NumKinds][NumSquares]Bitboard // non-sliding part of each piece's attack
	lineDir   [NumSquares][NumSquares]int8      // direction from a to b, -1 when not aligned
	kingAtt   [NumSquares]Bitboard
	zoneBB    [2]Bitboard
	lastRanks [2][3]Bitboard // [c][n-1]: c's last n ranks
	fileBB    [10]Bitboard   // by file 1..9

	// sqRays[s][d] is rays[d][s] laid out by square, so that one slider's rays
	// share cache lines.
	sqRays       [NumSquares][numDirs]Bitboard
	sqRaysFrom   [NumSquares][numDirs]Bitboard // sqRays with the square itself
	rookPseudo   [NumSquares]Bitboard          // a rook's reach on an empty board
	bishopPseudo [NumSquares]Bitboard          // a bishop's reach on an empty board
	lancePseudo  [2][NumSquares]Bitboard       // a lance's reach on an empty board, by colour
	deadBB       [2][NumKinds]Bitboard         // where an unpromoted kind could never move (deadSquare)
)

func onBoard(f, r int) bool { return f >= 1 && f <= 9 && r >= 1 && r <= 9 }

// stepDefs are the steps of each non-sliding move, from Black's side.
var stepDefs = [NumKinds][]dir{
	Pawn:   {{0, -1}},
	Knight: {{1, -2}, {-1, -2}},
	Silver: {{0, -1}, {1, -1}, {-1, -1}, {1, 1}, {-1, 1}},
	Gold:   {{0, -1}, {1, -1}, {-1, -1}, {1, 0}, {-1, 0}, {0, 1}},
	King:   {{0, -1}, {1, -1}, {-1, -1}, {1, 0}, {-1, 0}, {0, 1}, {1, 1}, {-1, 1}},
	Horse:  {{0, -1}, {0, 1}, {1, 0}, {-1, 0}},
	Dragon: {{1, -1}, {-1, -1}, {1, 1}, {-1, 1}},
}

func init() {
	for s := Square(0); s < NumSquares; s++ {
		f, r := s.File(), s.Rank()
		for d := 0; d < numDirs; d++ {
			for i := 1; ; i++ {
				nf, nr := f+dirs[d].df*i, r+dirs[d].dr*i
				if !onBoard(nf, nr) {
					break
				}
				t := Sq(nf, nr)
				rays[d][s].Set(t)
				lineDir[s][t] = int8(d) + 1 // stored +1 so the zero value means "none"
			}
		}
		for c := Black; c <= White; c++ {
			sign := 1
			if c == White {
				sign = -1
			}
			for k, ds := range stepDefs {
				for _, d := range ds {
					nf, nr := f+d.df*sign, r+d.dr*sign
					if onBoard(nf, nr) {
						stepAtt[c][k][s].Set(Sq(nf, nr))
					}
				}
			}
		}
	}
	for c := 0; c < 2; c++ {
		for _, k := range []Kind{ProPawn, ProLance, ProKnight, ProSilver} {
			stepAtt[c][k] = stepAtt[c][Gold]
		}
	}
	for s := Square(0); s < NumSquares; s++ {
		kingAtt[s] = stepAtt[Black][King][s]
		if s.InZone(Black) {
			zoneBB[Black].Set(s)
		}
		if s.InZone(White) {
			zoneBB[White].Set(s)
		}
		for n := 1; n <= 3; n++ {
			if s.RelRank(Black) <= n {
				lastRanks[Black][n-1].Set(s)
			}
			if s.RelRank(White) <= n {
				lastRanks[White][n-1].Set(s)
			}
		}
		fileBB[s.File()].Set(s)
		for d := 0; d < numDirs; d++ {
			sqRays[s][d] = rays[d][s]
			sqRaysFrom[s][d] = rays[d][s].Or(SquareBB(s))
		}
		rookPseudo[s] = rays[dirN][s].Or(rays[dirS][s]).Or(rays[dirE][s]).Or(rays[dirW][s])
		bishopPseudo[s] = rays[dirNE][s].Or(rays[dirNW][s]).Or(rays[dirSE][s]).Or(rays[dirSW][s])
		lancePseudo[Black][s] = rays[dirN][s]
		lancePseudo[White][s] = rays[dirS][s]
		for c := Black; c <= White; c++ {
			for k := Kind(0); k < NumKinds; k++ {
				if deadSquare(c, k, s) {
					deadBB[c][k].Set(s)
				}
			}
		}
	}
	initZobrist()
}

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
