package referee

import (
	"errors"
	"testing"

	"shinpan/referee/notation"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// TestRefusalCodes: a refusal carries its code and typed cause, and its
// English stays the referee's sentence.
func TestRefusalCodes(t *testing.T) {
	g, err := New("r", view.Standard, "", DefaultOptions(view.Standard))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		a    Action
		code RefusalCode
		text string
	}{
		{Action{Kind: ActMove, Player: shogi.White, Text: "3c3d"}, RefNotYourTurn, "it is not your turn"},
		{Action{Kind: ActMove, Player: shogi.Black, Text: "7g7e"}, RefIllegal, "“7g7e”: that piece cannot move there"},
		{Action{Kind: ActMove, Player: shogi.Black, Text: "G-5e"}, RefNotation, "“G-5e” is not a possible move here: nothing can move to 5e"},
		{Action{Kind: ActMove, Player: shogi.Black, Text: "5i5h+"}, RefIllegal, "“5i5h+”: that move cannot promote"},
		{Action{Kind: ActDeclare, Player: shogi.Black}, RefImpasse, "the impasse declaration is not valid: your king is not in the enemy camp"},
		{Action{Kind: ActMask, Player: shogi.Black, Text: "7g"}, RefMasksNotMasked, "masks exist only in Masked shogi"},
		{Action{Kind: "dance", Player: shogi.Black}, RefUnknownAction, "unknown action “dance”"},
	} {
		_, err := g.Apply(c.a)
		var r *Refusal
		if !errors.As(err, &r) || r.Code != c.code || err.Error() != c.text {
			t.Errorf("%+v: %v (%T), want %s %q", c.a, err, err, c.code, c.text)
		}
	}
	_, err = g.Apply(Action{Kind: ActMove, Player: shogi.Black, Text: "hello"})
	var re *notation.ResolveError
	if !errors.As(err, &re) || re.Kind != notation.Unparsable {
		t.Errorf("hello: cause %v", err)
	}
	_, err = g.Apply(Action{Kind: ActDeclare, Player: shogi.Black})
	var ie *shogi.ImpasseError
	if !errors.As(err, &ie) || ie.Code != shogi.ImpasseKingNotInCamp {
		t.Errorf("declare: cause %v", err)
	}
}

// TestSameWithoutPieceIsNoDrop: 同角 when no bishop reaches the last move's
// square is refused as a move nothing makes, never as a drop ("no such piece
// in hand"), in the open and the hidden variants.
func TestSameWithoutPieceIsNoDrop(t *testing.T) {
	for _, v := range []view.Variant{view.Standard, view.Tsuitate} {
		g, err := New("s", v, "", DefaultOptions(v))
		if err != nil {
			t.Fatal(err)
		}
		for i, m := range []string{"7g7f", "3c3d", "2g2f"} {
			if _, err := g.Apply(Action{Kind: ActMove, Player: shogi.Color(i % 2), Text: m}); err != nil {
				t.Fatal(err)
			}
		}
		_, err = g.Apply(Action{Kind: ActMove, Player: shogi.White, Text: "同角"})
		var r *Refusal
		if !errors.As(err, &r) || r.Code != RefNotation {
			t.Errorf("%s: 同角 refused as %v, want a notation refusal", v, err)
		}
	}
}

// TestMaskSquareAndPiece: a mask may be named by its square and its piece
// ("２八飛"); a piece other than the one there is refused saying so.
func TestMaskSquareAndPiece(t *testing.T) {
	for _, c := range []struct {
		text string
		code RefusalCode // "" when accepted
	}{
		{"２八飛", ""},
		{"28飛車", ""},
		{"2h", ""},
		{"２八角", RefNotThatPiece},
		{"５九玉", RefKingNotMask},
		{"５五飛", RefNoPieceOn},
		{"２八飛成", RefNotASquare},
	} {
		t.Run(c.text, func(t *testing.T) {
			g, err := New("m", view.Masked, "", DefaultOptions(view.Masked))
			if err != nil {
				t.Fatal(err)
			}
			_, err = g.Apply(Action{Kind: ActMask, Player: shogi.Black, Text: c.text, Salt: "s"})
			var r *Refusal
			switch {
			case c.code == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case c.code == "" && g.Masks()[shogi.Black] != shogi.Sq(2, 8):
				t.Fatalf("mask on %v", g.Masks()[shogi.Black])
			case c.code != "" && (!errors.As(err, &r) || r.Code != c.code):
				t.Fatalf("%v, want %s", err, c.code)
			}
		})
	}
}
