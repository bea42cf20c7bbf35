package texts

import (
	"strings"
	"testing"

	"shinpan/referee"
	"shinpan/referee/notation"
	"shinpan/referee/view"
)

func playAlt(t *testing.T, v view.Variant, sfen string, moves ...string) *referee.Game {
	t.Helper()
	g, err := referee.New("1", v, sfen, referee.DefaultOptions(v))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range moves {
		c := g.TruePosition().SideToMove()
		if _, err := g.Apply(referee.Action{Kind: referee.ActMove, Player: c, Text: m}); err != nil || g.LastOutcome() != referee.Accepted {
			t.Fatalf("%s: %v %s", m, err, g.LastOutcome())
		}
	}
	return g
}

func lastPart(t *testing.T, v view.View, l Lang, n notation.Notation) string {
	t.Helper()
	alt := BoardAlt(l, n, &v)
	parts := strings.Split(alt, map[Lang]string{EN: ", ", JA: "、"}[l])
	for _, p := range parts {
		if strings.HasPrefix(p, "last move ") || strings.HasPrefix(p, "最終手 ") {
			return p
		}
	}
	t.Fatalf("no last move in %q", alt)
	return ""
}

type altCase struct {
	v    view.View
	l    Lang
	n    notation.Notation
	want string
}

// TestAltTextNotation: the alt text writes the last move in the viewer's
// notation, English with Western and Japanese with Japanese among them.
func TestAltTextNotation(t *testing.T) {
	std := playAlt(t, view.Standard, "", "7g7f", "3c3d", "6i5h")
	pub := std.View(view.ViewerPublic)
	cases := []altCase{
		{pub, EN, notation.Western, "last move G6i-5h"},
		{pub, JA, notation.Japanese, "最終手 ☗５八金左"},
		{pub, EN, notation.USI, "last move 6i5h"},
		{pub, JA, notation.KIF, "最終手 ５八金(69)"},
		{pub, EN, notation.CSA, "last move +6958KI"},
		{std.View(view.ViewerWhite), JA, notation.Western, "最終手 G6i-5h"},
	}
	// A promotion that captured the viewer's bishop, seen by the viewer.
	cap := playAlt(t, view.Standard, "", "7g7f", "3c3d", "8h2b+").View(view.ViewerWhite)
	cases = append(cases,
		altCase{cap, EN, notation.Western, "last move Bx2b+"},
		altCase{cap, JA, notation.Japanese, "最終手 ☗２二角成"})
	// Tsuitate: each player's own last move; a drop.
	ts := playAlt(t, view.Tsuitate, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPP1PPPP/1B5R1/LNSGKGSNL b P 1", "P*5e", "3c3d")
	cases = append(cases,
		altCase{ts.View(view.ViewerBlack), EN, notation.Western, "last move P*5e"},
		altCase{ts.View(view.ViewerWhite), JA, notation.Japanese, "最終手 ☖３四歩"},
		altCase{ts.View(view.ViewerBlack), JA, notation.Japanese, "最終手 ☗５五歩"})
	// Tsuitate: the viewer's horse was taken back since; their last move is
	// still written on the board they saw before it (not in USI), as their
	// DM wrote it, and the capture they could not see is not written.
	lost := playAlt(t, view.Tsuitate, "", "7g7f", "3c3d", "8h2b+", "3a2b").View(view.ViewerBlack)
	cases = append(cases,
		altCase{lost, EN, notation.Western, "last move B-2b+"},
		altCase{lost, JA, notation.Japanese, "最終手 ☗２二角成"})
	for _, c := range cases {
		if got := lastPart(t, c.v, c.l, c.n); got != c.want {
			t.Errorf("%s %s %s: got %q, want %q", c.v.Variant, c.l, c.n, got, c.want)
		}
	}
}

// TestAltTextNotationHidesTheEnemy: in Tsuitate and Dark the last move is
// written the same whatever hidden enemy pieces stand near it (pieces are told
// apart on the viewer's own view only).
func TestAltTextNotationHidesTheEnemy(t *testing.T) {
	worlds := []string{"4k4/9/9/9/9/9/9/9/3GKG3 b - 1", "4k4/9/9/9/9/9/4p4/9/3GKG2r b - 1",
		"4k4/9/9/9/9/9/5s3/6p2/3GKG3 b - 1"}
	for _, v := range []view.Variant{view.Tsuitate, view.Dark} {
		for _, n := range []notation.Notation{notation.Western, notation.Japanese, notation.KIF, notation.CSA} {
			for _, l := range []Lang{EN, JA} {
				var got []string
				for _, sfen := range worlds {
					g := playAlt(t, v, sfen, "6i5h")
					got = append(got, lastPart(t, g.View(view.ViewerBlack), l, n))
				}
				for i := range got {
					if got[i] != got[0] {
						t.Errorf("%s %s %s: %q vs %q", v, n, l, got[0], got[i])
					}
				}
				if n == notation.Western && got[0] != "last move G6i-5h" && got[0] != "最終手 G6i-5h" {
					t.Errorf("%s: %q", v, got[0])
				}
			}
		}
	}
}
