package record

import (
	"strings"
	"testing"
)

// shuffle is four king moves that bring the start position back.
const shuffle = " 5i4h 5a4b 4h5i 4b5a"

// checks is Black's rook checking White's king from file 5 and file 4 in
// turn while the king steps between 5a and 4a: the position after the first
// move recurs every four moves.
const (
	checksStart = "4k4/9/9/9/3R5/9/9/9/K8 b - 1"
	checksCycle = " 5a4a 5e4e 4a5a 4e5e"
)

// TestEndingsCheckedAgainstBoard: each stated ending is checked on the
// final position; where the text and the board disagree the board's verdict
// is kept and a warning says both.
func TestEndingsCheckedAgainstBoard(t *testing.T) {
	kif := func(tail string) string {
		return "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n" + tail
	}
	usiText := func(start, moves, result string) string {
		return start + "\n" + strings.ReplaceAll(strings.TrimSpace(moves), " ", "\n") + "\n# result: " + result + "\n"
	}
	for _, c := range []struct {
		name, text string
		want       Result
		warn       string // in the warning; "" for none
	}{
		{"詰み after two moves", kif("   3 詰み\n"), Unknown, "black is not mated"},
		{"千日手 after two moves", kif("   3 千日手\n"), Unknown, "no position occurred for the fourth time"},
		{"%KACHI after two moves", "PI\n+\n+7776FU\n-3334FU\n%KACHI\n", Unknown, "impasse declaration is not valid"},
		{"a resignation stands", kif("   3 投了\n"), Result{ReasonResignation, WinnerWhite}, ""},
		{"bare USI fourfold", "position startpos moves" + strings.Repeat(shuffle, 3), Result{ReasonSennichite, WinnerDraw}, ""},
		{"bare USI perpetual check", "position sfen " + checksStart + " moves 6e5e" + strings.Repeat(checksCycle, 3),
			Result{ReasonPerpetualCheck, WinnerWhite}, ""},
		{"sennichite said, perpetual check shown", usiText(checksStart, "6e5e"+strings.Repeat(checksCycle, 3), "sennichite draw"),
			Result{ReasonPerpetualCheck, WinnerWhite}, "black giving check with every move"},
		{"moves after the fourth repetition", usiText("startpos", strings.Repeat(shuffle, 3)+" 7g7f", "resignation black"),
			Result{ReasonSennichite, WinnerDraw}, "goes on for 1 more moves"},
		{"a timeout at a mate", usiText("4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1", "", "timeout black"),
			Result{ReasonCheckmate, WinnerBlack}, "white is checkmated"},
		{"a resignation at a mate", usiText("4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1", "", "resignation black"),
			Result{ReasonCheckmate, WinnerBlack}, ""},
		{"Tsuitate has no sennichite", "startpos\n# variant: tsuitate\n" + strings.Repeat(shuffle, 3) + "\n# result: sennichite draw\n",
			Unknown, "no repetition rule in tsuitate"},
		{"Dark endings are taken as stated", "startpos\n# variant: dark\n7g7f\n# result: checkmate black\n",
			Result{ReasonCheckmate, WinnerBlack}, ""},
	} {
		rec, err := Parse([]byte(c.text), "")
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if rec.Result != c.want {
			t.Errorf("%s: %v, want %v (warnings %q)", c.name, rec.Result, c.want, rec.Warnings)
		}
		warned := strings.Join(rec.Warnings, "; ")
		if c.warn == "" && warned != "" || !strings.Contains(warned, c.warn) {
			t.Errorf("%s: warnings %q, want %q", c.name, warned, c.warn)
		}
	}
}

// TestValidDeclaration: g12's %KACHI is a valid declaration and reads
// without a warning.
func TestValidDeclaration(t *testing.T) {
	rec, err := readFile(t, "raw/floodgate_aobazero_viper_20200719_kachi.csa")
	if err != nil || rec.Result != (Result{ReasonImpasse, WinnerBlack}) || len(rec.Warnings) != 0 {
		t.Fatalf("%v %v %q", err, rec.Result, rec.Warnings)
	}
}
