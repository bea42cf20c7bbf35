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

// darkRules is Dark shogi (RULES.md §2 Dark; seed 004): a player sees the squares
// their pieces occupy or reach; any move their view allows is real, except that a
// drop onto a fogged occupied square bounces (told to the dropper only). No check,
// no mate: the king is captured. Moves are announced without squares; captures
// like Tsuitate.
type darkRules struct{}

// seenBoard returns c's pieces plus the enemy pieces on squares c sees, and c's hand.
func seenBoard(p *shogi.Position, c shogi.Color) *shogi.Position {
	q := ownOnly(p, c)
	vis := DarkVisible(p, c).And(p.Pieces(c.Opp()))
	for vis.Any() {
		s := vis.Pop()
		q.Put(s, p.At(s))
	}
	return q
}

func (darkRules) board(g *Game, c shogi.Color) (*shogi.Position, []shogi.Move) {
	q := seenBoard(g.pos, c)
	return q, q.PseudoMoves(nil)
}

func (darkRules) explain(g *Game, c shogi.Color, seen *shogi.Position, text string, m shogi.Move) *Refusal {
	return illegal(text, seen.PseudoReason(m))
}

func (darkRules) wider(g *Game, seen *shogi.Position) []shogi.Move { return nil }

func (darkRules) judge(g *Game, m shogi.Move) (Outcome, string) {
	if m.IsDrop() && g.pos.At(m.To()) != shogi.NoPiece {
		return Bounce, "occupied"
	}
	return Accepted, ""
}

func (darkRules) moveEvents(g *Game, mover shogi.Color, m shogi.Move, captured shogi.Piece) []view.Event {
	return hiddenMoveEvents(g, mover, m, captured, false)
}

func (darkRules) outcomeAfter(g *Game, mover shogi.Color, m shogi.Move, captured shogi.Piece) *view.Result {
	if captured.Kind() == shogi.King {
		return &view.Result{Winner: colorPtr(mover), Reason: view.ReasonKingCaptured}
	}
	if len(g.pos.PseudoMoves(nil)) == 0 {
		return &view.Result{Winner: colorPtr(mover), Reason: view.ReasonNoLegalMove}
	}
	return nil
}

func (darkRules) view(g *Game, who view.Viewer, v *view.View) {
	darkBoard(v, g.pos, who)
	if who == view.ViewerPublic {
		return
	}
	me := who.Color()
	v.LastMove = g.lastOwn[me]
	v.LostAt = g.lostAt[me]
}
