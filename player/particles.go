package player

import (
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

	// Counters, for tests and tuning.
	collapses int // observations no particle survived
	reseeds   int // particles rebuilt by repair
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

// darkVisible returns the squares side c sees in Dark shogi: its pieces and
// every square they reach, sliders up to and including the first occupied
// square (RULES.md §2 Dark).
func darkVisible(p *shogi.Position, c shogi.Color) shogi.Bitboard {
	own := p.Pieces(c)
	occ := p.Occupied()
	vis := own
	for b := own; b.Any(); {
		s := b.Pop()
		vis = vis.Or(shogi.Attacks(p.At(s), s, occ))
	}
	return vis
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
	if darkVisible(p, f.me) != f.known {
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
		for i := range f.parts {
			f.parts[i] = *start
			f.w[i] = 1
		}
		return
	}
	f.parts = nil
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
		f.parts, f.w = nil, nil
		return
	}
	out := make([]shogi.Position, 0, f.n)
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
	}
	f.parts = out
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
		f.parts, f.w = nil, nil
		f.reseed(old, fa)
		return
	}
	f.resample()
}

// ourMove filters by the player's own accepted move m: it was legal on the
// true position, it captured captured (NoPiece: nothing) on m.To(), and it gave
// check or not (Tsuitate), and what the player sees after it (Dark).
func (f *filter) ourMove(m shogi.Move, captured shogi.Piece, gaveCheck bool, v *view.View) {
	fa := factsOf(v, f.me)
	old := append([]shogi.Position(nil), f.parts...)
	for i := range f.parts {
		p := &f.parts[i]
		if !f.ourMoveLands(p, m) {
			f.w[i] = 0
			continue
		}
		at := shogi.NoPiece
		if !m.IsDrop() {
			at = p.At(m.To())
		}
		if at != captured {
			f.w[i] = 0
			continue
		}
		p.MakeMove(m)
		if f.variant == view.Tsuitate && kingAttacked(p, f.me.Opp()) != gaveCheck {
			f.w[i] = 0
			continue
		}
		if !fa.matches(p) {
			f.w[i] = 0
		}
	}
	f.finish(old, fa) // the templates' enemy pieces are the same before and after our move
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
	fa := factsOf(v, f.me)
	old := append([]shogi.Position(nil), f.parts...)
	for i := range f.parts {
		if f.ourMoveLands(&f.parts[i], m) {
			f.w[i] = 0
		}
	}
	f.finish(old, fa)
}

// oppFoul weights each particle by how likely a blind opponent was to try a
// move there that the true position refuses.
func (f *filter) oppFoul(v *view.View) {
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
	fa := factsOf(v, f.me)
	old := append([]shogi.Position(nil), f.parts...)
	for i := range f.parts {
		p := &f.parts[i]
		m, like := f.sampleOppMove(p, capSq, captured, checked, fa)
		if m == shogi.NoMove {
			f.w[i] = 0
			continue
		}
		f.w[i] *= like
		p.MakeMove(m)
	}
	f.finish(old, fa)
}

// sampleOppMove draws the opponent's move in p from the prior restricted to the
// consistent moves, and returns it with the prior probability of consistency
// (the particle's likelihood). NoMove when no move fits.
func (f *filter) sampleOppMove(p *shogi.Position, capSq shogi.Square, captured shogi.Piece, checked bool, fa *facts) (shogi.Move, float64) {
	var ms []shogi.Move
	if f.variant == view.Tsuitate {
		ms = p.LegalMoves(f.buf[:0])
	} else {
		ms = p.PseudoMoves(f.buf[:0])
	}
	total, fit := 0.0, 0.0
	wts := f.wts[:len(ms)]
	for j, m := range ms {
		w := f.prior(p, m)
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
	// set of particles survives surprises.
	fit = 0
	u := total / float64(len(ms))
	for j := range ms {
		if wts[j] > 0 {
			wts[j] = priorMix*wts[j] + (1-priorMix)*u
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

// priorMix is the share of the heuristic prior in the opponent's move model;
// the rest is uniform over its moves.
const priorMix = 0.6

// prior is the blind prior weight of the opponent's move m in p: what a player
// who sees only their own side (Tsuitate) or a little of ours (Dark) tends to
// play. Development and advance are likelier than retreats, drops are spread
// thin over their many squares, and in Dark a capture (of a piece the opponent
// sees) is likely.
func (f *filter) prior(p *shogi.Position, m shogi.Move) float64 {
	them := p.SideToMove()
	w := 1.0
	to := m.To()
	if m.IsDrop() {
		w = 0.15
		if m.DropKind() == shogi.Pawn {
			w = 0.25
		}
		return w
	}
	pc := p.At(m.From())
	k := pc.Kind()
	if t := p.At(to); t != shogi.NoPiece {
		if f.variant == view.Dark {
			w *= 4 + float64(pieceValue[t.Kind()])/200
			if t.Kind() == shogi.King {
				w *= 20
			}
		} else {
			w *= 1.5
		}
	}
	if m.IsPromotion() {
		w *= 3
	} else if k.CanPromote() && k != shogi.Knight && k != shogi.Silver && (m.From().InZone(them) || to.InZone(them)) {
		w *= 0.2 // not promoting a pawn, lance, bishop or rook is rare
	}
	d := advance(them, to) - advance(them, m.From())
	switch {
	case k == shogi.King:
		w *= 0.35
	case d > 0:
		w *= 1.4
	case d < 0:
		w *= 0.6
	}
	if k == shogi.Pawn {
		w *= 1.5
	}
	if f.variant == view.Dark && p.IsAttacked(to, f.me) {
		w *= 0.5 // often seen, and avoided
	}
	return w
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
	for i := 0; i < f.n; i++ {
		t := &templates[f.rng.Intn(len(templates))]
		for attempt := 0; attempt < 8; attempt++ {
			if q, ok := f.repair(t, fa, attempt < 6); ok {
				f.parts = append(f.parts, *q)
				f.w = append(f.w, 1)
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
	if !fa.matches(q) {
		return q, false
	}
	return q, true
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
				if f.free(q, fa, t) && placeable(q, pc, t) {
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
	them := f.me.Opp()
	pieces := q.Pieces(them).Squares()
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
			if f.free(q, fa, t) && placeable(q, pc, t) && shogi.Attacks(pc, t, occ).Has(ksq) {
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
