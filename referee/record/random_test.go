package record

import (
	"bytes"
	"fmt"
	"io"
	"math/rand"
	"testing"

	"shinpan/referee/shogi"
)

// randomGame plays up to plies random legal moves from start, preferring
// captures, promotions' refusals and drops now and then so that every kind of
// KIF/CSA move text shows up.
func randomGame(r *rand.Rand, start *shogi.Position, plies int) *Record {
	rec := &Record{Start: start.Clone()}
	p := start.Clone()
	var buf [shogi.MaxMoves]shogi.Move
	for i := 0; i < plies; i++ {
		ms := p.LegalMoves(buf[:0])
		if len(ms) == 0 {
			break
		}
		m := ms[r.Intn(len(ms))]
		for _, c := range ms { // a capture or a drop if there is one, half the time
			if (p.At(c.To()) != shogi.NoPiece || c.IsDrop()) && r.Intn(2) == 0 {
				m = c
				break
			}
		}
		p.MakeMove(m)
		rec.Moves = append(rec.Moves, m)
		if r.Intn(10) == 0 {
			rec.AddComment(len(rec.Moves), fmt.Sprintf("comment %d", i))
		}
	}
	reason := Reasons[r.Intn(len(Reasons))]
	winner := Winners[r.Intn(len(Winners))]
	rec.Result = Result{reason, winner}
	finish(rec, p)
	return rec
}

// csaExpressible reports whether WriteCSA can say r at final position p:
// CSA endings are relative to the side to move.
func csaExpressible(r Result, p *shogi.Position) bool {
	w, decisive := winnerColor(r.Winner)
	toMove := p.SideToMove()
	switch r.Reason {
	case ReasonResignation, ReasonCheckmate, ReasonTimeout:
		return decisive && w != toMove
	case ReasonImpasse:
		return r.Winner == WinnerDraw || decisive && w == toMove
	case ReasonIllegalMove:
		return decisive
	case ReasonSennichite:
		return r.Winner == WinnerDraw
	case ReasonAbort:
		return r.Winner == WinnerNone
	case ReasonUnknown:
		return r.Winner == WinnerNone || r.Winner == WinnerDraw
	}
	return false
}

// kifExpressible reports whether WriteKIF can say r.
func kifExpressible(r Result) bool {
	_, decisive := winnerColor(r.Winner)
	switch r.Reason {
	case ReasonResignation, ReasonCheckmate, ReasonTimeout, ReasonIllegalMove, ReasonPerpetualCheck:
		return decisive
	case ReasonImpasse:
		return decisive || r.Winner == WinnerDraw
	case ReasonSennichite:
		return r.Winner == WinnerDraw
	case ReasonAbort, ReasonUnknown:
		return r.Winner == WinnerNone
	}
	return false
}

func TestRandomGamesRoundTrip(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	starts := []string{shogi.StartSFEN, Handicaps[1].SFEN, Handicaps[6].SFEN, Handicaps[12].SFEN,
		"4k4/9/9/9/9/9/9/9/4K4 b 2R2B4G4S4N4L18P 1", "ln5nl/1r3kg2/p1ppppsp1/1p4p1p/9/2P1P1P2/PP1PSP1PP/1SGK3R1/LN5NL w BGbgs 31"}
	for i := 0; i < 60; i++ {
		start, err := shogi.ParseSFEN(starts[i%len(starts)])
		if err != nil {
			t.Fatal(err)
		}
		rec := randomGame(r, start, 40+r.Intn(200))
		fin, err := rec.Final()
		if err != nil {
			t.Fatal(err)
		}
		formats := []struct {
			name      string
			write     func(io.Writer, *Record) error
			read      func(io.Reader) (*Record, error)
			result    bool
			moveNumOK bool
		}{
			{"kif", WriteKIF, ReadKIF, kifExpressible(rec.Result), true},
			{"ki2", WriteKI2, ReadKI2, kifExpressible(rec.Result), true},
			{"csa", WriteCSA, ReadCSA, csaExpressible(rec.Result, fin), false},
			{"text", WriteText, ReadText, true, true},
		}
		for _, f := range formats {
			var buf bytes.Buffer
			if err := f.write(&buf, rec); err != nil {
				t.Fatalf("game %d %s: %v", i, f.name, err)
			}
			text := buf.String()
			back, err := f.read(&buf)
			if err != nil {
				t.Fatalf("game %d %s: %v\n%s", i, f.name, err, text)
			}
			want := rec.StartPosition()
			if !f.moveNumOK {
				want.SetMoveNumber(1)
			}
			if back.StartSFEN() != want.SFEN() {
				t.Errorf("game %d %s: start %s, want %s", i, f.name, back.StartSFEN(), want.SFEN())
			}
			if fmt.Sprint(back.Moves) != fmt.Sprint(rec.Moves) {
				t.Fatalf("game %d %s: moves differ\n%v\n%v\n%s", i, f.name, back.Moves, rec.Moves, text)
			}
			if f.result && back.Result != rec.Result {
				t.Errorf("game %d %s: result %v, want %v\n%s", i, f.name, back.Result, rec.Result, text[max(0, len(text)-200):])
			}
			if f.name != "csa" && f.name != "text" && fmt.Sprint(back.Comments) != fmt.Sprint(rec.Comments) {
				t.Errorf("game %d kif: comments %v, want %v", i, back.Comments, rec.Comments)
			}
		}
	}
}
