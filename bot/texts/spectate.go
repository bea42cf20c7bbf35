package texts

import (
	"strings"

	"shinpan/referee"
	"shinpan/referee/notation"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// The texts of spectating and review (their words are in en.go and ja.go).

// The spectating texts without values.
const (
	ButtonReview = UIText(mUIButtonReview) // label, under the final post
	ReviewPOV    = UIText(mUIReviewPOV)    // the review's point-of-view select
	ReviewTrue   = UIText(mUIReviewTrue)   // the point of view: the whole board
)

// ReviewNotYet refuses a review of a game still going on.
func ReviewNotYet(l Lang, game uint64) string { return tr(l, mUIReviewNotYet, gameNo(game)) }

// ReviewSide names the point of view of side s.
func ReviewSide(l Lang, s shogi.Color) string {
	return tr(l, mUIReviewSide, s.Symbol()+" "+tr(l, sideKey(s)))
}

func sideKey(s shogi.Color) msg {
	if s == shogi.White {
		return mWhite
	}
	return mBlack
}

// Review is the text of a review message at step s of a game of moves
// moves, seen from pov ("" the whole board): the move that led there and, in
// Tsuitate, every foul attempt tried in that position with its reason.
func Review(ctx Ctx, s referee.Step, moves int, pov string) string {
	move := ", " + ctx.t(mUIReviewStart)
	if s.Move != "" {
		move = " — " + ctx.moveText(s.Player, s.Move)
	}
	lines := []string{ctx.t(mUIReviewHead, gameNo(ctx.GameID), s.Ply, moves, move, pov)}
	if len(s.Fouls) > 0 {
		lines = append(lines, ctx.t(mUIReviewFouls))
		for _, f := range s.Fouls {
			lines = append(lines, ctx.foulLine(f))
		}
	}
	return clip(strings.Join(lines, "\n"))
}

// foulLine is one foul attempt as the reveal lists it.
func (c Ctx) foulLine(f view.FoulRecord) string {
	typed, usi := safeCode(notation.Echo(f.Text)), safeCode(f.Move)
	if typed == usi {
		return c.t(mRevealFoulUSI, f.Number, f.Player.Symbol(), usi, whyCode(c.Lang, f.Reason))
	}
	return c.t(mRevealFoul, f.Number, f.Player.Symbol(), typed, Escape(usi), whyCode(c.Lang, f.Reason))
}

// GIFSent heads a game's animation.
func GIFSent(l Lang, game uint64, moves, kb int) string {
	return tr(l, mUIGIFSent, gameNo(game), moves, kb)
}

// Watch answers /shogi watch: what the watcher is told. kind is one of
// "started", "stopped", "none", "player", "ranked", "over".
func Watch(l Lang, kind string, game uint64, delay int) string {
	switch kind {
	case "started":
		return tr(l, mUIWatchStarted, gameNo(game), delay)
	case "stopped":
		return tr(l, mUIWatchStopped, gameNo(game))
	case "player":
		return tr(l, mUIWatchPlayer, gameNo(game))
	case "ranked":
		return tr(l, mUIWatchRanked, gameNo(game))
	case "over":
		return tr(l, mUIWatchOver, gameNo(game))
	case "tournament":
		return WatchTournament(l, game)
	}
	return tr(l, mUIWatchNone, gameNo(game))
}

// WatchBoard heads a watcher's delayed board: the move shown and the move the
// game is at.
func WatchBoard(l Lang, game uint64, shown, now int) string {
	return tr(l, mUIWatchBoard, gameNo(game), shown, now)
}

// WatchWaiting is a watcher's DM until the game is delay moves in.
func WatchWaiting(l Lang, game uint64, delay int) string {
	return tr(l, mUIWatchWaiting, gameNo(game), delay)
}

// WatchEnded heads the watcher's last board, the whole board at the end.
func WatchEnded(l Lang, game uint64) string { return tr(l, mUIWatchEnded, gameNo(game)) }
