package referee

import (
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// openRules is standard shogi (RULES.md §2 Standard): everything is visible to
// both players and the channel; illegal moves are refused with the reason.
type openRules struct{}

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
	if !g.pos.HasLegalMove() {
		if g.pos.InCheck() {
			return &view.Result{Winner: colorPtr(mover), Reason: view.ReasonCheckmate}
		}
		return &view.Result{Winner: colorPtr(mover), Reason: view.ReasonNoLegalMove}
	}
	return sennichite(g)
}

// sennichite decides a fourfold repetition (RULES.md §1): a draw, or a loss for
// the side that gave check with every move of the cycle.
func sennichite(g *Game) *view.Result {
	four, perpetual, loser := g.hist.Sennichite()
	if !four {
		return nil
	}
	if perpetual {
		return &view.Result{Winner: colorPtr(loser.Opp()), Reason: view.ReasonPerpetualCheck}
	}
	return &view.Result{Reason: view.ReasonSennichite}
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
