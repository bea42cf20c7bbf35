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
// This file is the core; the updates on the player's own moves are in
// particles_own.go, on the opponent's in particles_opp.go, the repair in
// particles_repair.go.
type filter struct {
	me      shogi.Color
	variant view.Variant
	rng     *rand.Rand
	n       int
	// kingVisible is Tsuitate's king_visible: each side is shown the other's
	// king, so the opponent's own board holds the player's king.
	kingVisible bool
	// blindShots (strong, Dark): the opponent is expected to take shots at
	// the player's king, as the particle places it (blindShot).
	blindShots bool
	// policy (strong, Dark): the opponent's moves are drawn from the fitted
	// model (policy_dark.go) instead of the heuristic prior.
	policy *[numPolicyFeatures]float64
	lastTo shogi.Square // where the player's last accepted move landed

	parts []shogi.Position
	w     []float64
	style []uint8 // per particle, the opponent's style it assumes (styleTemps)

	// failed are the player's attempts refused on the true position (fouls,
	// bounces) since the last accepted move: facts about the position now.
	failed []shogi.Move
	// lastOpp is the opponent's last move as the filter saw it, to draw it
	// again when the player's answer to its check fouls (redoOppMove).
	lastOpp oppMoveSeen

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
	return &filter{me: me, variant: v, n: n, rng: rng, lastTo: shogi.NoSquare}
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
	// shownKing is where the enemy king is shown (Tsuitate's king_visible),
	// NoSquare otherwise.
	shownKing  shogi.Square
	lostAt     shogi.Square
	moveNumber int
}

func factsOf(v *view.View, me shogi.Color) *facts {
	f := &facts{me: me, dark: v.Variant == view.Dark, ownHand: v.Hands[me], turn: v.Turn, inCheck: v.InCheck,
		lostAt: v.LostAt, moveNumber: v.MoveNumber, shownKing: shogi.NoSquare}
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
			if !f.dark && c.Piece.Kind() == shogi.King && v.KingSeen[c.Piece.Color()] {
				f.shownKing = s
			}
		}
	}
	return f
}

// matches reports whether p agrees with the facts: the same own pieces and
// hand, the enemy king where it is shown and, in Dark, the same squares in
// sight with the same enemy pieces.
func (f *facts) matches(p *shogi.Position) bool {
	if p.Pieces(f.me) != f.own || p.Hand(f.me) != f.ownHand || !f.kingFits(p) {
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

// kingFits reports whether p has the enemy king where it is shown (always,
// when it is not shown).
func (f *facts) kingFits(p *shogi.Position) bool {
	return f.shownKing == shogi.NoSquare || p.At(f.shownKing) == shogi.MakePiece(f.me.Opp(), shogi.King)
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
	if fa.shownKing != shogi.NoSquare {
		f.kingVisible = true
	}
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
