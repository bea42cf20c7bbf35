package player

import (
	"context"
	"math"
	"sort"
	"sync"
	"time"

	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// hiddenPlayer is the strong level in Tsuitate and Dark shogi. It keeps a
// particle filter over the true position and scores each move it may try as
//
//	P(legal) × mean search value over the particles + (1 − P(legal)) × foul value
//
// where the search is a short alpha-beta with quiescence (and mate found one
// ply deep) on each particle, deepened for the best few moves while the think
// time lasts, and the foul value is what the player keeps after the foul (it
// moves again) less a cost that rises as its fouls are used up (Tsuitate), or
// less a small cost for a bounce (Dark).
type hiddenPlayer struct {
	*base
	f         *filter
	inited    bool
	pending   []pendingObs
	searchers []*searcher
	mode      searchMode

	// Calibration of the chance of being legal, out of check, by class of
	// move (drop, slide, king step, other step): the failures expected and
	// seen this game, so that a player whose particles prove too sure learns
	// to doubt them.
	calib       [4]struct{ expected, seen float64 }
	attempt     shogi.Move
	attemptC    int
	attemptP    float64
	attemptOpen bool
	cands       []shogi.Move // the candidates being scored
	baseline    int          // the mean static value the searched values are taken from
	kingDoubt   float64      // 1 − the share of the particles' likeliest enemy king square
	checkVal    int          // what a check is worth this decision (checkBonus, strong: more)

	// For tests: the last decision's figures.
	lastStats decisionStats
}

type pendingObs struct {
	v       view.View
	evs     []view.Event
	attempt shogi.Move
}

type decisionStats struct {
	candidates, unique int
	depth              int // deepest stage with results
	particles          [6]int
	pLegal             float64 // of the chosen move
	maxPLegal          float64 // the likeliest candidate's
}

func particleCount(cfg Config, frozen bool) int {
	if cfg.Particles > 0 {
		return cfg.Particles
	}
	n := int(cfg.MoveTime / (200 * time.Microsecond))
	if frozen {
		return min(max(n, 64), 256)
	}
	if cfg.Variant == view.Tsuitate && cfg.MoveTime >= 900*time.Millisecond {
		// Strong, Tsuitate, a think of about a second: the time pays as a
		// surer belief (checks and fouls decide these games) more than as
		// depth on the same one.
		return 2048
	}
	// Strong: 256 from 52 ms as the baseline, then one per millisecond up
	// to 512 (from 512 ms): a longer think searches more of them.
	return min(max(n, 64), max(256, min(int(cfg.MoveTime/time.Millisecond), 512)))
}

func newHiddenPlayer(b *base) *hiddenPlayer {
	h := &hiddenPlayer{base: b, mode: smLegal}
	if b.cfg.Variant == view.Dark {
		h.mode = smDark
	}
	h.f = newFilter(b.me, b.cfg.Variant, particleCount(b.cfg, b.frozen), b.rng)
	h.f.kingVisible = b.cfg.Variant == view.Tsuitate && b.cfg.KingVisible
	h.f.blindShots = b.cfg.Variant == view.Dark && !b.frozen
	switch {
	case b.frozen:
	case b.cfg.Variant == view.Dark:
		h.f.policy = &darkPolicy
	case b.cfg.Variant == view.Tsuitate:
		h.f.policy = &tsuitatePolicy
	}
	return h
}

func (h *hiddenPlayer) Observe(v view.View, evs []view.Event) {
	h.base.observe(v, evs)
	h.pending = append(h.pending, pendingObs{v: v, evs: append([]view.Event(nil), evs...), attempt: h.lastMove})
}

// catchUp applies the observations received since the last decision.
func (h *hiddenPlayer) catchUp() {
	for i := range h.pending {
		o := &h.pending[i]
		if !h.inited {
			h.f.init(&o.v)
			h.inited = true
			continue
		}
		h.apply(o)
	}
	h.pending = h.pending[:0]
	if !h.inited && h.haveView {
		h.f.init(&h.v)
		h.inited = true
	}
}

// apply reads one action's events and filters the particles by them.
func (h *hiddenPlayer) apply(o *pendingObs) {
	var (
		ours, theirs   bool
		ourMove        = shogi.NoMove
		capSq          = shogi.NoSquare
		capPc          shogi.Piece
		checked        [2]bool
		ourFail        bool
		oppFoul, ended bool
	)
	for _, e := range o.evs {
		switch e.Kind {
		case view.EvMoved:
			if e.Player == h.me {
				ours = true
				if m, err := shogi.ParseUSI(e.Move); err == nil {
					ourMove = m
				} else {
					ourMove = o.attempt
				}
			} else {
				theirs = true
			}
		case view.EvCapture:
			capSq, capPc = e.Square, e.Piece
		case view.EvCheck:
			checked[e.Player] = true
		case view.EvFoul:
			if e.Player == h.me {
				ourFail = true
			} else {
				oppFoul = true
			}
		case view.EvBounce:
			ourFail = true
		case view.EvEnd:
			ended = true
		}
	}
	if ended {
		return
	}
	switch {
	case ours && ourMove != shogi.NoMove:
		h.noteAttempt(ourMove, false)
		h.f.ourMove(ourMove, capPc, checked[h.me.Opp()], &o.v)
	case theirs:
		h.f.oppMove(capSq, capPc, checked[h.me], &o.v)
	case ourFail && o.attempt != shogi.NoMove:
		h.noteAttempt(o.attempt, true)
		h.f.ourFailure(o.attempt, &o.v)
	case oppFoul:
		h.f.oppFoul(&o.v)
	}
}

func (h *hiddenPlayer) searcher(i int) *searcher {
	for len(h.searchers) <= i {
		h.searchers = append(h.searchers, newSearcher(h.mode, h.me))
	}
	return h.searchers[i]
}

func (h *hiddenPlayer) Act(ctx context.Context) Action {
	start := time.Now()
	h.catchUp()
	p, cands := knownBoard(&h.v, h.me, false)
	cands = h.untried(cands)
	if h.cfg.Variant == view.Tsuitate && h.v.InCheck && !h.frozen {
		cands = possibleAnswers(p, h.me, cands)
	}
	if len(cands) == 0 {
		return h.moveAction(shogi.NoMove)
	}
	if len(cands) == 1 || len(h.f.parts) == 0 {
		return h.moveAction(cands[h.rng.Intn(len(cands))])
	}
	deadline := thinkDeadline(ctx, start, h.cfg.MoveTime)
	cands = h.prune(p, cands)
	return h.moveAction(h.decide(cands, start, deadline))
}

// prune keeps every board move and the drops worth searching: near the enemy
// king as the particles place it, next to the own king, attacking squares the
// enemy very likely holds, and a few others at random.
func (h *hiddenPlayer) prune(p *shogi.Position, cands []shogi.Move) []shogi.Move {
	them := h.me.Opp()
	var kingNear [shogi.NumSquares]float64
	n := float64(len(h.f.parts))
	for i := range h.f.parts {
		if k := h.f.parts[i].KingSquare(them); k != shogi.NoSquare {
			kingNear[k] += 1 / n
		}
	}
	top := 0.0
	for _, x := range kingNear {
		top = max(top, x)
	}
	h.kingDoubt = 1 - top
	var near shogi.Bitboard // within two squares of a likely enemy king square
	for s := shogi.Square(0); s < shogi.NumSquares; s++ {
		if kingNear[s] >= 0.08 {
			z := kingZone[s]
			near = near.Or(z)
			for b := z; b.Any(); {
				near = near.Or(kingZone[b.Pop()])
			}
		}
	}
	own := shogi.Bitboard{}
	if k := p.KingSquare(h.me); k != shogi.NoSquare {
		own = kingZone[k]
	}
	occ := h.f.occupancy()
	var likely shogi.Bitboard
	for s, x := range occ {
		if x >= 0.6 {
			likely.Set(shogi.Square(s))
		}
	}
	out := make([]shogi.Move, 0, len(cands))
	type scored struct {
		m     shogi.Move
		cover float64
	}
	var rest []scored
	for _, m := range cands {
		if !m.IsDrop() {
			out = append(out, m)
			continue
		}
		to := m.To()
		att := shogi.Attacks(shogi.MakePiece(h.me, m.DropKind()), to, p.Occupied())
		switch {
		case near.Has(to), own.Has(to):
			out = append(out, m)
		case att.And(likely).Any() && m.DropKind() != shogi.Pawn:
			out = append(out, m)
		default:
			// How much of the enemy king's likely squares the piece would
			// reach (Dark: would see) from there.
			c := 0.0
			for b := att; b.Any(); {
				c += kingNear[b.Pop()]
			}
			rest = append(rest, scored{m, c + h.rng.Float64()*1e-3})
		}
	}
	sort.Slice(rest, func(i, j int) bool { return rest[i].cover > rest[j].cover })
	keep := min(len(rest), 10)
	for _, r := range rest[:keep] {
		out = append(out, r.m)
	}
	rest = rest[keep:]
	h.rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	for _, r := range rest[:min(len(rest), 4)] {
		out = append(out, r.m)
	}
	return out
}

// uniqueParticles groups equal particles: each distinct position once, with
// its share of the set.
func (h *hiddenPlayer) uniqueParticles() ([]*shogi.Position, []float64) {
	idx := map[uint64]int{}
	var ps []*shogi.Position
	var ws []float64
	n := float64(len(h.f.parts))
	for i := range h.f.parts {
		k := h.f.parts[i].Key()
		if j, ok := idx[k]; ok {
			ws[j] += 1 / n
			continue
		}
		idx[k] = len(ps)
		ps = append(ps, h.f.parts[i].Clone())
		ws = append(ws, 1/n)
	}
	// Heaviest first: when time runs short the likeliest positions are searched.
	order := make([]int, len(ps))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return ws[order[a]] > ws[order[b]] })
	ps2 := make([]*shogi.Position, len(ps))
	ws2 := make([]float64, len(ps))
	for i, j := range order {
		ps2[i], ws2[i] = ps[j], ws[j]
	}
	return ps2, ws2
}

// debugDecide, when set (tests), is told each stage's best candidates.
var debugDecide func(format string, args ...any)

// minGamble is the least chance of being legal a Tsuitate move needs, out of
// check and short of a mate.
const minGamble = 0.6

// minGambleDrop is the same for a drop: a drop is seldom urgent, and the
// squares it lands on hold more unseen pieces than the particles think.
const minGambleDrop = 0.85

// The strong level in Tsuitate, out of check and ahead by more than
// strongAhead (the particles' mean static value), tries only moves at least
// strongMinGamble (drops strongMinGambleDrop) likely to be legal, bar a likely
// mate: a lead needs no gamble. Level or behind, it gambles as baseline does.
// strongCheckCost scales the foul's cost in check. Variables, so that the
// diagnostics (diag_test.go) can try others.
var (
	strongMinGamble     = 0.97
	strongMinGambleDrop = 0.97
	strongAhead         = 500.0
	strongCheckCost     = 2.5
)

// checkBonus is what a check is worth in Tsuitate beyond the search: the
// opponent is told only "check" and may foul looking for the answer.
const checkBonus = 120

// mateShare is the share of the particles in which a move wins that makes it
// worth a gamble below minGamble.
const mateShare = 0.25

// infoBonus is what learning whether the enemy king stands in a move's reach
// is worth, at one bit.
const infoBonus = 40

// valueClamp bounds one particle's value so that a mate in a few particles
// weighs a lot but does not drown the mean.
const valueClamp = 4000

// stageAcc accumulates one stage's values for the candidates.
type stageAcc struct {
	wsum []float64 // weight of the particles evaluated where the move is legal
	vsum []float64
	csum []float64 // weight of those where it gives check
	msum []float64 // weight of those where it wins (mate found)
	seen float64   // weight of the particles evaluated
	n    int
}

func newStageAcc(n int) *stageAcc {
	return &stageAcc{wsum: make([]float64, n), vsum: make([]float64, n), csum: make([]float64, n), msum: make([]float64, n)}
}

func (a *stageAcc) add(b *stageAcc) {
	for i := range a.wsum {
		a.wsum[i] += b.wsum[i]
		a.vsum[i] += b.vsum[i]
		a.csum[i] += b.csum[i]
		a.msum[i] += b.msum[i]
	}
	a.seen += b.seen
	a.n += b.n
}

// decide scores the candidates over the particles in stages of rising depth
// and returns the best.
func (h *hiddenPlayer) decide(cands []shogi.Move, start, deadline time.Time) shogi.Move {
	h.cands = cands
	parts, ws := h.uniqueParticles()
	if h.cfg.Variant == view.Tsuitate && h.v.InCheck {
		if !h.frozen {
			parts, ws = h.checkedParticles(parts, ws)
		}
		parts, ws = h.withOtherCheckers(parts, ws)
	}
	nc := len(cands)
	// Legality of every candidate on every particle, and the static value.
	legal := make([][]bool, len(parts))
	pLegal := make([]float64, nc)
	for j, p := range parts {
		legal[j] = make([]bool, nc)
		for i, m := range cands {
			if h.f.ourMoveLands(p, m) {
				legal[j][i] = true
				pLegal[i] += ws[j]
			}
		}
	}
	if h.cfg.Variant == view.Tsuitate {
		// The particles are surer than they should be: what no particle puts
		// on a square may still stand there. Shade the chances of the moves
		// that cross or land on squares the player cannot see, and as much
		// more as this game's failures show.
		p0 := parts[0]
		for i, m := range cands {
			pLegal[i] *= 1 - h.doubt(p0, m)
			if !h.v.InCheck {
				c := &h.calib[moveClass(p0, m)]
				k := min(max((c.seen+1)/(c.expected+1), 1), 4)
				pLegal[i] = 1 - min(1, k*(1-pLegal[i]))
			}
		}
	}
	// Values are taken relative to the particles' mean static value, so that
	// a large lead does not push every move against the clamp.
	staticMean := 0.0
	for j, p := range parts {
		staticMean += ws[j] * float64(evaluate(p, h.f.evalMode()))
	}
	h.baseline = int(staticMean)
	h.checkVal = h.checkValue()
	staticMean = 0
	safe := -1e9
	budget := deadline.Sub(start)
	stages := []struct {
		depth int
		keep  int
		end   time.Duration
	}{
		{0, nc, budget * 15 / 100},
		{1, 24, budget * 45 / 100},
		{2, 8, budget * 75 / 100},
		{3, 3, budget},
	}
	if !h.frozen && len(parts) <= 32 {
		// Strong, with few distinct particles (the opening): the third
		// stage is cheap, and a wider set of finalists to mix among.
		stages[3].keep = 8
	}
	if !h.frozen {
		// Strong: the time left after the third stage deepens the best two.
		stages = append(stages, struct {
			depth int
			keep  int
			end   time.Duration
		}{4, 2, budget})
	}
	// Moves that fail on every particle are tried only when nothing else is
	// left: their value is the failure's.
	var active []int
	for i := range cands {
		if pLegal[i] > 0.01 {
			active = append(active, i)
		}
	}
	if len(active) == 0 {
		if h.cfg.Variant == view.Tsuitate && h.v.InCheck && !h.frozen {
			// The belief is lost: no particle lets any answer land.
			best := h.leastContradicted(parts, ws, cands)
			h.lastStats = decisionStats{candidates: nc, unique: len(parts)}
			h.attempt, h.attemptOpen = best, false
			return best
		}
		for i := range cands {
			active = append(active, i)
		}
	}
	var best shogi.Move
	h.lastStats = decisionStats{candidates: nc, unique: len(parts)}
	for _, p := range pLegal {
		h.lastStats.maxPLegal = max(h.lastStats.maxPLegal, p)
	}
	for si, st := range stages {
		if len(active) > st.keep {
			active = active[:st.keep]
		}
		if time.Now().After(start.Add(st.end)) && st.depth > 1 {
			break
		}
		acc := h.runStage(parts, ws, legal, cands, active, st.depth, start.Add(st.end))
		if acc.n == 0 || st.depth >= 4 && acc.seen < 0.6 {
			break // a stage beyond the third counts only over most of the weight
		}
		h.lastStats.depth = st.depth
		h.lastStats.particles[si] = acc.n
		scores := h.scoreStage(acc, pLegal, active, staticMean, &safe)
		sort.SliceStable(active, func(a, b int) bool { return scores[active[a]] > scores[active[b]] })
		if debugDecide != nil {
			for r, i := range active[:min(len(active), 6)] {
				debugDecide("stage %d (%d particles): #%d %s score %.0f pLegal %.2f mean %.0f", st.depth, acc.n, r, cands[i], scores[i], pLegal[i], acc.vsum[i]/max(acc.wsum[i], 1e-9))
			}
		}
		pick := active[0]
		if !h.frozen {
			// Mixed: drawn among the good moves of the deepest stage so far.
			sc := make([]float64, len(active))
			for r, i := range active {
				sc[r] = scores[i]
				if pLegal[i] < pLegal[active[0]]-mixRisk {
					sc[r] = -1e9 // no riskier than the best by more than mixRisk
				}
			}
			if sc[0] < valueClamp/2 { // a likely win is taken (the shortest first)
				margin, temp := mixWidth(len(parts), len(h.f.parts), h.v.MoveNumber, h.cfg.Variant == view.Dark)
				pick = active[softPick(sc, margin, temp, h.rng)]
			}
		}
		best = cands[pick]
		h.lastStats.pLegal = pLegal[pick]
		h.attempt, h.attemptP, h.attemptOpen = best, pLegal[pick], !h.v.InCheck
		h.attemptC = moveClass(parts[0], best)
		if len(active) == 1 {
			break
		}
	}
	if best == shogi.NoMove {
		// Not even one particle searched: the likeliest legal move.
		bi := 0
		for i := range cands {
			if pLegal[i] > pLegal[bi] {
				bi = i
			}
		}
		best = cands[bi]
	}
	return best
}

// scoreStage turns a stage's sums into scores per candidate (indexed like
// cands; only the active ones are set). A failed attempt (foul, bounce) is
// worth what the player can still get after it, less the cost of the failure:
// the best surely legal move when there is one (from this stage or an earlier
// one, in *safe), else the position's static value, with the further failures
// to expect when no move is likely to be legal.
func (h *hiddenPlayer) scoreStage(acc *stageAcc, pLegal []float64, active []int, staticMean float64, safe *float64) []float64 {
	scores := make([]float64, len(pLegal))
	mean := make([]float64, len(pLegal))
	best := -1e9
	for _, i := range active {
		if acc.wsum[i] > 0 {
			mean[i] = acc.vsum[i] / acc.wsum[i]
		} else {
			mean[i] = -valueClamp
		}
		if pLegal[i] >= 0.97 && mean[i] > best {
			best = mean[i]
		}
	}
	if best > -1e9 {
		*safe = best
	}
	base := *safe
	cost := h.failCost()
	if h.v.InCheck {
		// A foul in check leaves the player in check with its guesses
		// hardly better: the fouls come in runs. Take the likeliest answer.
		if h.frozen {
			cost *= 2.5
		} else {
			cost *= strongCheckCost
		}
	}
	if base <= -1e9 {
		base = staticMean - 100
		pmax := 0.0
		for _, p := range pLegal {
			pmax = max(pmax, p)
		}
		cost *= 1 + min(3, (1-pmax)/max(pmax, 0.25))
	}
	fail := base - cost
	for _, i := range active {
		scores[i] = pLegal[i]*mean[i] + (1-pLegal[i])*fail
		if h.cfg.Variant == view.Tsuitate && acc.wsum[i] > 0 && pLegal[i] >= 0.9 {
			// Whether it checks tells where the enemy king is: a move the
			// particles disagree on teaches the most, when the king's
			// square is in doubt.
			q := acc.csum[i] / acc.wsum[i]
			if q > 0 && q < 1 {
				scores[i] += h.kingDoubt * infoBonus * -(q*math.Log2(q) + (1-q)*math.Log2(1-q))
			}
		}
		need := minGamble
		if h.cands != nil && h.cands[i].IsDrop() {
			need = minGambleDrop
		}
		if !h.frozen && float64(h.baseline) > strongAhead {
			need = strongMinGamble
			if h.cands != nil && h.cands[i].IsDrop() {
				need = strongMinGambleDrop
			}
		}
		mates := 0.0
		if acc.wsum[i] > 0 {
			mates = acc.msum[i] / acc.wsum[i]
		}
		if h.cfg.Variant == view.Tsuitate && !h.v.InCheck && pLegal[i] < need && mean[i] < valueClamp/2 && mates < mateShare {
			// Out of check a coin-flip foul is never worth it (bar a
			// likely mate).
			scores[i] -= 1000
		}
	}
	return scores
}

// checkValue is what giving check is worth now beyond the search. Baseline:
// checkBonus. Strong: a check makes the blind opponent look for the answer and
// foul, each foul worth to us what one costs us (failCost's scale), and more
// as the opponent's fouls near the limit, where a run of them ends the game.
func (h *hiddenPlayer) checkValue() int {
	if h.frozen || h.cfg.Variant != view.Tsuitate {
		return checkBonus
	}
	limit := h.v.FoulLimit
	if limit <= 0 {
		limit = 10
	}
	x := float64(h.v.Fouls[h.me.Opp()]+1) / float64(limit)
	late := 1 + max(float64(h.v.MoveNumber-90), 0)/60 // a draw looms at move 150: fouls win games
	return int(late * (checkBonusStrong + checkFoulShare*3000*x*x))
}

// checkBonusStrong and checkFoulShare shape the strong level's checkValue.
const (
	checkBonusStrong = 400
	checkFoulShare   = 1.0
)

// failCost is what a foul (Tsuitate) or a bounce (Dark) costs now: a bounce a
// little; a foul more the more fouls are used, and the last one the game.
func (h *hiddenPlayer) failCost() float64 {
	if h.cfg.Variant == view.Dark {
		return 15
	}
	limit := h.v.FoulLimit
	if limit <= 0 {
		limit = 10
	}
	used := h.v.Fouls[h.me] + 1
	if used >= limit {
		return 2 * valueClamp
	}
	x := float64(used) / float64(limit)
	return 900 + 3000*x*x
}

// runStage evaluates the active candidates at depth on the particles, heaviest
// first, the particles shared among the threads, until end.
func (h *hiddenPlayer) runStage(parts []*shogi.Position, ws []float64, legal [][]bool, cands []shogi.Move, active []int, depth int, end time.Time) *stageAcc {
	threads := min(h.cfg.Threads, len(parts))
	total := newStageAcc(len(cands))
	var mu sync.Mutex
	var wg sync.WaitGroup
	h.searcher(threads - 1) // made before the goroutines share the slice
	for t := 0; t < threads; t++ {
		wg.Add(1)
		go func(t int) {
			defer wg.Done()
			s := h.searchers[t]
			s.deadline = end
			s.stopped = false
			acc := newStageAcc(len(cands))
			vals := make([]float64, len(cands))
			checks := make([]bool, len(cands))
			for j := t; j < len(parts); j += threads {
				// The likeliest particle is always searched at depths 0 and 1,
				// so that no move is chosen without a look at the replies.
				s.noStop = j == 0 && depth <= 1
				if !s.noStop && time.Now().After(end) {
					break
				}
				p := parts[j]
				ok := true
				for _, i := range active {
					if !legal[j][i] {
						continue
					}
					m := cands[i]
					v, chk := h.searchMove(s, p, m, depth)
					if s.stopped {
						ok = false
						break
					}
					vals[i] = v
					checks[i] = chk
				}
				if !ok {
					break
				}
				s.noStop = false
				for _, i := range active {
					if legal[j][i] {
						acc.wsum[i] += ws[j]
						acc.vsum[i] += ws[j] * vals[i]
						if checks[i] {
							acc.csum[i] += ws[j]
						}
						if vals[i] >= valueClamp {
							acc.msum[i] += ws[j]
						}
					}
				}
				acc.seen += ws[j]
				acc.n++
			}
			mu.Lock()
			total.add(acc)
			mu.Unlock()
		}(t)
	}
	wg.Wait()
	return total
}

// searchMove returns the value of playing m on particle p, searched depth
// plies in all (1: the reply's captures only; 0: the static value), clamped.
func (h *hiddenPlayer) searchMove(s *searcher, p *shogi.Position, m shogi.Move, depth int) (float64, bool) {
	if s.capturesWin(p, m) {
		return valueClamp, false
	}
	u := p.MakeMove(m)
	var v int
	check := h.mode == smLegal && p.InCheck()
	switch {
	case check && !p.HasLegalMove():
		v = h.baseline + valueClamp // mate: the referee ends the game at once
	case h.mode == smDark && kingAttacked(p, h.me):
		v = h.baseline - valueClamp // the enemy sees our king and takes it
	case depth == 0:
		v = -s.leafEval(p)
	default:
		v = -s.negamax(p, depth-1, -scoreInf, scoreInf, 1)
	}
	p.UnmakeMove(m, u)
	switch {
	case v > winBound:
		v = valueClamp // a win found by the search
	case v < -winBound:
		v = -valueClamp
	default:
		v = min(max(v-h.baseline, -valueClamp), valueClamp)
	}
	if check && v < valueClamp {
		v = min(v+h.checkVal, valueClamp-1) // a blind opponent must find the answer, fouls and all
	}
	return float64(v), check
}

// screenDoubtStrong is the share of screenDoubt the strong level counts. The
// full doubt (the baseline's) kept strong from the slides and drops that
// attack. Strong against baseline in Tsuitate at 100 ms, 200 games each:
// 58.2% ±5.3 with 1 (8d9be18), 68.0% ±5.5 with 0.6 (seed 707), 71.8%
// ±5.4 with 0.35 (seed 1010; 0.6 and 0.35 differ within the noise);
// strong fouls as often as before (2.50, 2.46, 2.39 a game), the
// baseline more (3.46, 4.65, 5.05).
const screenDoubtStrong = 0.35

// doubt is the share of screenDoubt this level counts for m.
func (h *hiddenPlayer) doubt(p *shogi.Position, m shogi.Move) float64 {
	if h.frozen {
		return screenDoubt(p, h.me, m)
	}
	return screenDoubtStrong * screenDoubt(p, h.me, m)
}

// screenDoubt is the chance, beyond the particles, that a Tsuitate move
// fouls. The particles are surer than they should be; each square the move
// needs empty (a slide's path, a drop's square) or safe (a king's step) may
// hold a piece no particle put there, the more likely the nearer the enemy's
// side of the board.
func screenDoubt(p *shogi.Position, me shogi.Color, m shogi.Move) float64 {
	const lambda = 0.3
	sure := 1.0
	need := shogi.SquareBB(m.To())
	if !m.IsDrop() {
		need = shogi.Between(m.From(), m.To())
		if p.At(m.From()).Kind() == shogi.King {
			need = need.Or(kingZone[m.To()]).AndNot(p.Pieces(me))
		}
	}
	for b := need; b.Any(); {
		s := b.Pop()
		base := 0.15 + 0.05*float64(advance(me, s)) // 0.15 at home to 0.55 on the far rank
		if m.IsDrop() {
			// Drops land where the enemy's advanced pieces roam unseen, in
			// our camp as much as in theirs.
			base = max(base, 0.5)
		}
		sure *= 1 - lambda*base
	}
	return 1 - sure
}

// checkedParticles makes every particle agree with the check the player was
// told of. A set rebuilt after a collapse may hold particles with the king
// not attacked (the loose repair keeps them rather than none): on them every
// move that ignores the check looks legal, and the player tried one after
// another (runs of up to 9 fouls at a P(legal) of 0.95 to 1.00 in the
// diagnostics). Each such particle gets an attacker of the king or is left
// out; the set is kept as it was only when none can be mended.
func (h *hiddenPlayer) checkedParticles(parts []*shogi.Position, ws []float64) ([]*shogi.Position, []float64) {
	fa := factsOf(&h.v, h.me)
	var out []*shogi.Position
	var outW []float64
	for j, p := range parts {
		q := p
		if !kingAttacked(p, h.me) {
			q = p.Clone()
			if !h.f.attackKing(q, fa) || !fa.matches(q) || kingAttacked(q, h.me.Opp()) || h.f.anyLands(q, h.f.failed) {
				continue
			}
		}
		out = append(out, q)
		outW = append(outW, ws[j])
	}
	if len(out) == 0 {
		return parts, ws
	}
	scaleTo(outW, 1)
	return out, outW
}

// withOtherCheckers adds to the particles, when the player is told check,
// variants in which the check comes from another enemy piece elsewhere: the
// filter's guess of the checker is the least sure thing it holds, and an
// answer to the check should be safe against the other checks too.
func (h *hiddenPlayer) withOtherCheckers(parts []*shogi.Position, ws []float64) ([]*shogi.Position, []float64) {
	fa := factsOf(&h.v, h.me)
	const share = 0.5
	var extra []*shogi.Position
	var extraW []float64
	ksq := shogi.NoSquare
	for j, p := range parts {
		if ksq = p.KingSquare(h.me); ksq == shogi.NoSquare {
			return parts, ws
		}
		q := p.Clone()
		for att := q.AttackersTo(ksq, h.me.Opp(), q.Occupied()); att.Any(); {
			s := att.Pop()
			pc := q.At(s)
			q.Put(s, shogi.NoPiece)
			if to := h.f.nearFree(q, fa, pc, s); to != shogi.NoSquare {
				q.Put(to, pc)
			} else {
				q.Put(s, pc)
			}
		}
		if !h.f.attackKing(q, fa) || !fa.matches(q) || kingAttacked(q, h.me.Opp()) {
			continue
		}
		if h.f.anyLands(q, h.f.failed) {
			continue
		}
		extra = append(extra, q)
		extraW = append(extraW, ws[j])
	}
	if len(extra) == 0 {
		return parts, ws
	}
	scaleTo(extraW, share)
	out := append([]*shogi.Position(nil), parts...)
	outW := make([]float64, len(ws))
	for j := range ws {
		outW[j] = ws[j] * (1 - share)
	}
	for j, q := range extra {
		out = append(out, q)
		outW = append(outW, extraW[j])
	}
	return out, outW
}

// moveClass sorts a move for the calibration: 0 a drop, 1 a slide, 2 a king
// step, 3 another step.
func moveClass(p *shogi.Position, m shogi.Move) int {
	switch {
	case m.IsDrop():
		return 0
	case shogi.Between(m.From(), m.To()).Any():
		return 1
	case p.At(m.From()).Kind() == shogi.King:
		return 2
	}
	return 3
}

// noteAttempt records how the last chosen move fared against its expected
// chance, for the calibration.
func (h *hiddenPlayer) noteAttempt(m shogi.Move, failed bool) {
	if !h.attemptOpen || m != h.attempt || h.cfg.Variant != view.Tsuitate {
		return
	}
	h.attemptOpen = false
	c := &h.calib[h.attemptC]
	c.expected += 1 - h.attemptP
	if failed {
		c.seen++
	}
}

// scaleTo scales the weights ws to sum to total (none when they sum to 0).
func scaleTo(ws []float64, total float64) {
	sum := 0.0
	for _, w := range ws {
		sum += w
	}
	if sum <= 0 {
		return
	}
	for j := range ws {
		ws[j] = ws[j] / sum * total
	}
}
