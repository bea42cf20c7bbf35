package referee

import (
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// darkRules is Dark shogi (RULES.md §2 Dark; seed 004): a player sees the squares
// their pieces occupy or reach; any move their view allows is real, except that a
// drop onto a fogged occupied square bounces (told to the dropper only). No check,
// no mate: the king is captured. Moves are announced without squares; captures
// like Tsuitate.
type darkRules struct{ baseRules }

func (r darkRules) clone() variantRules { return r }

// checkStart: a king may be left attacked and captured, so only nifu and the
// like make a start impossible.
func (darkRules) checkStart(p *shogi.Position) error { return p.ValidatePseudo() }

// defaults: a draw after move 300.
func (darkRules) defaults(o *Options) { o.MoveLimit = 300 }

func (darkRules) board(g *Game, c shogi.Color) (*shogi.Position, []shogi.Move) {
	q := view.DarkSeen(g.pos, c)
	return q, view.Candidates(view.Dark, q, shogi.NoSquare, false)
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
	if who == view.ViewerPublic {
		return
	}
	me := who.Color()
	v.LastMove = g.lastOwn[me]
	v.LostAt = g.lostAt[me]
}
