package record

import (
	"strings"
	"testing"

	"shinpan/referee/shogi"
)

func TestExplain(t *testing.T) {
	tests := []struct {
		sfen, move, want string
	}{
		{shogi.StartSFEN, "5e5d", "no piece on 5e"},
		{shogi.StartSFEN, "3c3d", "white's, and it is black's turn"},
		{shogi.StartSFEN, "8i7g", "7g holds black's own pawn"},
		{shogi.StartSFEN, "7g7e", "a pawn cannot move from 7g to 7e"},
		{shogi.StartSFEN, "8h5e", "the bishop on 8h is blocked on its way to 5e"},
		{shogi.StartSFEN, "7g7f+", "neither square is in black's promotion zone"},
		{shogi.StartSFEN, "6i6h+", "a gold cannot promote"},
		{shogi.StartSFEN, "P*5e", "black has no pawn in hand"},
		{"4k4/9/9/9/9/9/9/9/4K4 b P 1", "P*1a", "a pawn dropped on 1a could never move"},
		{"4k4/9/9/9/9/9/9/9/4K4 b N 1", "N*1b", "a knight dropped on 1b could never move"},
		{"4k4/9/9/9/9/9/9/9/4K4 b P 1", "P*5a", "drop on 5a, which holds white's king"},
		{"4k4/9/9/9/9/9/4P4/9/4K4 b P 1", "P*5e", "nifu: black already has a pawn on 5g"},
		{"7lk/7p1/8G/9/9/9/9/9/4K4 b P 1", "P*1b", "pawn drop mate"},
		{"4k4/P8/9/9/9/9/9/9/4K4 b - 1", "9b9a", "the pawn must promote on 9a"},
		{"4k4/9/9/9/9/9/9/4r4/4K4 b - 1", "5i4h", "moves the king into check: 4h is attacked by white's rook on 5h"},
		{"4k4/9/9/9/4r4/9/9/4G4/4K4 b - 1", "5h6h", "leaves the king in check: the gold on 5h is pinned by white's rook on 5e"},
		{"4k4/9/9/9/4r4/9/9/9/4K3G b - 1", "1i1h", "leaves the king in check from white's rook on 5e"},
		{"4k4/9/9/9/9/9/9/9/4K4 b - 1", "5i5h", "legal"},
	}
	for _, tc := range tests {
		p, err := shogi.ParseSFEN(tc.sfen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := shogi.ParseUSI(tc.move)
		if err != nil {
			t.Fatal(err)
		}
		before := p.SFEN()
		got := Explain(p, m)
		if !strings.Contains(got, tc.want) {
			t.Errorf("%s %s: %q, want %q", tc.sfen, tc.move, got, tc.want)
		}
		if p.SFEN() != before {
			t.Errorf("Explain changed the position")
		}
	}
	e := &IllegalMoveError{Number: 83, Text: "2h1g", Reason: "moves the king into check"}
	if e.Error() != "move 83 (2h1g): moves the king into check" {
		t.Errorf("Error() = %q", e.Error())
	}
}
