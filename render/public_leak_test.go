package render

import (
	"bytes"
	"math/rand"
	"reflect"
	"sort"
	"testing"

	"shinpan/referee"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// publicStream is what the channel was told by a move, with the squares of
// captures blanked: the channel's board shows who took what, not where.
func publicStream(evs []view.Event) []view.Event {
	var out []view.Event
	for _, e := range evs {
		if e.To == view.ToPublic {
			e.Square = 0
			out = append(out, e)
		}
	}
	return out
}

// movePair picks a move in each of two games that the channel may hear of
// alike: both capture a piece of the same kind (half the time, when they
// can), or neither captures. It returns no moves when there is none.
func movePair(ga, gb *referee.Game, r *rand.Rand) (a, b shogi.Move, ok bool) {
	byKind := func(g *referee.Game) map[shogi.Kind][]shogi.Move {
		p := g.TruePosition()
		out := map[shogi.Kind][]shogi.Move{}
		for _, m := range p.LegalMoves(nil) {
			k := shogi.NoKind
			if !m.IsDrop() && p.At(m.To()) != shogi.NoPiece {
				k = p.At(m.To()).Kind()
			}
			out[k] = append(out[k], m)
		}
		return out
	}
	ka, kb := byKind(ga), byKind(gb)
	var common []shogi.Kind
	for k := range ka {
		if k != shogi.NoKind && len(kb[k]) > 0 {
			common = append(common, k)
		}
	}
	k := shogi.NoKind
	if len(common) > 0 && r.Intn(2) == 0 {
		sort.Slice(common, func(i, j int) bool { return common[i] < common[j] })
		k = common[r.Intn(len(common))]
	}
	if len(ka[k]) == 0 || len(kb[k]) == 0 {
		return 0, 0, false
	}
	return ka[k][r.Intn(len(ka[k]))], kb[k][r.Intn(len(kb[k]))], true
}

func play(t *testing.T, g *referee.Game, m shogi.Move) []view.Event {
	evs, err := g.Apply(referee.Action{Kind: referee.ActMove, Player: g.Turn(), Text: m.USI()})
	if err != nil {
		t.Fatalf("%s: %v", m, err)
	}
	return evs
}

// TestPublicBoardShowsOnlyAnnouncements: two Tsuitate or Dark games with
// different hidden moves whose announcements to the channel were the same (up
// to the squares of captures) give byte-identical channel boards, at every
// move, in every theme. Pairs of random games are played side by side until
// their announcements part.
func TestPublicBoardShowsOnlyAnnouncements(t *testing.T) {
	runs, withCaptures := 0, 0
	for _, v := range []view.Variant{view.Tsuitate, view.Dark} {
		for seed := int64(0); seed < 8; seed++ {
			r := rand.New(rand.NewSource(seed))
			o := referee.DefaultOptions(v)
			ga, _ := referee.New("a", v, "", o)
			gb, _ := referee.New("b", v, "", o)
			for ply := 0; ply < 120 && !ga.Over() && !gb.Over(); ply++ {
				ma, mb, ok := movePair(ga, gb, r)
				if !ok {
					break
				}
				ea, eb := play(t, ga, ma), play(t, gb, mb)
				if ga.Over() || gb.Over() || !reflect.DeepEqual(publicStream(ea), publicStream(eb)) {
					break
				}
				if ga.TruePosition().SFEN() == gb.TruePosition().SFEN() {
					continue // nothing hidden differs
				}
				opt := Options{Theme: Themes[r.Intn(len(Themes))], Pieces: PieceSets[r.Intn(len(PieceSets))], Flip: r.Intn(2) == 0}
				a, err := Render(ga.PublicView(), opt)
				if err != nil {
					t.Fatal(err)
				}
				b, err := Render(gb.PublicView(), opt)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(a.PNG, b.PNG) {
					t.Fatalf("%s seed %d ply %d: the channel's boards differ\n%s\n%s", v, seed, ply, ga.TruePosition().SFEN(), gb.TruePosition().SFEN())
				}
				runs++
				if pv := ga.PublicView(); pv.Captured != [2]shogi.Hand{} {
					withCaptures++
				}
			}
		}
	}
	if runs < 200 || withCaptures == 0 {
		t.Fatalf("only %d comparisons, %d with captures", runs, withCaptures)
	}
	t.Logf("%d comparisons, %d with captures", runs, withCaptures)
}

// TestPublicBoardOfAnOpenGame: Standard and Masked show the board (Masked:
// no mask); hidden variants show no piece and no hand, only what was taken.
func TestPublicBoardOfAnOpenGame(t *testing.T) {
	for _, v := range []view.Variant{view.Standard, view.Tsuitate, view.Dark} {
		g, _ := referee.New("p", v, "", referee.DefaultOptions(v))
		for _, m := range []string{"7g7f", "3c3d", "8h2b+", "3a2b"} {
			g.Apply(referee.Action{Kind: referee.ActMove, Player: g.Turn(), Text: m})
		}
		pv := g.PublicView()
		pieces := 0
		for _, c := range pv.Board {
			if c.Piece != shogi.NoPiece {
				pieces++
			}
		}
		switch {
		case v == view.Standard && (pieces != 38 || pv.ShowCaptured || !pv.HandKnown[0]):
			t.Errorf("standard: %d pieces, captured shown %v", pieces, pv.ShowCaptured)
		case v != view.Standard && (pieces != 0 || pv.HandKnown != [2]bool{} || !pv.ShowCaptured ||
			pv.Captured[shogi.Black][shogi.Bishop] != 1 || pv.Captured[shogi.White][shogi.Bishop] != 1):
			t.Errorf("%s: %d pieces, hands %v, captured %v", v, pieces, pv.HandKnown, pv.Captured)
		}
		if _, err := Render(pv, Options{}); err != nil {
			t.Fatal(err)
		}
	}
}
