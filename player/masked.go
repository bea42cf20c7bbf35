package player

import (
	"context"
	"time"

	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// maskedPlayer is the strong level in Masked shogi: alpha-beta on the open
// board with its own mask royal (the opponent taking it loses at once) and a
// belief over which enemy piece is the mask, which the search cashes in as
// expected value when it captures.
type maskedPlayer struct {
	*base
	searchers []*searcher

	belief     [shogi.NumSquares]float64 // probability the enemy piece on each square is the mask
	haveBelief bool
	prev       *shogi.Position // the open board before the latest action
	threatened shogi.Bitboard  // enemy pieces our last move left en prise, judged before their reply
}

func newMaskedPlayer(b *base) *maskedPlayer { return &maskedPlayer{base: b} }

func (mp *maskedPlayer) searcher(i int) *searcher {
	for len(mp.searchers) <= i {
		mp.searchers = append(mp.searchers, newSearcher(smMasked, mp.me))
	}
	return mp.searchers[i]
}

func (mp *maskedPlayer) Observe(v view.View, evs []view.Event) {
	mp.base.observe(v, evs)
	cur := view.PositionOf(&mp.v)
	if !mp.haveBelief {
		mp.initBelief(cur)
	} else {
		for _, e := range evs {
			if e.Kind != view.EvMoved || e.Move == "" {
				continue
			}
			m, err := shogi.ParseUSI(e.Move)
			if err != nil {
				continue
			}
			mp.followMove(e.Player, m)
		}
		// Whatever moved or vanished, the belief lives only on enemy pieces.
		for s := shogi.Square(0); s < shogi.NumSquares; s++ {
			if pc := cur.At(s); pc == shogi.NoPiece || pc.Color() == mp.me {
				mp.belief[s] = 0
			}
		}
		normalize(&mp.belief)
	}
	if v.Turn == mp.me.Opp() && mp.haveBelief {
		// Our move was just played: note what it left en prise, to see whether
		// the opponent saves it.
		mp.threatened = threatenedPieces(cur, mp.me)
	}
	mp.prev = cur
}

// initBelief spreads the belief evenly over the enemy pieces on the board
// other than the king (the mask is never the king, RULES.md).
func (mp *maskedPlayer) initBelief(p *shogi.Position) {
	mp.belief = [shogi.NumSquares]float64{}
	n := 0
	for b := p.Pieces(mp.me.Opp()); b.Any(); {
		s := b.Pop()
		if p.At(s).Kind() != shogi.King {
			mp.belief[s] = 1
			n++
		}
	}
	if n > 0 {
		normalize(&mp.belief)
		mp.haveBelief = true
	}
}

func normalize(b *[shogi.NumSquares]float64) { scaleTo(b[:], 1) }

// followMove updates the belief for an accepted move by c.
func (mp *maskedPlayer) followMove(c shogi.Color, m shogi.Move) {
	to := m.To()
	if c == mp.me {
		// A capture that did not end the game was not the mask.
		mp.belief[to] = 0
		return
	}
	if m.IsDrop() {
		mp.belief[to] = 0 // a dropped piece is never the mask
		return
	}
	from := m.From()
	mp.belief[to] = mp.belief[from]
	mp.belief[from] = 0
	if mp.prev != nil && mp.threatened.Any() {
		mp.reactTo(m)
	}
	mp.threatened = shogi.Bitboard{}
}

// Likelihoods that an attacked piece is saved (moved to safety or defended) by
// its owner's reply, if it is the mask and if it is not.
const (
	savedIfMask  = 0.9
	savedIfOther = 0.45
)

// reactTo updates the belief from the opponent's reply m to our threats: a
// player saves its mask far more often than any other piece.
func (mp *maskedPlayer) reactTo(m shogi.Move) {
	after := mp.prev.Clone()
	if !after.IsPseudoLegal(m) {
		return
	}
	after.MakeMove(m)
	stillThreatened := threatenedPieces(after, mp.me)
	for t := mp.threatened; t.Any(); {
		s := t.Pop()
		now := s
		if !m.IsDrop() && m.From() == s {
			now = m.To()
		}
		if after.At(now) == shogi.NoPiece || after.At(now).Color() == mp.me {
			continue
		}
		if stillThreatened.Has(now) {
			mp.belief[now] *= (1 - savedIfMask) / (1 - savedIfOther)
		} else {
			mp.belief[now] *= savedIfMask / savedIfOther
		}
	}
	normalize(&mp.belief)
}

// threatenedPieces returns the enemy pieces (enemy of me) that me attacks and
// could win: undefended, or attacked by a cheaper piece.
func threatenedPieces(p *shogi.Position, me shogi.Color) shogi.Bitboard {
	var out shogi.Bitboard
	occ := p.Occupied()
	for b := p.Pieces(me.Opp()); b.Any(); {
		s := b.Pop()
		att := p.AttackersTo(s, me, occ)
		if att.Empty() {
			continue
		}
		if !p.AttackersTo(s, me.Opp(), occ).Any() {
			out.Set(s)
			continue
		}
		v := valueOf(p.At(s).Kind(), evalMasked)
		for att.Any() {
			if valueOf(p.At(att.Pop()).Kind(), evalMasked) < v {
				out.Set(s)
				break
			}
		}
	}
	return out
}

func (mp *maskedPlayer) Act(ctx context.Context) Action {
	start := time.Now()
	if mp.needsMask() {
		if !mp.frozen {
			return mp.maskAction(mixedMask(mp.base))
		}
		return mp.maskAction(chooseMask(mp.base, 3))
	}
	p, cands := knownBoard(&mp.v, mp.me, mp.cfg.MaskAsKing)
	cands = mp.untried(cands)
	if len(cands) == 0 {
		return mp.moveAction(shogi.NoMove)
	}
	if len(cands) == 1 {
		return mp.moveAction(cands[0])
	}
	if !mp.haveBelief {
		mp.initBelief(p)
	}
	var prob [shogi.NumSquares]int32
	for s, x := range mp.belief {
		prob[s] = int32(x*1000 + 0.5)
	}
	deadline := thinkDeadline(ctx, start, mp.cfg.MoveTime)
	mk := func(i int) *searcher {
		s := mp.searcher(i)
		s.ownMask = mp.v.Mask
		s.maskAsKing = mp.cfg.MaskAsKing
		s.maskProb = prob
		s.maskGain = 0
		s.margin = mp.margin()
		return s
	}
	res, _ := parallelThink(p, cands, mp.cfg.Threads, 32, deadline, mk)
	if len(res) == 0 {
		return mp.moveAction(cands[mp.rng.Intn(len(cands))])
	}
	if !mp.frozen {
		return mp.moveAction(pickMixed(res, mp.base))
	}
	return mp.moveAction(pickAmong(res, mp.rng.Intn(1<<20)))
}
