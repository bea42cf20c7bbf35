package referee

import (
	"shinpan/referee/notation"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// RulesVersion names the rule book a game is played under; the store keeps it
// with each game so a later rule change never rewrites an old game's replay.
const RulesVersion = "2026-11-29"

// Outcome classifies what an accepted action did.
type Outcome string

const (
	Accepted Outcome = "accepted" // a move was played, or a non-move action took effect
	Foul     Outcome = "foul"     // Tsuitate: judged illegal on the true position
	Bounce   Outcome = "bounce"   // Dark: a drop onto a fogged occupied square
	Refused  Outcome = "refused"  // Apply returned a *Refusal
)

// Game is one game's true state and its referee. It is deterministic: the same
// variant, options, start and actions give the same events. Not safe for
// concurrent use.
type Game struct {
	id      string
	variant view.Variant
	opts    Options
	rules   variantRules
	start   string
	pos     *shogi.Position
	hist    *shogi.History
	moves   []shogi.Move
	result  *view.Result
	seq     int // actions applied, refusals excluded

	fouls   [2]int
	foulLog []view.FoulRecord

	// What each player was told, for views and 同.
	lastOwn  [2]shogi.Move   // the player's own last accepted move
	lastSeen [2]shogi.Square // square of the last move the player saw (for 同)
	lostAt   [2]shogi.Square // where the player's piece was captured by the last move
	told     [2]bool         // the player was told "check" after the last move
	lastMove shogi.Move      // the last accepted move (open variants show it)
	// before is the board each viewer (Black, White, the channel) saw just
	// before the LastMove of their view, as SFEN, to write that move in a
	// notation; beforeTrue is the true position before lastMove.
	before     [3]string
	beforeTrue string
	// announced tallies the captures told to the channel, by captor.
	announced [2]shogi.Hand
	outcome   Outcome // of the last Apply
}

// New starts a game of variant v from sfen ("" or "startpos" for the standard
// start; its move number is the game's) with options o. id is the game's id, used
// in the Masked mask commitments.
func New(id string, v view.Variant, sfen string, o Options) (*Game, error) {
	if err := o.Validate(v); err != nil {
		return nil, err
	}
	if sfen == "" {
		sfen = "startpos"
	}
	p, err := shogi.ParseSFEN(sfen)
	if err != nil {
		return nil, err
	}
	rules, _ := newRules(v) // Validate knows v
	if err := rules.checkStart(p); err != nil {
		return nil, err
	}
	g := &Game{id: id, variant: v, opts: o, rules: rules, start: p.SFEN(), pos: p, hist: shogi.NewHistory(p.Key())}
	for c := range g.lastSeen {
		g.lastSeen[c], g.lostAt[c] = shogi.NoSquare, shogi.NoSquare
	}
	return g, nil
}

// Variant returns the game's variant.
func (g *Game) Variant() view.Variant { return g.variant }

// Options returns the game's options.
func (g *Game) Options() Options { return g.opts }

// StartSFEN returns the start position.
func (g *Game) StartSFEN() string { return g.start }

// Result returns the result, nil while the game goes on.
func (g *Game) Result() *view.Result { return g.result }

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.result != nil }

// Turn returns the side to move.
func (g *Game) Turn() shogi.Color { return g.pos.SideToMove() }

// MoveNumber returns the number of the move about to be played (SFEN numbering).
func (g *Game) MoveNumber() int { return g.pos.MoveNumber() }

// Fouls returns each side's foul count.
func (g *Game) Fouls() [2]int { return g.fouls }

// Seq returns how many actions have taken effect (refusals excluded).
func (g *Game) Seq() int { return g.seq }

// Moves returns the accepted moves.
func (g *Game) Moves() []shogi.Move { return append([]shogi.Move(nil), g.moves...) }

// FoulLog returns every foul attempt so far. It is hidden information until
// the game is over.
func (g *Game) FoulLog() []view.FoulRecord { return append([]view.FoulRecord(nil), g.foulLog...) }

// Masks returns both masks (NoSquare until chosen). Hidden until the game is over.
func (g *Game) Masks() [2]shogi.Square { return g.rules.masks() }

// NeedsMasks reports whether a Masked game still waits for a mask choice.
func (g *Game) NeedsMasks() bool {
	return g.rules.pending(g)
}

// MaskChosen reports whether c has chosen a mask.
func (g *Game) MaskChosen(c shogi.Color) bool { return g.rules.masks()[c] != shogi.NoSquare }

// LastOutcome returns the class of the last Apply.
func (g *Game) LastOutcome() Outcome { return g.outcome }

// TruePosition returns a copy of the true position. Only for the end of the
// game, storage snapshots and tests: never show it to a player while the game
// goes on.
func (g *Game) TruePosition() *shogi.Position { return g.pos.Clone() }

// Apply performs an action. It returns the events to send, in order, or a
// *Refusal (nothing changed) — for an unparsable or own-board-illegal move, a
// move out of turn, an action in a finished game. A foul or a bounce is not a
// refusal.
func (g *Game) Apply(a Action) ([]view.Event, error) {
	g.outcome = Refused
	if a.Player != shogi.Black && a.Player != shogi.White {
		return nil, refuse(RefUnknownPlayer)
	}
	if g.result != nil {
		return nil, refuse(RefGameOver)
	}
	var evs []view.Event
	var err error
	switch a.Kind {
	case ActMove:
		evs, err = g.applyMove(a)
	case ActMask:
		evs, err = g.rules.setup(g, a)
	case ActResign:
		evs = g.finish(nil, &view.Result{Winner: colorPtr(a.Player.Opp()), Reason: view.ReasonResignation})
	case ActTimeout:
		if g.NeedsMasks() {
			if g.MaskChosen(a.Player) {
				return nil, refuse(RefMaskChosen)
			}
		} else if a.Player != g.pos.SideToMove() {
			return nil, refuse(RefTimeoutNotMover)
		}
		evs = g.finish(nil, &view.Result{Winner: colorPtr(a.Player.Opp()), Reason: view.ReasonTimeout})
	case ActDeclare:
		evs, err = g.rules.declare(g, a)
	case ActDraw:
		evs = g.finish(nil, &view.Result{Reason: view.ReasonDrawAgreed})
	case ActAbort:
		if len(g.moves) >= 2 {
			return nil, refuse(RefAbortTooLate)
		}
		evs = g.finish(nil, &view.Result{Reason: view.ReasonAbort})
	case ActEnd:
		evs = g.finish(nil, &view.Result{Reason: view.ReasonModerator})
	default:
		return nil, &Refusal{Code: RefUnknownAction, Typed: string(a.Kind)}
	}
	if err != nil {
		g.outcome = Refused
		return nil, err
	}
	g.seq++
	if g.outcome == Refused {
		g.outcome = Accepted
	}
	return evs, nil
}

func colorPtr(c shogi.Color) *shogi.Color { return &c }

func (g *Game) applyMove(a Action) ([]view.Event, error) {
	c := a.Player
	if g.NeedsMasks() {
		return nil, refuse(RefMasksFirst)
	}
	if c != g.pos.SideToMove() {
		return nil, refuse(RefNotYourTurn)
	}
	text := notation.Unquote(a.Text) // “P*5e”, 「７六歩」: the move inside the quotes
	seen, cands := g.rules.board(g, c)
	m, err := notation.Resolve(seen, text, cands, g.lastSeen[c])
	if err != nil {
		// Say why on the player's own view when the text names one move:
		// USI, a move among the wider ones, a drop written out (P'5e,
		// ５五歩打), or Japanese without 打 that no piece of the player's
		// could make on their own board (１九歩), which can only be a drop.
		um, uerr := shogi.ParseUSI(text)
		if uerr != nil {
			if wide := g.rules.wider(g, seen); wide != nil {
				um, uerr = notation.Resolve(seen, text, wide, g.lastSeen[c])
			}
		}
		if uerr != nil {
			if d, ok := notation.NamedDrop(seen, text, g.lastSeen[c]); ok {
				um, uerr = d, nil
			}
		}
		if uerr != nil {
			if d, ok := notation.ImpliedDrop(view.OwnOnly(seen, c), text, g.lastSeen[c]); ok {
				um, uerr = d, nil
			}
		}
		if uerr == nil {
			if r := g.rules.explain(g, c, seen, text, um); r != nil {
				return nil, r
			}
		}
		return nil, &Refusal{Code: RefNotation, Cause: err}
	}
	out, why := g.rules.judge(g, m)
	switch out {
	case Foul:
		return g.foul(c, text, m, why), nil
	case Bounce:
		g.outcome = Bounce
		return []view.Event{{To: view.AudienceOf(c), Kind: view.EvBounce, Player: c, Number: g.pos.MoveNumber(), Move: m.USI()}}, nil
	}
	return g.play(c, m), nil
}

// play makes an accepted move on the true position and returns its events.
func (g *Game) play(c shogi.Color, m shogi.Move) []view.Event {
	captured := g.pos.At(m.To())
	if m.IsDrop() {
		captured = shogi.NoPiece
	}
	g.rememberBefore(c)
	g.pos.MakeMove(m)
	g.moves = append(g.moves, m)
	g.lastMove = m
	g.lastOwn[c] = m
	g.lastSeen[c] = m.To()
	g.lostAt[c] = shogi.NoSquare
	g.lostAt[c.Opp()] = shogi.NoSquare
	if captured != shogi.NoPiece {
		g.lostAt[c.Opp()] = m.To()
	}
	evs := g.rules.moveEvents(g, c, m, captured)
	g.told = [2]bool{}
	for _, e := range evs {
		if e.Kind == view.EvCapture && e.To == view.ToPublic && e.Player <= shogi.White {
			g.announced[e.Player][e.Piece.Kind().Unpromoted()]++
		}
		if e.Kind == view.EvCheck && e.To == view.AudienceOf(e.Player) {
			g.told[e.Player] = true
		}
	}
	res := g.rules.outcomeAfter(g, c, m, captured)
	if res == nil && g.opts.MoveLimit > 0 && g.pos.MoveNumber()-1 >= g.opts.MoveLimit {
		res = &view.Result{Reason: view.ReasonMoveLimit}
	}
	if res != nil {
		evs = g.finish(evs, res)
	}
	return evs
}

// rememberBefore keeps, for each viewer who will see mover's move as their
// last move, the board they see now: in hidden variants only the mover
// (their own board), in open ones everyone (the whole board).
func (g *Game) rememberBefore(mover shogi.Color) {
	g.beforeTrue = g.pos.SFEN()
	if !g.variant.Hidden() {
		g.before = [3]string{g.beforeTrue, g.beforeTrue, g.beforeTrue}
		return
	}
	seen, _ := g.rules.board(g, mover)
	g.before[mover] = seen.SFEN()
}

// foul records a Tsuitate foul: the move is undone (never made), the same player
// moves again.
func (g *Game) foul(c shogi.Color, text string, m shogi.Move, why string) []view.Event {
	g.outcome = Foul
	g.fouls[c]++
	g.foulLog = append(g.foulLog, view.FoulRecord{Player: c, Number: g.pos.MoveNumber(), Text: text, Move: m.USI(), Reason: why})
	n, limit := g.fouls[c], g.opts.FoulLimit
	ev := view.Event{Kind: view.EvFoul, Player: c, Number: g.pos.MoveNumber(), Count: n, Limit: limit}
	evs := []view.Event{withTo(ev, view.AudienceOf(c))}
	if g.opts.AnnounceFouls {
		evs = append(evs, withTo(ev, view.AudienceOf(c.Opp())), withTo(ev, view.ToPublic))
	}
	if n >= limit {
		evs = g.finish(evs, &view.Result{Winner: colorPtr(c.Opp()), Reason: view.ReasonFoulLimit})
	}
	return evs
}

func withTo(e view.Event, to view.Audience) view.Event { e.To = to; return e }

// toAll returns e addressed to Black, White and the channel, in that order.
func toAll(e view.Event) []view.Event {
	return []view.Event{withTo(e, view.ToBlack), withTo(e, view.ToWhite), withTo(e, view.ToPublic)}
}

// finish ends the game: the end event and the reveal, to all three audiences.
func (g *Game) finish(evs []view.Event, res *view.Result) []view.Event {
	g.result = res
	evs = append(evs, toAll(view.Event{Kind: view.EvEnd, Winner: res.Winner, Reason: res.Reason, Number: g.pos.MoveNumber()})...)
	rv := view.Event{Kind: view.EvReveal, SFEN: g.pos.SFEN(), Fouls: g.FoulLog(), Masks: noMasks, MasksAtEnd: noMasks}
	g.rules.reveal(g, &rv)
	for _, m := range g.moves {
		rv.Moves = append(rv.Moves, m.USI())
	}
	return append(evs, toAll(rv)...)
}

// View returns what who sees right now; after the end, a player's view is
// still their own (use RevealView for the opened board).
func (g *Game) View(who view.Viewer) view.View {
	v := view.Of(g.variant, g.pos, who)
	v.Result = g.result
	v.FoulLimit = g.rules.foulLimit(g)
	g.rules.view(g, who, &v)
	if v.LastMove != shogi.NoMove {
		v.LastMoveBefore = g.before[who]
	}
	return v
}

// RevealView returns the full position opened to everyone, with both masks
// and the foul counts. Only once the game is over; before that it returns the
// channel's view.
func (g *Game) RevealView() view.View {
	if g.result == nil {
		return g.View(view.ViewerPublic)
	}
	v := view.Revealed(g.variant, g.pos)
	v.Result = g.result
	v.Masks = g.rules.masks()
	v.Fouls = g.fouls
	v.FoulsKnown = [2]bool{true, true}
	v.FoulLimit = g.rules.foulLimit(g)
	v.LastMove = g.lastMove
	v.LastMoveBefore = g.beforeTrue
	return v
}

// Clone returns an independent copy of the game (for search and tests).
func (g *Game) Clone() *Game {
	c := *g
	c.pos = g.pos.Clone()
	c.hist = g.hist.Clone()
	c.moves = append([]shogi.Move(nil), g.moves...)
	c.foulLog = append([]view.FoulRecord(nil), g.foulLog...)
	c.rules = g.rules.clone()
	return &c
}

// PlayerBoard returns the position player c sees (squares c cannot see are
// empty; the opponent's hand is empty where hidden) and the moves c may try on
// it: what a player's typed text is read against, and what a player program or
// the reachable-squares feature may use. It holds nothing hidden from c.
func (g *Game) PlayerBoard(c shogi.Color) (*shogi.Position, []shogi.Move) {
	return g.rules.board(g, c)
}

// LastSeen returns the square of the last move player c saw (for 同), or
// NoSquare.
func (g *Game) LastSeen(c shogi.Color) shogi.Square { return g.lastSeen[c] }

// StartMoveNumber returns the move number of the start position.
func (g *Game) StartMoveNumber() int {
	p, err := shogi.ParseSFEN(g.start)
	if err != nil {
		return 1
	}
	return p.MoveNumber()
}
