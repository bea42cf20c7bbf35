package compose

import (
	"shinpan/bot/texts"
	"shinpan/bot/texts/uitexts"
	"shinpan/referee"
	"shinpan/referee/shogi"
	"shinpan/store"
)

// StartMessages are the messages a new game causes: each player's board (and
// the mask prompt in Masked), the game card in the game's channel (with a
// thread under it when threads are on), and the challenge card edited to say
// it was accepted (and where the game is, when elsewhere). The players wait
// on them (they just pressed Accept): each is Urgent.
func (cm *Composer) StartMessages(meta store.Game, g *referee.Game, c store.Challenge, threads bool) []store.OutMsg {
	var out []store.OutMsg
	for col, p := range meta.Players {
		pc := shogi.Color(col)
		if IsCPU(p) {
			continue
		}
		rd := cm.Reader(p)
		pl := Payload{Content: uitexts.Welcome(TextCtx(rd, meta, nil), pc) + texts.ClockLine(rd.Lang, meta.Options, meta.Clocks),
			Files: cm.BoardFiles(meta, g, pc, rd), Public: true, Urgent: true}
		if !g.NeedsMasks() && g.Turn() == pc {
			pl.Buttons = TurnButtons(rd.Lang)
			pl.Selects = TapMenus(meta, g, pc, rd)
			pl.Content += DeadlineLine(meta.Deadline, pc)
		}
		out = append(out, ToDM(p, pl))
		if g.NeedsMasks() {
			out = append(out, ToDM(p, Payload{Content: uitexts.UI(rd.Lang, uitexts.MaskMenu), Selects: TapMenus(meta, g, pc, rd), Urgent: true}))
		}
	}
	lang := cm.ChallengeLang(c)
	card := Payload{Content: cm.CardText(meta, g, "", meta.Deadline), Ref: CardRef, Mentions: meta.Players[:], Files: cm.PublicBoardFiles(meta, g), Urgent: true}
	if threads {
		card.Thread = "shogi #{game}" // the game's move by move goes to a thread under its card
	}
	if c.MessageID != "" {
		edit := Payload{Edit: c.MessageID, Content: uitexts.ChallengeAccepted(lang, uint64(meta.ID)), Urgent: true}
		if meta.ChannelID != c.ChannelID {
			edit.Content = uitexts.AnnouncedIn(lang, edit.Content, meta.ChannelID)
		}
		out = append(out, ToChannel(c.ChannelID, edit))
	}
	return append(out, ToChannel(meta.ChannelID, card))
}
