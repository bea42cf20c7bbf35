package notation

import (
	"errors"
	"math/rand"
	"testing"

	"shinpan/internal/testkit"
	"shinpan/referee/shogi"
)

func TestParseKIFMove(t *testing.T) {
	cases := []struct{ sfen, last, body, want string }{
		{start, "", "７六歩(77)", "7g7f"},
		{start, "", "７六歩(77)   ( 0:01/00:00:01)", "7g7f"},
		{start, "", "７六歩", "7g7f"},
		{start, "", "５八金(69)", "6i5h"},
		{takeBack, "2b", "同　銀(31)", "3a2b"},
		{takeBack, "2b", "同銀(31)", "3a2b"},
		{bishops, "", "２二角成(88)", "8h2b+"},
		{bishops, "", "２二角不成(88)", "8h2b"},
		{bishops, "", "２二角(88)", "8h2b"},
		{goldHand, "", "５七金打", "G*5g"},
		{goldHand, "", "５三金打", "G*5c"},
		{sliders, "", "２五龍(26)", "2f2e"},
	}
	for _, c := range cases {
		p := testkit.SFEN(t, c.sfen)
		m, err := ParseKIFMove(p, c.body, lastSq(c.last))
		if err != nil || m.USI() != c.want {
			t.Errorf("%q: got %v, %v; want %s", c.body, m, err, c.want)
		}
	}
	for _, body := range []string{"", "hello", "５八金", "７六金(77)", "７六歩(78)", "同　歩(23)", "５五歩成打", "５五と打", "７六歩(77", "７七歩(77)"} {
		if m, err := ParseKIFMove(shogi.Startpos(), body, shogi.NoSquare); err == nil {
			t.Errorf("%q: accepted as %v", body, m)
		}
	}
	for _, w := range []string{"投了", "中断", "千日手", "詰み"} {
		if _, err := ParseKIFMove(shogi.Startpos(), w, shogi.NoSquare); !errors.Is(err, ErrKIFSpecial) {
			t.Errorf("%q: %v, want ErrKIFSpecial", w, err)
		}
	}
}

func TestKIFRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for g := 0; g < 4; g++ {
		randomGame(rng, 150, func(p *shogi.Position, legal []shogi.Move, last shogi.Square) {
			for _, m := range legal {
				body := FormatKIF(p, m, last)
				if got, err := ParseKIFMove(p, body, last); err != nil || got != m {
					t.Fatalf("%s: %s written %q read back as %v, %v", p.SFEN(), m, body, got, err)
				}
			}
		})
	}
}
