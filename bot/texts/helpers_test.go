package texts

import (
	"fmt"
	"math/rand"
	"testing"

	"shinpan/referee"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// batch is one action's events with what each audience saw before it.
type batch struct {
	seen [3]*shogi.Position // by view.Audience: Black, White, the channel
	act  referee.Action
	evs  []view.Event
}

func pos(v view.View) *shogi.Position { return view.PositionOf(&v) }

func seenAll(g *referee.Game) [3]*shogi.Position {
	return [3]*shogi.Position{pos(g.View(view.ViewerBlack)), pos(g.View(view.ViewerWhite)), pos(g.View(view.ViewerPublic))}
}

// play runs a seeded random game of variant v and returns every accepted
// action's events. It plays legal moves and, in Tsuitate, pseudo-legal ones that
// may be fouls.
func play(t testing.TB, v view.Variant, o referee.Options, seed int64, plies int) (*referee.Game, []batch) {
	t.Helper()
	rng := rand.New(rand.NewSource(seed))
	g, err := referee.New(fmt.Sprint(seed+1), v, "", o)
	if err != nil {
		t.Fatal(err)
	}
	var out []batch
	if v == view.Masked {
		for _, c := range []shogi.Color{shogi.Black, shogi.White} {
			p := g.TruePosition()
			sqs := p.Pieces(c).Squares()
			for {
				s := sqs[rng.Intn(len(sqs))]
				if p.At(s).Kind() != shogi.King {
					a := referee.Action{Kind: referee.ActMask, Player: c, Text: s.String(), Salt: fmt.Sprintf("salt%d", c)}
					seen := seenAll(g)
					evs, err := g.Apply(a)
					if err != nil {
						t.Fatal(err)
					}
					out = append(out, batch{seen, a, evs})
					break
				}
			}
		}
	}
	for i := 0; i < plies && !g.Over(); i++ {
		p := g.TruePosition()
		ms := p.LegalMoves(nil)
		if v != view.Standard && (len(ms) == 0 || rng.Intn(3) == 0) {
			ms = p.PseudoMoves(nil)
		}
		if len(ms) == 0 {
			break
		}
		// Prefer captures now and then, so games end.
		m := ms[rng.Intn(len(ms))]
		for _, c := range ms {
			if !c.IsDrop() && p.At(c.To()) != shogi.NoPiece && rng.Intn(2) == 0 {
				m = c
				break
			}
		}
		a := referee.Action{Kind: referee.ActMove, Player: p.SideToMove(), Text: m.USI()}
		seen := seenAll(g)
		evs, err := g.Apply(a)
		if err != nil {
			continue
		}
		out = append(out, batch{seen, a, evs})
	}
	return g, out
}
