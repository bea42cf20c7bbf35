package player

import (
	"math/rand"
	randv2 "math/rand/v2"

	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// base is what every level keeps: the latest view, the moves already tried
// this turn (refused, fouled or bounced), and the player's random source.
type base struct {
	cfg Config
	me  shogi.Color
	rng *rand.Rand
	// frozen: play as the Baseline level, the strong level before it mixed
	// its choices (issue 35).
	frozen bool

	v        view.View
	haveView bool

	tried    map[shogi.Move]bool // attempts that did not become a move this turn
	triedAt  int                 // the move number tried belongs to
	lastMove shogi.Move          // the last move the player sent
	lastMask bool                // the last action was a mask choice
}

func newBase(cfg Config) *base {
	return &base{cfg: cfg, me: cfg.Color, rng: rand.New(newSource(cfg.Seed)), tried: map[shogi.Move]bool{}}
}

// observe records the view and notes the player's own failed attempts.
func (b *base) observe(v view.View, evs []view.Event) {
	b.v = v
	b.haveView = true
	if v.MoveNumber != b.triedAt {
		clear(b.tried)
		b.triedAt = v.MoveNumber
	}
	for _, e := range evs {
		if e.Player != b.me || e.To != view.AudienceOf(b.me) {
			continue
		}
		switch e.Kind {
		case view.EvFoul, view.EvBounce:
			if b.lastMove != shogi.NoMove {
				b.tried[b.lastMove] = true
			}
		case view.EvMoved:
			clear(b.tried)
		}
	}
}

// refused notes that the last action was refused.
func (b *base) refused(string) {
	if b.lastMove != shogi.NoMove && !b.lastMask {
		b.tried[b.lastMove] = true
	}
}

func (b *base) Observe(v view.View, evs []view.Event) { b.observe(v, evs) }
func (b *base) Refused(text string)                   { b.refused(text) }

// moveAction records m as the last attempt and returns it as an action.
func (b *base) moveAction(m shogi.Move) Action {
	b.lastMove, b.lastMask = m, false
	if m == shogi.NoMove {
		return Action{Kind: ActResign}
	}
	return Action{Kind: ActMove, Text: m.USI()}
}

func (b *base) maskAction(s shogi.Square) Action {
	b.lastMove, b.lastMask = shogi.NoMove, true
	return Action{Kind: ActMask, Text: s.String()}
}

// needsMask reports whether the player still has to choose its mask.
func (b *base) needsMask() bool {
	return b.cfg.Variant == view.Masked && b.v.Mask == shogi.NoSquare && b.v.Result == nil
}

// knownBoard returns the position the player knows, the player to move, and
// the moves the referee lets it try there (view.Candidates, RULES.md §2).
func knownBoard(v *view.View, me shogi.Color, maskAsKing bool) (*shogi.Position, []shogi.Move) {
	p := view.PositionOf(v)
	p.SetSideToMove(me)
	return p, view.Candidates(v.Variant, p, v.Mask, maskAsKing)
}

// untried returns the moves of ms not yet tried this turn.
func (b *base) untried(ms []shogi.Move) []shogi.Move {
	if len(b.tried) == 0 {
		return ms
	}
	out := make([]shogi.Move, 0, len(ms))
	for _, m := range ms {
		if !b.tried[m] {
			out = append(out, m)
		}
	}
	return out
}

// source is a math/rand Source over math/rand/v2's PCG, so that every bit of
// the seed counts: math/rand's own source keeps only the seed mod 2³¹−1, few
// enough to try them all against a game's public record and replay the CPU.
type source struct{ *randv2.PCG }

const seedSalt = 0x9e3779b97f4a7c15 // PCG's second seed word

func newSource(seed int64) source { return source{randv2.NewPCG(uint64(seed), seedSalt)} }

func (s source) Int63() int64    { return int64(s.Uint64() >> 1) }
func (s source) Seed(seed int64) { s.PCG.Seed(uint64(seed), seedSalt) }
