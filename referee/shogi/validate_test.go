package shogi

import (
	"errors"
	"strings"
	"testing"
)

// TestValidate: each impossible position is refused with its rule, the
// possible ones (a side without a king, a tsume problem) are not.
func TestValidate(t *testing.T) {
	for _, c := range []struct {
		sfen   string
		rule   SetupRule
		pseudo SetupRule // what ValidatePseudo says
		words  string
	}{
		{"9/9/9/9/9/9/9/9/3KK4 b - 1", TwoKings, 0, "black has two kings (6i and 5i)"},
		{"4k4/9/9/9/9/9/9/9/r3K4 w - 1", OpponentInCheck, 0, "black is in check from 9i but it is white's turn"},
		{"4k4/9/4P4/9/9/9/4P4/9/4K4 b - 1", DoublePawn, DoublePawn, "nifu: black has two unpromoted pawns on file 5 (5c and 5g)"},
		{"4k4/4p4/9/9/4p4/9/9/9/4K4 w - 1", DoublePawn, DoublePawn, "nifu: white"},
		{"9/9/9/9/9/9/9/9/4K4 b k 1", KingInHand, 0, "white has a king in hand"},
		{"4k4/9/9/9/9/9/9/9/9 b 2G 1", 0, 0, ""},       // no black king: a tsume problem
		{"4k4/9/4+P4/9/9/9/4P4/9/4K4 b - 1", 0, 0, ""}, // a tokin is no pawn for nifu
		{"4k4/9/9/9/9/9/9/9/r3K4 b - 1", 0, 0, ""},     // the side to move may be in check
		{StartSFEN, 0, 0, ""},
	} {
		p, err := ParseSFEN(c.sfen)
		if err != nil {
			t.Fatalf("%s: %v", c.sfen, err)
		}
		check := func(err error, want SetupRule, what string) {
			var se *SetupError
			switch {
			case want == 0 && err != nil:
				t.Errorf("%s %s: %v, want nil", what, c.sfen, err)
			case want != 0 && (!errors.As(err, &se) || se.Rule != want || !errors.Is(err, ErrImpossible)):
				t.Errorf("%s %s: %v, want rule %s", what, c.sfen, err, want.Code())
			case want != 0 && !strings.Contains(err.Error(), c.words):
				t.Errorf("%s %s: %q does not say %q", what, c.sfen, err, c.words)
			}
		}
		check(p.Validate(), c.rule, "Validate")
		check(p.ValidatePseudo(), c.pseudo, "ValidatePseudo")
	}
}

// TestSFENHandCount: a hand over the set says the piece and the limit.
func TestSFENHandCount(t *testing.T) {
	for sfen, want := range map[string]string{
		"4k4/9/9/9/9/9/9/9/4K4 b 19P 1":   "19 pawns: a set has 18",
		"4k4/9/9/9/9/9/9/9/4K4 b 3B 1":    "3 bishops: a set has 2",
		"4k4/9/9/9/9/9/9/9/4K4 w 5g 1":    "5 golds: a set has 4",
		"4k4/9/9/9/9/9/9/9/4K4 b 0P 1":    `bad count "0"`,
		"4k4/9/9/9/9/9/9/9/4K4 b 1000P 1": `bad count "1000"`,
	} {
		_, err := ParseSFEN(sfen)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", sfen, err, want)
		}
	}
}
