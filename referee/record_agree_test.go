package referee

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"shinpan/referee/record"
)

// agreeRecords are small records whose stated endings the board confirms or
// contradicts (see record.TestEndingsCheckedAgainstBoard).
var agreeRecords = map[string]string{
	"kachi after two moves": "PI\n+\n+7776FU\n-3334FU\n%KACHI\n",
	"詰み after two moves":    "手合割：平手\n手数----\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 詰み\n",
	"千日手 after two moves":   "手合割：平手\n手数----\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 千日手\n",
	"bare USI fourfold":     "position startpos moves" + strings.Repeat(" 5i4h 5a4b 4h5i 4b5a", 3),
	"perpetual check": "position sfen 4k4/9/9/9/3R5/9/9/9/K8 b - 1 moves 6e5e" +
		strings.Repeat(" 5a4a 5e4e 4a5a 4e5e", 3),
	"timeout":     "startpos\n7g7f\n# result: timeout black\n",
	"abort":       "startpos\n7g7f\n3c3d\n# result: abort none\n",
	"agreed draw": "startpos\n7g7f\n3c3d\n# result: impasse draw\n",
	"resignation": "startpos\n7g7f\n3c3d\n# result: resignation black\n",
}

// TestReplayAgreesWithRecord: record's reading of each record (its result
// checked against the board) and the referee's replay of it (RecordEnding
// applied after the moves) end the same way, or both without a result; an
// illegal move in the record is refused by the replay, unless the game had
// already ended before it.
func TestReplayAgreesWithRecord(t *testing.T) {
	texts := map[string][]byte{}
	for name, text := range agreeRecords {
		texts[name] = []byte(text)
	}
	files, _ := filepath.Glob("testdata/records/*.txt")
	raws, _ := filepath.Glob("testdata/records/raw/*")
	for _, f := range append(files, raws...) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		texts[f] = data
	}
	if len(texts) < len(agreeRecords)+26+4 {
		t.Fatalf("only %d records", len(texts))
	}
	for name, data := range texts {
		rec, err := record.Parse(data, name)
		var ie *record.IllegalMoveError
		if err != nil && !errors.As(err, &ie) {
			t.Errorf("%s: %v", name, err)
			continue
		}
		v, verr := ParseVariant(rec.Variant)
		if verr != nil {
			v = "standard"
		}
		var moves []string
		for _, m := range rec.Moves {
			moves = append(moves, m.USI())
		}
		if ie != nil {
			moves = append(moves, ie.Text)
		}
		g, steps, err := ReplayMasked("agree", v, rec.StartSFEN(), DefaultOptions(v), RecordMasks(rec), moves, RecordEnding(rec))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		res := g.Result()
		switch {
		case ie != nil && res == nil:
			if last := steps[len(steps)-1]; last.Err == nil || last.Action.Text != ie.Text {
				t.Errorf("%s: the illegal move %s was not refused: %+v", name, ie.Text, last)
			}
		case res == nil:
			if r := rec.Result.Reason; r != record.ReasonUnknown && r != record.ReasonIllegalMove {
				t.Errorf("%s: record says %v, the replay has no result", name, rec.Result)
			}
		case RecordResult(res) != rec.Result:
			t.Errorf("%s: record says %v, the replay %v (%s)", name, rec.Result, RecordResult(res), res.Reason)
		}
	}
}
