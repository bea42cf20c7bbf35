package record

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// checkRead is what every reader must give on any input: either an error, or
// a record whose moves replay legally, whose result is valid, and which reads
// back the same after writing it in the same format. An *IllegalMoveError
// comes with the record before the illegal move.
func checkRead(t *testing.T, rec *Record, err error,
	write func(io.Writer, *Record) error, read func(io.Reader) (*Record, error)) {
	var ie *IllegalMoveError
	if err != nil && !errors.As(err, &ie) {
		return
	}
	if rec == nil {
		t.Fatalf("nil record with %v", err)
	}
	if _, ferr := rec.Final(); ferr != nil {
		t.Fatalf("record's moves do not replay: %v", ferr)
	}
	if !rec.Result.Valid() {
		t.Fatalf("invalid result %+v", rec.Result)
	}
	if ie != nil {
		if ie.Number != len(rec.Moves)+1 || rec.Result.Reason != ReasonIllegalMove && len(rec.Warnings) == 0 {
			t.Fatalf("illegal move %d after %d moves, result %v", ie.Number, len(rec.Moves), rec.Result)
		}
		return
	}
	var buf bytes.Buffer
	if err := write(&buf, rec); err != nil {
		t.Fatalf("write: %v", err)
	}
	text := buf.String()
	back, err := read(&buf)
	if err != nil {
		t.Fatalf("read back: %v\n%s", err, text)
	}
	if back.StartSFEN() != rec.StartSFEN() || len(back.Moves) != len(rec.Moves) || back.Result != rec.Result {
		t.Fatalf("read back %s %d moves %v, want %s %d %v\n%s", back.StartSFEN(), len(back.Moves), back.Result,
			rec.StartSFEN(), len(rec.Moves), rec.Result, text)
	}
	for i := range rec.Moves {
		if back.Moves[i] != rec.Moves[i] {
			t.Fatalf("move %d read back as %v, want %v", i+1, back.Moves[i], rec.Moves[i])
		}
	}
}

// addSeeds adds small fuzz seeds: the first lines of the raw test files with
// the given extensions and two short games written in format w. (Large seeds
// make the fuzzer spend its time minimizing them.)
func addSeeds(f *testing.F, exts []string, w func(io.Writer, *Record) error) {
	for _, ext := range exts {
		files, _ := filepath.Glob(filepath.Join(dataDir, "raw", "*"+ext))
		for _, file := range files {
			data, err := os.ReadFile(file)
			if err != nil {
				f.Fatal(err)
			}
			lines := bytes.SplitAfter(data, []byte("\n"))
			if len(lines) > 40 {
				lines = append(lines[:30], lines[len(lines)-10:]...)
			}
			f.Add(bytes.Join(lines, nil))
		}
	}
	for _, g := range []string{"g24_mog016_checkmate.txt", "g25_mog017_illegal.txt"} {
		data, err := os.ReadFile(filepath.Join(dataDir, g))
		if err != nil {
			f.Fatal(err)
		}
		rec, _ := Parse(data, g)
		var buf bytes.Buffer
		if err := w(&buf, rec); err != nil {
			f.Fatal(err)
		}
		f.Add(buf.Bytes())
	}
}

func FuzzKIF(f *testing.F) {
	addSeeds(f, []string{".kif"}, WriteKIF)
	f.Add([]byte(kifHead + "   2 同　歩(23)\n   3 ５五角打\n   4 投了\nまで3手で先手の勝ち\n"))
	f.Add([]byte("後手の持駒：なし\n| ・ ・ ・ ・ ・ ・ ・ ・v玉|一\n後手番\n手数＝3\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := ReadKIF(bytes.NewReader(data))
		checkRead(t, rec, err, WriteKIF, ReadKIF)
	})
}

func FuzzKI2(f *testing.F) {
	addSeeds(f, nil, WriteKI2)
	f.Add([]byte("手合割：平手\n▲７六歩    △３四歩\nまで2手で中断\n"))
	f.Add([]byte("７六歩 ３四歩 ２二角成 同銀 ４五角 ５二金右\n*c\n▲５八金右　△同　金左\n"))
	f.Add([]byte("後手の持駒：なし\n| ・ ・ ・ ・ ・ ・ ・ ・v玉|一\n後手番\n手数＝3\n△１二玉\nまで4手で後手の勝ち\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := ReadKI2(bytes.NewReader(data))
		checkRead(t, rec, err, WriteKI2, ReadKI2)
	})
}

func FuzzCSA(f *testing.F) {
	addSeeds(f, []string{".csa"}, WriteCSA)
	f.Add([]byte("V2.2\nPI82HI22KA\n-\n-5142OU,T1\n%KACHI\n"))
	f.Add([]byte("P1 *  *  *  * -OU\nP9 *  *  *  * +OU\nP+00KA\nP-00AL\n+\n+0055KA\n%TORYO\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := ReadCSA(bytes.NewReader(data))
		checkRead(t, rec, err, WriteCSA, ReadCSA)
	})
}

func FuzzUSI(f *testing.F) {
	f.Add([]byte("position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e"))
	f.Add([]byte("position sfen lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1 moves 3c3d"))
	f.Add([]byte("sfen 4k4/9/9/9/9/9/4p4/9/4K4 w g 1 moves G*5h"))
	f.Add([]byte("startpos moves 7g7f 7f7e"))
	writeUSI := func(w io.Writer, rec *Record) error { _, err := io.WriteString(w, USIPosition(rec)); return err }
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := ReadUSI(bytes.NewReader(data))
		checkRead(t, rec, err, writeUSI, ReadUSI)
		// the text format takes the same moves
		rec, err = ReadText(bytes.NewReader(data))
		checkRead(t, rec, err, WriteText, ReadText)
	})
}
