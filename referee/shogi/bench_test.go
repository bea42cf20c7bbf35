package shogi

import "testing"

// BenchmarkPerft measures full perft (leaf counting at depth 1) and reports
// nodes/s, leaf nodes per second of wall time on one goroutine.
//
//	go test -bench BenchmarkPerft -run '^$' ./referee/shogi
func BenchmarkPerft(b *testing.B) {
	cases := []struct {
		name  string
		sfen  string
		depth int
		nodes uint64
	}{
		{"startpos-d4", StartSFEN, 4, 719731},
		// The matsuri middlegame: Black holds a rook and a gold, White a gold, a
		// silver, a knight and five pawns, so most moves at every ply are drops.
		{"drops-middlegame-d3", refSFEN("matsuri"), 3, 4809015},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			p := pfPos(b, c.sfen)
			b.ReportAllocs()
			var nodes uint64
			for b.Loop() {
				n := p.Perft(c.depth)
				if n != c.nodes {
					b.Fatalf("perft(%d) = %d, want %d", c.depth, n, c.nodes)
				}
				nodes += n
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// BenchmarkLegalMoves generates the legal moves of a mix of positions (quiet,
// drop-heavy, in check, the 593-move maximum); it must not allocate.
func BenchmarkLegalMoves(b *testing.B) {
	sfens := []string{
		StartSFEN,
		refSFEN("matsuri"),
		refSFEN("max-moves"),
		refSFEN("lebensblume-124"),
		refSFEN("gentest-6"),  // in check
		refSFEN("gentest-21"), // uchifuzume
		refSFEN("kings-and-hands"),
	}
	ps := make([]*Position, len(sfens))
	for i, s := range sfens {
		ps[i] = pfPos(b, s)
	}
	var buf [MaxMoves]Move
	b.ReportAllocs()
	moves := 0
	for b.Loop() {
		for _, p := range ps {
			moves += len(p.LegalMoves(buf[:0]))
		}
	}
	b.ReportMetric(float64(moves)/b.Elapsed().Seconds(), "moves/s")
}
