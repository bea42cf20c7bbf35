package record

import (
	"errors"
	"strings"
	"testing"

	"shinpan/referee/shogi"
)

func parseCSAString(s string) (*Record, error) { return ReadCSA(strings.NewReader(s)) }

func TestCSAEndings(t *testing.T) {
	tests := []struct {
		code string
		want Result
		warn bool // the board contradicts the code (see TestEndingsCheckedAgainstBoard)
	}{ // White is to move when the game ends
		{"%TORYO", Result{ReasonResignation, WinnerBlack}, false},
		{"%CHUDAN", Result{ReasonAbort, WinnerNone}, false},
		{"%SENNICHITE", Unknown, true},
		{"%OUTE_SENNICHITE", Unknown, true},
		{"%ILLEGAL_MOVE", Result{ReasonIllegalMove, WinnerBlack}, false},
		{"%+ILLEGAL_ACTION", Result{ReasonIllegalMove, WinnerWhite}, false},
		{"%-ILLEGAL_ACTION", Result{ReasonIllegalMove, WinnerBlack}, false},
		{"%TIME_UP", Result{ReasonTimeout, WinnerBlack}, false},
		{"%KACHI", Unknown, true},
		{"%TSUMI", Unknown, true},
		{"%JISHOGI", Result{ReasonImpasse, WinnerDraw}, false},
		{"%MAX_MOVES", Result{ReasonImpasse, WinnerDraw}, false},
		{"%HIKIWAKE", Result{ReasonUnknown, WinnerDraw}, false},
		{"%MATTA", Result{ReasonIllegalMove, WinnerBlack}, false},
		{"%FUZUMI", Result{ReasonUnknown, WinnerNone}, false},
		{"", Unknown, false},
	}
	for _, tc := range tests {
		text := "V2.2\nPI\n+\n+7776FU,T3\n"
		if tc.code != "" {
			text += tc.code + "\n'after the end\n-3334FU\n" // moves after the end are not read
		}
		rec, err := parseCSAString(text)
		if err != nil {
			t.Errorf("%s: %v", tc.code, err)
			continue
		}
		if rec.Result != tc.want || len(rec.Moves) != 1 || tc.warn != (len(rec.Warnings) > 0) {
			t.Errorf("%s: %v after %d moves (warnings %q), want %v after 1", tc.code, rec.Result, len(rec.Moves), rec.Warnings, tc.want)
		}
	}
	// an ending this reader does not know keeps the moves, with a warning
	rec, err := parseCSAString("PI\n+\n+7776FU\n%NONSENSE\n-3334FU\n")
	if err != nil || len(rec.Moves) != 1 || rec.Result != Unknown || len(rec.Warnings) != 1 ||
		!strings.Contains(rec.Warnings[0], "%NONSENSE") {
		t.Errorf("unknown %% code: %v, %d moves, %v, warnings %q", err, len(rec.Moves), rec.Result, rec.Warnings)
	}
}

func TestCSAPositions(t *testing.T) {
	tests := []struct {
		text string
		sfen string
	}{
		{"PI\n+\n", shogi.StartSFEN},
		{"PI82HI22KA\n-\n", "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
		{"PI11KY\n-\n", "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
		{"P1 *  *  *  * -OU *  *  *  * \nP2\nP3\nP4\nP5\nP6\nP7\nP8\nP9 *  *  *  * +OU\nP+00KA\nP-00AL\n+\n",
			"4k4/9/9/9/9/9/9/9/4K4 b B2rb4g4s4n4l18p 1"},
		{"P1 *  *  *  * -OU\nP2\nP3\nP4\nP5\nP6\nP7\nP8\nP9 *  *  *  * +OU\nP+53TO00FU00FU\nP-11RY\n-\n",
			"4k3+r/9/4+P4/9/9/9/9/9/4K4 w 2P 1"},
		// the standard board given as P lines, moves without a side line
		{"P1-KY-KE-GI-KI-OU-KI-GI-KE-KY\nP2 * -HI *  *  *  *  * -KA * \nP3-FU-FU-FU-FU-FU-FU-FU-FU-FU\nP4 *  *  *  *  *  *  *  *  * \nP5 *  *  *  *  *  *  *  *  * \nP6 *  *  *  *  *  *  *  *  * \nP7+FU+FU+FU+FU+FU+FU+FU+FU+FU\nP8 * +KA *  *  *  *  * +HI * \nP9+KY+KE+GI+KI+OU+KI+GI+KE+KY\n",
			shogi.StartSFEN},
	}
	for _, tc := range tests {
		rec, err := parseCSAString(tc.text)
		if err != nil {
			t.Errorf("%q: %v", tc.text, err)
			continue
		}
		if rec.StartSFEN() != tc.sfen {
			t.Errorf("%q: start %q, want %q", tc.text, rec.StartSFEN(), tc.sfen)
		}
	}
}

func TestCSAMoves(t *testing.T) {
	rec, err := parseCSAString("V2.2\nN+sente\nN-gote\n$EVENT:test\n$FOO:bar\n'start comment\nPI\n+\n+7776FU,T12,-3334FU,T3\n+8822UM\n'a comment\n-3122GI\nT5\n+0055KA\n/\n+9796FU\n")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(usiList(rec.Moves), " "); got != "7g7f 3c3d 8h2b+ 3a2b B*5e" {
		t.Errorf("moves %q", got)
	}
	if v, _ := rec.Get("棋戦"); v != "test" {
		t.Errorf("$EVENT → 棋戦 = %q", v)
	}
	if v, _ := rec.Get("FOO"); v != "bar" {
		t.Errorf("$FOO = %q", v)
	}
	if rec.Comments[0][0] != "start comment" || rec.Comments[3][0] != "a comment" {
		t.Errorf("comments %v", rec.Comments)
	}

	bad := []struct {
		text    string
		illegal int
		why     string
	}{
		{"PI\n+\n+7776FU\n+3334FU\n", 2, "white's turn"},
		{"PI\n+\n+7776FU\n-3334FU\n+8822RY\n", 3, "cannot become"},
		{"PI\n+\n+7775FU\n", 1, "cannot move"},
		{"PI\n+\n+5554FU\n", 1, "no piece on 5e"},
		{"PI\n+\n+0055KA\n", 1, "no bishop in hand"},
		{"PI\n+\n+7776F\n", 0, "want a move"},
		{"PI\n+\n+7776XX\n", 0, "want a move"},
		{"PI99KA\n", 0, "no KA on 99"},
		{"P1 * \nP+00OU\n", 0, "cannot be in hand"},
		{"PI\n+\n+7776FU\nP1 * \n", 0, "after the moves"},
		{"PI\n+\nhello\n", 0, "not a CSA statement"},
		{"P1 *  *  *  * -OU *  *  * +FU\nP9 *  *  *  * +OU\n+\n", 0, "never move"},
		{"", 0, "no CSA"},
	}
	for _, tc := range bad {
		rec, err := parseCSAString(tc.text)
		var ie *IllegalMoveError
		var se *SyntaxError
		switch {
		case tc.illegal > 0 && (!errors.As(err, &ie) || ie.Number != tc.illegal || len(rec.Moves) != tc.illegal-1):
			t.Errorf("%q: %v, want illegal move %d", tc.text, err, tc.illegal)
		case tc.illegal == 0 && !errors.As(err, &se):
			t.Errorf("%q: %v, want a *SyntaxError", tc.text, err)
		case err != nil && !strings.Contains(err.Error(), tc.why):
			t.Errorf("%q: %q lacks %q", tc.text, err, tc.why)
		}
	}
}

// TestCSANamesFirst: the players' names (N+, N-) come right after the
// version, before the $ lines, as CSA V2.2 orders them, however the header
// orders its fields.
func TestCSANamesFirst(t *testing.T) {
	rec := &Record{Header: []HeaderField{{"開始日時", "2026/12/07 00:04:05"}, {"棋戦", "test"}, {"先手", "Ann"}, {"後手", "Bob"}}}
	var b strings.Builder
	if err := WriteCSA(&b, rec); err != nil {
		t.Fatal(err)
	}
	if want := "V2.2\nN+Ann\nN-Bob\n$START_TIME:2026/12/07 00:04:05\n$EVENT:test\n"; !strings.HasPrefix(b.String(), want) {
		t.Fatalf("CSA header:\n%s\nwant it to start\n%s", b.String(), want)
	}
}
