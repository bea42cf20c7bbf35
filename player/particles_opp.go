package player

import (
	"math"

	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// The filter's update on the opponent's moves and fouls, and its model of
// how the opponent moves.

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
		ms := f.oppOwnBoardMoves(p)
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

// oppOwnBoardMoves returns the moves the opponent (to move in p) may try on
// its own board: OwnBoardMoves, or under king_visible the moves of its board
// showing the player's king (view.Candidates).
func (f *filter) oppOwnBoardMoves(p *shogi.Position) []shogi.Move {
	if !f.kingVisible {
		return p.OwnBoardMoves(f.buf[:0])
	}
	q := view.WithKing(view.OwnOnly(p, p.SideToMove()), p, f.me)
	return q.SeenBoardMoves(f.buf[:0])
}

// placeShownKing puts the enemy king of q where the player is shown it,
// moving aside an enemy piece standing there. It reports success (always,
// when the king is not shown).
func (f *filter) placeShownKing(q *shogi.Position, fa *facts) bool {
	if fa.kingFits(q) {
		return true
	}
	them, s := f.me.Opp(), fa.shownKing
	if pc := q.At(s); pc != shogi.NoPiece && (pc.Color() == f.me || !f.relocate(q, fa, s, shogi.SquareBB(s))) {
		return false
	}
	if k := q.KingSquare(them); k != shogi.NoSquare {
		q.Put(k, shogi.NoPiece)
	}
	q.Put(s, shogi.MakePiece(them, shogi.King))
	return true
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
	f.keepOppMove(old, capSq, captured, checked)
	fixed := make([]bool, len(f.parts))
	f.evS, f.evU = 0, 0
	defer f.noteEvidence(len(f.parts))
	for i := range f.parts {
		p := &f.parts[i]
		m, like := f.sampleOppMove(p, capSq, captured, checked, fa, styleTemps[f.style[i]], nil)
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
		if !f.placeShownKing(q, fa) {
			return false
		}
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
// (the particle's likelihood). NoMove when no move fits. Tsuitate: after a
// consistent move, each of the player's attempts in fail must foul.
func (f *filter) sampleOppMove(p *shogi.Position, capSq shogi.Square, captured shogi.Piece, checked bool, fa *facts, temp float64, fail []shogi.Move) (shogi.Move, float64) {
	var ms []shogi.Move
	if f.variant == view.Tsuitate {
		ms = p.LegalMoves(f.buf[:0])
	} else {
		ms = p.PseudoMoves(f.buf[:0])
	}
	total, fit := 0.0, 0.0
	wts := f.wts[:len(ms)]
	var pc policyCtx
	sharpness := 1.0
	if f.policy != nil {
		pc = newPolicyCtx(p, f.variant, f.lastTo)
		if temp < styleTemps[0] {
			sharpness = policySharp
		}
	}
	for j, m := range ms {
		var w float64
		if f.policy != nil {
			w = math.Exp(min(sharpness*policyScore(p, &pc, m, f.policy), 30))
		} else {
			w = f.prior(p, m, temp)
		}
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
			ok = kingAttacked(p, f.me) == checked && fa.kingFits(p) && !f.anyLands(p, fail)
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

// policySharp is how much sharper than the fitted model (policy_dark.go) a
// sharp-style particle takes the opponent to be.
const policySharp = 2.5

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

// blindShot is what the strong level's Dark prior adds to an opponent move
// that puts a piece where it attacks the player's king (as the particle places
// it): a king attacked by a piece its owner cannot see is most likely lost
// (blindWin), so a sensible opponent that guesses where the king stands takes
// the shot, often with a drop into the fog. Without it the particles seldom
// held the knight that had just been dropped two squares from the king.
// Strong against baseline in Dark at 100 ms: 55.0% ±6.9 over 200 games
// (seed 303), against 51.5% ±6.9 without.
const blindShot = 300

// attacksOurKing reports whether the opponent's piece pc on to attacks the
// player's king in p, with occ the occupancy after the move.
func (f *filter) attacksOurKing(p *shogi.Position, pc shogi.Piece, to shogi.Square, occ shogi.Bitboard) bool {
	k := p.KingSquare(f.me)
	return k != shogi.NoSquare && k != to && shogi.Attacks(pc, to, occ).Has(k)
}

// prior is the blind prior weight of the opponent's move m in p: a sensible
// player choosing on what it sees — its own pieces in Tsuitate, a little of
// ours in Dark — prefers promotions and advancing moves, avoids long slides
// and deep drops through squares it cannot see (Tsuitate), takes the pieces it
// sees and keeps its own out of sight of ours (Dark), and steps its king away
// when told check; at the strong level it takes shots at our king (Dark,
// blindShot). The weight is a softmax of that score.
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
		if f.blindShots && f.attacksOurKing(p, shogi.MakePiece(them, k), to, p.Occupied()) {
			score += blindShot
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
		if f.blindShots && f.attacksOurKing(p, shogi.MakePiece(them, after), to, p.Occupied().AndNot(shogi.SquareBB(m.From()))) {
			score += blindShot
		}
	}
	if score > 2000 {
		score = 2000
	}
	return math.Exp(float64(score) / temp)
}
