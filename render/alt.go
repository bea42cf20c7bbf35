package render

import (
	"fmt"
	"strings"

	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// colorName returns "Black" or "White".
func colorName(c shogi.Color) string {
	if c == shogi.White {
		return "White"
	}
	return "Black"
}

// variantName returns the variant's display name, e.g. "Tsuitate".
func variantName(v view.Variant) string {
	s := string(v)
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// winPhrase completes "<side> won ..." for a reason.
var winPhrase = map[view.Reason]string{
	view.ReasonCheckmate:      "by checkmate",
	view.ReasonFoulLimit:      "by the foul limit",
	view.ReasonMaskCaptured:   "by capturing the mask",
	view.ReasonMaskCheckmated: "by checkmating the mask",
	view.ReasonKingCaptured:   "by capturing the king",
	view.ReasonNoLegalMove:    "(no legal move left)",
	view.ReasonSennichite:     "by sennichite",
	view.ReasonPerpetualCheck: "by perpetual check",
	view.ReasonImpasse:        "by impasse declaration",
	view.ReasonMoveLimit:      "at the move limit",
	view.ReasonResignation:    "by resignation",
	view.ReasonTimeout:        "on time",
	view.ReasonModerator:      "by moderator decision",
}

// drawPhrase is the whole line for a game without a winner.
var drawPhrase = map[view.Reason]string{
	view.ReasonSennichite:  "Draw by repetition (sennichite)",
	view.ReasonMoveLimit:   "Draw by the move limit",
	view.ReasonImpasse:     "Draw by impasse",
	view.ReasonDrawAgreed:  "Draw agreed",
	view.ReasonAbort:       "Game aborted",
	view.ReasonModerator:   "Ended by the moderator",
	view.ReasonTimeout:     "Draw on time",
	view.ReasonNoLegalMove: "Draw (no legal move)",
}

// resultLine describes a result in plain ASCII (plus ☗/☖ when symbols is
// set), e.g. "☖ White won by checkmate" or "Draw by the move limit".
func resultLine(r *view.Result, symbols bool) string {
	reason := strings.ReplaceAll(string(r.Reason), "_", " ")
	if r.Winner == nil {
		if p, ok := drawPhrase[r.Reason]; ok {
			return p
		}
		if reason == "" {
			return "Draw"
		}
		return "Draw (" + reason + ")"
	}
	s := colorName(*r.Winner) + " won"
	if symbols {
		s = r.Winner.Symbol() + " " + s
	}
	if p, ok := winPhrase[r.Reason]; ok {
		return s + " " + p
	}
	if reason != "" {
		s += " (" + reason + ")"
	}
	return s
}

// altText is the image's one-line description, built from the view alone,
// e.g. "Your board (Black, Tsuitate), Black to move, move 12, 2/10 fouls" or
// "Revealed board (Masked), White won by checkmate".
func altText(v *view.View) string {
	var parts []string
	switch {
	case v.Revealed:
		parts = append(parts, "Revealed board ("+variantName(v.Variant)+")")
	case v.Viewer == view.ViewerPublic:
		parts = append(parts, "Board ("+variantName(v.Variant)+")")
	default:
		parts = append(parts, "Your board ("+colorName(v.Viewer.Color())+", "+variantName(v.Variant)+")")
	}
	if v.Result != nil {
		parts = append(parts, resultLine(v.Result, false))
	} else {
		parts = append(parts, colorName(v.Turn)+" to move")
	}
	if v.MoveNumber > 0 {
		parts = append(parts, fmt.Sprintf("move %d", v.MoveNumber))
	}
	if v.FoulLimit > 0 {
		me := v.Viewer != view.ViewerPublic && !v.Revealed
		switch {
		case me && v.FoulsKnown[v.Viewer.Color()] && !v.FoulsKnown[v.Viewer.Color().Opp()]:
			parts = append(parts, fmt.Sprintf("%d/%d fouls", v.Fouls[v.Viewer.Color()], v.FoulLimit))
		default:
			for c := shogi.Black; c <= shogi.White; c++ {
				if v.FoulsKnown[c] {
					parts = append(parts, fmt.Sprintf("%s %d/%d fouls", colorName(c), v.Fouls[c], v.FoulLimit))
				}
			}
		}
	}
	if v.InCheck {
		parts = append(parts, "in check")
	}
	if v.LastMove != shogi.NoMove {
		parts = append(parts, "last move "+v.LastMove.USI())
	}
	if v.LostAt.Valid() {
		parts = append(parts, "lost a piece on "+v.LostAt.String())
	}
	return strings.Join(parts, ", ")
}
