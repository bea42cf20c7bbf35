package texts

import (
	"shinpan/referee/view"
	"shinpan/render"
)

// boardWin and boardDraw are the result phrases of the board image by reason.
var (
	boardWin = map[view.Reason]msg{
		view.ReasonCheckmate: mBoardWinCheckmate, view.ReasonFoulLimit: mBoardWinFoulLimit,
		view.ReasonMaskCaptured: mBoardWinMaskCaptured, view.ReasonMaskCheckmated: mBoardWinMaskCheckmated,
		view.ReasonKingCaptured: mBoardWinKingCaptured, view.ReasonNoLegalMove: mBoardWinNoLegalMove,
		view.ReasonSennichite: mBoardWinSennichite, view.ReasonPerpetualCheck: mBoardWinPerpetual,
		view.ReasonImpasse: mBoardWinImpasse, view.ReasonMoveLimit: mBoardWinMoveLimit,
		view.ReasonResignation: mBoardWinResignation, view.ReasonTimeout: mBoardWinTimeout,
		view.ReasonModerator: mBoardWinModerator,
	}
	boardDraw = map[view.Reason]msg{
		view.ReasonSennichite: mBoardDrawSennichite, view.ReasonMoveLimit: mBoardDrawMoveLimit,
		view.ReasonImpasse: mBoardDrawImpasse, view.ReasonDrawAgreed: mBoardDrawAgreed,
		view.ReasonAbort: mBoardDrawAbort, view.ReasonModerator: mBoardDrawModerator,
		view.ReasonTimeout: mBoardDrawTimeout, view.ReasonNoLegalMove: mBoardDrawNoLegalMove,
	}
)

// BoardLabels are the words of a board image in l: the sides, the status
// line (r is the game's result, nil while it runs), the panels' labels and
// the rank labels (a–i in English, 一–九 in Japanese).
func BoardLabels(l Lang, r *view.Result) render.Labels {
	lb := render.Labels{
		Sides:    [2]string{tr(l, mBlack), tr(l, mWhite)},
		ToMove:   tr(l, mBoardToMove),
		Check:    tr(l, mBoardCheck),
		Move:     Capitalize(tr(l, mPosAfter)),
		Start:    Capitalize(tr(l, mPosStart)),
		Fouls:    tr(l, mBoardFouls),
		Hand:     tr(l, mBoardHand),
		Took:     tr(l, mBoardTook),
		None:     tr(l, mBoardNone),
		Turn:     tr(l, mBoardTurn),
		CheckTag: tr(l, mBoardCheckTag),
		Ranks:    tr(l, mBoardRanks),
	}
	if r != nil {
		lb.Result = boardResult(l, r, true)
	}
	return lb
}

// boardResult is the status line of a finished game: "☖ White won by
// checkmate", "☖ 後手の勝ち（詰み）", "Draw agreed" (without ☗/☖ unless
// symbols).
func boardResult(l Lang, r *view.Result, symbols bool) string {
	if r.Winner == nil {
		if k, ok := boardDraw[r.Reason]; ok {
			return tr(l, k)
		}
		return tr(l, mBoardDraw)
	}
	w := *r.Winner
	side := tr(l, sideKey(w))
	if symbols {
		side = w.Symbol() + " " + side
	}
	if k, ok := boardWin[r.Reason]; ok {
		return tr(l, mBoardWon, side, tr(l, k))
	}
	return tr(l, mBoardWonPlain, side)
}
