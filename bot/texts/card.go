package texts

import (
	"strings"

	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// The game card is the game's one live message in the channel: its header
// (uitexts.GameCard) and the state below, edited after every action the channel is
// told of (bot/compose/card.go). CardState writes that state from what the channel
// knows only. Its words are in en.go and ja.go.

// State is where a game stands, as everyone may know it.
type State struct {
	Result     *view.Result // nil while the game goes on
	Move       int          // SFEN's move number: the move to play (once over, the one after the last)
	Turn       shogi.Color  // the side to move
	NeedsMasks bool         // Masked: the masks are still being chosen
}

// Status is one line on a game for reader to: how it ended, that the masks
// are being chosen, or the move number and the side to move (and "your turn"
// for the player to move).
func Status(ctx Ctx, s State, to view.Audience) string {
	no := GameNo(ctx.GameID)
	switch {
	case s.Result != nil:
		end := ctx.endText(view.Event{Kind: view.EvEnd, Winner: s.Result.Winner, Reason: s.Result.Reason, Number: s.Move})
		return Clip(sentence(ctx.Lang, ctx.t(mStatusOver, no, sentence(ctx.Lang, end))))
	case s.NeedsMasks:
		return sentence(ctx.Lang, ctx.t(mStatusMasks, no))
	}
	line := ctx.t(mStatus, no, PositionName(ctx.Lang, s.Move), s.Turn.Symbol()+" "+ColorName(ctx.Lang, s.Turn))
	if isPlayer(to, s.Turn) {
		line += ctx.t(mTurnYours)
	}
	return sentence(ctx.Lang, line)
}

// CardState is what the channel knows of a game now.
type CardState struct {
	State
	Check bool // the side to move was announced in check
	// Fouls are the foul counts when the channel is told them (Limit 0: none shown).
	Fouls [2]int
	Limit int
	// Captured is what each side was announced to capture (nil: not shown,
	// as in open shogi where the hands are on the board).
	Captured *[2]shogi.Hand
	Last     string // the last announcement (Announcement without the number)
	Clock    string // the turn's clock, already written ("⏱ <t:…:R>")
	Clocks   string // both sides' main time as of the last move (ClockLine)
}

// GameCardState is the card's state block, under uitexts.GameCard.
func GameCardState(ctx Ctx, s CardState) string {
	var lines []string
	switch {
	case s.Result != nil:
		lines = append(lines, sentence(ctx.Lang, ctx.endText(view.Event{Kind: view.EvEnd, Winner: s.Result.Winner, Reason: s.Result.Reason, Number: s.Move})))
	case s.NeedsMasks:
		lines = append(lines, ctx.t(mCardMasks))
	default:
		line := ctx.t(mCardTurn, Capitalize(PositionName(ctx.Lang, s.Move)), s.Turn.Symbol()+" "+ColorName(ctx.Lang, s.Turn))
		if s.Check {
			line += ctx.t(mSep) + ctx.t(mCheck)
		}
		if s.Clock != "" {
			line += ctx.t(mSep) + s.Clock
		}
		lines = append(lines, line)
	}
	if c := strings.TrimSpace(s.Clocks); c != "" && s.Result == nil {
		lines = append(lines, c)
	}
	if s.Last != "" && s.Result == nil {
		lines = append(lines, ctx.t(mCardLast, s.Last))
	}
	if s.Limit > 0 {
		lines = append(lines, ctx.t(mCardFouls, s.Fouls[0], s.Limit, s.Fouls[1], s.Limit))
	}
	if s.Captured != nil {
		for c := shogi.Black; c <= shogi.White; c++ {
			lines = append(lines, ctx.t(mCardCaptured, c.Symbol(), ctx.handList(s.Captured[c])))
		}
	}
	return Clip(strings.Join(lines, "\n"))
}

// handList writes the pieces of h: "rook, pawn ×2"; "—" when none.
func (c Ctx) handList(h shogi.Hand) string {
	var parts []string
	for _, k := range shogi.HandKinds {
		switch n := int(h[k]); {
		case n == 1:
			parts = append(parts, PieceName(c.Lang, k))
		case n > 1:
			parts = append(parts, c.t(mCardTimes, PieceName(c.Lang, k), n))
		}
	}
	if len(parts) == 0 {
		return c.t(mCardNone)
	}
	return strings.Join(parts, c.t(mListSep))
}

// PositionName names the position before move next (SFEN's move number, as
// View.MoveNumber and State.Move hold it) by the moves played, as a kifu
// does: "after move 37", "37手目"; the start (no move yet) is "start
// position", "開始局面". A board's header, its alt text, the status line
// and the card all say it so (RULES.md §3, move numbers).
func PositionName(l Lang, next int) string {
	if next <= 1 {
		return tr(l, mPosStart)
	}
	return tr(l, mPosAfter, next-1)
}
