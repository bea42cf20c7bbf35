package tap

import (
	"strings"
	"testing"

	"shinpan/bot/texts"
	"shinpan/referee"
	"shinpan/referee/notation"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// TestLabels: options read as the reader writes moves and as their board
// shows squares, pieces by kind from the king down, squares from the
// board's left; the custom_id names the game, the move number and the step.
func TestLabels(t *testing.T) {
	g, err := referee.New("labels", view.Standard, "", referee.DefaultOptions(view.Standard))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name    string
		c       shogi.Color
		l       texts.Lang
		n       notation.Notation
		first   string // the first option
		silver  string // the silver's label
		dest    string // its destinations, in order
		heading string
		id      string
	}{
		{"western", shogi.Black, texts.EN, notation.Western, "☗ King 5i", "☗ Silver 7i", "7h 6h", "☗ Silver 7i: where to?", "tap:42:1:s0"},
		{"japanese", shogi.Black, texts.JA, notation.Japanese, "☗５九玉", "☗７九銀", "７八 ６八", "☗７九銀：どこへ？", "tap:42:1:s0"},
		{"english reader, japanese notation", shogi.Black, texts.EN, notation.Japanese, "☗５九玉", "☗７九銀", "７八 ６八", "☗７九銀: where to?", "tap:42:1:s0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := &Input{Game: 42, View: g.View(view.ViewerOf(tc.c)), Lang: tc.l, Notation: tc.n}
			first := First(in)
			if len(first.Selects) != 1 || first.Selects[0].ID != tc.id || first.Selects[0].Options[0].Label != tc.first {
				t.Fatalf("first screen %+v", first.Selects)
			}
			var silver Option
			for _, o := range first.Selects[0].Options {
				if o.Value == "p:7i" {
					silver = o
				}
			}
			if silver.Label != tc.silver {
				t.Fatalf("silver %+v", silver)
			}
			pk, err := Step(in, silver.Value)
			if err != nil {
				t.Fatal(err)
			}
			var dests []string
			for _, o := range pk.Screen.Selects[0].Options {
				dests = append(dests, o.Label)
			}
			if got := strings.Join(dests, " "); got != tc.dest || pk.Screen.Heading != tc.heading {
				t.Errorf("destinations %q, heading %q", got, pk.Screen.Heading)
			}
			if r := pk.Screen.Reach; r == nil || r.From != shogi.Sq(7, 9) || len(r.To) != 2 {
				t.Errorf("reach %+v", r)
			}
			if len(pk.Screen.Buttons) != 1 || pk.Screen.Buttons[0].ID != "tap:42:1:r" {
				t.Errorf("buttons %+v", pk.Screen.Buttons)
			}
		})
	}
}

// TestPromotion: an optional promotion is a question with two buttons; a
// forced one is played at once and says so; Back returns to the squares.
func TestPromotion(t *testing.T) {
	g, err := referee.New("promo", view.Standard, "4k4/9/9/9/9/9/1S7/9/L3K4 b - 1", referee.DefaultOptions(view.Standard))
	if err != nil {
		t.Fatal(err)
	}
	in := &Input{Game: 3, View: g.View(view.ViewerBlack), Lang: texts.EN, Notation: notation.Western}
	g2, _ := referee.New("promo2", view.Standard, "4k4/9/1S7/9/9/9/9/9/L3K4 b - 1", referee.DefaultOptions(view.Standard))
	in2 := &Input{Game: 3, View: g2.View(view.ViewerBlack), Lang: texts.EN, Notation: notation.Western}
	pk, err := Step(in2, "p:8c")
	if err != nil {
		t.Fatal(err)
	}
	var q string
	for _, o := range pk.Screen.Selects[0].Options {
		if o.Label == "8b" {
			q = o.Value
		}
	}
	if q != "q:8c8b" {
		t.Fatalf("8c8b: %q", q)
	}
	pk, err = Step(in2, q)
	if err != nil || len(pk.Screen.Buttons) != 3 || pk.Screen.Buttons[0].ID != "tap:3:1:m:8c8b+" ||
		pk.Screen.Buttons[1].ID != "tap:3:1:m:8c8b" || pk.Screen.Buttons[2].ID != "tap:3:1:p:8c" {
		t.Fatalf("%v %+v", err, pk.Screen.Buttons)
	}
	// The lance on 9i to 9a must promote.
	pk, err = Step(in, "p:9i")
	if err != nil {
		t.Fatal(err)
	}
	opts := pk.Screen.Selects[0].Options
	last := opts[0] // top first: 9a
	if last.Label != "9a" || last.Value != "m:9i9a+" || last.Description != "promotes" {
		t.Errorf("9i9a: %+v", last)
	}
	for _, bad := range []string{"m:9i9a", "q:9i9a", "p:5a", "d:P", "m:7g7f", "k:9i", "x", "p:zz"} {
		if _, err := Step(in, bad); err != ErrStale {
			t.Errorf("%s: %v", bad, err)
		}
	}
}
