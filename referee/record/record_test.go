package record

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"shinpan/referee/shogi"
)

const dataDir = "../testdata/records"

// game is one gNN file: what SOURCES.md says about it.
type game struct {
	file    string
	plies   int    // legal moves (the illegal last move not counted)
	result  Result // as read
	illegal int    // ply of the illegal last move, 0 if none
	why     string // a word the illegal move's reason must contain
}

var games = []game{
	{"g01_kiou2014_game1.txt", 85, Result{ReasonResignation, WinnerBlack}, 0, ""},
	{"g02_ryuou4.txt", 101, Result{ReasonResignation, WinnerBlack}, 0, ""},
	{"g03_ryuou2014_game1.txt", 117, Result{ReasonResignation, WinnerBlack}, 0, ""},
	{"g04_oui2014_game1.txt", 116, Result{ReasonResignation, WinnerWhite}, 0, ""},
	{"g05_jt2014.txt", 107, Result{ReasonResignation, WinnerBlack}, 0, ""},
	{"g06_shogidb2.txt", 110, Result{ReasonResignation, WinnerWhite}, 0, ""},
	{"g07_kyoochi_2008.txt", 142, Result{ReasonResignation, WinnerBlack}, 0, ""},
	{"g08_ki2_20091203.txt", 172, Result{ReasonResignation, WinnerWhite}, 0, ""},
	{"g09_denou3_game1.txt", 98, Result{ReasonResignation, WinnerWhite}, 0, ""},
	{"g10_gps_kshogi_2005.txt", 173, Result{ReasonResignation, WinnerBlack}, 0, ""},
	{"g11_floodgate_v2.txt", 196, Result{ReasonCheckmate, WinnerWhite}, 0, ""},
	{"g12_floodgate_aobazero_viper_kachi.txt", 400, Result{ReasonImpasse, WinnerBlack}, 0, ""},
	{"g13_mog001.txt", 111, Result{ReasonResignation, WinnerBlack}, 0, ""},
	{"g14_mog002_timeup.txt", 193, Result{ReasonTimeout, WinnerBlack}, 0, ""},
	{"g15_mog003_2piece_handicap.txt", 117, Result{ReasonResignation, WinnerWhite}, 0, ""},
	{"g16_mog004.txt", 223, Result{ReasonResignation, WinnerBlack}, 0, ""},
	{"g17_mog008.txt", 168, Result{ReasonCheckmate, WinnerWhite}, 0, ""},
	{"g18_mog009_sennichite.txt", 85, Result{ReasonSennichite, WinnerDraw}, 0, ""},
	{"g19_mog010_jishogi.txt", 258, Result{ReasonImpasse, WinnerDraw}, 0, ""},
	{"g20_mog011.txt", 114, Result{ReasonResignation, WinnerWhite}, 0, ""},
	{"g21_mog012.txt", 121, Result{ReasonResignation, WinnerBlack}, 0, ""},
	{"g22_mog014_illegal.txt", 156, Result{ReasonCheckmate, WinnerWhite}, 157, "leaves the king in check"}, // mated before the illegal move
	{"g23_mog015_illegal.txt", 82, Result{ReasonIllegalMove, WinnerWhite}, 83, "moves the king into check"},
	{"g24_mog016_checkmate.txt", 37, Result{ReasonCheckmate, WinnerBlack}, 0, ""},
	{"g25_mog017_illegal.txt", 26, Result{ReasonIllegalMove, WinnerWhite}, 27, "pinned"},
	{"g26_habu_fujii_2006.txt", 181, Result{ReasonResignation, WinnerBlack}, 0, ""},
}

// rawTwins are the original files beside the gNN games they were made from.
var rawTwins = []struct{ raw, twin string }{
	{"raw/mog-core-scala_kif_game_009_sennichite.kif", "g18_mog009_sennichite.txt"},
	{"raw/kifu-for-js_ryuou201409020101_sjis.kif", "g03_ryuou2014_game1.txt"},
	{"raw/floodgate_aobazero_viper_20200719_kachi.csa", "g12_floodgate_aobazero_viper_kachi.txt"},
	{"raw/kifu-for-js_floodgate_v2_checkmate.csa", "g11_floodgate_v2.txt"},
}

// gameLines returns a gNN file's start SFEN and its move lines (the illegal
// last move included).
func gameLines(t testing.TB, file string) (sfen string, moves []string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dataDir, file))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	for _, l := range lines[1:] {
		if !strings.HasPrefix(l, "#") {
			moves = append(moves, strings.TrimSpace(l))
		}
	}
	return strings.TrimSpace(lines[0]), moves
}

func usiList(ms []shogi.Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.USI()
	}
	return out
}

func sameMoves(t *testing.T, what string, got []shogi.Move, want []string) {
	t.Helper()
	g := usiList(got)
	if len(g) != len(want) {
		t.Fatalf("%s: %d moves, want %d", what, len(g), len(want))
	}
	for i := range g {
		if g[i] != want[i] {
			t.Fatalf("%s: move %d is %s, want %s", what, i+1, g[i], want[i])
		}
	}
}

func readFile(t *testing.T, rel string) (*Record, error) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dataDir, rel))
	if err != nil {
		t.Fatal(err)
	}
	return Parse(data, rel)
}

func TestGames(t *testing.T) {
	for _, g := range games {
		t.Run(g.file[:3], func(t *testing.T) {
			sfen, moves := gameLines(t, g.file)
			rec, err := readFile(t, g.file)
			if g.illegal > 0 {
				var ie *IllegalMoveError
				if !errors.As(err, &ie) {
					t.Fatalf("err = %v, want *IllegalMoveError", err)
				}
				if ie.Number != g.illegal || ie.Text != moves[len(moves)-1] || !strings.Contains(ie.Reason, g.why) {
					t.Errorf("illegal move: %v; want move %d (%s) with %q", ie, g.illegal, moves[len(moves)-1], g.why)
				}
				moves = moves[:len(moves)-1]
			} else if err != nil {
				t.Fatal(err)
			}
			if rec.StartSFEN() != sfen {
				t.Errorf("start %q, want %q", rec.StartSFEN(), sfen)
			}
			if len(moves) != g.plies {
				t.Fatalf("file has %d legal moves, table says %d", len(moves), g.plies)
			}
			sameMoves(t, g.file, rec.Moves, moves)
			if rec.Result != g.result {
				t.Errorf("result %v, want %v", rec.Result, g.result)
			}
		})
	}
}

// TestFinalPositions checks the facts SOURCES.md lists about the last positions.
func TestFinalPositions(t *testing.T) {
	for _, f := range []string{"g11_floodgate_v2.txt", "g17_mog008.txt", "g24_mog016_checkmate.txt"} {
		rec, err := readFile(t, f)
		if err != nil {
			t.Fatal(err)
		}
		p, err := rec.Final()
		if err != nil || !p.IsCheckmate() {
			t.Errorf("%s: final position is not checkmate (%v)", f, err)
		}
	}
	rec, err := readFile(t, "g18_mog009_sennichite.txt")
	if err != nil {
		t.Fatal(err)
	}
	p := rec.StartPosition()
	count := map[uint64]int{p.Key(): 1}
	for _, m := range rec.Moves {
		p.MakeMove(m)
		count[p.Key()]++
	}
	if count[p.Key()] != 4 {
		t.Errorf("g18: final position occurs %d times, want 4", count[p.Key()])
	}
	if r, _, ok := boardEnding(rec, p); !ok || r != (Result{ReasonSennichite, WinnerDraw}) {
		t.Errorf("g18: board ending %v %v, want sennichite draw", r, ok)
	}
}

func TestRawTwins(t *testing.T) {
	for _, r := range rawTwins {
		t.Run(filepath.Base(r.raw), func(t *testing.T) {
			sfen, moves := gameLines(t, r.twin)
			rec, err := readFile(t, r.raw)
			if err != nil {
				t.Fatal(err)
			}
			if rec.StartSFEN() != sfen {
				t.Errorf("start %q, want %q", rec.StartSFEN(), sfen)
			}
			sameMoves(t, r.raw, rec.Moves, moves)
			twin, err := readFile(t, r.twin)
			if err != nil {
				t.Fatal(err)
			}
			if rec.Result != twin.Result {
				t.Errorf("result %v, twin %v", rec.Result, twin.Result)
			}
		})
	}
}

func TestRawHeaders(t *testing.T) {
	rec, err := readFile(t, "raw/kifu-for-js_ryuou201409020101_sjis.kif")
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range map[string]string{"先手": "羽生善治", "後手": "糸谷哲郎", "棋戦": "第２７期竜王戦挑戦者決定三番勝負　第２局"} {
		if got, _ := rec.Get(k); got != v {
			t.Errorf("SJIS header %s = %q, want %q", k, got, v)
		}
	}
	if len(rec.Comments[0]) == 0 || rec.Comments[1][0] != "comment comment" {
		t.Errorf("comments not read: %q %q", rec.Comments[0], rec.Comments[1])
	}
	rec, err = readFile(t, "raw/floodgate_aobazero_viper_20200719_kachi.csa")
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := rec.Get("先手"); b != "aobazero" {
		t.Errorf("CSA N+ = %q", b)
	}
	if s, _ := rec.Get("開始日時"); s != "2020/07/19 20:10:37" {
		t.Errorf("CSA $START_TIME = %q", s)
	}
}

// TestRoundTrip writes every game as KIF, CSA, text and USI and reads it back.
func TestRoundTrip(t *testing.T) {
	for _, g := range games {
		rec, err := readFile(t, g.file)
		if g.illegal == 0 && err != nil {
			t.Fatal(err)
		}
		sfen := rec.StartSFEN()
		want := usiList(rec.Moves)
		writers := []struct {
			name  string
			write func(*bytes.Buffer) error
			read  func(*bytes.Buffer) (*Record, error)
		}{
			{"kif", func(b *bytes.Buffer) error { return WriteKIF(b, rec) }, func(b *bytes.Buffer) (*Record, error) { return ReadKIF(b) }},
			{"ki2", func(b *bytes.Buffer) error { return WriteKI2(b, rec) }, func(b *bytes.Buffer) (*Record, error) { return ReadKI2(b) }},
			{"csa", func(b *bytes.Buffer) error { return WriteCSA(b, rec) }, func(b *bytes.Buffer) (*Record, error) { return ReadCSA(b) }},
			{"text", func(b *bytes.Buffer) error { return WriteText(b, rec) }, func(b *bytes.Buffer) (*Record, error) { return ReadText(b) }},
			{"usi", func(b *bytes.Buffer) error { _, err := b.WriteString(USIPosition(rec)); return err }, func(b *bytes.Buffer) (*Record, error) { return ReadUSI(b) }},
		}
		for _, w := range writers {
			var buf bytes.Buffer
			if err := w.write(&buf); err != nil {
				t.Fatalf("%s %s write: %v", g.file, w.name, err)
			}
			text := buf.String()
			back, err := w.read(&buf)
			if err != nil {
				t.Fatalf("%s %s read back: %v\n%s", g.file, w.name, err, text)
			}
			if back.StartSFEN() != sfen {
				t.Errorf("%s %s: start %q, want %q", g.file, w.name, back.StartSFEN(), sfen)
			}
			sameMoves(t, g.file+" "+w.name, back.Moves, want)
			if w.name != "usi" && back.Result != rec.Result {
				t.Errorf("%s %s: result %v, want %v", g.file, w.name, back.Result, rec.Result)
			}
			// the written text is detected as what it is
			auto, err := Parse([]byte(text), "")
			if err != nil || len(auto.Moves) != len(want) {
				t.Errorf("%s %s: Parse without a name: %v", g.file, w.name, err)
			}
		}
	}
}

func TestRawRoundTripKeepsHeaderAndComments(t *testing.T) {
	rec, err := readFile(t, "raw/kifu-for-js_ryuou201409020101_sjis.kif")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WriteKIF(&buf, rec); err != nil {
		t.Fatal(err)
	}
	back, err := ReadKIF(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if len(back.Header) != len(rec.Header) || len(back.Comments) != len(rec.Comments) {
		t.Errorf("header %d→%d fields, comments %d→%d plies", len(rec.Header), len(back.Header), len(rec.Comments), len(back.Comments))
	}
	for n, c := range rec.Comments {
		if strings.Join(back.Comments[n], "\n") != strings.Join(c, "\n") {
			t.Errorf("comments after ply %d: %q, want %q", n, back.Comments[n], c)
		}
	}
}
