package player

import (
	"context"

	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// greedyPlayer looks one ply ahead on what it knows: it takes the best capture
// of a piece it sees, else plays the best material and advance score, and never
// steps its king (in Masked, its mask) onto a square a known enemy piece
// attacks.
type greedyPlayer struct{ *base }

func (g *greedyPlayer) Act(ctx context.Context) Action {
	if g.needsMask() {
		return g.maskAction(chooseMask(g.base, 0))
	}
	p, cands := knownBoard(&g.v, g.me, g.cfg.MaskAsKing)
	cands = g.untried(cands)
	if len(cands) == 0 {
		return g.moveAction(shogi.NoMove)
	}
	mode := modeOf(g.cfg.Variant)
	best, bestScore := shogi.NoMove, -scoreInf
	for _, m := range cands {
		s, ok := greedyScore(p, m, g.me, g.v.Mask, mode)
		if !ok {
			s -= 20000 // the royal piece into a known attack: only when nothing else is left
		}
		if g.cfg.Variant == view.Tsuitate {
			s -= screenRisk(g.me, m)
			if g.v.InCheck && !m.IsDrop() && p.At(m.From()).Kind() == shogi.King {
				s += 600 // told "check" without the direction: stepping away answers it most often
			}
		}
		s += g.rng.Intn(4)
		if s > bestScore {
			best, bestScore = m, s
		}
	}
	return g.moveAction(best)
}

func modeOf(v view.Variant) evalMode {
	switch v {
	case view.Dark:
		return evalDark
	case view.Masked:
		return evalMasked
	}
	return evalLegal
}

// greedyScore scores m on the known position p (side to move me): material
// won, promotion, the change in placement, less the value put where a known
// enemy piece attacks it. ok is false when m steps the king (the mask, in
// Masked) onto an attacked square.
func greedyScore(p *shogi.Position, m shogi.Move, me shogi.Color, mask shogi.Square, mode evalMode) (score int, ok bool) {
	to := m.To()
	var after shogi.Kind
	if m.IsDrop() {
		after = m.DropKind()
		score = psq(me, after, to) - (handValue[after] - pieceValue[after])
	} else {
		from := m.From()
		k := p.At(from).Kind()
		after = k
		if m.IsPromotion() {
			after = k.Promoted()
		}
		if t := p.At(to); t != shogi.NoPiece && t.Color() != me {
			if t.Kind() == shogi.King && mode == evalDark {
				return scoreWin, true
			}
			score += valueOf(t.Kind(), mode) + 1000 // a capture first
		}
		score += pieceValue[after] - pieceValue[k]
		score += psq(me, after, to) - psq(me, k, from)
	}
	royal := after == shogi.King || !m.IsDrop() && m.From() == mask && mask != shogi.NoSquare
	u := p.MakeMove(m)
	attacked := p.IsAttacked(to, me.Opp())
	defended := attacked && p.IsAttacked(to, me)
	p.UnmakeMove(m, u)
	if attacked {
		if royal {
			return score, false
		}
		v := valueOf(after, mode)
		if defended {
			v /= 2
		}
		score -= v
	}
	return score, true
}

// chooseMask picks a mask on the view's board: a piece other than the king that
// the player's own pieces defend and few enemy pieces could reach soon. spread
// is how many of the best candidates it chooses among at random (0 or 1: the
// best, ties broken at random).
func chooseMask(b *base, spread int) shogi.Square {
	cs := maskCands(b, 6)
	if len(cs) == 0 {
		return shogi.NoSquare
	}
	// Sort by score, best first (few pieces: insertion sort).
	for i := 1; i < len(cs); i++ {
		for j := i; j > 0 && cs[j].score > cs[j-1].score; j-- {
			cs[j], cs[j-1] = cs[j-1], cs[j]
		}
	}
	if spread <= 1 {
		return cs[0].s
	}
	return cs[b.rng.Intn(min(spread, len(cs)))].s
}

// mixedMask draws the mask among the candidates scored within maskMargin of
// the best (the strong level: no square is a safe guess).
func mixedMask(b *base) shogi.Square {
	cs := maskCands(b, 0)
	if len(cs) == 0 {
		return shogi.NoSquare
	}
	sc := make([]float64, len(cs))
	for i, c := range cs {
		sc[i] = float64(c.score)
	}
	return cs[softPick(sc, maskMargin, maskTemp, b.rng)].s
}

type maskCand struct {
	s     shogi.Square
	score int
}

// maskCands scores the player's pieces as masks, each with a random bonus
// below noise (none when 0).
func maskCands(b *base, noise int) []maskCand {
	p := view.PositionOf(&b.v)
	var cs []maskCand
	own := p.Pieces(b.me)
	for sq := own; sq.Any(); {
		s := sq.Pop()
		k := p.At(s).Kind()
		if k == shogi.King {
			continue
		}
		score := 10 * p.AttackersTo(s, b.me, p.Occupied()).Count()
		score -= 30 * p.AttackersTo(s, b.me.Opp(), p.Occupied()).Count()
		score += 4 * (9 - advance(b.me, s)) // far from the enemy
		switch k {
		case shogi.Gold, shogi.Silver:
			score += 12 // moves well enough to run, not needed to attack
		case shogi.Rook, shogi.Bishop:
			score -= 15 // a mask that must stay safe is a poor attacker
		case shogi.Pawn:
			score -= 10 // in front, soon exchanged
		}
		if noise > 0 {
			score += b.rng.Intn(noise)
		}
		cs = append(cs, maskCand{s, score})
	}
	return cs
}

// screenRisk is what greedy knows of the screen in Tsuitate: any square it
// cannot see may hold an enemy piece, so a long slide may pass through one and
// a drop deep in the enemy camp may land on one (fouls).
func screenRisk(me shogi.Color, m shogi.Move) int {
	if m.IsDrop() {
		if advance(me, m.To()) >= 6 {
			return 100
		}
		return 0
	}
	return 80 * shogi.Between(m.From(), m.To()).Count()
}
