package referee

import (
	"fmt"
	"math/rand"
	"slices"
	"testing"

	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// TestViewBoardIsTheReferees: what a player program rebuilds from its view
// (view.PositionOf and view.Candidates, as the CPU does) is exactly the board
// and the moves the referee reads that player's text against, in every
// variant, at every ply of seeded random games, on turn.
func TestViewBoardIsTheReferees(t *testing.T) {
	for _, v := range []view.Variant{view.Standard, view.Tsuitate, view.Masked, view.Dark} {
		for seed := int64(0); seed < 30; seed++ {
			rng := rand.New(rand.NewSource(seed))
			o := DefaultOptions(v)
			o.FoulLimit = 20
			o.MaskAsKing = v == view.Masked && seed%2 == 0
			g, err := New(fmt.Sprint("sight-", seed), v, "", o)
			if err != nil {
				t.Fatal(err)
			}
			if v == view.Masked {
				for _, c := range []shogi.Color{B, W} {
					sq := g.pos.Pieces(c).Squares()
					for {
						s := sq[rng.Intn(len(sq))]
						if g.pos.At(s).Kind() != shogi.King {
							if _, err := g.Apply(Action{Kind: ActMask, Player: c, Text: s.String(), Salt: "s"}); err != nil {
								t.Fatal(err)
							}
							break
						}
					}
				}
			}
			for ply := 0; ply < 120 && !g.Over(); ply++ {
				c := g.Turn()
				vw := g.View(view.ViewerOf(c))
				mine := view.PositionOf(&vw)
				mine.SetSideToMove(c)
				cands := view.Candidates(v, mine, vw.Mask, o.MaskAsKing)
				seen, want := g.PlayerBoard(c)
				if mine.SFEN() != seen.SFEN() || !sameMoves(cands, want) {
					t.Fatalf("%s seed %d ply %d: view gives %s (%d moves), referee %s (%d moves)",
						v, seed, ply, mine.SFEN(), len(cands), seen.SFEN(), len(want))
				}
				if len(want) == 0 {
					break
				}
				pseudo := g.pos.PseudoMoves(nil)
				m := want[rng.Intn(len(want))]
				if v == view.Tsuitate && rng.Intn(3) == 0 {
					m = pseudo[rng.Intn(len(pseudo))]
				}
				if _, err := g.Apply(Action{Kind: ActMove, Player: c, Text: m.USI()}); err != nil {
					t.Fatalf("%s seed %d: %s: %v", v, seed, m.USI(), err)
				}
			}
		}
	}
}

func sameMoves(a, b []shogi.Move) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}
