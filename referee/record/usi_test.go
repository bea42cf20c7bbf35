package record

import (
	"errors"
	"strings"
	"testing"

	"shinpan/referee/shogi"
)

func TestUSI(t *testing.T) {
	const lance = "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
	tests := []struct {
		text, sfen, moves string
	}{
		{"position startpos moves 7g7f 3c3d", shogi.StartSFEN, "7g7f 3c3d"},
		{"position startpos", shogi.StartSFEN, ""},
		{"startpos moves 7g7f", shogi.StartSFEN, "7g7f"},
		{"# a comment\n\nposition sfen " + lance + " moves 3c3d 2g2f\n", lance, "3c3d 2g2f"},
		{"sfen lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - moves 3c3d", lance, "3c3d"},
	}
	for _, tc := range tests {
		rec, err := ParseUSIPosition(tc.text)
		if err != nil {
			t.Errorf("%q: %v", tc.text, err)
			continue
		}
		if rec.StartSFEN() != tc.sfen || strings.Join(usiList(rec.Moves), " ") != tc.moves {
			t.Errorf("%q: %q %v", tc.text, rec.StartSFEN(), rec.Moves)
		}
		back, err := ParseUSIPosition(USIPosition(rec))
		if err != nil || back.StartSFEN() != rec.StartSFEN() || len(back.Moves) != len(rec.Moves) {
			t.Errorf("%q: USIPosition %q reads back as %v %v", tc.text, USIPosition(rec), back, err)
		}
	}
	if got := USIPosition(&Record{}); got != "position startpos" {
		t.Errorf("USIPosition(empty) = %q", got)
	}
	rec, _ := ParseUSIPosition("position sfen " + lance + " moves 3c3d")
	if got := USIPosition(rec); got != "position sfen "+lance+" moves 3c3d" {
		t.Errorf("USIPosition = %q", got)
	}

	for _, bad := range []string{"", "position", "position foo", "position startpos 7g7f", "position sfen xx moves", "position startpos moves 7g7f zz"} {
		if _, err := ParseUSIPosition(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
	rec, err := ParseUSIPosition("position startpos moves 7g7f 3c3d 8h2b 2b3c")
	var ie *IllegalMoveError
	if !errors.As(err, &ie) || ie.Number != 4 || len(rec.Moves) != 3 || rec.Result != (Result{ReasonIllegalMove, WinnerBlack}) {
		t.Errorf("illegal 4th move: %v, %v", err, rec)
	}
	// a final checkmate is reported without an ending
	_, err = ParseUSIPosition("position sfen 4k4/9/9/9/9/9/9/4g4/4K4 w g 1 moves G*5h")
	if err == nil {
		t.Errorf("drop on an occupied square accepted")
	}
	rec, err = ParseUSIPosition("position sfen 4k4/9/9/9/9/9/4p4/9/4K4 w g 1 moves G*5h")
	if err != nil {
		t.Fatal(err)
	}
	if rec.Result != (Result{ReasonCheckmate, WinnerWhite}) {
		t.Errorf("mate without ending: %v", rec.Result)
	}
}

func TestTextResults(t *testing.T) {
	fin := shogi.Startpos() // Black to move
	tests := []struct {
		text string
		want Result
	}{
		{"resignation white", Result{ReasonResignation, WinnerWhite}},
		{"impasse draw", Result{ReasonImpasse, WinnerDraw}},
		{"resign (投了; white wins)", Result{ReasonResignation, WinnerWhite}},
		{"resign", Result{ReasonResignation, WinnerWhite}},
		{"timeout (the side to move lost)", Result{ReasonTimeout, WinnerWhite}},
		{"sennichite", Result{ReasonSennichite, WinnerDraw}},
		{"jishogi (draw)", Result{ReasonImpasse, WinnerDraw}},
		{"jishogi declaration win", Result{ReasonImpasse, WinnerBlack}},
		{"abort", Result{ReasonAbort, WinnerNone}},
		{"checkmate", Result{ReasonCheckmate, WinnerWhite}},
	}
	for _, tc := range tests {
		got, err := resultFromText(tc.text, fin)
		if err != nil || got != tc.want {
			t.Errorf("%q: %v %v, want %v", tc.text, got, err, tc.want)
		}
	}
	if _, err := resultFromText("won somehow", fin); err == nil {
		t.Errorf("unknown reason: no error")
	}
	if _, err := ParseResult("checkmate maybe"); err == nil {
		t.Errorf("ParseResult accepted a bad winner")
	}
}
