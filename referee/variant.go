package referee

import (
	"shinpan/referee/record"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// variants are the referees, one file each (open.go, tsuitate.go, masked.go,
// dark.go): adding a variant is adding its file and its line here.
var variants = map[view.Variant]func() variantRules{
	view.Standard: func() variantRules { return openRules{} },
	view.Tsuitate: func() variantRules { return tsuitateRules{} },
	view.Masked:   func() variantRules { return newMaskedRules() },
	view.Dark:     func() variantRules { return darkRules{} },
}

// variantRules is what differs between variants: how a player's text is read
// (against their own view) and judged (against the truth), what each audience
// is told after a move, what each player sees, the variant's state and house
// rules. A variant embeds baseRules for the hooks it does not use.
type variantRules interface {
	// board returns the position player c sees (hidden squares empty) and the
	// moves c may try on it.
	board(g *Game, c shogi.Color) (*shogi.Position, []shogi.Move)
	// explain gives the refusal of a move c typed (text) that is not among the
	// candidates, or nil when the notation's own error should be used.
	explain(g *Game, c shogi.Color, seen *shogi.Position, text string, m shogi.Move) *Refusal
	// wider returns more moves to read the text against when it names none of
	// the candidates, so that explain can say why; nil when the candidates are all
	// the player's board allows.
	wider(g *Game, seen *shogi.Position) []shogi.Move
	// judge decides an own-view-valid move on the true position.
	judge(g *Game, m shogi.Move) (Outcome, string)
	// moveEvents returns the events of an accepted move m by mover that captured
	// captured on m.To(), in the fixed order moved → capture → check; the end
	// is decided after.
	moveEvents(g *Game, mover shogi.Color, m shogi.Move, captured shogi.Piece) []view.Event
	// outcomeAfter decides the end after an accepted move, or nil.
	outcomeAfter(g *Game, mover shogi.Color, m shogi.Move, captured shogi.Piece) *view.Result
	// view fills the variant's part of who's view, whose board view.Of drew.
	view(g *Game, who view.Viewer, v *view.View)

	// checkStart refuses a start position that could not arise under the
	// variant's rules (RULES.md §1, impossible positions).
	checkStart(p *shogi.Position) error
	// defaults sets the variant's option defaults; validate checks its options.
	defaults(o *Options)
	validate(o Options) error
	// foulLimit is the fouls that lose, 0 when the variant has none.
	foulLimit(g *Game) int
	// setup applies a setup action (ActMask); pending reports whether the game
	// still waits for one; masks are the masks where they stand now.
	setup(g *Game, a Action) ([]view.Event, error)
	pending(g *Game) bool
	masks() [2]shogi.Square
	// setupActions are the setup actions a replay applies before the moves,
	// with the masks given (NoSquare: a default).
	setupActions(g *Game, masks [2]shogi.Square) []Action
	// declare applies an impasse declaration.
	declare(g *Game, a Action) ([]view.Event, error)
	// reveal fills the variant's part of the end-of-game reveal.
	reveal(g *Game, rv *view.Event)
	// record fills the variant's part of the game's record.
	record(g *Game, rec *record.Record)
	// clone returns an independent copy of the variant's state.
	clone() variantRules
}

// newRules returns variant v's referee, or false when v is unknown.
func newRules(v view.Variant) (variantRules, bool) {
	f, ok := variants[v]
	if !ok {
		return nil, false
	}
	return f(), true
}

var noMasks = [2]shogi.Square{shogi.NoSquare, shogi.NoSquare}

// baseRules are the hooks of a variant without setup, fouls or declaration.
type baseRules struct{}

func (baseRules) checkStart(p *shogi.Position) error           { return p.Validate() }
func (baseRules) defaults(*Options)                            {}
func (baseRules) validate(Options) error                       { return nil }
func (baseRules) foulLimit(*Game) int                          { return 0 }
func (baseRules) pending(*Game) bool                           { return false }
func (baseRules) masks() [2]shogi.Square                       { return noMasks }
func (baseRules) setupActions(*Game, [2]shogi.Square) []Action { return nil }
func (baseRules) reveal(*Game, *view.Event)                    {}
func (baseRules) setup(*Game, Action) ([]view.Event, error)    { return nil, refuse(RefMasksNotMasked) }
func (baseRules) declare(*Game, Action) ([]view.Event, error) {
	return nil, refuse(RefDeclareNotStandard)
}
func (baseRules) record(g *Game, rec *record.Record) { rec.Variant = string(g.variant) }

// mateResult is the end when the side to move, after mover's move, has no
// legal move on the true position: checkmate, or no legal move; nil otherwise.
func mateResult(g *Game, mover shogi.Color) *view.Result {
	if g.pos.HasLegalMove() {
		return nil
	}
	if g.pos.InCheck() {
		return &view.Result{Winner: colorPtr(mover), Reason: view.ReasonCheckmate}
	}
	return &view.Result{Winner: colorPtr(mover), Reason: view.ReasonNoLegalMove}
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
