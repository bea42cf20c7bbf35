package shogi

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

// positive reports whether stepping in d increases the square index.
func (d dir) positive() bool { return d.dr*9-d.df > 0 }

var (
	rays      [numDirs][NumSquares]Bitboard
	stepAtt   [2][NumKinds][NumSquares]Bitboard // non-sliding part of each piece's attack
	between   [NumSquares][NumSquares]Bitboard  // squares strictly between two aligned squares
	lineDir   [NumSquares][NumSquares]int8      // direction from a to b, -1 when not aligned
	kingAtt   [NumSquares]Bitboard
	zoneBB    [2]Bitboard
	lastRanks [2][3]Bitboard // [c][n-1]: c's last n ranks
	fileBB    [10]Bitboard   // by file 1..9
)

func onBoard(f, r int) bool { return f >= 1 && f <= 9 && r >= 1 && r <= 9 }

var stepDefs = map[Kind][]dir{
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
		for t := Square(0); t < NumSquares; t++ {
			d := int(lineDir[s][t]) - 1
			if d < 0 {
				continue
			}
			between[s][t] = rays[d][s].AndNot(rays[d][t]).AndNot(SquareBB(t))
		}
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
	}
	initZobrist()
}

// slide returns the squares a slider on s reaches in direction d, up to and
// including the first occupied square.
func slide(d int, s Square, occ Bitboard) Bitboard {
	r := rays[d][s]
	b := r.And(occ)
	if b.Empty() {
		return r
	}
	var blk Square
	if dirs[d].positive() {
		blk = b.First()
	} else {
		blk = b.Last()
	}
	return r.AndNot(rays[d][blk])
}

func rookAttacks(s Square, occ Bitboard) Bitboard {
	return slide(dirN, s, occ).Or(slide(dirS, s, occ)).Or(slide(dirE, s, occ)).Or(slide(dirW, s, occ))
}

func bishopAttacks(s Square, occ Bitboard) Bitboard {
	return slide(dirNE, s, occ).Or(slide(dirNW, s, occ)).Or(slide(dirSE, s, occ)).Or(slide(dirSW, s, occ))
}

func lanceAttacks(c Color, s Square, occ Bitboard) Bitboard {
	if c == Black {
		return slide(dirN, s, occ)
	}
	return slide(dirS, s, occ)
}

// Attacks returns the squares piece p on s attacks given the occupancy occ
// (sliders stop at and include the first occupied square).
func Attacks(p Piece, s Square, occ Bitboard) Bitboard {
	c, k := p.Color(), p.Kind()
	switch k {
	case Lance:
		return lanceAttacks(c, s, occ)
	case Bishop:
		return bishopAttacks(s, occ)
	case Rook:
		return rookAttacks(s, occ)
	case Horse:
		return bishopAttacks(s, occ).Or(kingAtt[s])
	case Dragon:
		return rookAttacks(s, occ).Or(kingAtt[s])
	case NoKind:
		return Bitboard{}
	}
	return stepAtt[c][k][s]
}

// Between returns the squares strictly between a and b when they share a rank,
// file or diagonal, else the empty set.
func Between(a, b Square) Bitboard { return between[a][b] }
