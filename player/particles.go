package player

import (
	"math"
	"math/rand"

	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// A filter keeps a set of full positions (particles) that agree with
// everything one player of Tsuitate or Dark shogi has been told: its own pieces
// and hand, the squares it sees (Dark), the captures and their squares, the
// checks (Tsuitate), its own accepted moves, fouls and bounces, and the
// opponent's fouls. The opponent's unseen moves are sampled, particle by
// particle, from a "blind" prior restricted to the moves that agree with what
// followed them (the exact conditional: every consistent move is considered),
// and each particle is weighted by how likely the observation was under it;
// the set is then resampled. When no particle survives an observation, the set
// is rebuilt from the previous particles, repaired to fit what is known.
type filter struct {
	me      shogi.Color
	variant view.Variant
	rng     *rand.Rand
	n       int

	parts []shogi.Position
	w     []float64
	style []uint8 // per particle, the opponent's style it assumes (styleTemps)

	// failed are the player's attempts refused on the true position (fouls,
	// bounces) since the last accepted move: facts about the position now.
	failed []shogi.Move

	// Counters, for tests and tuning.
	evS, evU float64 // sums over the particles of the observation's likelihood under each model
	logBF    float64 // log Bayes factor, heuristic prior against uniform

	collapses int // observations no particle survived
	fixes     int // particles repaired to fit an observation
	lastKind  string
	byKind    map[string]int // collapses by observation kind
	reseeds   int            // particles rebuilt by repair
	updates   int

	buf [shogi.MaxMoves]shogi.Move
	wts [shogi.MaxMoves]float64
}

func newFilter(me shogi.Color, v view.Variant, n int, rng *rand.Rand) *filter {
	return &filter{me: me, variant: v, n: n, rng: rng}
}

// facts are what a view says for certain about the true position.
type facts struct {
	me         shogi.Color
	dark       bool
	own        shogi.Bitboard
	ownPiece   [shogi.NumSquares]shogi.Piece
	ownHand    shogi.Hand
	known      shogi.Bitboard // Dark: the squares in sight
	knownEnemy shogi.Bitboard // Dark: enemy pieces in sight
	turn       shogi.Color
	inCheck    bool // Tsuitate: the player was told check
	lostAt     shogi.Square
	moveNumber int
}

func factsOf(v *view.View, me shogi.Color) *facts {
	f := &facts{me: me, dark: v.Variant == view.Dark, ownHand: v.Hands[me], turn: v.Turn, inCheck: v.InCheck,
		lostAt: v.LostAt, moveNumber: v.MoveNumber}
	for s := shogi.Square(0); s < shogi.NumSquares; s++ {
		c := v.Board[s]
		if !c.Known {
			continue
		}
		if f.dark {
			f.known.Set(s)
		}
		if c.Piece == shogi.NoPiece {
			continue
		}
		f.ownPiece[s] = c.Piece
		if c.Piece.Color() == me {
			f.own.Set(s)
		} else {
			f.knownEnemy.Set(s)
		}
	}
	return f
}

// matches reports whether p agrees with the facts: the same own pieces and
// hand and, in Dark, the same squares in sight with the same enemy pieces.
func (f *facts) matches(p *shogi.Position) bool {
	if p.Pieces(f.me) != f.own || p.Hand(f.me) != f.ownHand {
		return false
	}
	for b := f.own; b.Any(); {
		s := b.Pop()
		if p.At(s) != f.ownPiece[s] {
			return false
		}
	}
	return f.sightMatches(p)
}

// sightMatches checks the Dark squares in sight only.
func (f *facts) sightMatches(p *shogi.Position) bool {
	if !f.dark {
		return true
	}
	if view.DarkVisible(p, f.me) != f.known {
		return false
	}
	enemy := p.Pieces(f.me.Opp()).And(f.known)
	if enemy != f.knownEnemy {
		return false
	}
	for b := enemy; b.Any(); {
		s := b.Pop()
		if p.At(s) != f.ownPiece[s] {
			return false
		}
	}
	return true
}

func (f *filter) evalMode() evalMode {
	if f.variant == view.Dark {
		return evalDark
	}
	return evalLegal
}

// kingAttacked reports whether c's single king is attacked in p.
func kingAttacked(p *shogi.Position, c shogi.Color) bool {
	k := p.KingSquare(c)
	return k != shogi.NoSquare && p.IsAttacked(k, c.Opp())
}

// init starts the filter from the first view: the standard start when the
// player's own pieces stand as they do there, else positions built to fit.
func (f *filter) init(v *view.View) {
	fa := factsOf(v, f.me)
	start := shogi.Startpos()
	start.SetSideToMove(v.Turn)
	start.SetMoveNumber(v.MoveNumber)
	if v.MoveNumber == 1 && fa.matches(start) {
		f.parts = make([]shogi.Position, f.n)
		f.w = make([]float64, f.n)
		f.style = make([]uint8, f.n)
		for i := range f.parts {
			f.parts[i] = *start
			f.w[i] = 1
			f.style[i] = f.newStyle()
		}
		return
	}
	f.parts, f.style = nil, nil
	f.reseed([]shogi.Position{*start}, fa)
}

// resample draws n particles in proportion to their weights (systematic
// resampling); weights become equal.
func (f *filter) resample() {
	total := 0.0
	for _, x := range f.w {
		total += x
	}
	if total <= 0 || len(f.parts) == 0 {
		f.parts, f.w, f.style = nil, nil, nil
		return
	}
	out := make([]shogi.Position, 0, f.n)
	style := make([]uint8, 0, f.n)
	step := total / float64(f.n)
	u := f.rng.Float64() * step
	acc := 0.0
	i := 0
	for k := 0; k < f.n; k++ {
		target := u + float64(k)*step
		for i < len(f.parts)-1 && acc+f.w[i] < target {
			acc += f.w[i]
			i++
		}
		out = append(out, f.parts[i])
		style = append(style, f.style[i])
	}
	f.parts, f.style = out, style
	f.w = make([]float64, len(out))
	for i := range f.w {
		f.w[i] = 1
	}
}

// finish resamples after an update, or rebuilds the set from old when nothing
// survived.
func (f *filter) finish(old []shogi.Position, fa *facts) {
	f.updates++
	alive := 0
	for _, x := range f.w {
		if x > 0 {
			alive++
		}
	}
	if alive == 0 {
		f.collapses++
		if f.byKind == nil {
			f.byKind = map[string]int{}
		}
		f.byKind[f.lastKind]++
		f.parts, f.w, f.style = nil, nil, nil
		f.reseed(old, fa)
		return
	}
	f.resample()
}

// ourMove filters by the player's own accepted move m: it was legal on the
// true position, it captured captured (NoPiece: nothing) on m.To(), and it gave
// check or not (Tsuitate), and what the player sees after it (Dark).
func (f *filter) ourMove(m shogi.Move, captured shogi.Piece, gaveCheck bool, v *view.View) {
	f.lastKind = "ours"
	if captured != shogi.NoPiece {
		f.lastKind = "ours-capture"
	}
	if gaveCheck {
		f.lastKind += "-check"
	}
	f.failed = f.failed[:0]
	fa := factsOf(v, f.me)
	old := append([]shogi.Position(nil), f.parts...)
	fixed := make([]bool, len(f.parts))
	for i := range f.parts {
		q := f.parts[i]
		if f.ourMoveFits(&f.parts[i], m, captured, gaveCheck, fa) {
			continue
		}
		f.w[i] = 0
		if f.fixForOurMove(&q, m, captured, gaveCheck, fa) && f.ourMoveFits(&q, m, captured, gaveCheck, fa) {
			f.parts[i] = q
			fixed[i] = true
		}
	}
	f.weighFixed(fixed)
	f.finish(old, fa) // the templates' enemy pieces are the same before and after our move
}

// fixedShare is the weight of a repaired particle against the best one that
// fitted by itself.
const fixedShare = 0.05

// weighFixed gives the repaired particles (fixed[i]) their weight: a small
// share of the best particle that fitted by itself, or all of it when none did.
func (f *filter) weighFixed(fixed []bool) {
	best := 0.0
	for i, w := range f.w {
		if !fixed[i] && w > best {
			best = w
		}
	}
	wf := 1.0
	if best > 0 {
		wf = fixedShare * best
	}
	for i, ok := range fixed {
		if ok {
			f.w[i] = wf
			f.fixes++
		}
	}
}

// ourMoveFits plays the player's accepted move m on p when p agrees with it:
// accepted there, capturing exactly captured, giving check as told
// (Tsuitate), leaving the view's facts. p is changed even when it does not fit.
func (f *filter) ourMoveFits(p *shogi.Position, m shogi.Move, captured shogi.Piece, gaveCheck bool, fa *facts) bool {
	if !f.ourMoveLands(p, m) {
		return false
	}
	at := shogi.NoPiece
	if !m.IsDrop() {
		at = p.At(m.To())
	}
	if at != captured {
		return false
	}
	p.MakeMove(m)
	if f.variant == view.Tsuitate && kingAttacked(p, f.me.Opp()) != gaveCheck {
		return false
	}
	return fa.matches(p)
}

// relocate moves the enemy piece on s to a free square near it outside avoid.
func (f *filter) relocate(q *shogi.Position, fa *facts, s shogi.Square, avoid shogi.Bitboard) bool {
	pc := q.At(s)
	q.Put(s, shogi.NoPiece)
	t := f.nearFreeAvoiding(q, fa, pc, s, avoid.Or(shogi.SquareBB(s)))
	if t == shogi.NoSquare {
		q.Put(s, pc)
		return false
	}
	q.Put(t, pc)
	return true
}

// bringPiece puts the enemy piece pc on s (empty): one exactly like it from
// elsewhere on the board, else one of its base kind from the board or the
// hand, turned into pc. It reports success.
func (f *filter) bringPiece(q *shogi.Position, pc shogi.Piece, s shogi.Square, avoid shogi.Bitboard) bool {
	them := f.me.Opp()
	base := pc.Kind().Unpromoted()
	var same, kin []shogi.Square
	for b := q.Pieces(them).AndNot(avoid); b.Any(); {
		t := b.Pop()
		if t == s {
			continue
		}
		switch x := q.At(t); {
		case x == pc:
			same = append(same, t)
		case x.Kind().Unpromoted() == base:
			kin = append(kin, t)
		}
	}
	switch {
	case len(same) > 0:
		q.Put(same[f.rng.Intn(len(same))], shogi.NoPiece)
	case q.HandCount(them, base) > 0:
		q.SetHand(them, base, q.HandCount(them, base)-1)
	case len(kin) > 0:
		q.Put(kin[f.rng.Intn(len(kin))], shogi.NoPiece)
	default:
		return false
	}
	if !placeable(q, pc, s) {
		return false
	}
	q.Put(s, pc)
	return true
}

// fixForOurMove changes q so that the player's accepted move m fits it: the
// destination holds exactly captured (or nothing), a slide's path and a
// drop's square are clear, the king is not left attacked, and the enemy king
// is attacked after the move exactly when the move gave check.
func (f *filter) fixForOurMove(q *shogi.Position, m shogi.Move, captured shogi.Piece, gaveCheck bool, fa *facts) bool {
	them := f.me.Opp()
	to := m.To()
	path := shogi.Bitboard{}
	if !m.IsDrop() {
		path = shogi.Between(m.From(), to)
	}
	keep := path.Or(shogi.SquareBB(to))
	at := q.At(to)
	if at != shogi.NoPiece && at.Color() == f.me {
		return false
	}
	if at != captured {
		if at != shogi.NoPiece && !f.relocate(q, fa, to, keep) {
			return false
		}
		if captured != shogi.NoPiece && !f.bringPiece(q, captured, to, keep) {
			return false
		}
	}
	for b := path.And(q.Pieces(them)); b.Any(); {
		if !f.relocate(q, fa, b.Pop(), keep) {
			return false
		}
	}
	if f.variant != view.Tsuitate {
		return true
	}
	after := q.Clone()
	after.MakeMove(m)
	if k := after.KingSquare(f.me); k != shogi.NoSquare {
		for att := after.AttackersTo(k, them, after.Occupied()); att.Any(); {
			s := att.Pop()
			if !f.relocate(q, fa, s, keep) {
				return false
			}
		}
	}
	after = q.Clone()
	after.MakeMove(m)
	if kingAttacked(after, them) && !gaveCheck {
		return f.unattackAfter(q, fa, m)
	}
	if gaveCheck && !kingAttacked(after, them) {
		return f.kingIntoFire(q, fa, m, keep)
	}
	return true
}

// unattackAfter moves the enemy king (before m) to a free square where m does
// not attack it.
func (f *filter) unattackAfter(q *shogi.Position, fa *facts, m shogi.Move) bool {
	them := f.me.Opp()
	k := q.KingSquare(them)
	if k == shogi.NoSquare {
		return false
	}
	pc := q.At(k)
	q.Put(k, shogi.NoPiece)
	for tries := 0; tries < 8; tries++ {
		t := f.nearFreeAvoiding(q, fa, pc, k, shogi.SquareBB(m.To()))
		if t == shogi.NoSquare {
			break
		}
		q.Put(t, pc)
		after := q.Clone()
		if f.ourMoveLands(after, m) {
			after.MakeMove(m)
			if !kingAttacked(after, them) && !q.IsAttacked(t, f.me) {
				return true
			}
		}
		q.Put(t, shogi.NoPiece)
	}
	q.Put(k, pc)
	return false
}

// kingIntoFire moves the enemy king (before m) to a free square that the
// player's move m attacks, so that m gives check as told.
func (f *filter) kingIntoFire(q *shogi.Position, fa *facts, m shogi.Move, keep shogi.Bitboard) bool {
	them := f.me.Opp()
	k := q.KingSquare(them)
	if k == shogi.NoSquare {
		return false
	}
	pc := q.At(k)
	q.Put(k, shogi.NoPiece)
	after := q.Clone()
	after.MakeMove(m)
	var opts []shogi.Square
	moved := after.At(m.To())
	reach := shogi.Attacks(moved, m.To(), after.Occupied())
	for b := reach; b.Any(); {
		t := b.Pop()
		if f.free(q, fa, t) && !keep.Has(t) && !q.IsAttacked(t, f.me) {
			opts = append(opts, t)
		}
	}
	// Prefer squares near the king's old one.
	best := shogi.NoSquare
	for _, t := range opts {
		if best == shogi.NoSquare || dist[t][k] < dist[best][k] || dist[t][k] == dist[best][k] && f.rng.Intn(2) == 0 {
			best = t
		}
	}
	if best == shogi.NoSquare {
		q.Put(k, pc)
		return false
	}
	q.Put(best, pc)
	return true
}

// ourMoveLands reports whether the player's move m would be accepted on p:
// Tsuitate, legal on the full position; Dark, not a drop onto a hidden piece.
func (f *filter) ourMoveLands(p *shogi.Position, m shogi.Move) bool {
	if f.variant == view.Tsuitate {
		return p.LegalReason(m) == shogi.NoReason
	}
	if m.IsDrop() {
		return p.At(m.To()) == shogi.NoPiece
	}
	return p.PseudoReason(m) == shogi.NoReason
}

// ourFailure filters by the player's own attempt m that fouled (Tsuitate) or
// bounced (Dark): it would not have been accepted on the true position.
func (f *filter) ourFailure(m shogi.Move, v *view.View) {
	f.lastKind = "our-failure"
	f.failed = append(f.failed, m)
	fa := factsOf(v, f.me)
	old := append([]shogi.Position(nil), f.parts...)
	fixed := make([]bool, len(f.parts))
	for i := range f.parts {
		if !f.ourMoveLands(&f.parts[i], m) {
			continue
		}
		f.w[i] = 0
		q := f.parts[i]
		if f.spoil(&q, fa, m) && fa.matches(&q) && f.checkFits(&q, fa) {
			f.parts[i] = q
			fixed[i] = true
		}
	}
	f.weighFixed(fixed)
	f.finish(old, fa)
}

// checkFits reports, in Tsuitate with the player to move, whether q agrees
// with the check the player was told of and leaves the enemy king unattacked.
func (f *filter) checkFits(q *shogi.Position, fa *facts) bool {
	if f.variant != view.Tsuitate || fa.turn != f.me {
		return true
	}
	return kingAttacked(q, f.me) == fa.inCheck && !kingAttacked(q, f.me.Opp())
}

// oppFoul weights each particle by how likely a blind opponent was to try a
// move there that the true position refuses.
func (f *filter) oppFoul(v *view.View) {
	f.lastKind = "their-foul"
	fa := factsOf(v, f.me)
	old := append([]shogi.Position(nil), f.parts...)
	for i := range f.parts {
		p := &f.parts[i]
		ms := p.OwnBoardMoves(f.buf[:0])
		if len(ms) == 0 {
			continue
		}
		bad := 0
		const tries = 12
		for k := 0; k < tries; k++ {
			if p.LegalReason(ms[f.rng.Intn(len(ms))]) != shogi.NoReason {
				bad++
			}
		}
		f.w[i] *= (float64(bad) + 0.5) / (tries + 0.5)
	}
	f.finish(old, fa)
}

// oppMove advances each particle by one opponent move drawn from the blind
// prior among the moves that agree with what followed: a capture of captured
// on capSq (NoSquare: no capture), check to the player or not (Tsuitate), and
// the player's new view.
func (f *filter) oppMove(capSq shogi.Square, captured shogi.Piece, checked bool, v *view.View) {
	f.lastKind = "theirs"
	if capSq != shogi.NoSquare {
		f.lastKind = "theirs-capture"
	}
	if checked {
		f.lastKind += "-check"
	}
	f.failed = f.failed[:0]
	fa := factsOf(v, f.me)
	old := append([]shogi.Position(nil), f.parts...)
	fixed := make([]bool, len(f.parts))
	f.evS, f.evU = 0, 0
	defer f.noteEvidence(len(f.parts))
	for i := range f.parts {
		p := &f.parts[i]
		m, like := f.sampleOppMove(p, capSq, captured, checked, fa, styleTemps[f.style[i]])
		if m != shogi.NoMove {
			f.w[i] *= like
			p.MakeMove(m)
			continue
		}
		f.w[i] = 0
		q := *p
		if f.forceOppMove(&q, capSq, captured, checked, fa) {
			f.parts[i] = q
			fixed[i] = true
		}
	}
	f.weighFixed(fixed)
	f.finish(old, fa)
}

// forceOppMove makes up an opponent move on q that fits what followed when no
// real move of q does: the capture made by the nearest enemy piece jumping to
// the square, else a move from the prior; then the check and the Dark sight
// are made to agree.
func (f *filter) forceOppMove(q *shogi.Position, capSq shogi.Square, captured shogi.Piece, checked bool, fa *facts) bool {
	them := f.me.Opp()
	if capSq != shogi.NoSquare {
		if q.At(capSq) != captured {
			return false
		}
		best, bestD := shogi.NoSquare, 99
		for b := q.Pieces(them); b.Any(); {
			s := b.Pop()
			pc := q.At(s)
			if pc.Kind() == shogi.King && q.IsAttacked(capSq, f.me) {
				continue
			}
			d := int(dist[s][capSq])
			if shogi.Attacks(pc, s, shogi.Bitboard{}).Has(capSq) {
				d -= 3
			}
			if d < bestD || d == bestD && f.rng.Intn(2) == 0 {
				best, bestD = s, d
			}
		}
		if best == shogi.NoSquare {
			return false
		}
		pc := q.At(best)
		q.Put(best, shogi.NoPiece)
		q.Put(capSq, pc)
		k := captured.Kind().Unpromoted()
		q.SetHand(them, k, q.HandCount(them, k)+1)
		q.SetSideToMove(f.me)
		q.SetMoveNumber(q.MoveNumber() + 1)
	} else {
		var ms []shogi.Move
		if f.variant == view.Tsuitate {
			ms = q.LegalMoves(f.buf[:0])
		} else {
			ms = q.PseudoMoves(f.buf[:0])
		}
		var quiet []shogi.Move
		for _, m := range ms {
			if m.IsDrop() || q.At(m.To()) == shogi.NoPiece {
				quiet = append(quiet, m)
			}
		}
		if len(quiet) == 0 {
			return false
		}
		q.MakeMove(quiet[f.rng.Intn(len(quiet))])
	}
	if f.variant == view.Tsuitate {
		if checked && !kingAttacked(q, f.me) && !f.attackKing(q, fa) {
			return false
		}
		if !checked && kingAttacked(q, f.me) && !f.unattack(q, fa, f.me) {
			return false
		}
		if kingAttacked(q, f.me) != checked {
			return false
		}
	} else if !f.conformSight(q, fa) {
		return false
	}
	return fa.matches(q)
}

// conformSight makes q show exactly what the Dark view shows: the enemy
// pieces in sight where they are seen, no others on squares in sight.
func (f *filter) conformSight(q *shogi.Position, fa *facts) bool {
	them := f.me.Opp()
	for b := q.Pieces(them).And(fa.known).AndNot(fa.knownEnemy); b.Any(); {
		if !f.relocate(q, fa, b.Pop(), fa.known) {
			return false
		}
	}
	for b := fa.knownEnemy; b.Any(); {
		s := b.Pop()
		want := fa.ownPiece[s]
		if q.At(s) == want {
			continue
		}
		if q.At(s) != shogi.NoPiece && !f.relocate(q, fa, s, fa.known) {
			return false
		}
		if !f.bringPiece(q, want, s, fa.knownEnemy) {
			return false
		}
	}
	return fa.sightMatches(q)
}

// sampleOppMove draws the opponent's move in p from the prior restricted to the
// consistent moves, and returns it with the prior probability of consistency
// (the particle's likelihood). NoMove when no move fits.
func (f *filter) sampleOppMove(p *shogi.Position, capSq shogi.Square, captured shogi.Piece, checked bool, fa *facts, temp float64) (shogi.Move, float64) {
	var ms []shogi.Move
	if f.variant == view.Tsuitate {
		ms = p.LegalMoves(f.buf[:0])
	} else {
		ms = p.PseudoMoves(f.buf[:0])
	}
	total, fit := 0.0, 0.0
	wts := f.wts[:len(ms)]
	for j, m := range ms {
		w := f.prior(p, m, temp)
		total += w
		wts[j] = 0
		at := shogi.NoPiece
		if !m.IsDrop() {
			at = p.At(m.To())
		}
		if capSq != shogi.NoSquare {
			if m.To() != capSq || at != captured {
				continue
			}
		} else if at != shogi.NoPiece {
			continue
		}
		u := p.MakeMove(m)
		ok := true
		if f.variant == view.Tsuitate {
			ok = kingAttacked(p, f.me) == checked
		} else {
			ok = fa.sightMatches(p)
		}
		p.UnmakeMove(m, u)
		if ok {
			wts[j] = w
			fit += w
		}
	}
	if fit <= 0 || total <= 0 {
		return shogi.NoMove, 0
	}
	// Mix the prior with the uniform choice: opponents differ, and a spread
	// set of particles survives surprises. The evidence for each model is
	// kept to set the mix.
	nfit := 0
	for j := range ms {
		if wts[j] > 0 {
			nfit++
		}
	}
	f.evS += fit / total
	f.evU += float64(nfit) / float64(len(ms))
	fit = 0
	u := total / float64(len(ms))
	mix := f.mix()
	for j := range ms {
		if wts[j] > 0 {
			wts[j] = mix*wts[j] + (1-mix)*u
			fit += wts[j]
		}
	}
	r := f.rng.Float64() * fit
	for j, m := range ms {
		if wts[j] == 0 {
			continue
		}
		r -= wts[j]
		if r <= 0 {
			return m, fit / total
		}
	}
	for j := len(ms) - 1; j >= 0; j-- {
		if wts[j] > 0 {
			return ms[j], fit / total
		}
	}
	return shogi.NoMove, 0
}

// The share of the heuristic prior in the opponent's move model, the rest
// uniform over its moves, follows the evidence for each (a Bayes factor kept
// with some forgetting), between these bounds.
const (
	mixMin   = 0.2
	mixMax   = 0.85
	mixStart = 0.85
	forget   = 0.97
)

// tsuitateMix is the Tsuitate mix: there the observations (captures and
// checks only) are too few to tell a sensible opponent from a random one, and
// a fixed, mostly sensible model tracks both well enough.
const tsuitateMix = 0.85

// mix returns the current share of the heuristic prior: fixed in Tsuitate;
// in Dark, following the Bayes factor of the two models over what the player
// saw (against a random mover it falls to mixMin).
func (f *filter) mix() float64 {
	if f.variant == view.Tsuitate {
		return tsuitateMix
	}
	x := 1 / (1 + math.Exp(-(f.logBF + math.Log(mixStart/(1-mixStart)))))
	return min(max(x, mixMin), mixMax)
}

// noteEvidence ends an opponent move's update of the evidence: the mean
// likelihood of the observation under each model over the particles.
func (f *filter) noteEvidence(n int) {
	if n == 0 || f.evS <= 0 || f.evU <= 0 {
		f.evS, f.evU = 0, 0
		return
	}
	f.logBF = forget*f.logBF + math.Log(f.evS/float64(n)) - math.Log(f.evU/float64(n))
	f.logBF = min(max(f.logBF, -8), 8)
	f.evS, f.evU = 0, 0
}

// styleTemps are the temperatures (in centipawns) of the heuristic prior, one
// per opponent style a particle may assume: broad (style 0), and in Tsuitate
// also sharp (style 1, an opponent that nearly always plays the move that
// looks best on its own board). Which fits shows in which particles survive.
var styleTemps = [...]float64{40, 6}

// sharpShare is the share of new Tsuitate particles that assume the sharp
// style.
const sharpShare = 0.5

// newStyle draws the style of a new particle.
func (f *filter) newStyle() uint8 {
	if f.variant == view.Tsuitate && f.rng.Float64() < sharpShare {
		return 1
	}
	return 0
}

// prior is the blind prior weight of the opponent's move m in p: a sensible
// player choosing on what it sees — its own pieces in Tsuitate, a little of
// ours in Dark — prefers promotions and advancing moves, avoids long slides
// and deep drops through squares it cannot see (Tsuitate), takes the pieces it
// sees and keeps its own out of sight of ours (Dark), and steps its king away
// when told check. The weight is a softmax of that score.
func (f *filter) prior(p *shogi.Position, m shogi.Move, temp float64) float64 {
	them := p.SideToMove()
	to := m.To()
	score := 0
	if m.IsDrop() {
		k := m.DropKind()
		score = psq(them, k, to) - (handValue[k] - pieceValue[k]) - 40
		if f.variant == view.Tsuitate && advance(them, to) >= 6 {
			score -= 100
		}
		return math.Exp(float64(score) / temp)
	}
	k := p.At(m.From()).Kind()
	after := k
	if m.IsPromotion() {
		after = k.Promoted()
	}
	score = pieceValue[after] - pieceValue[k] + psq(them, after, to) - psq(them, k, m.From())
	if f.variant == view.Tsuitate {
		score -= 80 * shogi.Between(m.From(), to).Count()
		if k == shogi.King && p.InCheck() {
			score += 600
		}
	} else {
		if t := p.At(to); t != shogi.NoPiece {
			if t.Kind() == shogi.King {
				score += 5000
			} else {
				score += pieceValue[t.Kind()] + 100
			}
		}
		if p.IsAttacked(to, f.me) {
			score -= valueOf(after, evalDark) / 2
		}
	}
	if score > 2000 {
		score = 2000
	}
	return math.Exp(float64(score) / temp)
}

// reseed fills the set with n positions rebuilt from templates to fit the
// facts.
func (f *filter) reseed(templates []shogi.Position, fa *facts) {
	if len(templates) == 0 {
		start := shogi.Startpos()
		templates = []shogi.Position{*start}
	}
	f.parts = f.parts[:0]
	f.w = f.w[:0]
	f.style = f.style[:0]
	for i := 0; i < f.n; i++ {
		t := &templates[f.rng.Intn(len(templates))]
		for attempt := 0; attempt < 8; attempt++ {
			if q, ok := f.repair(t, fa, attempt < 6); ok {
				f.parts = append(f.parts, *q)
				f.w = append(f.w, 1)
				f.style = append(f.style, f.newStyle())
				f.reseeds++
				break
			}
		}
	}
	if len(f.parts) == 0 {
		// Nothing fits even loosely: keep the facts alone with the enemy in hand.
		q := f.bare(fa)
		for i := 0; i < f.n; i++ {
			f.parts = append(f.parts, *q)
			f.w = append(f.w, 1)
			f.style = append(f.style, f.newStyle())
		}
	}
}

// enemyNeeds returns how many of each base kind the enemy holds, on the board
// or in hand: the whole set less the player's own pieces.
func enemyNeeds(fa *facts) [shogi.NumKinds]int {
	var need [shogi.NumKinds]int
	for k := shogi.Pawn; k <= shogi.King; k++ {
		need[k] = shogi.SetCount[k] - int(fa.ownHand[k])
	}
	for b := fa.own; b.Any(); {
		need[fa.ownPiece[b.Pop()].Kind().Unpromoted()]--
	}
	for k := range need {
		if need[k] < 0 {
			need[k] = 0
		}
	}
	return need
}

// bare returns the facts' own pieces and visible enemy pieces with every other
// enemy piece in hand but the king, put on the first free square of its camp.
func (f *filter) bare(fa *facts) *shogi.Position {
	q := f.skeleton(fa)
	need := enemyNeeds(fa)
	for b := q.Pieces(f.me.Opp()); b.Any(); {
		need[q.At(b.Pop()).Kind().Unpromoted()]--
	}
	them := f.me.Opp()
	if need[shogi.King] > 0 {
		for s := shogi.Square(0); s < shogi.NumSquares; s++ {
			if f.free(q, fa, s) && advance(them, s) == 0 {
				q.Put(s, shogi.MakePiece(them, shogi.King))
				break
			}
		}
		need[shogi.King] = 0
	}
	for k := shogi.Pawn; k < shogi.King; k++ {
		if need[k] > 0 {
			q.SetHand(them, k, need[k])
		}
	}
	return q
}

// skeleton returns the position with the facts' own pieces and hand and the
// enemy pieces in sight, side to move and move number as in the view.
func (f *filter) skeleton(fa *facts) *shogi.Position {
	q := shogi.NewPosition()
	for b := fa.own.Or(fa.knownEnemy); b.Any(); {
		s := b.Pop()
		q.Put(s, fa.ownPiece[s])
	}
	for k := shogi.Pawn; k <= shogi.King; k++ {
		q.SetHand(f.me, k, int(fa.ownHand[k]))
	}
	q.SetSideToMove(fa.turn)
	q.SetMoveNumber(fa.moveNumber)
	return q
}

// free reports whether an enemy piece may be put on s: empty in q and not a
// square the player sees.
func (f *filter) free(q *shogi.Position, fa *facts, s shogi.Square) bool {
	return q.At(s) == shogi.NoPiece && !fa.known.Has(s) && !fa.own.Has(s)
}

// placeable reports whether the enemy piece pc may stand on s as far as the
// rules go: not where it could never move, no second unpromoted pawn on a file.
func placeable(q *shogi.Position, pc shogi.Piece, s shogi.Square) bool {
	c, k := pc.Color(), pc.Kind()
	r := s.RelRank(c)
	switch k {
	case shogi.Pawn:
		if r == 1 {
			return false
		}
		for b := q.PiecesOf(c, shogi.Pawn); b.Any(); {
			if b.Pop().File() == s.File() {
				return false
			}
		}
	case shogi.Lance:
		return r > 1
	case shogi.Knight:
		return r > 2
	}
	return true
}

// repair rebuilds template t to fit the facts: the own pieces and hand and
// the enemy pieces in sight as the view has them, the other enemy pieces where
// t has them when that square is still possible, else nearby, the enemy's set
// completed in hand; then the checks the view implies (Tsuitate) are made to
// hold. strict requires those checks; it reports whether the result fits.
func (f *filter) repair(t *shogi.Position, fa *facts, strict bool) (*shogi.Position, bool) {
	them := f.me.Opp()
	q := f.skeleton(fa)
	need := enemyNeeds(fa)
	for b := q.Pieces(them); b.Any(); {
		need[q.At(b.Pop()).Kind().Unpromoted()]--
	}
	// The piece that just took one of ours stands where it took it.
	var forced shogi.Square = shogi.NoSquare
	if fa.lostAt != shogi.NoSquare && fa.turn == f.me && f.free(q, fa, fa.lostAt) {
		forced = fa.lostAt
	}
	pieces := t.Pieces(them).Squares()
	f.rng.Shuffle(len(pieces), func(i, j int) { pieces[i], pieces[j] = pieces[j], pieces[i] })
	if forced != shogi.NoSquare {
		// Prefer a piece that reaches the square, the nearest first.
		best, bestD := -1, 99
		for i, s := range pieces {
			pc := t.At(s)
			if pc.Kind() == shogi.King || need[pc.Kind().Unpromoted()] <= 0 {
				continue
			}
			d := max(abs(s.File()-forced.File()), abs(s.Rank()-forced.Rank()))
			if shogi.Attacks(pc, s, shogi.Bitboard{}).Has(forced) {
				d -= 10
			}
			if d < bestD {
				best, bestD = i, d
			}
		}
		if best >= 0 {
			pc := t.At(pieces[best])
			if placeable(q, pc, forced) {
				q.Put(forced, pc)
				need[pc.Kind().Unpromoted()]--
			}
			pieces = append(pieces[:best], pieces[best+1:]...)
		}
	}
	for _, s := range pieces {
		pc := t.At(s)
		k := pc.Kind().Unpromoted()
		if need[k] <= 0 {
			continue
		}
		to := s
		if !f.free(q, fa, s) || !placeable(q, pc, s) {
			to = f.nearFree(q, fa, pc, s)
			if to == shogi.NoSquare {
				continue
			}
		}
		q.Put(to, pc)
		need[k]--
	}
	if need[shogi.King] > 0 {
		// The enemy king must be on the board (Tsuitate, Dark): its camp first.
		to := f.nearFree(q, fa, shogi.MakePiece(them, shogi.King), shogi.Sq(5, homeRank(them)))
		if to == shogi.NoSquare {
			return nil, false
		}
		q.Put(to, shogi.MakePiece(them, shogi.King))
		need[shogi.King] = 0
	}
	for k := shogi.Pawn; k < shogi.King; k++ {
		if need[k] > 0 {
			q.SetHand(them, k, need[k])
		}
	}
	if f.variant == view.Tsuitate {
		if fa.turn == f.me {
			if kingAttacked(q, them) && !f.unattack(q, fa, them) {
				return q, false
			}
			if fa.inCheck != kingAttacked(q, f.me) {
				if fa.inCheck {
					if !f.attackKing(q, fa) {
						return q, !strict
					}
				} else if !f.unattack(q, fa, f.me) {
					return q, !strict
				}
			}
		} else if kingAttacked(q, f.me) && !f.unattack(q, fa, f.me) {
			return q, !strict
		}
	}
	if strict {
		for pass := 0; pass < 2; pass++ {
			for _, m := range f.failed {
				if f.ourMoveLands(q, m) && !f.spoil(q, fa, m) {
					return q, false
				}
			}
		}
		for _, m := range f.failed {
			if f.ourMoveLands(q, m) {
				return q, false
			}
		}
	}
	if strict && f.variant == view.Tsuitate && fa.turn == f.me && fa.inCheck != kingAttacked(q, f.me) {
		return q, false
	}
	if !fa.matches(q) {
		return q, false
	}
	return q, true
}

// spoil changes q so that the player's move m would fail there as it did on
// the true position: an enemy piece on the square of a drop or on the path of
// a slide, or attacking the square the king steps to. It reports success.
func (f *filter) spoil(q *shogi.Position, fa *facts, m shogi.Move) bool {
	var targets []shogi.Square
	switch {
	case m.IsDrop():
		targets = []shogi.Square{m.To()}
	case shogi.Between(m.From(), m.To()).Any() && (f.variant == view.Dark || f.rng.Intn(3) > 0):
		targets = shogi.Between(m.From(), m.To()).Squares()
	}
	f.rng.Shuffle(len(targets), func(i, j int) { targets[i], targets[j] = targets[j], targets[i] })
	for _, s := range targets {
		if f.free(q, fa, s) && f.placeEnemyOn(q, fa, s) {
			return !f.ourMoveLands(q, m)
		}
	}
	if f.variant != view.Tsuitate || m.IsDrop() {
		return false
	}
	// A move that leaves the king attacked: attack the king as it stands
	// after the move (a pin, a check not answered, a step into attack).
	ksq := q.KingSquare(f.me)
	if ksq == shogi.NoSquare {
		return false
	}
	if m.From() == ksq {
		ksq = m.To()
	}
	u := q.MakeMove(m)
	ok := f.attackSquareAvoiding(q, fa, ksq, shogi.SquareBB(m.From()).Or(shogi.SquareBB(m.To())))
	q.UnmakeMove(m, u)
	return ok && !f.ourMoveLands(q, m)
}

// placeEnemyOn puts an enemy piece on s: one from the enemy's hand if it has
// one that may stand there, else one moved from elsewhere on the board.
func (f *filter) placeEnemyOn(q *shogi.Position, fa *facts, s shogi.Square) bool {
	them := f.me.Opp()
	kinds := []shogi.Kind{shogi.Gold, shogi.Silver, shogi.Pawn, shogi.Knight, shogi.Lance, shogi.Bishop, shogi.Rook}
	f.rng.Shuffle(len(kinds), func(i, j int) { kinds[i], kinds[j] = kinds[j], kinds[i] })
	for _, k := range kinds {
		pc := shogi.MakePiece(them, k)
		if q.HandCount(them, k) > 0 && placeable(q, pc, s) {
			q.SetHand(them, k, q.HandCount(them, k)-1)
			q.Put(s, pc)
			return true
		}
	}
	pieces := q.Pieces(them).Squares()
	f.rng.Shuffle(len(pieces), func(i, j int) { pieces[i], pieces[j] = pieces[j], pieces[i] })
	for _, from := range pieces {
		pc := q.At(from)
		if pc.Kind() == shogi.King {
			continue
		}
		q.Put(from, shogi.NoPiece)
		if placeable(q, pc, s) {
			q.Put(s, pc)
			return true
		}
		q.Put(from, pc)
	}
	return false
}

// attackSquare moves one enemy piece (not the king) to a free square from
// which it attacks target. It reports success.
func (f *filter) attackSquare(q *shogi.Position, fa *facts, target shogi.Square) bool {
	return f.attackSquareAvoiding(q, fa, target, shogi.Bitboard{})
}

// attackSquareAvoiding is attackSquare never using the squares of avoid.
func (f *filter) attackSquareAvoiding(q *shogi.Position, fa *facts, target shogi.Square, avoid shogi.Bitboard) bool {
	them := f.me.Opp()
	pieces := q.Pieces(them).AndNot(avoid).Squares()
	f.rng.Shuffle(len(pieces), func(i, j int) { pieces[i], pieces[j] = pieces[j], pieces[i] })
	for _, s := range pieces {
		pc := q.At(s)
		if pc.Kind() == shogi.King {
			continue
		}
		q.Put(s, shogi.NoPiece)
		occ := q.Occupied()
		var opts []shogi.Square
		for t := shogi.Square(0); t < shogi.NumSquares; t++ {
			if !avoid.Has(t) && f.free(q, fa, t) && placeable(q, pc, t) && shogi.Attacks(pc, t, occ).Has(target) {
				opts = append(opts, t)
			}
		}
		if len(opts) > 0 {
			q.Put(opts[f.rng.Intn(len(opts))], pc)
			return true
		}
		q.Put(s, pc)
	}
	return false
}

func homeRank(c shogi.Color) int {
	if c == shogi.Black {
		return 9
	}
	return 1
}

// nearFree returns a free square for pc as near to s as possible (at random
// among the nearest), or NoSquare.
func (f *filter) nearFree(q *shogi.Position, fa *facts, pc shogi.Piece, s shogi.Square) shogi.Square {
	return f.nearFreeAvoiding(q, fa, pc, s, shogi.Bitboard{})
}

// nearFreeAvoiding is nearFree never choosing a square of avoid.
func (f *filter) nearFreeAvoiding(q *shogi.Position, fa *facts, pc shogi.Piece, s shogi.Square, avoid shogi.Bitboard) shogi.Square {
	for r := 1; r <= 8; r++ {
		var opts []shogi.Square
		for df := -r; df <= r; df++ {
			for dr := -r; dr <= r; dr++ {
				if max(abs(df), abs(dr)) != r {
					continue
				}
				fl, rk := s.File()+df, s.Rank()+dr
				if fl < 1 || fl > 9 || rk < 1 || rk > 9 {
					continue
				}
				t := shogi.Sq(fl, rk)
				if !avoid.Has(t) && f.free(q, fa, t) && placeable(q, pc, t) {
					opts = append(opts, t)
				}
			}
		}
		if len(opts) > 0 {
			return opts[f.rng.Intn(len(opts))]
		}
	}
	return shogi.NoSquare
}

// unattack moves the enemy pieces attacking c's king elsewhere (the enemy king
// itself, when c is the enemy, to a safe square). It reports success.
func (f *filter) unattack(q *shogi.Position, fa *facts, c shogi.Color) bool {
	ksq := q.KingSquare(c)
	if ksq == shogi.NoSquare {
		return true
	}
	them := f.me.Opp()
	for tries := 0; tries < 4 && q.IsAttacked(ksq, c.Opp()); tries++ {
		if c == them {
			// Move the enemy king to a square the player does not attack.
			pc := q.At(ksq)
			q.Put(ksq, shogi.NoPiece)
			to := shogi.NoSquare
			for r := 0; r < 12; r++ {
				t := f.nearFree(q, fa, pc, ksq)
				if t != shogi.NoSquare && !q.IsAttacked(t, f.me) {
					to = t
					break
				}
			}
			if to == shogi.NoSquare {
				q.Put(ksq, pc)
				return false
			}
			q.Put(to, pc)
			ksq = to
			continue
		}
		att := q.AttackersTo(ksq, them, q.Occupied())
		for att.Any() {
			s := att.Pop()
			pc := q.At(s)
			q.Put(s, shogi.NoPiece)
			to := f.nearFree(q, fa, pc, s)
			if to == shogi.NoSquare {
				q.Put(s, pc)
				return false
			}
			q.Put(to, pc)
		}
	}
	return !q.IsAttacked(ksq, c.Opp())
}

// attackKing moves one enemy piece to a free square from which it attacks the
// player's king. It reports success.
func (f *filter) attackKing(q *shogi.Position, fa *facts) bool {
	ksq := q.KingSquare(f.me)
	if ksq == shogi.NoSquare {
		return false
	}
	return f.attackSquare(q, fa, ksq)
}

// occupancy returns a summary of how sure the filter is: for each square, the
// share of particles with an enemy piece there.
func (f *filter) occupancy() [shogi.NumSquares]float64 {
	var out [shogi.NumSquares]float64
	if len(f.parts) == 0 {
		return out
	}
	them := f.me.Opp()
	for i := range f.parts {
		for b := f.parts[i].Pieces(them); b.Any(); {
			out[b.Pop()]++
		}
	}
	for s := range out {
		out[s] /= float64(len(f.parts))
	}
	return out
}
