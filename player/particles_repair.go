package player

import (
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// Rebuilding particles that no longer fit what the player knows.

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
