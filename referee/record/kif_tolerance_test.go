package record

import (
	"strings"
	"testing"
)

// TestKIFOriginAfterSpace: a space, half- or full-width, between a move and
// its origin is valid KIF, and the time field after it is still skipped.
func TestKIFOriginAfterSpace(t *testing.T) {
	text := "手合割：平手\n手数----指手---------消費時間--\n" +
		"   1 ７六歩 (77)   ( 0:01/00:00:01)\n" +
		"   2 ３四歩　(33)\n" +
		"   3 ２二角成（88）\n" +
		"   4 同銀　(31)\n" +
		"   5 ５五角打 (0:02/00:00:03)\n"
	rec, err := ParseKIFString(text)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(usiList(rec.Moves), " "); got != "7g7f 3c3d 8h2b+ 3a2b B*5e" {
		t.Errorf("moves %q", got)
	}
}

// TestKIFUnknownEndings: an ending word the reader does not know keeps the
// moves; the result is the closest known ending or unknown, with a warning.
func TestKIFUnknownEndings(t *testing.T) {
	for _, c := range []struct {
		word string
		want Result
	}{
		{"Time-up", Result{ReasonTimeout, WinnerBlack}},
		{"封じ手", Unknown}, // adjourned, not ended: no abort
		{"不戦敗", Unknown},
		{"Unbekannt", Unknown},
	} {
		rec, err := ParseKIFString(kifHead + "   2 " + c.word + "\n   3 ２六歩(27)\n")
		if err != nil {
			t.Errorf("%s: %v", c.word, err)
			continue
		}
		if rec.Result != c.want || len(rec.Moves) != 1 {
			t.Errorf("%s: %v after %d moves, want %v after 1", c.word, rec.Result, len(rec.Moves), c.want)
		}
		if len(rec.Warnings) != 1 || !strings.Contains(rec.Warnings[0], c.word) || !strings.Contains(rec.Warnings[0], "line 4") ||
			c.word == "封じ手" && !strings.Contains(rec.Warnings[0], "a sealed move: the game was adjourned") {
			t.Errorf("%s: warnings %q", c.word, rec.Warnings)
		}
	}
	// the words Kakinoki writes need no warning
	if rec, err := ParseKIFString(kifHead + "   2 投了\n"); err != nil || len(rec.Warnings) != 0 {
		t.Errorf("投了: %v %q", err, rec.Warnings)
	}
}

// TestKIFHeaderKeysReadBack: a header key that would read back as another
// kind of line (a board row, the moves header, a move) is not written, and a
// second moves header in the moves is passed over; both were found by
// fuzzing.
func TestKIFHeaderKeysReadBack(t *testing.T) {
	rec, err := ParseKIFString(kifHead + "|  0：0\n手数----指手--場所：x\n   2 ３四歩(33)\n")
	if err != nil || len(rec.Moves) != 2 {
		t.Fatalf("%v %v", err, rec)
	}
	rec.Set("７六歩", "x")
	for _, write := range []func(*strings.Builder, *Record) error{
		func(b *strings.Builder, r *Record) error { return WriteKIF(b, r) },
		func(b *strings.Builder, r *Record) error { return WriteKI2(b, r) },
	} {
		var b strings.Builder
		if err := write(&b, rec); err != nil {
			t.Fatal(err)
		}
		back, err := Parse([]byte(b.String()), "")
		if err != nil || len(back.Moves) != 2 {
			t.Errorf("read back: %v\n%s", err, b.String())
		}
	}
}
