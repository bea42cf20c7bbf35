package shogi

var (
	zPiece [32][NumSquares]uint64
	zHand  [2][King + 1]uint64
	zSide  uint64
)

// initZobrist fills the keys from a fixed splitmix64 stream, so keys are the
// same in every run and every build.
func initZobrist() {
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
}
