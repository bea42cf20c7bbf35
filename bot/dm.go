package bot

import (
	"errors"
	"strings"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/commands"
	"shinpan/bot/compose"
	"shinpan/bot/games"
	"shinpan/bot/texts"
	"shinpan/bot/texts/uitexts"
	"shinpan/referee"
	"shinpan/store"
)

// handleDM handles one DM from a player (live or read back after an outage);
// keyed says its action is stored under the DM's id (dms.Host).
func (b *Bot) handleDM(m *discordgo.Message) (keyed bool) {
	user := m.Author.ID
	rd := b.readers.Reader(user) // once for the whole DM
	lang := rd.Lang
	text := strings.TrimSpace(m.Content)
	b.closedDMs.Open(user, rd.Set.DMsClosedAt)
	mine, gamesErr := b.st.ActiveGamesOf(user) // once, for both uses below
	if gamesErr == nil {
		b.comeBackTo(user, mine)
	}
	if text == "" {
		if len(m.Attachments) > 0 || len(m.StickerItems) > 0 { // a picture of the board, a sticker: moves are read as text
			b.dmReply(user, m.ID, uitexts.UI(lang, uitexts.DMHelp))
		}
		return keyed
	}
	if low := strings.ToLower(text); low == "help" || low == "?" || low == "ヘルプ" {
		b.dmReply(user, m.ID, uitexts.UI(lang, uitexts.DMHelp))
		return keyed
	}
	var want store.GameID
	if n, rest, named := commands.GamePrefix(text); named {
		if n == 0 || rest == "" { // "#17g7f", "#0", "#x", "#12" alone: say how it is written
			b.dmReply(user, m.ID, uitexts.DMGamePrefix(lang))
			return keyed
		}
		want, text = store.GameID(n), rest
	}
	if uitexts.IsResignWord(text) { // never a resignation: a slip could not be undone
		b.dmReply(user, m.ID, uitexts.DMResignHow(lang))
		return keyed
	}
	id, msg := b.cmds.PickGameIn(commands.DMScope(user), want, rd, mine, gamesErr)
	if id == 0 {
		b.dmReply(user, m.ID, msg)
		return keyed
	}
	named := want == 0 && len(mine) > 1 // the default game among several: a refusal says which
	if b.cmds.DMShortcut(user, m.ID, id, text, named) {
		return keyed
	}
	if b.cl != nil && !b.cl.ApplyHere(id) {
		b.cl.RouteDM(id, user, text, m.ID, named)
		return keyed
	}
	lg, err := b.games.Get(id)
	if err != nil {
		b.dmReply(user, m.ID, compose.GameLoadText(lang, err))
		return keyed
	}
	lg.Mu.Lock()
	c, _ := games.SeatOf(lg.Meta, user)
	masks := lg.G.NeedsMasks()
	lg.Mu.Unlock()
	a := referee.Action{Kind: referee.ActMove, Player: c, Text: text}
	if masks {
		a = referee.Action{Kind: referee.ActMask, Player: c, Text: text, Salt: games.NewSalt()}
	}
	rd.NameGame = named // the answer says which game it went to
	var reply string
	var ok bool
	if b.cl != nil { // applyHere said so: not through the inbox
		var err error
		reply, ok, err = b.applyAs(id, rd, a, m.ID, texts.RefusalWithMoveHint)
		if errors.Is(err, store.ErrFenced) { // the lease moved meanwhile: to the new owner
			b.cl.RouteDM(id, user, text, m.ID, named)
			return keyed
		}
		if err != nil {
			reply, ok = compose.StoreText(lang, err), false
		}
	} else {
		reply, ok, _ = b.actAs(id, rd, a, m.ID, texts.RefusalWithMoveHint)
	}
	if !ok && reply != "" {
		if named {
			reply = uitexts.InGame(lang, uint64(id), reply)
		}
		b.dmReply(user, m.ID, reply)
	}
	return ok || reply == "" // taken now, or before (a duplicate)
}

// dmReply queues the answer to the user's DM dmID (not tied to a game
// action). Its nonce is made from dmID: a second answer to the same DM, from
// a process that handled it late (bot/dms/claim.go), is dropped by Discord. When the
// store cannot take it (a full disk: the action it answers failed too), the
// answer is sent at once instead, once, so that the user hears that nothing
// was changed.
func (b *Bot) dmReply(user, dmID, text string) {
	m := compose.ToDM(user, compose.Payload{Content: text})
	if nonce, err := b.st.KeyedNonce("dm-reply", dmID); err == nil {
		m.DedupeKey = nonce
	}
	if err := b.st.Enqueue(m); err != nil {
		b.log.Error("enqueue failed, replying directly", "user", user, "err", err)
		b.replyNow(user, text, m.DedupeKey)
		return
	}
	b.ob.Kick()
}

// replyNow sends a DM without the outbox (through the request budget).
func (b *Bot) replyNow(user, text, nonce string) {
	ch, err := b.rest.DMChannel(user)
	if err == nil {
		_, err = b.rest.PostMessage(ch, compose.Payload{Content: text}, nonce)
	}
	if err != nil {
		b.log.Error("direct reply", "user", user, "err", err)
	}
}
