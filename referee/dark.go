package referee

import (
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// DarkVisible returns the squares side c sees in Dark shogi: those holding its
// pieces and those its pieces reach under shogi movement, a slider seeing up to
// and including the first occupied square (RULES.md §2 Dark; seed 004).
func DarkVisible(p *shogi.Position, c shogi.Color) shogi.Bitboard {
	own := p.Pieces(c)
	occ := p.Occupied()
	vis := own
	b := own
	for b.Any() {
		s := b.Pop()
		vis = vis.Or(shogi.Attacks(p.At(s), s, occ))
	}
	return vis
}

// darkBoard: own pieces, the visible squares and what stands on them, own hand.
// The channel sees nothing of the board.
func darkBoard(out *view.View, p *shogi.Position, who view.Viewer) {
	if who == view.ViewerPublic {
		return
	}
	me := who.Color()
	vis := DarkVisible(p, me)
	for vis.Any() {
		s := vis.Pop()
		out.Board[s] = view.Cell{Piece: p.At(s), Known: true}
	}
	out.Hands[me] = p.Hand(me)
	out.HandKnown[me] = true
}
