package record

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"shinpan/referee/shogi"
)

func sq(s string) shogi.Square {
	q, err := shogi.ParseSquare(s)
	if err != nil {
		panic(err)
	}
	return q
}

func TestParseKIFMove(t *testing.T) {
	tests := []struct {
		text string
		prev string
		want kifMove
	}{
		{"７六歩(77)", "", kifMove{to: sq("7f"), kind: shogi.Pawn, from: sq("7g")}},
		{"７六歩(77)   ( 0:01/00:00:01)", "", kifMove{to: sq("7f"), kind: shogi.Pawn, from: sq("7g")}},
		{"７六歩(77)+", "", kifMove{to: sq("7f"), kind: shogi.Pawn, from: sq("7g")}},
		{"76歩(77)", "", kifMove{to: sq("7f"), kind: shogi.Pawn, from: sq("7g")}},
		{"同　歩(23)", "2d", kifMove{to: sq("2d"), same: true, kind: shogi.Pawn, from: sq("2c")}},
		{"同歩(87)", "8f", kifMove{to: sq("8f"), same: true, kind: shogi.Pawn, from: sq("8g")}},
		{"５五角打", "", kifMove{to: sq("5e"), kind: shogi.Bishop, drop: true, from: shogi.NoSquare}},
		{"２二角成(88)", "", kifMove{to: sq("2b"), kind: shogi.Bishop, promote: true, from: sq("8h")}},
		{"２三銀不成(34)", "", kifMove{to: sq("2c"), kind: shogi.Silver, noPromote: true, from: sq("3d")}},
		{"１一成香(12)", "", kifMove{to: sq("1a"), kind: shogi.ProLance, from: sq("1b")}},
		{"同　成銀(12)", "1a", kifMove{to: sq("1a"), same: true, kind: shogi.ProSilver, from: sq("1b")}},
		{"８一龍(21)", "", kifMove{to: sq("8a"), kind: shogi.Dragon, from: sq("2a")}},
		{"８一竜(21)", "", kifMove{to: sq("8a"), kind: shogi.Dragon, from: sq("2a")}},
		{"６八王(59)", "", kifMove{to: sq("6h"), kind: shogi.King, from: sq("5i")}},
		{"▲７六歩(77)", "", kifMove{to: sq("7f"), kind: shogi.Pawn, from: sq("7g")}},
	}
	for _, tc := range tests {
		prev := shogi.NoSquare
		if tc.prev != "" {
			prev = sq(tc.prev)
		}
		got, err := parseKIFMove(tc.text, prev)
		if err != nil || got != tc.want {
			t.Errorf("parseKIFMove(%q) = %+v, %v; want %+v", tc.text, got, err, tc.want)
		}
	}
	for _, bad := range []string{"", "７六", "Ｘ六歩(77)", "７六象(77)", "７六歩(7)", "７六歩(7a)", "７六歩(77)x", "同　歩(23)", "５五馬打", "７六歩成打"} {
		if got, err := parseKIFMove(bad, shogi.NoSquare); err == nil {
			t.Errorf("parseKIFMove(%q) = %+v, want an error", bad, got)
		}
	}
}

func TestKIFMoveText(t *testing.T) {
	tests := []struct {
		sfen  string
		moves string // played first
		move  string
		want  string
	}{
		{shogi.StartSFEN, "", "7g7f", "７六歩(77)"},
		{shogi.StartSFEN, "7g7f 3c3d", "8h2b+", "２二角成(88)"},
		{shogi.StartSFEN, "7g7f 3c3d 8h2b+", "3a2b", "同　銀(31)"},
		{shogi.StartSFEN, "7g7f 3c3d 8h2b+ 3a2b", "B*4e", "４五角打"},
		{"4k4/9/9/4S4/9/9/9/9/4K4 b - 1", "", "5d5c", "５三銀不成(54)"},
		{"4k4/9/9/4S4/9/9/9/9/4K4 b - 1", "", "5d5c+", "５三銀成(54)"},
		{"4k4/9/9/9/4S4/9/9/9/4K4 b - 1", "", "5e5d", "５四銀(55)"},
		{"4k4/9/9/9/9/9/9/9/+R3K4 b - 1", "", "9i9a", "９一龍(99)"},
		{"4k4/9/9/9/9/9/9/9/+S3K4 b - 1", "", "9i9h", "９八成銀(99)"},
		{"4k4/9/9/9/9/9/9/9/3GK4 b - 1", "", "6i6h", "６八金(69)"},
		{"4k4/9/9/9/9/9/9/9/3GK4 w - 1", "", "5a4b", "４二玉(51)"},
	}
	for _, tc := range tests {
		p, err := shogi.ParseSFEN(tc.sfen)
		if err != nil {
			t.Fatal(err)
		}
		prev := shogi.NoSquare
		for _, u := range strings.Fields(tc.moves) {
			m, _ := shogi.ParseUSI(u)
			p.MakeMove(m)
			prev = m.To()
		}
		m, _ := shogi.ParseUSI(tc.move)
		if !p.IsLegal(m) {
			t.Fatalf("%s after %q: %s is not legal", tc.sfen, tc.moves, tc.move)
		}
		got := kifMoveText(p, m, prev)
		if got != tc.want {
			t.Errorf("%s: kifMoveText(%s) = %q, want %q", tc.sfen, tc.move, got, tc.want)
		}
		km, err := parseKIFMove(got, prev)
		if err != nil {
			t.Fatal(err)
		}
		back, why := km.resolve(p, false)
		if why != "" || back != m {
			t.Errorf("%q resolves to %v (%s), want %v", got, back, why, m)
		}
	}
}

const kifHead = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)   ( 0:01/00:00:01)\n"

func TestKIFEndings(t *testing.T) {
	tests := []struct {
		tail string
		want Result
		warn bool // the board contradicts the ending (see TestEndingsCheckedAgainstBoard)
	}{
		{"   2 投了\n", Result{ReasonResignation, WinnerBlack}, false},
		{"   2 詰み\n", Unknown, true},
		{"   2 千日手\n", Unknown, true},
		{"   2 持将棋\n", Result{ReasonImpasse, WinnerDraw}, false},
		{"   2 持将棋\nまで1手で先手の勝ち\n", Result{ReasonImpasse, WinnerBlack}, false},
		{"   2 切れ負け\n", Result{ReasonTimeout, WinnerBlack}, false},
		{"   2 時間切れ\n", Result{ReasonTimeout, WinnerBlack}, false},
		{"   2 反則勝ち\n", Result{ReasonIllegalMove, WinnerWhite}, false},
		{"   2 反則負け\n", Result{ReasonIllegalMove, WinnerBlack}, false},
		{"   2 中断\n", Result{ReasonAbort, WinnerNone}, false},
		{"   2 入玉勝ち\n", Unknown, true},
		{"", Unknown, false},
		{"まで1手で先手の勝ち\n", Result{ReasonResignation, WinnerBlack}, false},
		{"まで1手で後手の反則負け\n", Result{ReasonIllegalMove, WinnerBlack}, false},
		{"まで1手で時間切れにより先手の勝ち\n", Result{ReasonTimeout, WinnerBlack}, false},
		{"まで1手で千日手\n", Unknown, true},
		{"まで1手で持将棋\n", Result{ReasonImpasse, WinnerDraw}, false},
		{"まで1手で中断\n", Result{ReasonAbort, WinnerNone}, false},
		// the first ending counts (g21's raw file has a stray 中断 after 投了)
		{"   2 投了\n   3 中断\nまで2手で中断\n", Result{ReasonResignation, WinnerBlack}, false},
		// a variation ends the main line
		{"   2 ３四歩(33)\n   3 投了\n\n変化：2手\n   2 ８四歩(83)\n   3 ２六歩(27)\n", Result{ReasonResignation, WinnerWhite}, false},
	}
	for _, tc := range tests {
		rec, err := ParseKIFString(kifHead + tc.tail)
		if err != nil {
			t.Errorf("%q: %v", tc.tail, err)
			continue
		}
		if rec.Result != tc.want || tc.warn != (len(rec.Warnings) > 0) {
			t.Errorf("%q: result %v (warnings %q), want %v", tc.tail, rec.Result, rec.Warnings, tc.want)
		}
	}
}

// ParseKIFString is ReadKIF on a string (test helper).
func ParseKIFString(s string) (*Record, error) { return ReadKIF(strings.NewReader(s)) }

func TestKIFHandicap(t *testing.T) {
	tests := []struct {
		handicap string
		moves    string
		game     string
	}{
		{"香落ち", "   1 ３四歩(33)\n   2 ２六歩(27)\n", "g07_kyoochi_2008.txt"},
		{"二枚落ち", "   1 ６二銀(71)\n   2 ７六歩(77)\n", "g15_mog003_2piece_handicap.txt"},
	}
	for _, tc := range tests {
		text := "開始日時：2008/12/20\n手合割：" + tc.handicap + "　\n上手：上手\n下手：下手\n手数----指手---------消費時間--\n" + tc.moves
		rec, err := ParseKIFString(text)
		if err != nil {
			t.Fatalf("%s: %v", tc.handicap, err)
		}
		sfen, moves := gameLines(t, tc.game)
		if rec.StartSFEN() != sfen || !strings.Contains(sfen, " w ") {
			t.Errorf("%s: start %q, want %q (White to move)", tc.handicap, rec.StartSFEN(), sfen)
		}
		sameMoves(t, tc.handicap, rec.Moves, moves[:2])
		var buf bytes.Buffer
		if err := WriteKIF(&buf, rec); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(buf.String(), "手合割："+tc.handicap+"\n") {
			t.Errorf("%s: written KIF has no 手合割 line:\n%s", tc.handicap, buf.String())
		}
	}
	for _, h := range Handicaps {
		p, err := shogi.ParseSFEN(h.SFEN)
		if err != nil {
			t.Fatalf("%s: %v", h.Name, err)
		}
		if (h.Name == "平手") != (p.SideToMove() == shogi.Black) {
			t.Errorf("%s: side to move %v", h.Name, p.SideToMove())
		}
		if n, ok := HandicapName(p); !ok || n != h.Name {
			t.Errorf("HandicapName(%s) = %q %v", h.Name, n, ok)
		}
	}
	if s, ok := HandicapSFEN("飛落ち"); !ok || s != Handicaps[4].SFEN {
		t.Errorf("alias 飛落ち: %q %v", s, ok)
	}
	if _, err := ParseKIFString("手合割：その他\n手数----指手---------消費時間--\n"); err == nil {
		t.Errorf("その他 without a board: no error")
	}
}

func TestKIFBoardDiagram(t *testing.T) {
	rec, err := readFile(t, "g03_ryuou2014_game1.txt")
	if err != nil {
		t.Fatal(err)
	}
	p, err := rec.Position(70)
	if err != nil {
		t.Fatal(err)
	}
	mid := &Record{Start: p, Moves: rec.Moves[70:], Result: rec.Result}
	var buf bytes.Buffer
	if err := WriteKIF(&buf, mid); err != nil {
		t.Fatal(err)
	}
	text := buf.String()
	for _, want := range []string{"後手の持駒：歩二　\n", "先手の持駒：歩五　\n", "手数＝70\n", "  71 ８四角(57)\n", "まで117手で先手の勝ち"} {
		if !strings.Contains(text, want) {
			t.Errorf("KIF of a middle game lacks %q:\n%s", want, text)
		}
	}
	back, err := ParseKIFString(text)
	if err != nil {
		t.Fatal(err)
	}
	if back.StartSFEN() != p.SFEN() || len(back.Moves) != len(mid.Moves) || back.Result != mid.Result {
		t.Errorf("read back %q %d moves %v; want %q %d %v", back.StartSFEN(), len(back.Moves), back.Result, p.SFEN(), len(mid.Moves), mid.Result)
	}

	// hands with counts written 十, 十一..十八, White to move
	for _, sfen := range []string{
		"k8/9/9/9/9/9/9/9/8K w 2R2B4G4S4N4L18P 1",
		"k8/9/9/9/9/9/9/9/8K w RB3G2S7Prg2s4n4l11p 1",
		"k8/9/9/9/9/9/9/9/8K b 10Pp 5",
	} {
		p, err := shogi.ParseSFEN(sfen)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := WriteKIF(&buf, &Record{Start: p}); err != nil {
			t.Fatal(err)
		}
		back, err := ParseKIFString(buf.String())
		if err != nil || back.StartSFEN() != sfen {
			t.Errorf("BOD of %s read back as %v, %v:\n%s", sfen, back.StartSFEN(), err, buf.String())
		}
	}
}

func TestKIFBoardDiagramRead(t *testing.T) {
	text := `後手の持駒：飛　角　金四　銀三　桂三　香三　歩十七　
  ９ ８ ７ ６ ５ ４ ３ ２ １
+---------------------------+
| ・ ・ ・ ・ ・ ・ ・v桂v香|一
| ・ ・ ・ ・ ・ ・v玉 ・ ・|二
| ・ ・ ・ ・ ・ ・ ・ ・ ・|三
| ・ ・ ・ ・ ・ ・ ・ 銀 ・|四
| ・ ・ ・ ・ ・ ・ ・ ・ ・|五
| ・ ・ ・ ・ ・ ・ ・ ・ ・|六
| ・ ・ ・ ・ ・ ・ ・ ・ ・|七
| ・ ・ ・ ・ ・ ・ ・ ・ ・|八
| ・ ・ ・ ・ 玉 龍 ・ ・ 歩|九
+---------------------------+
先手の持駒：なし
手数----指手---------消費時間--
   1 ４三龍(49)
   2 同　玉(32)
`
	rec, err := ParseKIFString(text)
	if err != nil {
		t.Fatal(err)
	}
	const want = "7nl/6k2/9/7S1/9/9/9/9/4K+R2P b rb4g3s3n3l17p 1"
	if rec.StartSFEN() != want {
		t.Errorf("start %q, want %q", rec.StartSFEN(), want)
	}
	if got := strings.Join(usiList(rec.Moves), " "); got != "4i4c 3b4c" {
		t.Errorf("moves %q", got)
	}
}

func TestKIFErrors(t *testing.T) {
	tests := []struct {
		text    string
		illegal int    // 0: a *SyntaxError is wanted
		why     string // in the error
	}{
		{"手数----\n   1 ７五歩(77)\n", 1, "cannot move"},
		{"手数----\n   1 ７六銀(77)\n", 1, "is a pawn, not a silver"},
		{"手数----\n   1 ７六歩(77)\n   2 ５五角打\n", 2, "no bishop in hand"},
		{"手数----\n   1 ７六歩(77)\n   2 ７五歩(76)\n", 2, "it is white's turn"},
		{"手数----\n   1 ７六歩(77)\n   2 ３Ｘ歩\n", 0, "line 3"},
		{"手数----\n   1 ７六歩(7)\n", 0, "origin"},
		{"hello\nworld\n", 0, "no KIF"},
		{"手合割：平手\n▲７六歩　△３四歩\n手数----\n   1 ７六歩(77)\n", 0, "KI2 move line before the KIF moves"},
		{"手合割：平手\n▲７六ふ\n手数----\n   1 ７六歩(77)\n", 0, "KI2 move line before the KIF moves"},
		{"後手の持駒：なし\n| ・ ・|一\n手数----\n", 0, "ranks"},
	}
	for _, tc := range tests {
		rec, err := ParseKIFString(tc.text)
		var ie *IllegalMoveError
		var se *SyntaxError
		switch {
		case tc.illegal > 0 && (!errors.As(err, &ie) || ie.Number != tc.illegal):
			t.Errorf("%q: err %v, want illegal move %d", tc.text, err, tc.illegal)
		case tc.illegal > 0 && (rec == nil || len(rec.Moves) != tc.illegal-1 || rec.Result.Reason != ReasonIllegalMove):
			t.Errorf("%q: record before the illegal move not returned: %+v", tc.text, rec)
		case tc.illegal == 0 && !errors.As(err, &se):
			t.Errorf("%q: err %v, want a *SyntaxError", tc.text, err)
		case err != nil && !strings.Contains(err.Error(), tc.why):
			t.Errorf("%q: err %q lacks %q", tc.text, err, tc.why)
		}
	}
}

func TestPerpetualCheck(t *testing.T) {
	const start = "4k4/9/9/9/9/9/9/9/R3K4 b - 1"
	moves := "9i9a 5a5b"
	for i := 0; i < 4; i++ {
		moves += " 9a9b 5b5a 9b9a 5a5b"
	}
	usi := "position sfen " + start + " moves " + moves
	rec, err := ParseUSIPosition(usi)
	if err != nil {
		t.Fatal(err)
	}
	rec.Result = Result{ReasonSennichite, WinnerDraw}
	if r, _, ok := boardEnding(rec, mustFinal(t, rec)); !ok || r != (Result{ReasonPerpetualCheck, WinnerWhite}) {
		t.Fatalf("boardEnding = %v %v, want perpetual_check white", r, ok)
	}
	var kif, csa bytes.Buffer
	if err := WriteKIF(&kif, rec); err != nil {
		t.Fatal(err)
	}
	if err := WriteCSA(&csa, rec); err != nil {
		t.Fatal(err)
	}
	want := Result{ReasonPerpetualCheck, WinnerWhite}
	for _, text := range []string{kif.String(), csa.String(), strings.Replace(csa.String(), "%SENNICHITE", "%OUTE_SENNICHITE", 1)} {
		back, err := Parse([]byte(text), "")
		if err != nil {
			t.Fatal(err)
		}
		if back.Result != want {
			t.Errorf("result %v, want %v:\n%s", back.Result, want, text)
		}
	}
}

func mustFinal(t *testing.T, rec *Record) *shogi.Position {
	t.Helper()
	p, err := rec.Final()
	if err != nil {
		t.Fatal(err)
	}
	return p
}
