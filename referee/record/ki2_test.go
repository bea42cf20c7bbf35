package record

import (
	"errors"
	"strings"
	"testing"

	"golang.org/x/text/encoding/japanese"
)

// TestKI2Reads: KI2 as other software writes it — headers or none, several
// moves a line, ▲△ or none, 同, 打 (or not), 右 左 直 上 引 寄 and 行,
// 成/不成 (a move without either does not promote), comments and the
// closing line.
func TestKI2Reads(t *testing.T) {
	for _, c := range []struct {
		name, text string
		moves      string
		result     Result
		comments   map[int]string
	}{
		{"the issue's case", "手合割：平手\n▲７六歩    △３四歩\nまで2手で中断\n", "7g7f 3c3d", Result{ReasonAbort, WinnerNone}, nil},
		{"no header, no marks", "７六歩 ３四歩 ２二角成 同銀 ４五角 ５二金右\n", "7g7f 3c3d 8h2b+ 3a2b B*4e 6a5b", Unknown, nil},
		{"words and spaces", "先手：a\n後手：b\n\n▲７六歩　△３四歩　▲２二角不成\n△同　銀\n*a comment\n▲５八金右　△５二金左\n▲６八銀上\nまで7手で後手の勝ち\n",
			"7g7f 3c3d 8h2b 3a2b 4i5h 4a5b 7i6h", Result{ReasonResignation, WinnerWhite}, map[int]string{4: "a comment"}},
		{"no 成: no promotion", "▲７六歩 △３四歩 ▲２二角 △同　銀\n", "7g7f 3c3d 8h2b 3a2b", Unknown, nil},
		{"行 is 上, 打 said", "▲７六歩 △３四歩 ▲２二角成 △同　銀 ▲５五角打 △４二金行\n", "7g7f 3c3d 8h2b+ 3a2b B*5e 4a4b", Unknown, nil},
		{"handicap", "手合割：香落ち\n△３四歩 ▲７六歩\nまで2手で上手の勝ち\n", "3c3d 7g7f", Result{ReasonResignation, WinnerWhite}, nil},
		{"千日手 line, board checked", "手合割：平手\n▲７六歩 △３四歩\nまで2手で千日手\n", "7g7f 3c3d", Unknown, nil},
		{"closing 投了 line", "▲７六歩 △３四歩\n▲投了\n", "7g7f 3c3d", Result{ReasonResignation, WinnerWhite}, nil},
		{"closing 中断 line", "▲７六歩 △３四歩\n中断\n", "7g7f 3c3d", Result{ReasonAbort, WinnerNone}, nil},
		{"comment before the moves", "*opening comment\n▲７六歩\n", "7g7f", Unknown, map[int]string{0: "opening comment"}},
	} {
		rec, err := Parse([]byte(c.text), "")
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if got, want := usiList(rec.Moves), strings.Fields(c.moves); strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s: moves %q, want %q", c.name, got, want)
		}
		if rec.Result != c.result {
			t.Errorf("%s: result %v, want %v", c.name, rec.Result, c.result)
		}
		for n, text := range c.comments {
			if len(rec.Comments[n]) != 1 || rec.Comments[n][0] != text {
				t.Errorf("%s: comments after %d: %q, want %q", c.name, n, rec.Comments[n], text)
			}
		}
	}
}

// TestKI2Refuses: a move that cannot be read stops the reading with an
// error naming it (never a shorter game); an illegal one gives the record
// before it.
func TestKI2Refuses(t *testing.T) {
	for _, c := range []struct {
		text    string
		illegal int    // 0: a *SyntaxError is wanted
		why     string // in the error
	}{
		{"手合割：平手\n▲７六歩 △３四歩 ▲５八金\n", 0, `move 3 "▲５八金"`}, // ambiguous: 右 or 左
		{"手合割：平手\n▲７六歩 △３四歩\n▲７六歩\n", 0, "nothing can move to ７六"},
		{"手合割：平手\n▲７六歩 ▲２六歩\n", 0, `move 2 "▲２六歩" is marked for black, but it is white's turn`},
		{"手合割：平手\n▲７六歩 △３四歩 ▲５五歩\n", 0, "move 3"},
		{"手合割：平手\n▲７六歩 △３四歩\nhello\n", 0, "line 3"},
		// a marked move that does not read is a move, never a header line
		{"手合割：平手\n▲７六ふ △３四歩\nまで2手で中断\n", 0, `move 1 "▲７六ふ"`},
		{"手合割：平手\n▲ ７六歩\n", 0, "move 1"},
		{"手合割：平手\n▲７六歩 △３四歩\n▲７五ふ\n", 0, `move 3 "▲７五ふ"`},
		{"手合割：平手\n▲７六歩 △３四歩\nまで2手で中断\n▲２六歩\n", 0, "after the end of the game"},
		{"手合割：平手\n▲７六歩 △３四歩 ▲７五歩 △３五歩 ▲７四歩 △３六歩 ▲７三歩成 △３七歩成 ▲同　桂 △５五角打\n", 10, "no bishop in hand"},
		{"手合割：平手\n▲７六歩 △３四歩 ▲６八玉 △８八角成 ▲７八玉\n", 5, "moves the king into check"},
	} {
		rec, err := Parse([]byte(c.text), "")
		var ie *IllegalMoveError
		var se *SyntaxError
		switch {
		case c.illegal > 0 && (!errors.As(err, &ie) || ie.Number != c.illegal):
			t.Errorf("%q: %v, want illegal move %d", c.text, err, c.illegal)
		case c.illegal > 0 && (rec == nil || len(rec.Moves) != c.illegal-1):
			t.Errorf("%q: record before the illegal move not returned", c.text)
		case c.illegal == 0 && !errors.As(err, &se):
			t.Errorf("%q: %v, want a *SyntaxError", c.text, err)
		case err != nil && !strings.Contains(err.Error(), c.why):
			t.Errorf("%q: %q lacks %q", c.text, err, c.why)
		}
	}
}

// TestKI2ShiftJIS: KI2 files are most often Shift_JIS.
func TestKI2ShiftJIS(t *testing.T) {
	sjis, err := japanese.ShiftJIS.NewEncoder().String("手合割：平手\n▲７六歩    △３四歩    ▲２二角成\n△同　銀\nまで4手で先手の勝ち\n")
	if err != nil {
		t.Fatal(err)
	}
	rec, err := Parse([]byte(sjis), "game.ki2")
	if err != nil || strings.Join(usiList(rec.Moves), " ") != "7g7f 3c3d 8h2b+ 3a2b" || rec.Result != (Result{ReasonResignation, WinnerBlack}) {
		t.Fatalf("%v %v", err, rec)
	}
}

// TestKI2CountChecked: a closing line counting other moves than read is
// warned about.
func TestKI2CountChecked(t *testing.T) {
	rec, err := Parse([]byte("手合割：平手\n▲７六歩 △３四歩\nまで3手で後手の勝ち\n"), "")
	if err != nil || len(rec.Warnings) != 1 || !strings.Contains(rec.Warnings[0], "counts 3 moves, but the record has 2") {
		t.Fatalf("%v %q", err, rec.Warnings)
	}
}

// TestKI2Detected: KI2 is told from KIF by its moves, and by .ki2 when it
// has none.
func TestKI2Detected(t *testing.T) {
	for _, c := range []struct {
		text, name string
		want       Format
	}{
		{"手合割：平手\n▲７六歩    △３四歩\n", "", FormatKI2},
		{"７六歩 ３四歩\n", "", FormatKI2},
		{"#KI2 version=2.0 encoding=UTF-8\n手合割：平手\n", "", FormatKI2},
		{"手合割：平手\n", "a.ki2", FormatKI2},
		{"手合割：平手\n", "a.kif", FormatKIF},
		{"手合割：平手\n▲７六ふ\n", "a.kif", FormatKI2},
		{"手合割：平手\n手数----指手--\n   1 ７六歩(77)\n", "a.ki2", FormatKIF},
	} {
		if got := Detect(c.text, c.name); got != c.want {
			t.Errorf("%q %q: %v, want %v", c.text, c.name, got, c.want)
		}
	}
}
