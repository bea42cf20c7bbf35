package referee

import (
	"shinpan/referee/record"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// tsuitateRules is Tsuitate shogi (RULES.md §2 Tsuitate; seeds 000, 002): each
// player sees only their own pieces and hand; a move is first checked on the
// player's own board (refused with the reason, no foul), then judged on the true
// position (a foul if illegal there). Moves, captures, checks and (by option)
// fouls are announced to both players and the channel without squares or pieces
// except a captured piece and its square.
type tsuitateRules struct{ baseRules }

func (r tsuitateRules) clone() variantRules { return r }

// defaults: ten fouls lose; a draw after move 150.
func (tsuitateRules) defaults(o *Options) { o.FoulLimit, o.MoveLimit = 10, 150 }

func (tsuitateRules) validate(o Options) error {
	if o.FoulLimit < 1 || o.FoulLimit > 20 {
		return &OptionError{Option: "foul_limit", Min: 1, Max: 20, Got: o.FoulLimit}
	}
	return nil
}

func (tsuitateRules) foulLimit(g *Game) int { return g.opts.FoulLimit }

// board: the player's own pieces and hand and, with king_visible, the
// opponent's king, an obstacle (RULES.md Decision: a move through it, onto it
// or next to it with the own king is refused, never a foul).
func (tsuitateRules) board(g *Game, c shogi.Color) (*shogi.Position, []shogi.Move) {
	q := view.OwnOnly(g.pos, c)
	if g.opts.KingVisible {
		view.WithKing(q, g.pos, c.Opp())
	}
	return q, view.Candidates(view.Tsuitate, q, shogi.NoSquare, false)
}

func (tsuitateRules) explain(g *Game, c shogi.Color, seen *shogi.Position, text string, m shogi.Move) *Refusal {
	return illegal(text, seen.SeenBoardReason(m))
}

func (tsuitateRules) wider(g *Game, seen *shogi.Position) []shogi.Move { return nil }

// judge: a move legal on the own board is a foul when the true position makes it
// illegal: a slide through a hidden piece, a drop onto one, the king left in or
// moved into check, a pawn-drop mate.
func (tsuitateRules) judge(g *Game, m shogi.Move) (Outcome, string) {
	if r := g.pos.LegalReason(m); r != shogi.NoReason {
		return Foul, r.Code()
	}
	return Accepted, ""
}

func (tsuitateRules) moveEvents(g *Game, mover shogi.Color, m shogi.Move, captured shogi.Piece) []view.Event {
	return hiddenMoveEvents(g, mover, m, captured, true)
}

// hiddenMoveEvents: the mover learns their own move; the opponent and the channel
// only that a move was made; a capture is announced to all with its square and the
// piece as it stood; check (Tsuitate only) to all without direction.
func hiddenMoveEvents(g *Game, mover shogi.Color, m shogi.Move, captured shogi.Piece, announceCheck bool) []view.Event {
	num := g.pos.MoveNumber() - 1
	moved := view.Event{Kind: view.EvMoved, Player: mover, Number: num}
	own := moved
	own.Move = m.USI()
	evs := []view.Event{withTo(own, view.AudienceOf(mover)), withTo(moved, view.AudienceOf(mover.Opp())), withTo(moved, view.ToPublic)}
	if captured != shogi.NoPiece {
		g.lastSeen[mover.Opp()] = m.To()
		evs = append(evs, toAll(view.Event{Kind: view.EvCapture, Player: mover, Number: num, Square: m.To(), Piece: captured})...)
	}
	if announceCheck && g.pos.InCheck() {
		evs = append(evs, toAll(view.Event{Kind: view.EvCheck, Player: mover.Opp(), Number: num})...)
	}
	return evs
}

// outcomeAfter: the referee checks mate at once on the true position (RULES.md
// Decision); there is no repetition rule.
func (tsuitateRules) outcomeAfter(g *Game, mover shogi.Color, m shogi.Move, captured shogi.Piece) *view.Result {
	return mateResult(g, mover)
}

// view: fouls as announced, the player's own last move, loss and check; with
// king_visible the opponent's king (the channel: both kings) on its square.
func (tsuitateRules) view(g *Game, who view.Viewer, v *view.View) {
	v.Fouls = g.fouls
	if g.opts.KingVisible {
		for c := shogi.Black; c <= shogi.White; c++ {
			if who == view.ViewerPublic || c != who.Color() {
				v.ShowKing(g.pos, c)
			}
		}
	}
	if who == view.ViewerPublic {
		v.FoulsKnown = [2]bool{g.opts.AnnounceFouls, g.opts.AnnounceFouls}
		if !g.opts.AnnounceFouls {
			v.Fouls = [2]int{}
		}
		return
	}
	me := who.Color()
	v.FoulsKnown[me] = true
	v.FoulsKnown[me.Opp()] = g.opts.AnnounceFouls
	if !v.FoulsKnown[me.Opp()] {
		v.Fouls[me.Opp()] = 0
	}
	v.LastMove = g.lastOwn[me]
	v.LostAt = g.lostAt[me]
	v.InCheck = g.told[me]
}

// KingVisibleNote is the record's header note of a game under king_visible
// (KIF "備考：…", a CSA comment): the moves read the same without it.
const KingVisibleNote = "king_visible（玉位置公開）"

// record names the variant and notes king_visible in the header.
func (tsuitateRules) record(g *Game, rec *record.Record) {
	rec.Variant = string(g.variant)
	if g.opts.KingVisible {
		rec.Header = append(rec.Header, record.HeaderField{Key: "備考", Value: KingVisibleNote})
	}
}
