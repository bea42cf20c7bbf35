package render

import (
	"reflect"
	"regexp"
	"testing"

	"shinpan/referee"
	"shinpan/referee/notation"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// TestAltTablesComplete: every language has every word, and a phrase for the
// same results.
func TestAltTablesComplete(t *testing.T) {
	en := altTables[LangEN]
	for l, w := range altTables {
		rv := reflect.ValueOf(*w)
		for i := 0; i < rv.NumField(); i++ {
			if rv.Field(i).IsZero() {
				t.Errorf("%s: %s is empty", l, rv.Type().Field(i).Name)
			}
		}
		for _, m := range [][2]any{{w.win, en.win}, {w.draw, en.draw}, {w.variants, en.variants}} {
			if reflect.ValueOf(m[0]).Len() != reflect.ValueOf(m[1]).Len() {
				t.Errorf("%s: %d phrases, English has %d", l, reflect.ValueOf(m[0]).Len(), reflect.ValueOf(m[1]).Len())
			}
		}
		for r := range en.win {
			if w.win[r] == "" {
				t.Errorf("%s: no win phrase for %s", l, r)
			}
		}
		for r := range en.draw {
			if w.draw[r] == "" {
				t.Errorf("%s: no draw phrase for %s", l, r)
			}
		}
	}
}

// englishWord is two ASCII letters in a row: USI moves ("8h2b+") have none.
var englishWord = regexp.MustCompile(`[A-Za-z]{2}`)

// TestAltTextLanguage: a Tsuitate player's board and the revealed board are
// described in the reader's language, English by default.
func TestAltTextLanguage(t *testing.T) {
	g, err := referee.New("1", view.Tsuitate, "", referee.DefaultOptions(view.Tsuitate))
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range []string{"7g7f", "3c3d", "8h2b+"} {
		if _, err := g.Apply(referee.Action{Kind: referee.ActMove, Player: shogi.Color(i % 2), Text: m}); err != nil {
			t.Fatal(err)
		}
	}
	white := g.View(view.ViewerWhite)
	black := g.View(view.ViewerBlack)
	for _, c := range []struct {
		v    view.View
		lang Lang
		want string
	}{
		{white, "", "Your board (White, Tsuitate), White to move, move 4, Black 0/10 fouls, White 0/10 fouls, last move 3c3d, lost a piece on 2b"},
		{white, LangEN, "Your board (White, Tsuitate), White to move, move 4, Black 0/10 fouls, White 0/10 fouls, last move 3c3d, lost a piece on 2b"},
		{white, LangJA, "あなたの盤面（後手、衝立将棋）、後手の手番、4手目、先手 反則 0/10、後手 反則 0/10、最終手 3c3d、２二の駒を取られた"},
		{black, LangJA, "あなたの盤面（先手、衝立将棋）、後手の手番、4手目、先手 反則 0/10、後手 反則 0/10、最終手 8h2b+"},
		{black, "fr", "Your board (Black, Tsuitate), White to move, move 4, Black 0/10 fouls, White 0/10 fouls, last move 8h2b+"},
	} {
		img, err := Render(c.v, Options{Lang: c.lang})
		if err != nil {
			t.Fatal(err)
		}
		if img.Alt != c.want {
			t.Errorf("%q:\n got %q\nwant %q", c.lang, img.Alt, c.want)
		}
	}
	if _, err := g.Apply(referee.Action{Kind: referee.ActResign, Player: shogi.White}); err != nil {
		t.Fatal(err)
	}
	en, err := Render(g.RevealView(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	ja, err := Render(g.RevealView(), Options{Lang: LangJA})
	if err != nil {
		t.Fatal(err)
	}
	if en.Alt != "Revealed board (Tsuitate), Black won by resignation, move 4, Black 0/10 fouls, White 0/10 fouls, last move 8h2b+" {
		t.Errorf("en reveal: %q", en.Alt)
	}
	if ja.Alt != "公開された盤面（衝立将棋）、先手の勝ち（投了）、4手目、先手 反則 0/10、後手 反則 0/10、最終手 8h2b+" {
		t.Errorf("ja reveal: %q", ja.Alt)
	}
	// The picture does not depend on the language.
	if string(en.PNG) != string(ja.PNG) {
		t.Error("the language changed the picture")
	}
	// Every Japanese result and variant is Japanese.
	for _, v := range []view.Variant{view.Standard, view.Tsuitate, view.Masked, view.Dark} {
		for r := range altTables[LangEN].win {
			s := altText(&view.View{Variant: v, Revealed: true, Result: &view.Result{Winner: side(shogi.White), Reason: r}}, LangJA, notation.USI)
			if englishWord.MatchString(s) {
				t.Errorf("English left in %q", s)
			}
		}
		for r := range altTables[LangEN].draw {
			s := altText(&view.View{Variant: v, Viewer: view.ViewerPublic, Result: &view.Result{Reason: r}}, LangJA, notation.USI)
			if englishWord.MatchString(s) {
				t.Errorf("English left in %q", s)
			}
		}
	}
}
