package tap

import (
	"testing"

	"shinpan/bot/texts"
	"shinpan/referee"
	"shinpan/referee/notation"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// With king_visible, the menus never offer what the referee refuses on the
// player's own board: a king step next to the shown king, a move onto it, a
// slide through it, a drop onto it.
func TestTrialKingVisibleRefusedNotOffered(t *testing.T) {
	for _, sfen := range []string{
		"9/9/9/4k4/9/4K4/9/9/9 b - 1",    // 5e, 4e, 6e are next to the king
		"4k4/9/9/9/4p4/9/9/9/4R3K b R 1", // the rook's file ends at the king; R*5a
		"9/9/9/9/R1p1k4/9/9/9/8K b - 1",  // the rook's rank: through 5e
	} {
		o := referee.DefaultOptions(view.Tsuitate)
		o.KingVisible = true
		g, err := referee.New("t", view.Tsuitate, sfen, o)
		if err != nil {
			t.Fatal(sfen, err)
		}
		in := &Input{Game: 1, View: g.View(view.ViewerOf(shogi.Black)), Lang: texts.EN, Notation: notation.USI}
		moves, _ := walk(t, in)
		if len(moves) == 0 {
			t.Fatalf("%s: no moves offered", sfen)
		}
		for m := range moves {
			_, err := g.Clone().Apply(referee.Action{Kind: referee.ActMove, Player: shogi.Black, Text: m.USI()})
			if r, ok := err.(*referee.Refusal); ok {
				t.Errorf("%s: %s offered, refused: %v", sfen, m.USI(), r)
			}
		}
	}
}
