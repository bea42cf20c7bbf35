package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"shinpan/referee"
	"shinpan/referee/record"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/store/pgtest"
)

var bin string

// TestMain builds the shinpan binary once; the tests run its commands as a
// person would.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "shinpan-cmd-")
	if err != nil {
		panic(err)
	}
	bin = filepath.Join(dir, "shinpan")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		os.Stderr.Write(out)
		panic(err)
	}
	code := pgtest.Run(m)
	os.RemoveAll(dir)
	os.Exit(code)
}

// run executes shinpan with args and stdin; it returns stdout, stderr and the
// exit code.
func run(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return out.String(), errb.String(), code
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}

func TestPerftCommand(t *testing.T) {
	out, _, code := run(t, "", "perft", "--sfen", "startpos", "--depth", "3")
	if code != 0 || lastLine(out) != "25470" {
		t.Fatalf("perft: %d %q", code, out)
	}
	out, _, _ = run(t, "", "perft", "--sfen", "startpos", "--depth", "2", "--divide")
	if lastLine(out) != "900" || !strings.Contains(out, "7g7f: 30") {
		t.Fatalf("divide: %q", out)
	}
	if _, errs, code := run(t, "", "perft", "--sfen", "9/9 b - 1", "--depth", "1"); code != 1 || !strings.Contains(errs, "bad SFEN") {
		t.Fatalf("bad SFEN: %d %q", code, errs)
	}
}

func TestMovesCommand(t *testing.T) {
	out, _, code := run(t, "", "moves", "--sfen", "3lkl3/9/4G4/9/9/9/9/9/4K4 b P 1", "--json")
	var r struct {
		Moves       []string
		Check, Mate bool
	}
	if code != 0 || json.Unmarshal([]byte(out), &r) != nil {
		t.Fatalf("moves: %d %q", code, out)
	}
	for _, m := range r.Moves {
		if m == "P*5b" {
			t.Fatal("a pawn-drop mate listed")
		}
	}
	if r.Check || r.Mate || len(r.Moves) == 0 {
		t.Fatalf("%+v", r)
	}
}

// TestPositionToolsRefuseExtraArguments: a SFEN given without --sfen (or
// unquoted) is refused, not ignored in favour of the start position.
func TestPositionToolsRefuseExtraArguments(t *testing.T) {
	for _, args := range [][]string{
		{"moves", "4k4/9/9/9/9/9/9/9/4K4", "b", "-", "1"},
		{"perft", "--depth", "1", "4k4/9/9/9/9/9/9/9/4K4"},
		{"render", "--sfen", "startpos", "--out", filepath.Join(t.TempDir(), "b.png"), "extra"},
	} {
		t.Run(args[0], func(t *testing.T) {
			out, errs, code := run(t, "", args...)
			if code != 1 || out != "" || !strings.Contains(errs, "unexpected argument") {
				t.Fatalf("%v: %d %q %q", args, code, out, errs)
			}
		})
	}
}

func TestParseCommand(t *testing.T) {
	if out, _, code := run(t, "", "parse", "--sfen", "startpos", "７六歩"); code != 0 || strings.TrimSpace(out) != "7g7f" {
		t.Fatalf("parse: %d %q", code, out)
	}
	_, errs, code := run(t, "", "parse", "--sfen", "4k4/9/9/9/9/9/9/9/3GKG3 b - 1", "G-5h")
	if code != 1 || !strings.Contains(errs, "ambiguous") || !strings.Contains(errs, "6i5h") {
		t.Fatalf("ambiguous: %d %q", code, errs)
	}
}

func TestRecordAndReplayCommands(t *testing.T) {
	rec := "referee/testdata/records/g24_mog016_checkmate.txt"
	out, _, code := run(t, "", "record", rec)
	if code != 0 || lastLine(out) != "# result: checkmate black" {
		t.Fatalf("record: %d %q", code, lastLine(out))
	}
	out, errs, code := run(t, "", "record", "referee/testdata/records/g23_mog015_illegal.txt")
	if code != 1 || !strings.Contains(errs, "83") {
		t.Fatalf("illegal record: %d %q", code, errs)
	}
	// The 82 legal moves are printed, then the result; the illegal 83rd is not.
	if lines := strings.Split(strings.TrimSpace(out), "\n"); len(lines) != 84 || lastLine(out) != "# result: illegal_move white" || strings.Contains(out, "2h1g") {
		t.Fatalf("illegal record printed %d lines ending %q", len(lines), lastLine(out))
	}
	out, _, code = run(t, "", "replay", "--variant", "tsuitate", rec)
	if code != 0 || !strings.Contains(lastLine(out), `"reason":"checkmate"`) {
		t.Fatalf("replay: %d %q", code, lastLine(out))
	}
	// A wrong --variant is named, even with a file that cannot be read.
	out, errs, code = run(t, "", "replay", "--variant", "foo", "no-such-file.kif")
	if code != 1 || out != "" || !strings.Contains(errs, "unknown variant") {
		t.Fatalf("replay --variant foo: %d %q %q", code, out, errs)
	}
}

// TestDarkRecordCommands: the bot's KIF of a Dark game (a move that ignores a
// check, the king captured) is read by record and replayed as Dark by replay
// without --variant.
func TestDarkRecordCommands(t *testing.T) {
	g, err := referee.New("c", view.Dark, "", referee.DefaultOptions(view.Dark))
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range []string{"7g7f", "3c3d", "8h2b+", "3a2b", "B*1e", "B*9e", "1e5a+"} {
		if _, err := g.Apply(referee.Action{Kind: referee.ActMove, Player: shogi.Color(i % 2), Text: m}); err != nil {
			t.Fatal(err)
		}
	}
	var kif bytes.Buffer
	if err := record.WriteKIF(&kif, g.Record("shinpan #1 dark")); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "dark.kif")
	if err := os.WriteFile(path, kif.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errs, code := run(t, "", "record", path)
	if code != 0 || !strings.Contains(out, "# variant: dark\n") || !strings.Contains(out, "\n1e5a+\n") ||
		lastLine(out) != "# result: king_captured black" {
		t.Fatalf("record: %d %q %q", code, out, errs)
	}
	out, errs, code = run(t, "", "replay", path)
	if code != 0 || !strings.Contains(lastLine(out), `"reason":"king_captured"`) {
		t.Fatalf("replay: %d %q %q", code, lastLine(out), errs)
	}
}

// TestMaskedReplayCommand: replay plays the bot's KIF of a Masked game with
// the masks it names: capturing a rook that was no mask does not end it.
func TestMaskedReplayCommand(t *testing.T) {
	g, err := referee.New("c", view.Masked, "", referee.DefaultOptions(view.Masked))
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range []referee.Action{{Kind: referee.ActMask, Player: shogi.Black, Text: "6i", Salt: "s"},
		{Kind: referee.ActMask, Player: shogi.White, Text: "4a", Salt: "t"}} {
		if _, err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	for i, m := range []string{"7g7f", "3c3d", "8h2b+", "8b3b", "2b3b"} {
		if _, err := g.Apply(referee.Action{Kind: referee.ActMove, Player: shogi.Color(i % 2), Text: m}); err != nil {
			t.Fatal(err)
		}
	}
	var kif bytes.Buffer
	if err := record.WriteKIF(&kif, g.Record("shinpan #1 masked")); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "masked.kif")
	if err := os.WriteFile(path, kif.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errs, code := run(t, "", "replay", path)
	if code != 0 || !strings.Contains(lastLine(out), `"result":null`) || !strings.Contains(lastLine(out), `"move":6`) {
		t.Fatalf("replay: %d %q %q", code, lastLine(out), errs)
	}
}

// TestMaskedRecordCommand: record prints the result of the bot's KIF of a
// Masked game ended by a mask capture (a comment, KIF having no word for it),
// and replay reads the same KIF from stdin given "-".
func TestMaskedRecordCommand(t *testing.T) {
	g, err := referee.New("c", view.Masked, "", referee.DefaultOptions(view.Masked))
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range []referee.Action{{Kind: referee.ActMask, Player: shogi.Black, Text: "6i", Salt: "s"},
		{Kind: referee.ActMask, Player: shogi.White, Text: "3a", Salt: "t"}} {
		if _, err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	for i, m := range []string{"7g7f", "3c3d", "8h2b+", "9c9d", "2b3a"} {
		if _, err := g.Apply(referee.Action{Kind: referee.ActMove, Player: shogi.Color(i % 2), Text: m}); err != nil {
			t.Fatal(err)
		}
	}
	if r := g.Result(); r == nil || r.Reason != view.ReasonMaskCaptured {
		t.Fatalf("result %v", r)
	}
	var kif bytes.Buffer
	if err := record.WriteKIF(&kif, g.Record("shinpan #1 masked")); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(kif.String(), "*result: mask_captured black\n") {
		t.Fatalf("no result comment in\n%s", kif.String())
	}
	path := filepath.Join(t.TempDir(), "masked.kif")
	if err := os.WriteFile(path, kif.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errs, code := run(t, "", "record", path)
	if code != 0 || lastLine(out) != "# result: mask_captured black" {
		t.Fatalf("record: %d %q %q", code, out, errs)
	}
	out, errs, code = run(t, kif.String(), "replay", "-")
	if code != 0 || !strings.Contains(lastLine(out), `"result":{"reason":"mask_captured","winner":"black"}`) {
		t.Fatalf("replay -: %d %q %q", code, lastLine(out), errs)
	}
}

func TestRefereeCommand(t *testing.T) {
	in := `{"cmd":"new","variant":"dark"}
{"cmd":"move","player":"black","move":"7g7f"}
{"cmd":"move","player":"white","move":"bad"}
{"cmd":"view","player":"white"}
`
	out, _, code := run(t, in, "referee")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 4 || !strings.Contains(lines[2], `"ok":false`) || !strings.Contains(lines[3], `"board"`) {
		t.Fatalf("referee: %d %q", code, out)
	}
	// An unknown command is named as such, with or without a game.
	out, _, _ = run(t, `{"cmd":"bogus"}`+"\n"+`{"cmd":"new","variant":"dark"}`+"\n"+`{"cmd":"bogus","player":"x"}`+"\n", "referee")
	if lines := strings.Split(strings.TrimSpace(out), "\n"); len(lines) != 3 || !strings.Contains(lines[0], `unknown cmd \"bogus\"`) || !strings.Contains(lines[2], `unknown cmd \"bogus\"`) {
		t.Fatalf("unknown cmd: %q", out)
	}
}

func TestRenderCommand(t *testing.T) {
	png := filepath.Join(t.TempDir(), "b.png")
	out, _, code := run(t, "", "render", "--sfen", "startpos", "--variant", "tsuitate", "--view", "white", "-o", png)
	data, err := os.ReadFile(png)
	if code != 0 || err != nil || !bytes.HasPrefix(data, []byte("\x89PNG")) || !strings.Contains(out, "White") {
		t.Fatalf("render: %d %q %v", code, out, err)
	}
	out, _, code = run(t, "", "render", "--sfen", "startpos", "--variant", "tsuitate", "--view", "white", "--lang", "ja", "-o", png)
	if code != 0 || !strings.HasPrefix(out, "あなたの盤面（後手、衝立将棋）") {
		t.Fatalf("render --lang ja: %d %q", code, out)
	}
	// Every piece set on every board theme; the king_visible marking.
	seen := map[string]bool{}
	for _, pieces := range []string{"printed", "koma", "koma2", "international"} {
		for _, board := range []string{"light", "wood", "contrast"} {
			t.Run(pieces+"/"+board, func(t *testing.T) {
				_, stderr, code := run(t, "", "render", "--sfen", "startpos", "--pieces", pieces, "--board", board, "-o", png)
				data, _ := os.ReadFile(png)
				if code != 0 || !bytes.HasPrefix(data, []byte("\x89PNG")) || seen[string(data)] {
					t.Fatalf("render: %d %q (or the same image as another set or board)", code, stderr)
				}
				seen[string(data)] = true
			})
		}
	}
	out, _, code = run(t, "", "render", "--sfen", "startpos", "--variant", "tsuitate", "--king-visible", "--pieces", "koma", "-o", png)
	if code != 0 || !strings.Contains(out, "White's king seen on 5a") {
		t.Fatalf("render --king-visible: %d %q", code, out)
	}
	// docs/TOOLS.md's example prints what render prints.
	out, _, code = run(t, "", "render", "--sfen", "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3", "--variant", "dark", "--out", png)
	if doc, err := os.ReadFile("docs/TOOLS.md"); code != 0 || err != nil || !strings.Contains(string(doc), "--out board.png\n"+out) {
		t.Errorf("docs/TOOLS.md's render example does not show what render prints: %d %q %v", code, out, err)
	}
	for _, bad := range [][]string{{"--pieces", "chess"}, {"--board", "marble"}, {"--king-visible"}} {
		if _, stderr, code := run(t, "", append([]string{"render", "--sfen", "startpos", "-o", png}, bad...)...); code == 0 {
			t.Errorf("render %v: accepted (%q)", bad, stderr)
		}
	}
}

// TestDemoRefusesAHandicapRecord: a record not from the standard start is
// refused before the demo starts anything (no "0 moves" summary, no files).
func TestDemoRefusesAHandicapRecord(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	out, errs, code := run(t, "", "demo", "--record", "referee/testdata/records/g07_kyoochi_2008.txt", "--out", dir)
	if code != 1 || out != "" || !strings.Contains(errs, "standard start") {
		t.Fatalf("demo with a handicap record: %d %q %q", code, out, errs)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Fatalf("the out directory was made: %v", err)
	}
}

// TestDemoRefusesBadFlags: a flag out of range stops the demo before it
// starts (it used to play the whole game with --moves -3, or with the CPU at
// an unknown --level).
func TestDemoRefusesBadFlags(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"level", []string{"--cpu", "--level", "godlike"}, "unknown level"},
		{"moves", []string{"--moves", "-3"}, "--moves -3"},
		{"movetime", []string{"--cpu", "--movetime", "0"}, "--movetime 0"},
		{"argument", []string{"extra"}, "unexpected argument"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "out")
			out, errs, code := run(t, "", append([]string{"demo", "--out", dir}, tc.args...)...)
			if code != 1 || out != "" || !strings.Contains(errs, tc.want) {
				t.Fatalf("demo %v: %d %q %q", tc.args, code, out, errs)
			}
			if _, err := os.Stat(dir); !os.IsNotExist(err) {
				t.Fatalf("the out directory was made: %v", err)
			}
		})
	}
}

func TestHelpAndUnknownCommand(t *testing.T) {
	out, _, code := run(t, "", "help")
	for _, c := range []string{"serve", "demo", "perft", "moves", "parse", "record", "referee", "replay", "render"} {
		if !strings.Contains(out, c) {
			t.Errorf("help lacks %s", c)
		}
	}
	if _, _, code2 := run(t, "", "nope"); code != 0 || code2 != 2 {
		t.Fatalf("exit codes %d %d", code, code2)
	}
}

// TestImpossiblePositionsRefused: moves, parse, perft and the referee's new
// refuse a position that could not arise, naming the rule.
func TestImpossiblePositionsRefused(t *testing.T) {
	for sfen, rule := range map[string]string{
		"9/9/9/9/9/9/9/9/3KK4 b - 1":      "black has two kings",
		"4k4/9/9/9/9/9/9/9/r3K4 w - 1":    "black is in check",
		"4k4/9/4P4/9/9/9/4P4/9/4K4 b - 1": "nifu",
		"4k4/9/9/9/9/9/9/9/4K4 b 19P 1":   "19 pawns: a set has 18",
	} {
		for _, args := range [][]string{{"moves", "--sfen", sfen}, {"parse", "--sfen", sfen, "5i5h"}, {"perft", "--sfen", sfen}} {
			out, errs, code := run(t, "", args...)
			if code != 1 || out != "" || !strings.Contains(errs, rule) {
				t.Errorf("%v: %d %q %q, want %q", args, code, out, errs, rule)
			}
		}
		out, _, _ := run(t, `{"cmd":"new","variant":"standard","sfen":"`+sfen+`"}`+"\n", "referee")
		if !strings.Contains(out, `"ok":false`) || !strings.Contains(out, rule) {
			t.Errorf("referee new %s: %q", sfen, out)
		}
	}
	// Masked: two kings of a side and a king left attacked can arise.
	out, _, _ := run(t, `{"cmd":"new","variant":"masked","sfen":"4k4/9/9/9/9/9/9/9/r3K4 w - 1"}`+"\n", "referee")
	if !strings.Contains(out, `"ok":true`) {
		t.Errorf("referee new masked: %q", out)
	}
}

// TestParseNamesTheRule: parse refuses a move that breaks a rule with the
// rule, in the words of the referee of standard shogi.
func TestParseNamesTheRule(t *testing.T) {
	for _, c := range []struct{ sfen, text, rule string }{
		{"3lkl3/9/4G4/9/9/9/9/9/4K4 b P 1", "P*5b", "uchifuzume"},
		{"3lkl3/9/4G4/9/9/9/9/9/4K4 b P 1", "５二歩打", "uchifuzume"},
		{"4k4/9/9/9/9/9/4P4/9/4K4 b P 1", "P*5e", "nifu"},
		{"4k4/9/9/9/9/9/9/4r4/4K4 b - 1", "5i4h", "your king would be in check"},
		{"4k4/9/9/9/9/9/9/4r4/4K4 b - 1", "K-4h", "your king would be in check"},
		{"4k4/9/9/9/9/9/9/9/4K4 b - 1", "4g", "nothing can move to 4g"},
	} {
		out, errs, code := run(t, "", "parse", "--sfen", c.sfen, c.text)
		if code != 1 || out != "" || !strings.Contains(errs, c.rule) {
			t.Errorf("parse %s %s: %d %q %q, want %q", c.sfen, c.text, code, out, errs, c.rule)
			continue
		}
		ref, _, _ := run(t, `{"cmd":"new","sfen":"`+c.sfen+`","variant":"standard"}`+"\n"+
			`{"cmd":"move","player":"black","move":"`+c.text+`"}`+"\n", "referee")
		var reply struct{ Error string }
		if err := json.Unmarshal([]byte(lastLine(ref)), &reply); err != nil || reply.Error != strings.SplitN(errs, "\n", 2)[0] {
			t.Errorf("parse %s %s says %q, the referee %q", c.sfen, c.text, strings.SplitN(errs, "\n", 2)[0], reply.Error)
		}
	}
}

// TestRecordKI2Command: record reads KI2 (the smallest case once read
// as an empty game), writes it with --format ki2, stops at a move it cannot
// read with exit 1 and nothing on stdout, and warns about an ending the board
// contradicts.
func TestRecordKI2Command(t *testing.T) {
	out, errs, code := run(t, "手合割：平手\n▲７六歩    △３四歩\nまで2手で中断\n", "record", "-")
	if code != 0 || !strings.Contains(out, "\n7g7f\n3c3d\n") || lastLine(out) != "# result: abort none" || errs != "" {
		t.Fatalf("ki2: %d %q %q", code, out, errs)
	}
	out, errs, code = run(t, "startpos\n7g7f\n3c3d\n8h2b+\n# result: resignation white\n", "record", "--format", "ki2", "-")
	if code != 0 || !strings.Contains(out, "▲７六歩") || !strings.Contains(out, "▲２二角成") || lastLine(out) != "まで3手で後手の勝ち" {
		t.Fatalf("--format ki2: %d %q %q", code, out, errs)
	}
	out, errs, code = run(t, "手合割：平手\n▲７六歩 △３四歩 ▲５八金 △８四歩\n", "record", "-")
	if code != 1 || out != "" || !strings.Contains(errs, "move 3") || !strings.Contains(errs, "ambiguous") {
		t.Fatalf("unreadable move: %d %q %q", code, out, errs)
	}
	out, errs, code = run(t, "手合割：平手\n手数----\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 詰み\n", "record", "-")
	if code != 0 || lastLine(out) != "# result: unknown none" || !strings.Contains(errs, "warning: the record says checkmate white") {
		t.Fatalf("詰み not on the board: %d %q %q", code, out, errs)
	}
	// replay agrees, with the same warning
	out, errs, code = run(t, "PI\n+\n+7776FU\n-3334FU\n%KACHI\n", "replay", "-")
	if code != 0 || !strings.Contains(lastLine(out), `"result":null`) || !strings.Contains(errs, "impasse declaration is not valid") {
		t.Fatalf("replay of an invalid %%KACHI: %d %q %q", code, lastLine(out), errs)
	}
}
