package record

import (
	"errors"
	"strings"
	"testing"

	"shinpan/referee/shogi"
)

// bod writes a KIF board diagram of sfen's board, with empty hands.
func bod(t *testing.T, sfen string) string {
	t.Helper()
	p, err := shogi.ParseSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := WriteKIF(&b, &Record{Start: p}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestImpossibleStarts: a start position that could not arise is refused
// with its rule in every format, and read under Masked rules where it can.
func TestImpossibleStarts(t *testing.T) {
	twoKings := "9/9/9/9/9/9/9/9/3KK4 b - 1"
	inCheck := "4k4/9/9/9/9/9/9/9/r3K4 w - 1"
	nifu := "4k4/9/4P4/9/9/9/4P4/9/4K4 b - 1"
	for _, c := range []struct {
		name, text string
		rule       shogi.SetupRule
	}{
		{"text", twoKings + "\n", shogi.TwoKings},
		{"text", inCheck + "\n9i8i\n", shogi.OpponentInCheck},
		{"usi", "position sfen " + nifu + " moves 5g5f", shogi.DoublePawn},
		{"kif", bod(t, twoKings), shogi.TwoKings},
		{"kif", bod(t, inCheck), shogi.OpponentInCheck},
		{"csa", "P1 *  *  *  * -OU *  *  *  * \nP9-HI *  *  * +OU *  *  *  * \n-\n", shogi.OpponentInCheck},
		{"csa", "P3 *  *  *  * +FU *  *  *  * \nP7 *  *  *  * +FU *  *  *  * \n+\n", shogi.DoublePawn},
	} {
		rec, err := Parse([]byte(c.text), "x."+c.name)
		var se *shogi.SetupError
		if !errors.As(err, &se) || se.Rule != c.rule || rec != nil {
			t.Errorf("%s %q: %v (record %v), want the %s rule", c.name, c.text, err, rec != nil, c.rule.Code())
		}
	}
	// Masked: a side may hold two kings and leave its king attacked.
	for _, sfen := range []string{twoKings, inCheck} {
		if _, err := Parse([]byte(sfen+"\n# variant: masked\n"), ""); err != nil {
			t.Errorf("masked %s: %v", sfen, err)
		}
	}
	if _, err := Parse([]byte(nifu+"\n# variant: masked\n"), ""); !errors.Is(err, shogi.ErrImpossible) {
		t.Errorf("masked nifu: %v", err)
	}
}

// TestHandCounts: a hand over the set says the piece and the limit.
func TestHandCounts(t *testing.T) {
	kif := strings.Replace(bod(t, "4k4/9/9/9/9/9/9/9/4K4 b - 1"), "先手の持駒：なし", "先手の持駒：歩十九", 1)
	csa := "P1 *  *  *  * -OU *  *  *  * \nP9 *  *  *  * +OU *  *  *  * \nP+" + strings.Repeat("00FU", 19) + "\n+\n"
	for name, text := range map[string]string{"kif": kif, "csa": csa, "text": "4k4/9/9/9/9/9/9/9/4K4 b 19P 1\n"} {
		_, err := Parse([]byte(text), "")
		if err == nil || !strings.Contains(err.Error(), "19 pawns: a set has 18") {
			t.Errorf("%s: %v", name, err)
		}
	}
}
