package notation

import (
	"testing"

	"shinpan/internal/testkit"
	"shinpan/referee/shogi"
)

func TestUnquote(t *testing.T) {
	cases := map[string]string{
		"“P*5e”": "P*5e", " 「７六歩」 ": "７六歩", "\"7g7f\"": "7g7f", "'P-7f'": "P-7f",
		"‘７六歩’": "７六歩", "`P*5e`": "P*5e", "『５五角打』": "５五角打", "「“P*5e”」": "P*5e",
		"“ 7g7f ”": "7g7f", "S'5e": "S'5e", "P'5e'": "P'5e'", "“”": "“”", "“P*5e": "“P*5e", "7g7f": "7g7f",
	}
	for in, want := range cases {
		if got := Unquote(in); got != want {
			t.Errorf("Unquote(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestResolveQuoted: a move between quote marks is read; a refusal quotes the
// text without them.
func TestResolveQuoted(t *testing.T) {
	p := shogi.Startpos()
	var buf [shogi.MaxMoves]shogi.Move
	cands := p.LegalMoves(buf[:0])
	for _, text := range []string{"“7g7f”", "「７六歩」", "\"P-7f\"", "`P7f`", "'7g7f'"} {
		m, err := Resolve(p, text, cands, shogi.NoSquare)
		if err != nil || m.USI() != "7g7f" {
			t.Errorf("Resolve(%q) = %v, %v", text, m, err)
		}
	}
	_, err := Resolve(p, "“P*5e”", cands, shogi.NoSquare)
	if err == nil || err.(*ResolveError).Text != "P*5e" || err.Error()[:len("“P*5e” is not")] != "“P*5e” is not" {
		t.Errorf("quoted drop: %v", err)
	}
	if d, ok := NamedDrop(p, "「５五角打」", shogi.NoSquare); !ok || d.USI() != "B*5e" {
		t.Errorf("NamedDrop of a quoted drop: %v %v", d, ok)
	}
	if s, err := ParseSquare("“7f”"); err != nil || s.String() != "7f" {
		t.Errorf("ParseSquare quoted: %v %v", s, err)
	}
}

func TestImpliedDrop(t *testing.T) {
	// Black: pawn 5g, lance 9i, king 5i; White's pieces are ignored.
	own := testkit.SFEN(t, "4k4/9/9/9/9/9/4P4/9/L3K4 b PNL 1")
	cases := []struct {
		text, want string // want "" for no drop
	}{
		{"１一歩", "P*1a"},   // dead drop: no pawn reaches 1a
		{"５三歩", "P*5c"},   // nifu
		{"５七歩", "P*5g"},   // onto the own pawn
		{"５五金", "G*5e"},   // not in hand, no gold on the board
		{"「１一歩」", "P*1a"}, // quoted
		{"５六歩", ""},       // the pawn on 5g goes there
		{"９三香", ""},       // the lance on 9i goes there
		{"５六歩打", ""},      // a drop written out is NamedDrop's
		{"５五と", ""},       // a promoted piece is never dropped
		{"５五金右", ""},      // 右 speaks of a board piece
		{"５三歩成", ""},      // so does 成
		{"P-1a", ""},      // Western writes drops with *
		{"１一歩(12)", ""},   // an origin
		{"同　歩", ""},       // no previous move
		{"hello", ""},
	}
	for _, c := range cases {
		d, ok := ImpliedDrop(own, c.text, shogi.NoSquare)
		got := ""
		if ok {
			got = d.USI()
		}
		if got != c.want {
			t.Errorf("ImpliedDrop(%q) = %q, want %q", c.text, got, c.want)
		}
	}
	// Enemy pieces never matter: a white piece blocking the lance or standing
	// on the square changes nothing.
	withEnemy := testkit.SFEN(t, "4k4/9/9/9/9/8p/p3P4/9/L3K4 b PNL 1")
	for _, c := range cases {
		a, okA := ImpliedDrop(own, c.text, shogi.NoSquare)
		b, okB := ImpliedDrop(withEnemy, c.text, shogi.NoSquare)
		if a != b || okA != okB {
			t.Errorf("%q: enemy pieces changed the reading", c.text)
		}
	}
	// 同 names a recapture by a board piece, never a drop, even when no
	// piece of that kind reaches the square.
	for _, text := range []string{"同　歩", "同角", "同金"} {
		if d, ok := ImpliedDrop(own, text, shogi.Sq(1, 1)); ok {
			t.Errorf("%s after 1a read as the drop %v", text, d)
		}
	}
}
