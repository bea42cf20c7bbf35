package record

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"shinpan/internal/testkit"
	"shinpan/referee/shogi"
)

// pseudoGame is a Masked-like game no standard reader accepts: Black leaves
// the king in check (2), captures White's king (4) and drops it (6).
func pseudoGame(t *testing.T) *Record {
	t.Helper()
	start, err := shogi.ParseSFEN("4k3p/9/9/9/9/9/9/3R5/4K3b w - 1")
	if err != nil {
		t.Fatal(err)
	}
	var moves []shogi.Move
	p := start.Clone()
	for _, u := range []string{"1i3g", "6h6a+", "1a1b", "6a5a", "1b1c", "K*5e", "1c1d"} {
		m, err := shogi.ParseUSI(u)
		if err != nil {
			t.Fatal(err)
		}
		if !p.IsPseudoLegal(m) {
			t.Fatalf("%s is not pseudo-legal in %s", u, p.SFEN())
		}
		p.MakeMove(m)
		moves = append(moves, m)
	}
	return &Record{Start: start, Moves: moves, Result: Unknown}
}

// TestPseudoRoundTrip: a Masked or Dark record (moves only pseudo-legal) is
// written with its variant and read back with the same moves, in each
// format; without the mark the same moves are refused as in standard shogi.
func TestPseudoRoundTrip(t *testing.T) {
	writers := map[string]func(*bytes.Buffer, *Record) error{
		"kif":  func(b *bytes.Buffer, r *Record) error { return WriteKIF(b, r) },
		"csa":  func(b *bytes.Buffer, r *Record) error { return WriteCSA(b, r) },
		"text": func(b *bytes.Buffer, r *Record) error { return WriteText(b, r) },
	}
	for _, variant := range []string{"masked", "dark", ""} {
		rec := pseudoGame(t)
		rec.Variant = variant
		rec.Pseudo = variant == ""
		wantVariant := variant
		if variant == "" {
			wantVariant = "pseudo"
		}
		for format, write := range writers {
			var buf bytes.Buffer
			if err := write(&buf, rec); err != nil {
				t.Fatalf("%s %q: %v", format, variant, err)
			}
			text := buf.String()
			back, err := Parse(buf.Bytes(), "")
			if err != nil {
				t.Fatalf("%s %q: %v\n%s", format, variant, err, text)
			}
			if back.Variant != wantVariant || !back.Pseudo || len(back.Moves) != len(rec.Moves) {
				t.Fatalf("%s %q: read back variant %q pseudo %v, %d moves\n%s", format, variant, back.Variant, back.Pseudo, len(back.Moves), text)
			}
			for i := range rec.Moves {
				if back.Moves[i] != rec.Moves[i] {
					t.Fatalf("%s %q: move %d read back as %s, want %s", format, variant, i+1, back.Moves[i].USI(), rec.Moves[i].USI())
				}
			}
			if len(back.Comments[0]) != 0 {
				t.Errorf("%s: the mark came back as a comment: %q", format, back.Comments[0])
			}
			if fin, err := back.Final(); err != nil || fin.HandCount(shogi.Black, shogi.King) != 0 || fin.At(sqOf(t, "5e")) != shogi.MakePiece(shogi.Black, shogi.King) {
				t.Errorf("%s: final position %v, %v", format, fin, err)
			}
			// The same file without its mark is read as standard shogi: the
			// move that ignores the check is illegal.
			var plain []string
			for _, line := range strings.Split(text, "\n") {
				if !strings.Contains(line, VariantKey) && !strings.HasPrefix(line, "# variant:") {
					plain = append(plain, line)
				}
			}
			std, err := Parse([]byte(strings.Join(plain, "\n")), "")
			var ie *IllegalMoveError
			if !errors.As(err, &ie) || ie.Number != 2 || std.Pseudo || std.Variant != "" {
				t.Errorf("%s without the mark: %v (pseudo %v)", format, err, std != nil && std.Pseudo)
			}
		}
	}
}

// TestVariantMarkOnlyWhenSet: a standard record has no mark (other software
// sees plain KIF); a Tsuitate one is marked but read with standard legality.
func TestVariantMarkOnlyWhenSet(t *testing.T) {
	rec := &Record{Moves: []shogi.Move{testkit.USI(t, "7g7f")}, Result: Unknown}
	var buf bytes.Buffer
	if err := WriteKIF(&buf, rec); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(buf.String(), VariantKey) {
		t.Errorf("standard KIF marked:\n%s", buf.String())
	}
	rec.Variant = "tsuitate"
	buf.Reset()
	if err := WriteKIF(&buf, rec); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "\n"+VariantKey+"：tsuitate\n") {
		t.Errorf("no mark:\n%s", buf.String())
	}
	back, err := ReadKIF(&buf)
	if err != nil || back.Variant != "tsuitate" || back.Pseudo {
		t.Fatalf("read back: %v %q %v", err, back.Variant, back.Pseudo)
	}
	if _, ok := back.Get(VariantKey); ok {
		t.Error("the mark is also a header field")
	}
	// A Tsuitate record must not smuggle a pseudo-legal move in.
	rec.Moves = pseudoGame(t).Moves
	rec.Start = pseudoGame(t).Start
	if err := WriteKIF(&bytes.Buffer{}, rec); err == nil {
		t.Error("a Tsuitate record with a king capture was written")
	}
}

func sqOf(t *testing.T, s string) shogi.Square {
	t.Helper()
	q, err := shogi.ParseSquare(s)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// TestResultComment: an ending KIF and CSA have no word for (a king captured)
// is stated in a comment after the last move and read back from it in each
// format; the same comment elsewhere says nothing.
func TestResultComment(t *testing.T) {
	want := Result{ReasonKingCaptured, WinnerBlack}
	for _, write := range []func(*bytes.Buffer, *Record) error{
		func(b *bytes.Buffer, r *Record) error { return WriteKIF(b, r) },
		func(b *bytes.Buffer, r *Record) error { return WriteCSA(b, r) },
		func(b *bytes.Buffer, r *Record) error { return WriteText(b, r) },
	} {
		rec := pseudoGame(t)
		rec.Variant = "dark"
		rec.Result = want
		rec.AddComment(len(rec.Moves), ResultComment(want))
		var buf bytes.Buffer
		if err := write(&buf, rec); err != nil {
			t.Fatal(err)
		}
		back, err := Parse(buf.Bytes(), "")
		if err != nil {
			t.Fatalf("%v\n%s", err, buf.String())
		}
		if back.Result != want {
			t.Errorf("result %v, want %v\n%s", back.Result, want, buf.String())
		}
	}
	rec := pseudoGame(t)
	rec.Variant = "dark"
	rec.AddComment(len(rec.Moves)-1, ResultComment(want))
	var buf bytes.Buffer
	if err := WriteKIF(&buf, rec); err != nil {
		t.Fatal(err)
	}
	if back, err := Parse(buf.Bytes(), ""); err != nil || back.Result != Unknown {
		t.Errorf("comment before the last move: %v %v", back.Result, err)
	}
}
