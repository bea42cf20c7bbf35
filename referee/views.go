package referee

import (
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// PositionView returns what who may see of the true position p under variant v's
// information rules, with no game history (no fouls, no last move). Public gets
// what the channel sees. It is how the render command and tests turn a SFEN into
// a player's view; running games use Game.View.
func PositionView(v view.Variant, p *shogi.Position, who view.Viewer) view.View {
	out := view.Empty(v, who)
	out.Turn = p.SideToMove()
	out.MoveNumber = p.MoveNumber()
	switch v {
	case view.Tsuitate:
		tsuitateBoard(&out, p, who)
	case view.Dark:
		darkBoard(&out, p, who)
	default:
		openBoard(&out, p)
	}
	return out
}

// RevealedView returns the full position opened to everyone.
func RevealedView(v view.Variant, p *shogi.Position) view.View {
	out := view.Empty(v, view.ViewerPublic)
	out.Turn = p.SideToMove()
	out.MoveNumber = p.MoveNumber()
	openBoard(&out, p)
	out.Revealed = true
	return out
}

// openBoard shows every square and both hands (Standard, Masked, the reveal).
func openBoard(out *view.View, p *shogi.Position) {
	for s := shogi.Square(0); s < shogi.NumSquares; s++ {
		out.Board[s] = view.Cell{Piece: p.At(s), Known: true}
	}
	out.Hands = [2]shogi.Hand{p.Hand(shogi.Black), p.Hand(shogi.White)}
	out.HandKnown = [2]bool{true, true}
}
