package texts

import (
	"strings"
	"testing"

	"shinpan/referee"
	"shinpan/referee/notation"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// TestBoardAltLanguage: a Tsuitate player's board and the revealed board are
// described in the reader's language, English by default.
func TestBoardAltLanguage(t *testing.T) {
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
		n    notation.Notation
		want string
	}{
		{white, "", notation.USI, "Your board (White, Tsuitate), White to move, after move 3, Black 0/10 fouls, White 0/10 fouls, last move 3c3d, lost a piece on 2b"},
		{white, EN, notation.Western, "Your board (White, Tsuitate), White to move, after move 3, Black 0/10 fouls, White 0/10 fouls, last move P-3d, lost a piece on 2b"},
		{white, JA, notation.Japanese, "あなたの盤面（後手、衝立将棋）、後手の手番、3手目、先手 反則 0/10、後手 反則 0/10、最終手 ☖３四歩、２二の駒を取られた"},
		{black, JA, notation.USI, "あなたの盤面（先手、衝立将棋）、後手の手番、3手目、先手 反則 0/10、後手 反則 0/10、最終手 8h2b+"},
		{black, "fr", notation.Western, "Your board (Black, Tsuitate), White to move, after move 3, Black 0/10 fouls, White 0/10 fouls, last move B-2b+"},
	} {
		if got := BoardAlt(c.lang, c.n, &c.v); got != c.want {
			t.Errorf("%q:\n got %q\nwant %q", c.lang, got, c.want)
		}
	}
	if _, err := g.Apply(referee.Action{Kind: referee.ActResign, Player: shogi.White}); err != nil {
		t.Fatal(err)
	}
	rv := g.RevealView()
	if got := BoardAlt(EN, notation.Western, &rv); got != "Revealed board (Tsuitate), Black won by resignation, after move 3, Black 0/10 fouls, White 0/10 fouls, last move Bx2b+" {
		t.Errorf("en reveal: %q", got)
	}
	if got := BoardAlt(JA, notation.Japanese, &rv); got != "公開された盤面（衝立将棋）、先手の勝ち（投了）、3手目、先手 反則 0/10、後手 反則 0/10、最終手 ☗２二角成" {
		t.Errorf("ja reveal: %q", got)
	}
	// Every Japanese result and variant is Japanese.
	for _, v := range []view.Variant{view.Standard, view.Tsuitate, view.Masked, view.Dark} {
		for _, r := range boardResults() {
			s := BoardAlt(JA, notation.USI, &view.View{Variant: v, Revealed: true, Result: r})
			if englishWord.MatchString(s) {
				t.Errorf("English left in %q", s)
			}
		}
	}
}

// TestBoardAltKingSeen: under Tsuitate's king_visible a board's alt text
// names where each shown king stands (the player's: the opponent's; the
// channel's: both); the revealed board names none.
func TestBoardAltKingSeen(t *testing.T) {
	o := referee.DefaultOptions(view.Tsuitate)
	o.KingVisible = true
	g, err := referee.New("1", view.Tsuitate, "", o)
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range []string{"7g7f", "5a4b"} {
		if _, err := g.Apply(referee.Action{Kind: referee.ActMove, Player: shogi.Color(i % 2), Text: m}); err != nil {
			t.Fatal(err)
		}
	}
	black, public := g.View(view.ViewerBlack), g.PublicView()
	for _, c := range []struct {
		name string
		v    *view.View
		lang Lang
		want string
	}{
		{"black en", &black, EN, "Your board (Black, Tsuitate), Black to move, after move 2, Black 0/10 fouls, White 0/10 fouls, last move P-7f, White's king seen on 4b"},
		{"black ja", &black, JA, "あなたの盤面（先手、衝立将棋）、先手の手番、2手目、先手 反則 0/10、後手 反則 0/10、最終手 P-7f、後手の玉は４二"},
		{"channel", &public, EN, "Board (Tsuitate), Black to move, after move 2, Black 0/10 fouls, White 0/10 fouls, White's king seen on 4b, Black's king seen on 5i"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := BoardAlt(c.lang, notation.Western, c.v); got != c.want {
				t.Errorf("\n got %q\nwant %q", got, c.want)
			}
		})
	}
	g.Apply(referee.Action{Kind: referee.ActResign, Player: shogi.White})
	if rv := g.RevealView(); strings.Contains(BoardAlt(EN, notation.USI, &rv), "seen") {
		t.Error("the revealed board names a king seen")
	}
}
