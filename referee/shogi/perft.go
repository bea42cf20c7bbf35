package shogi

// Perft counts the leaf nodes of the legal move tree to the given depth (every
// legal move, optional non-promotions included). Depth 0 is 1.
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	var buf [MaxMoves]Move
	moves := p.LegalMoves(buf[:0])
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		u := p.MakeMove(m)
		n += p.Perft(depth - 1)
		p.UnmakeMove(m, u)
	}
	return n
}

// Divide returns the perft count below each legal move.
func (p *Position) Divide(depth int) map[Move]uint64 {
	out := map[Move]uint64{}
	var buf [MaxMoves]Move
	for _, m := range p.LegalMoves(buf[:0]) {
		u := p.MakeMove(m)
		out[m] = p.Perft(depth - 1)
		p.UnmakeMove(m, u)
	}
	return out
}
