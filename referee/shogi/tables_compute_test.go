package shogi

// The code that computes the tables in tables.go (generated from it by
// TestTablesAreGenerated; go generate rewrites tables.go).

var dirs = [numDirs]dir{
	dirN: {0, -1}, dirS: {0, 1}, dirE: {-1, 0}, dirW: {1, 0},
	dirNE: {-1, -1}, dirNW: {1, -1}, dirSE: {-1, 1}, dirSW: {1, 1},
}

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

// computeTables computes every table of attacks.go and zobrist.go; tables.go
// holds its result as literals, so that starting a program costs nothing.
func computeTables() *tableSet {
	tb := &tableSet{}
	for s := Square(0); s < NumSquares; s++ {
		f, r := s.File(), s.Rank()
		for d := 0; d < numDirs; d++ {
			for i := 1; ; i++ {
				nf, nr := f+dirs[d].df*i, r+dirs[d].dr*i
				if !onBoard(nf, nr) {
					break
				}
				t := Sq(nf, nr)
				tb.rays[d][s].Set(t)
				tb.lineDir[s][t] = int8(d) + 1 // stored +1 so the zero value means "none"
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
						tb.stepAtt[c][k][s].Set(Sq(nf, nr))
					}
				}
			}
		}
	}
	for c := 0; c < 2; c++ {
		for _, k := range []Kind{ProPawn, ProLance, ProKnight, ProSilver} {
			tb.stepAtt[c][k] = tb.stepAtt[c][Gold]
		}
	}
	for s := Square(0); s < NumSquares; s++ {
		tb.kingAtt[s] = tb.stepAtt[Black][King][s]
		if s.InZone(Black) {
			tb.zoneBB[Black].Set(s)
		}
		if s.InZone(White) {
			tb.zoneBB[White].Set(s)
		}
		for n := 1; n <= 3; n++ {
			if s.RelRank(Black) <= n {
				tb.lastRanks[Black][n-1].Set(s)
			}
			if s.RelRank(White) <= n {
				tb.lastRanks[White][n-1].Set(s)
			}
		}
		tb.fileBB[s.File()].Set(s)
		for d := 0; d < numDirs; d++ {
			tb.sqRays[s][d] = tb.rays[d][s]
			tb.sqRaysFrom[s][d] = tb.rays[d][s].Or(SquareBB(s))
		}
		tb.rookPseudo[s] = tb.rays[dirN][s].Or(tb.rays[dirS][s]).Or(tb.rays[dirE][s]).Or(tb.rays[dirW][s])
		tb.bishopPseudo[s] = tb.rays[dirNE][s].Or(tb.rays[dirNW][s]).Or(tb.rays[dirSE][s]).Or(tb.rays[dirSW][s])
		tb.lancePseudo[Black][s] = tb.rays[dirN][s]
		tb.lancePseudo[White][s] = tb.rays[dirS][s]
		for c := Black; c <= White; c++ {
			for k := Kind(0); k < NumKinds; k++ {
				if deadSquare(c, k, s) {
					tb.deadBB[c][k].Set(s)
				}
			}
		}
	}
	tb.zPiece, tb.zHand, tb.zSide = zobristKeys()
	return tb
}

// tableSet holds the tables computeTables fills, by their names in tables.go.
type tableSet struct {
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

	// Zobrist keys: by piece code and square, by colour and kind in hand, the side to move.
	zPiece [32][NumSquares]uint64
	zHand  [2][King + 1]uint64
	zSide  uint64
}

// zobristKeys returns the keys from a fixed splitmix64 stream, so keys are the
// same in every run and every build.
func zobristKeys() (zPiece [32][NumSquares]uint64, zHand [2][King + 1]uint64, zSide uint64) {
	x := uint64(0x5348494e50414e21) // "SHINPAN!"
	next := func() uint64 {
		x += 0x9e3779b97f4a7c15
		z := x
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		return z ^ z>>31
	}
	for pc := range zPiece {
		for s := range zPiece[pc] {
			zPiece[pc][s] = next()
		}
	}
	for c := range zHand {
		for k := range zHand[c] {
			zHand[c][k] = next()
		}
	}
	zSide = next()
	return zPiece, zHand, zSide
}
