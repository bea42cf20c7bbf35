package referee

import (
	"fmt"

	"shinpan/referee/record"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// Record returns the game as a record with all its hidden information: every
// move, the masks (Masked) and every foul attempt and bounce as comments
// before the move they preceded, and the result. Its Variant names the
// variant (not for standard shogi), so that the record of a Masked or Dark
// game, whose moves are only pseudo-legal, reads back. For a finished game
// only: while it goes on this is hidden information.
func (g *Game) Record(title string) *record.Record {
	start, _ := shogi.ParseSFEN(g.start)
	rec := &record.Record{Start: start, Moves: g.Moves(), Comments: map[int][]string{}}
	if title != "" {
		rec.Header = append(rec.Header, record.HeaderField{Key: "棋戦", Value: title})
	}
	rec.Header = append(rec.Header, record.HeaderField{Key: "手合割", Value: "平手"})
	g.rules.record(g, rec)
	first := start.MoveNumber()
	for _, f := range g.foulLog {
		n := f.Number - first
		rec.Comments[n] = append(rec.Comments[n], fmt.Sprintf("foul %s move %d: %s (%s)", f.Player, f.Number, f.Text, f.Reason))
	}
	if r := g.result; r != nil {
		rec.Result = RecordResult(r)
		switch rec.Result.Reason {
		case record.ReasonUnknown, record.ReasonMaskCaptured, record.ReasonKingCaptured, record.ReasonNoLegalMove:
			// KIF and CSA have no word for these endings: say it in a comment
			// (the readers take the result from it).
			winner := "none"
			if r.Winner != nil {
				winner = r.Winner.String()
			}
			n := len(rec.Moves)
			rec.Comments[n] = append(rec.Comments[n], record.ResultComment(record.Result{Reason: string(r.Reason), Winner: winner}))
		}
	}
	return rec
}

// RecordResult maps a game's result to a record's.
func RecordResult(r *view.Result) record.Result {
	w := record.WinnerDraw
	if r.Winner != nil {
		w = r.Winner.String()
	}
	switch r.Reason {
	case view.ReasonCheckmate, view.ReasonMaskCheckmated:
		return record.Result{Reason: record.ReasonCheckmate, Winner: w}
	case view.ReasonResignation:
		return record.Result{Reason: record.ReasonResignation, Winner: w}
	case view.ReasonTimeout:
		return record.Result{Reason: record.ReasonTimeout, Winner: w}
	case view.ReasonSennichite:
		return record.Result{Reason: record.ReasonSennichite, Winner: record.WinnerDraw}
	case view.ReasonPerpetualCheck:
		return record.Result{Reason: record.ReasonPerpetualCheck, Winner: w}
	case view.ReasonImpasse:
		return record.Result{Reason: record.ReasonImpasse, Winner: w}
	case view.ReasonFoulLimit:
		return record.Result{Reason: record.ReasonIllegalMove, Winner: w}
	case view.ReasonAbort, view.ReasonModerator:
		return record.Result{Reason: record.ReasonAbort, Winner: record.WinnerNone}
	case view.ReasonMoveLimit, view.ReasonDrawAgreed:
		return record.Result{Reason: record.ReasonImpasse, Winner: record.WinnerDraw}
	case view.ReasonMaskCaptured:
		return record.Result{Reason: record.ReasonMaskCaptured, Winner: w}
	case view.ReasonKingCaptured:
		return record.Result{Reason: record.ReasonKingCaptured, Winner: w}
	case view.ReasonNoLegalMove:
		return record.Result{Reason: record.ReasonNoLegalMove, Winner: w}
	}
	return record.Result{Reason: record.ReasonUnknown, Winner: w}
}
