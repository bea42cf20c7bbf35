package uitexts

import (
	"shinpan/bot/texts"
	"strings"

	"shinpan/referee"
	"shinpan/referee/shogi"
)

// The texts of spectating and review (their words are in en.go and ja.go).

// The spectating texts without values.
const (
	ButtonReview = UIText(mUIButtonReview) // label, under the final post
	ReviewPOV    = UIText(mUIReviewPOV)    // the review's point-of-view select
	ReviewTrue   = UIText(mUIReviewTrue)   // the point of view: the whole board
)

// ReviewNotYet refuses a review of a game still going on.
func ReviewNotYet(l texts.Lang, game uint64) string {
	return tr(l, mUIReviewNotYet, texts.GameNo(game))
}

// ReviewSide names the point of view of side s.
func ReviewSide(l texts.Lang, s shogi.Color) string {
	return tr(l, mUIReviewSide, s.Symbol()+" "+texts.ColorName(l, s))
}

// Review is the text of a review message at step s of a game of moves
// moves, seen from pov ("" the whole board): the move that led there and, in
// Tsuitate, every foul attempt tried in that position with its reason.
func Review(ctx texts.Ctx, s referee.Step, moves int, pov string) string {
	move := tr(ctx.Lang, mUIReviewStart)
	if s.Move != "" {
		move = " — " + ctx.MoveText(s.Player, s.Move)
	}
	lines := []string{tr(ctx.Lang, mUIReviewHead, texts.GameNo(ctx.GameID), s.Ply, moves, move, pov)}
	if len(s.Fouls) > 0 {
		lines = append(lines, tr(ctx.Lang, mUIReviewFouls))
		for _, f := range s.Fouls {
			lines = append(lines, ctx.FoulLine(f))
		}
	}
	return texts.Clip(strings.Join(lines, "\n"))
}

// GIFSent heads a game's animation.
func GIFSent(l texts.Lang, game uint64, moves, kb int) string {
	return tr(l, mUIGIFSent, texts.GameNo(game), moves, kb)
}

// Watch answers /shogi watch: what the watcher is told. kind is one of
// "started", "stopped", "none", "player", "ranked", "over".
func Watch(l texts.Lang, kind string, game uint64, delay int) string {
	switch kind {
	case "started":
		return tr(l, mUIWatchStarted, texts.GameNo(game), delay)
	case "stopped":
		return tr(l, mUIWatchStopped, texts.GameNo(game))
	case "player":
		return tr(l, mUIWatchPlayer, texts.GameNo(game))
	case "ranked":
		return tr(l, mUIWatchRanked, texts.GameNo(game))
	case "over":
		return tr(l, mUIWatchOver, texts.GameNo(game))
	case "tournament":
		return tr(l, mUIWatchTournament, texts.GameNo(game))
	}
	return tr(l, mUIWatchNone, texts.GameNo(game))
}

// WatchBoard heads a watcher's delayed board: the move shown and the move the
// game is at.
func WatchBoard(l texts.Lang, game uint64, shown, now int) string {
	return tr(l, mUIWatchBoard, texts.GameNo(game), shown, now)
}

// WatchWaiting is a watcher's DM until the game is delay moves in.
func WatchWaiting(l texts.Lang, game uint64, delay int) string {
	return tr(l, mUIWatchWaiting, texts.GameNo(game), delay)
}

// WatchEnded heads the watcher's last board, the whole board at the end.
func WatchEnded(l texts.Lang, game uint64) string { return tr(l, mUIWatchEnded, texts.GameNo(game)) }
