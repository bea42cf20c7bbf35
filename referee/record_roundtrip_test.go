package referee

import (
	"bytes"
	"fmt"
	"io"
	"math/rand"
	"testing"

	"shinpan/referee/record"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// botWriters are the formats the bot writes a record in (/shogi record).
var botWriters = map[string]func(io.Writer, *record.Record) error{
	"kif": record.WriteKIF, "ki2": record.WriteKI2, "csa": record.WriteCSA}

// randomFinishedGame plays random moves the players' own boards allow
// (fouls and bounces included) until the game ends or up to plies moves,
// then ends it with ending if it still goes on (refused endings fall back to
// a moderator's end).
func randomFinishedGame(t *testing.T, r *rand.Rand, v view.Variant, plies int, ending ActionKind) *Game {
	t.Helper()
	g, err := New("rt", v, "", DefaultOptions(v))
	if err != nil {
		t.Fatal(err)
	}
	if v == view.Masked {
		for _, c := range []shogi.Color{shogi.Black, shogi.White} {
			if _, err := g.Apply(Action{Kind: ActMask, Player: c, Text: defaultMask(g, c), Salt: "s"}); err != nil {
				t.Fatal(err)
			}
		}
	}
	for tries := 0; !g.Over() && len(g.Moves()) < plies && tries < 4*plies; tries++ {
		c := g.Turn()
		_, cands := g.PlayerBoard(c)
		if len(cands) == 0 {
			break
		}
		m := cands[r.Intn(len(cands))]
		if legal := g.TruePosition().LegalMoves(nil); v == view.Tsuitate && len(legal) > 0 && r.Intn(4) > 0 {
			m = legal[r.Intn(len(legal))] // mostly true moves, so that some games end otherwise than by fouls
		}
		if _, err := g.Apply(Action{Kind: ActMove, Player: c, Text: m.USI()}); err != nil {
			t.Fatalf("%s: %s refused: %v", v, m.USI(), err)
		}
	}
	if !g.Over() {
		if _, err := g.Apply(Action{Kind: ending, Player: g.Turn()}); err != nil {
			if _, err := g.Apply(Action{Kind: ActEnd, Player: g.Turn()}); err != nil {
				t.Fatal(err)
			}
		}
	}
	return g
}

// TestBotRecordsRoundTrip: every record the bot writes (KIF, KI2, CSA), for
// each variant and many endings, reads back with the same start, moves,
// variant and ending, and without a warning: the written ending agrees with
// the board.
func TestBotRecordsRoundTrip(t *testing.T) {
	r := rand.New(rand.NewSource(17))
	endings := []ActionKind{ActResign, ActTimeout, ActDraw, ActEnd, ActDeclare, ActAbort}
	reasons := map[string]int{}
	for _, v := range []view.Variant{view.Standard, view.Tsuitate, view.Masked, view.Dark} {
		for i := 0; i < 24; i++ {
			g := randomFinishedGame(t, r, v, 10+r.Intn(300), endings[i%len(endings)])
			rec := g.Record(fmt.Sprintf("rt %s %d", v, i))
			if want := RecordResult(g.Result()); rec.Result != want {
				t.Fatalf("%s %d: record result %v, game %v", v, i, rec.Result, want)
			}
			reasons[string(v)+" "+rec.Result.Reason]++
			for format, write := range botWriters {
				var buf bytes.Buffer
				if err := write(&buf, rec); err != nil {
					t.Fatalf("%s %d %s: %v", v, i, format, err)
				}
				back, err := record.Parse(buf.Bytes(), "game."+format)
				if err != nil {
					t.Fatalf("%s %d %s: %v\n%s", v, i, format, err, buf.String())
				}
				if back.StartSFEN() != rec.StartSFEN() || fmt.Sprint(back.Moves) != fmt.Sprint(rec.Moves) ||
					back.Result != rec.Result || back.Variant != rec.Variant || len(back.Warnings) > 0 {
					t.Fatalf("%s %d %s: read back %s %d moves %v %q warnings %q, want %s %d moves %v %q\n%s", v, i, format,
						back.StartSFEN(), len(back.Moves), back.Result, back.Variant, back.Warnings,
						rec.StartSFEN(), len(rec.Moves), rec.Result, rec.Variant, buf.String())
				}
			}
		}
	}
	t.Logf("endings covered: %v", reasons)
}
