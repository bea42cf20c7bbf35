package bot

import (
	"github.com/bwmarrin/discordgo"

	"shinpan/bot/texts"
	"shinpan/referee"
	"shinpan/referee/policy"
	"shinpan/store"
)

// Draw offers, aborts and moderators ending a game (issue 7 item 9).

// cmdDraw offers a draw, or accepts the opponent's standing offer. An offer is
// stored with the game (a restart keeps it) and lasts until a move is played.
func (b *Bot) cmdDraw(i *discordgo.InteractionCreate, u *discordgo.User, o optMap) {
	l := b.lang(u.ID)
	id, msg := b.gameArg(i, u.ID, o)
	if id == 0 {
		b.reply(i, msg, true)
		return
	}
	lg, err := b.live(id)
	if err != nil {
		b.reply(i, texts.UI(l, texts.NoGame), true)
		return
	}
	lg.mu.Lock()
	c, _ := seat(lg.meta, u.ID)
	opp := lg.meta.Players[c.Opp()]
	if lg.g.Over() {
		lg.mu.Unlock()
		b.reply(i, texts.UI(l, texts.NoGame), true)
		return
	}
	if isCPU(opp) || lg.meta.Away[c.Opp()].CPU {
		lg.mu.Unlock()
		b.reply(i, texts.UI(l, texts.CPUPlaysOn), true)
		return
	}
	if !lg.meta.DrawOffer.AcceptableBy(lg.g, c) {
		offer := policy.Offer(lg.g, c)
		dm := toDM(opp, payload{Content: texts.DrawOffered(b.lang(opp), mention(u.ID), uint64(id))})
		updated, err := b.st.UpdateGame(id, []store.OutMsg{dm}, func(g *store.Game) error { g.DrawOffer = offer; return nil })
		if err != nil {
			lg.mu.Unlock()
			b.log.Error("draw offer", "game", id, "err", err)
			b.reply(i, texts.UI(l, texts.InternalError), true)
			return
		}
		lg.meta.DrawOffer = updated.DrawOffer
		lg.mu.Unlock()
		b.kickOutbox()
		b.reply(i, texts.UI(l, texts.DrawOfferSent), true)
		return
	}
	lg.mu.Unlock()
	b.deferReply(i, true)
	reply, done := b.act(id, u.ID, referee.Action{Kind: referee.ActDraw, Player: c}, i.ID)
	if done {
		reply = texts.UI(l, texts.Done)
	}
	b.followup(i, reply, true)
}

// cmdAbort cancels a game before both sides have moved: no result, no rating.
func (b *Bot) cmdAbort(i *discordgo.InteractionCreate, u *discordgo.User, o optMap) {
	b.playerAct(i, u, o, referee.ActAbort)
}

// cmdEnd lets a moderator (Manage Server) end any game in the server without
// a result.
func (b *Bot) cmdEnd(i *discordgo.InteractionCreate, u *discordgo.User, o optMap) {
	l := b.lang(u.ID)
	n, _ := o.num("game")
	id := store.GameID(n)
	meta, err := b.st.GetGame(id)
	if err != nil || meta.GuildID != i.GuildID || !meta.Status.Live() {
		b.reply(i, texts.UI(l, texts.NoGame), true)
		return
	}
	if i.Member == nil || i.Member.Permissions&discordgo.PermissionManageGuild == 0 {
		b.reply(i, texts.UI(l, texts.NotModerator), true)
		return
	}
	b.deferReply(i, true)
	reply, done := b.act(id, u.ID, referee.Action{Kind: referee.ActEnd, Player: 0}, i.ID)
	if done {
		reply = texts.UI(l, texts.Done)
	}
	b.followup(i, reply, true)
}
