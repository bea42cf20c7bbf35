package compose

import (
	"fmt"
	"strings"

	"shinpan/bot/texts"
	"shinpan/bot/texts/uitexts"
	"shinpan/referee"
	"shinpan/referee/shogi"
	"shinpan/render"
	"shinpan/store"
)

// CardRef is the purpose under which the game card's message is stored.
const CardRef = "card"

// PublicBoardFiles is the channel's board of g as an attachment.
func (cm *Composer) PublicBoardFiles(meta store.Game, g *referee.Game) []File {
	opt := render.Options{CacheScope: PublicScope(meta.ID)}
	if !g.Over() {
		opt.Clocks = texts.PanelClocks(meta.Options, meta.Clocks) // as of the last move, a public fact
	}
	f, err := RenderFor(g.PublicView(), cm.ChannelReader(meta), opt)
	if err != nil {
		cm.Log.Error("public board", "game", meta.ID, "err", err)
		return nil
	}
	f.Name = "public.png"
	return []File{f}
}

// CardText is the game card's text: its header and the state the channel
// knows after an action whose announcement was last ("" at the start), with
// the clock of the turn that follows (dl).
func (cm *Composer) CardText(meta store.Game, g *referee.Game, last string, dl *store.Deadline) string {
	ctx := TextCtx(cm.ChannelReader(meta), meta, nil)
	v := g.PublicView()
	st := texts.CardState{State: GameState(g), Check: v.InCheck && !g.Over(), Last: last,
		Clock: strings.TrimSpace(DeadlineLine(dl, g.Turn())), Clocks: texts.ClockLine(ctx.Lang, meta.Options, meta.Clocks)}
	if v.FoulLimit > 0 && v.FoulsKnown[shogi.Black] && v.FoulsKnown[shogi.White] {
		st.Fouls, st.Limit = v.Fouls, v.FoulLimit
	}
	if v.ShowCaptured && !g.Over() {
		st.Captured = &v.Captured
	}
	return uitexts.GameCard(ctx, meta.Ranked) + "\n\n" + texts.GameCardState(ctx, st)
}

// CardEdit is the card's edit after an action the channel was told of: its
// text and its board.
func (cm *Composer) CardEdit(meta store.Game, g *referee.Game, last string, dl *store.Deadline) []store.OutMsg {
	files := cm.PublicBoardFiles(meta, g)
	if files == nil || meta.ChannelGone {
		return nil
	}
	return []store.OutMsg{ToChannel(meta.ChannelID, Payload{EditRef: CardRef, Content: cm.CardText(meta, g, last, dl), Files: files, Final: g.Over()})}
}

// DeadlineLine is the line under a player's board when their time runs: a
// Discord relative timestamp, shown in the reader's own language.
func DeadlineLine(dl *store.Deadline, c shogi.Color) string {
	if dl == nil || dl.Turn.IsZero() || dl.Player != c {
		return ""
	}
	return fmt.Sprintf("\n⏱ <t:%d:R>", dl.Turn.Unix())
}
