package referee

import (
	"shinpan/referee/record"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// openRules is standard shogi (RULES.md §2 Standard): everything is visible to
// both players and the channel; illegal moves are refused with the reason.
type openRules struct{ baseRules }

func (r openRules) clone() variantRules { return r }

func (openRules) record(*Game, *record.Record) {} // standard shogi needs no variant name

// declare: the side to move declares impasse (jishogi) by the CSA 27-point
// rule (RULES.md §1), in standard shogi only.
func (openRules) declare(g *Game, a Action) ([]view.Event, error) {
	if a.Player != g.pos.SideToMove() {
		return nil, refuse(RefDeclareNotOnTurn)
	}
	if err := g.pos.CheckImpasse(); err != nil {
		return nil, &Refusal{Code: RefImpasse, Cause: err}
	}
	return g.finish(nil, &view.Result{Winner: colorPtr(a.Player), Reason: view.ReasonImpasse}), nil
}

func (openRules) board(g *Game, c shogi.Color) (*shogi.Position, []shogi.Move) {
	return g.pos.Clone(), view.Candidates(view.Standard, g.pos, shogi.NoSquare, false)
}

func (openRules) explain(g *Game, c shogi.Color, seen *shogi.Position, text string, m shogi.Move) *Refusal {
	return illegal(text, seen.LegalReason(m))
}

func (openRules) wider(g *Game, seen *shogi.Position) []shogi.Move { return seen.PseudoMoves(nil) }

func (openRules) judge(g *Game, m shogi.Move) (Outcome, string) { return Accepted, "" }

func (openRules) moveEvents(g *Game, mover shogi.Color, m shogi.Move, captured shogi.Piece) []view.Event {
	num := g.pos.MoveNumber() - 1
	g.lastSeen[mover.Opp()] = m.To()
	evs := toAll(view.Event{Kind: view.EvMoved, Player: mover, Number: num, Move: m.USI()})
	if captured != shogi.NoPiece {
		evs = append(evs, toAll(view.Event{Kind: view.EvCapture, Player: mover, Number: num, Square: m.To(), Piece: captured})...)
	}
	check := g.pos.InCheck()
	g.hist.Push(g.pos.Key(), mover, check)
	if check {
		evs = append(evs, toAll(view.Event{Kind: view.EvCheck, Player: mover.Opp(), Number: num})...)
	}
	return evs
}

func (openRules) outcomeAfter(g *Game, mover shogi.Color, m shogi.Move, captured shogi.Piece) *view.Result {
	if r := mateResult(g, mover); r != nil {
		return r
	}
	return sennichite(g)
}

func (openRules) view(g *Game, who view.Viewer, v *view.View) {
	v.LastMove = g.lastMove
	if who == view.ViewerPublic || who.Color() == g.pos.SideToMove() {
		v.InCheck = g.pos.InCheck()
	}
	if who != view.ViewerPublic {
		v.LostAt = g.lostAt[who.Color()]
	}
}
