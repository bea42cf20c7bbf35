package referee

import (
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// tsuitateBoard: a player sees their own pieces and hand only; every other square
// is unknown (RULES.md §2 Tsuitate). The channel sees nothing of the board.
func tsuitateBoard(out *view.View, p *shogi.Position, who view.Viewer) {
	if who == view.ViewerPublic {
		return
	}
	me := who.Color()
	for s := shogi.Square(0); s < shogi.NumSquares; s++ {
		if pc := p.At(s); pc != shogi.NoPiece && pc.Color() == me {
			out.Board[s] = view.Cell{Piece: pc, Known: true}
		}
	}
	out.Hands[me] = p.Hand(me)
	out.HandKnown[me] = true
}
