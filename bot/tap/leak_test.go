package tap

import (
	"bytes"
	"fmt"
	"math/rand"
	"testing"

	"shinpan/bot/texts"
	"shinpan/referee"
	"shinpan/referee/notation"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/render"
)

// dump walks every screen from the first and writes each one, in the order
// walked, with the board image of each marked pick.
func dump(t *testing.T, in *Input, images bool) ([]byte, [][]byte) {
	t.Helper()
	var out bytes.Buffer
	var pngs [][]byte
	seen := map[string]bool{Root: true}
	queue := []string{Root}
	for len(queue) > 0 {
		step := queue[0]
		queue = queue[1:]
		pk, err := Step(in, step)
		fmt.Fprintf(&out, "%s → %v %v %v %q %+v %+v", step, err, pk.Move, pk.Mask, pk.Screen.Heading, pk.Screen.Selects, pk.Screen.Buttons)
		if r := pk.Screen.Reach; r != nil {
			fmt.Fprintf(&out, " reach %v %v", r.From, r.To)
		}
		out.WriteByte('\n')
		if images && pk.Screen.Reach != nil && len(pngs) < 2 {
			img, err := render.Render(in.View, render.Options{Reach: pk.Screen.Reach})
			if err != nil {
				t.Fatal(err)
			}
			pngs = append(pngs, img.PNG)
		}
		for _, s := range checkScreen(t, in, pk.Screen) {
			if !seen[s] {
				seen[s] = true
				queue = append(queue, s)
			}
		}
	}
	return out.Bytes(), pngs
}

// hiddenTwin returns p with something c cannot see changed: in Tsuitate an
// enemy piece (not the king) taken off the board into the enemy's hand, in
// Dark an enemy piece in the fog removed. ok is false when there is none.
func hiddenTwin(v view.Variant, p *shogi.Position, c shogi.Color, rng *rand.Rand) (*shogi.Position, bool) {
	q := p.Clone()
	var cands []shogi.Square
	fog := view.DarkVisible(p, c)
	for _, s := range p.Pieces(c.Opp()).Squares() {
		if p.At(s).Kind() == shogi.King || (v == view.Dark && fog.Has(s)) {
			continue
		}
		cands = append(cands, s)
	}
	if len(cands) == 0 {
		return nil, false
	}
	s := cands[rng.Intn(len(cands))]
	k := p.At(s).Kind().Unpromoted()
	q.Put(s, shogi.NoPiece)
	q.SetHand(c.Opp(), k, q.HandCount(c.Opp(), k)+1)
	return q, true
}

// TestNoLeak: positions whose hidden parts differ but whose own views are
// the same give byte-identical menus, headings and board images, at every
// step (issue 34, "No leaks").
func TestNoLeak(t *testing.T) {
	games := 4
	if testing.Short() {
		games = 1
	}
	for _, tc := range []struct {
		v           view.Variant
		kingVisible bool
	}{{view.Tsuitate, false}, {view.Tsuitate, true}, {view.Dark, false}} {
		t.Run(fmt.Sprintf("%s/king_visible=%v", tc.v, tc.kingVisible), func(t *testing.T) {
			o := referee.DefaultOptions(tc.v)
			o.KingVisible = tc.kingVisible
			compared := 0
			for seed := int64(0); seed < int64(games); seed++ {
				rng := rand.New(rand.NewSource(seed))
				playRandom(t, tc.v, o, seed, 120, func(g *referee.Game) {
					p := g.TruePosition()
					c := p.SideToMove()
					q, ok := hiddenTwin(tc.v, p, c, rng)
					if !ok {
						return
					}
					va, vb := view.Of(tc.v, p, view.ViewerOf(c)), view.Of(tc.v, q, view.ViewerOf(c))
					if tc.kingVisible {
						va.ShowKing(p, c.Opp())
						vb.ShowKing(q, c.Opp())
					}
					if va != vb {
						t.Fatalf("the twin's view differs:\n%s\n%s", p.SFEN(), q.SFEN())
					}
					a := &Input{Game: 7, View: va, Lang: texts.EN, Notation: notation.Western}
					b := &Input{Game: 7, View: vb, Lang: texts.EN, Notation: notation.Western}
					da, ia := dump(t, a, compared%4 == 0)
					db, ib := dump(t, b, compared%4 == 0)
					if !bytes.Equal(da, db) {
						t.Fatalf("menus differ for\n%s\n%s", p.SFEN(), q.SFEN())
					}
					for i := range ia {
						if !bytes.Equal(ia[i], ib[i]) {
							t.Fatalf("image %d differs for\n%s\n%s", i, p.SFEN(), q.SFEN())
						}
					}
					compared++
				})
			}
			if compared < 20*games {
				t.Fatalf("only %d comparisons", compared)
			}
			t.Logf("%d comparisons", compared)
		})
	}
}
