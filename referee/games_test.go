package referee

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"shinpan/referee/view"
)

type textGame struct {
	name   string
	sfen   string
	moves  []string
	result string
}

// readGames reads the project's gNN records: a start SFEN line, USI moves one a
// line, and a "# result:" line (testdata/records/SOURCES.md).
func readGames(t *testing.T) []textGame {
	t.Helper()
	files, _ := filepath.Glob("testdata/records/g*.txt")
	if len(files) != 26 {
		t.Fatalf("found %d records, want 26", len(files))
	}
	var out []textGame
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		g := textGame{name: filepath.Base(f)}
		sc := bufio.NewScanner(fh)
		for sc.Scan() {
			l := strings.TrimSpace(sc.Text())
			switch {
			case l == "":
			case g.sfen == "":
				g.sfen = l
			case strings.HasPrefix(l, "# result:"):
				g.result = l
			default:
				g.moves = append(g.moves, l)
			}
		}
		fh.Close()
		out = append(out, g)
	}
	return out
}

// TestRealGames replays the 26 real games through the standard and the
// Tsuitate referee (move limit off): no foul and no refusal before each game's
// recorded ending, which the referee reaches itself where the rules say so.
func TestRealGames(t *testing.T) {
	for _, rg := range readGames(t) {
		for _, v := range []view.Variant{view.Standard, view.Tsuitate} {
			t.Run(v.String()+"/"+rg.name, func(t *testing.T) {
				o := DefaultOptions(v)
				o.MoveLimit = 0
				g, steps, err := ReplayMoves("rg", v, rg.sfen, o, rg.moves, nil)
				if err != nil {
					t.Fatal(err)
				}
				last := steps[len(steps)-1]
				prefix := rg.name[:3]
				illegal := prefix == "g23" || prefix == "g25"
				for i, s := range steps {
					final := i == len(steps)-1
					if s.Err != nil && !(final && illegal && v == view.Standard) {
						t.Fatalf("move %d %s refused: %v", i+1, s.Action.Text, s.Err)
					}
					for _, e := range s.Events {
						if e.Kind == view.EvEnd && !final {
							t.Fatalf("ended at move %d: %s", i+1, e.Reason)
						}
						if e.Kind == view.EvFoul && !(final && illegal) {
							t.Fatalf("foul at move %d %s", i+1, s.Action.Text)
						}
					}
				}
				switch {
				case prefix == "g11" || prefix == "g17" || prefix == "g24":
					wantResult(t, g, "checkmate", len(rg.moves))
				case prefix == "g22":
					// Black is mated after move 156; the record's move 157 is never played.
					wantResult(t, g, "checkmate", 156)
				case illegal && v == view.Standard:
					if last.Err == nil || len(steps) != len(rg.moves) {
						t.Fatalf("illegal move %s not refused (%d steps)", last.Action.Text, len(steps))
					}
					t.Logf("refused: %v", last.Err)
				case illegal && v == view.Tsuitate:
					if last.Events[0].Kind != view.EvFoul || len(steps) != len(rg.moves) {
						t.Fatalf("illegal move %s: outcome %s", last.Action.Text, g.LastOutcome())
					}
				case prefix == "g18" && v == view.Standard:
					wantResult(t, g, "sennichite", len(rg.moves))
				case prefix == "g12" && v == view.Standard:
					if g.Over() {
						t.Fatalf("ended before the declaration: %+v", g.Result())
					}
					if _, err := g.Apply(Action{Kind: ActDeclare, Player: g.Turn()}); err != nil {
						t.Fatalf("declaration refused: %v", err)
					}
					if r := g.Result(); r.Reason != view.ReasonImpasse || r.Winner.String() != "black" {
						t.Fatalf("result %+v", r)
					}
				default:
					if g.Over() {
						t.Fatalf("game over before its recorded end: %+v", g.Result())
					}
					if len(steps) != len(rg.moves) || g.Fouls() != [2]int{} {
						t.Fatalf("%d of %d moves, fouls %v", len(steps), len(rg.moves), g.Fouls())
					}
				}
			})
		}
	}
}

func wantResult(t *testing.T, g *Game, reason string, moves int) {
	t.Helper()
	r := g.Result()
	if r == nil || string(r.Reason) != reason {
		t.Fatalf("result %+v, want %s", r, reason)
	}
	if len(g.Moves()) != moves {
		t.Fatalf("ended after %d moves, want %d", len(g.Moves()), moves)
	}
}
