package texts

import (
	"strings"
	"testing"

	"shinpan/referee"
	"shinpan/referee/notation"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/render"
)

// mate37 is the demo's game (demodata/g24_mog016_checkmate.txt): White is
// checkmated by Black's 37th move.
var mate37 = strings.Fields(`7g7f 3c3d 8h2b+ 8b3b 2b3b 4a5b 3b3a 6a7b 3a2a 5b6b 2a1a 5a6a N*3c 7a8b
	3c2a+ 7b7a 2a2b 6b7b L*3c 8c8d 3c3b+ 7b8c 3b4a 7a7b R*3b 6a7a 3b5b+ 9c9d 4a5a 9a9c S*3c
	7c7d 3c4b+ 8a7c 4b4a 9d9e 5b6a`)

// playTo starts a game of variant v, sets the masks in Masked, plays moves
// and then, if resign, resigns for the side to move.
func playTo(t *testing.T, v view.Variant, moves []string, resign bool) *referee.Game {
	t.Helper()
	g, err := referee.New("1", v, "", referee.DefaultOptions(v))
	if err != nil {
		t.Fatal(err)
	}
	apply := func(a referee.Action) {
		t.Helper()
		if _, err := g.Apply(a); err != nil {
			t.Fatalf("%+v: %v", a, err)
		}
	}
	if v == view.Masked {
		apply(referee.Action{Kind: referee.ActMask, Player: shogi.Black, Text: "7g", Salt: "s"})
		apply(referee.Action{Kind: referee.ActMask, Player: shogi.White, Text: "3c", Salt: "t"})
	}
	for _, m := range moves {
		apply(referee.Action{Kind: referee.ActMove, Player: g.Turn(), Text: m})
	}
	if resign {
		apply(referee.Action{Kind: referee.ActResign, Player: g.Turn()})
	}
	return g
}

// TestPositionLabels: a board image's header and its alt text name the
// moves played (RULES.md §3, move numbers), in English and Japanese: the
// start position, a mate after 37 moves, a Masked game resigned after 5.
// The old labels named the move about to be played: "Move 38", "38手目".
func TestPositionLabels(t *testing.T) {
	start := playTo(t, view.Standard, nil, false)
	mate := playTo(t, view.Standard, mate37, false)
	if r := mate.Result(); r == nil || r.Reason != view.ReasonCheckmate {
		t.Fatalf("the demo's game ends %+v, want a checkmate", r)
	}
	resigned := playTo(t, view.Masked, []string{"7g7f", "3c3d", "2g2f", "8c8d", "2f2e"}, true)
	if r := resigned.Result(); r == nil || r.Reason != view.ReasonResignation {
		t.Fatalf("the Masked game ends %+v, want a resignation", r)
	}
	views := func(g *referee.Game) map[string]view.View {
		vs := map[string]view.View{"black": g.View(view.ViewerBlack), "public": g.PublicView()}
		if g.Over() {
			vs["revealed"] = g.RevealView()
		}
		return vs
	}
	for _, c := range []struct {
		name   string
		g      *referee.Game
		lang   Lang
		header string // top right of the image
		alt    string // the alt text's part after the status
	}{
		{"start en", start, EN, "Start position", "start position"},
		{"start ja", start, JA, "開始局面", "開始局面"},
		{"mate after 37 en", mate, EN, "After move 37", "after move 37"},
		{"mate after 37 ja", mate, JA, "37手目", "37手目"},
		{"masked resigned after 5 en", resigned, EN, "After move 5", "after move 5"},
		{"masked resigned after 5 ja", resigned, JA, "5手目", "5手目"},
	} {
		for who, v := range views(c.g) {
			t.Run(c.name+" "+who, func(t *testing.T) {
				if got := BoardLabels(c.lang, v.Result).MoveText(v.MoveNumber); got != c.header || !render.CanDraw(got) {
					t.Errorf("header %q (drawable %v), want %q", got, render.CanDraw(got), c.header)
				}
				status := tr(c.lang, mAltToMove, tr(c.lang, sideKey(v.Turn)))
				if v.Result != nil {
					status = boardResult(c.lang, v.Result, false)
				}
				sep := tr(c.lang, mAltSep)
				if alt := BoardAlt(c.lang, notation.USI, &v); !strings.Contains(alt+sep, sep+status+sep+c.alt+sep) {
					t.Errorf("alt %q: want %q after the status", alt, c.alt)
				}
			})
		}
	}
}

// TestPositionName: the status line's and the card's words for a position
// are the board's: moves played, the start named.
func TestPositionName(t *testing.T) {
	for _, c := range []struct {
		lang Lang
		next int
		want string
	}{
		{EN, 1, "start position"},
		{EN, 2, "after move 1"},
		{EN, 38, "after move 37"},
		{JA, 1, "開始局面"},
		{JA, 2, "1手目"},
		{JA, 38, "37手目"},
	} {
		t.Run(string(c.lang)+" "+c.want, func(t *testing.T) {
			if got := PositionName(c.lang, c.next); got != c.want {
				t.Errorf("PositionName(%d) = %q, want %q", c.next, got, c.want)
			}
		})
	}
}
