package player

import (
	"context"
	"time"

	"shinpan/referee/shogi"
)

// openPlayer is the strong level in Standard shogi: alpha-beta with
// quiescence on the open board, the root moves shared among the threads.
type openPlayer struct {
	*base
	searchers []*searcher
}

func newOpenPlayer(b *base) *openPlayer {
	return &openPlayer{base: b}
}

func (o *openPlayer) searcher(i int) *searcher {
	for len(o.searchers) <= i {
		o.searchers = append(o.searchers, newSearcher(smLegal, o.me))
	}
	return o.searchers[i]
}

func (o *openPlayer) Act(ctx context.Context) Action {
	start := time.Now()
	p, cands := knownBoard(&o.v, o.me, false)
	cands = o.untried(cands)
	if len(cands) == 0 {
		return o.moveAction(shogi.NoMove)
	}
	if len(cands) == 1 {
		return o.moveAction(cands[0])
	}
	deadline := thinkDeadline(ctx, start, o.cfg.MoveTime)
	mk := func(i int) *searcher {
		s := o.searcher(i)
		s.margin = o.margin()
		return s
	}
	res, _ := parallelThink(p, cands, o.cfg.Threads, 32, deadline, mk)
	if len(res) == 0 {
		return o.moveAction(cands[o.rng.Intn(len(cands))])
	}
	if !o.frozen {
		return o.moveAction(pickMixed(res, o.base))
	}
	return o.moveAction(pickAmong(res, o.rng.Intn(1<<20)))
}

// thinkDeadline is when a search started at start must stop: a little inside
// the budget, and no later than ctx's deadline.
func thinkDeadline(ctx context.Context, start time.Time, budget time.Duration) time.Time {
	d := start.Add(budget * 9 / 10)
	if dl, ok := ctx.Deadline(); ok && dl.Before(d) {
		d = dl
	}
	return d
}

// pickMixed draws a move among the root results scored within openMargin of
// the best (a win found is taken at once).
func pickMixed(res []rootResult, b *base) shogi.Move {
	best := res[0].score
	if best > winBound || best < -winBound {
		return res[0].move
	}
	n := 1
	for n < len(res) && res[n].score >= best-openMargin {
		n++
	}
	sc := make([]float64, n)
	for i := range sc {
		sc[i] = float64(res[i].score)
	}
	return res[softPick(sc, openMargin, openTemp, b.rng)].move
}

// pickAmong returns the best move, choosing at random (by r) among moves
// scored within a few centipawns of it so that games vary.
func pickAmong(res []rootResult, r int) shogi.Move {
	best := res[0].score
	if best > winBound || best < -winBound {
		return res[0].move
	}
	n := 1
	for n < len(res) && res[n].score >= best-3 {
		n++
	}
	return res[r%n].move
}

// margin is the search's margin of exact root scores: openMargin when the
// choice is mixed.
func (b *base) margin() int {
	if b.frozen {
		return 0
	}
	return openMargin
}
