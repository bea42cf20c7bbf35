package texts

import (
	"strconv"
	"strings"

	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// Announcement merges the channel's events of one action into one message
// (Discord allows about five messages per five seconds in a channel), e.g.
// "**#12** ☗ moved (move 12) · ☖'s silver on 5e was captured · Check!". Only
// events addressed to the channel (view.ToPublic) are used; "" when there are
// none. The "**#id**" prefix names the game when ctx.GameID is set.
func Announcement(ctx Ctx, evs []view.Event) string {
	var parts []string
	for _, e := range view.For(evs, view.ToPublic) {
		if f := ctx.fragment(e, view.ToPublic, true); f != "" {
			parts = append(parts, f)
		}
	}
	if len(parts) == 0 {
		return ""
	}
	s := strings.Join(parts, ctx.t(mSep))
	if ctx.GameID != 0 {
		s = "**#" + strconv.FormatUint(ctx.GameID, 10) + "** " + s
	}
	return Clip(s)
}

// PlayerUpdate merges player c's events of one action into one DM text, e.g.
// "☗ moved (move 12) · Your silver on 5e was captured · Check! — your turn."
// Only events addressed to c are used; "" when there are none. It says "your
// turn" when ctx.YourTurn (policy.YourTurn: the action leaves c to move).
func PlayerUpdate(ctx Ctx, c shogi.Color, evs []view.Event) string {
	to := view.AudienceOf(c)
	mine := view.For(evs, to)
	var parts []string
	both := false
	for _, e := range mine {
		both = both || e.Kind == view.EvMasksDone
	}
	for _, e := range mine {
		if f := ctx.fragment(e, to, both); f != "" {
			parts = append(parts, f)
		}
	}
	if len(parts) == 0 {
		return ""
	}
	s := strings.Join(parts, ctx.t(mSep))
	if ctx.YourTurn {
		s = ctx.withTurn(s)
	}
	return Clip(sentence(ctx.Lang, s))
}

// withTurn appends "your turn" to s. A suffix that opens with the full stop
// (Japanese "。あなたの番です") drops it after a text that already ends a sentence.
func (c Ctx) withTurn(s string) string {
	suf, stop := c.t(mTurnYours), c.t(mFullStop)
	if strings.HasPrefix(suf, stop) && sentence(c.Lang, s) == s {
		suf = strings.TrimPrefix(suf, stop)
	}
	return s + suf
}
