package bot

import (
	"errors"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/commands"
	"shinpan/bot/compose"
	"shinpan/bot/games"
	"shinpan/bot/texts"
	"shinpan/referee"
	"shinpan/store"
)

// onMessage takes moves by DM: "7g7f", "#12 7g7f", a mask square in Masked
// setup, or "help".
func (b *Bot) onMessage(s *discordgo.Session, m *discordgo.MessageCreate) {
	if m.GuildID != "" || m.Author == nil || m.Author.Bot || m.Author.ID == b.botID() {
		return
	}
	b.queueDM(m.Message)
}

// queueDM appends a DM to its sender's queue and starts the sender's worker
// when none runs: one player's DMs are handled one at a time, in order, while
// different players' DMs are handled side by side.
func (b *Bot) queueDM(m *discordgo.Message) { b.queueFor(m.Author.ID, m) }

// queueFor appends to a user's DM queue: a message, or nil for "read what
// you missed" (the catch-up runs in the user's own queue, so their DMs are
// handled in the order they were sent, missed ones first).
func (b *Bot) queueFor(user string, m *discordgo.Message) {
	b.mu.Lock()
	q, running := b.dmQueue[user]
	b.dmQueue[user] = append(q, m)
	b.mu.Unlock()
	if running {
		return
	}
	b.pool.Go(func() {
		for {
			b.mu.Lock()
			q := b.dmQueue[user]
			if len(q) == 0 {
				delete(b.dmQueue, user)
				b.mu.Unlock()
				return
			}
			next := q[0]
			b.dmQueue[user] = q[1:]
			b.mu.Unlock()
			if b.begin() {
				handled := false
				if b.catchPending(user) {
					if handled = next != nil && b.handledElsewhere(next); !handled {
						b.catchUpUser(user)
					}
				}
				if !handled && next != nil && b.firstSeen(user, next.ID) {
					b.handleOnce(next, false)
				}
				b.end()
			}
			if next == nil {
				b.catchOver(user)
			}
		}
	})
}

// handleDM handles one DM from a player (live or read back after an outage).
func (b *Bot) handleDM(m *discordgo.Message) {
	user := m.Author.ID
	rd := b.readers.Reader(user) // once for the whole DM
	lang := rd.Lang
	text := strings.TrimSpace(m.Content)
	b.dmsClosed.Delete(user)
	keyed := false // the DM's id is its action's idempotency key, now stored
	defer func() { b.markHandled(user, m.ChannelID, m.ID, keyed) }()
	mine, gamesErr := b.st.ActiveGamesOf(user) // once, for both uses below
	if gamesErr == nil {
		b.comeBackTo(user, mine)
	}
	if text == "" {
		return
	}
	if low := strings.ToLower(text); low == "help" || low == "?" || low == "ヘルプ" {
		b.dmReply(user, m.ID, texts.UI(lang, texts.DMHelp))
		return
	}
	var want store.GameID
	if strings.HasPrefix(text, "#") {
		head, rest, _ := strings.Cut(text[1:], " ")
		n, err := strconv.ParseUint(head, 10, 64)
		if err != nil || n == 0 { // "#17g7f", "#0", "#x": say how it is written
			b.dmReply(user, m.ID, texts.DMGamePrefix(lang))
			return
		}
		want, text = store.GameID(n), strings.TrimSpace(rest)
	}
	id, msg := b.cmds.PickGameIn(commands.DMScope(user), want, rd, mine, gamesErr)
	if id == 0 {
		b.dmReply(user, m.ID, msg)
		return
	}
	if b.cmds.DMShortcut(user, m.ID, id, text) {
		return
	}
	if b.cl != nil && !b.applyHere(id) {
		b.routeDM(id, user, text, m.ID)
		return
	}
	lg, err := b.games.Get(id)
	if err != nil {
		b.dmReply(user, m.ID, compose.GameLoadText(lang, err))
		return
	}
	lg.Mu.Lock()
	c, _ := games.SeatOf(lg.Meta, user)
	masks := lg.G.NeedsMasks()
	lg.Mu.Unlock()
	a := referee.Action{Kind: referee.ActMove, Player: c, Text: text}
	if masks {
		a = referee.Action{Kind: referee.ActMask, Player: c, Text: text, Salt: newSalt()}
	}
	var reply string
	var ok bool
	if b.cl != nil { // applyHere said so: not through the inbox
		var err error
		reply, ok, err = b.applyAs(id, rd, a, m.ID, texts.RefusalWithMoveHint)
		if errors.Is(err, store.ErrFenced) { // the lease moved meanwhile: to the new owner
			b.routeDM(id, user, text, m.ID)
			return
		}
		if err != nil {
			reply, ok = compose.StoreText(lang, err), false
		}
	} else {
		reply, ok = b.actAs(id, rd, a, m.ID, texts.RefusalWithMoveHint)
	}
	keyed = ok || reply == "" // taken now, or before (a duplicate)
	if !ok && reply != "" {
		b.dmReply(user, m.ID, reply)
	}
}

// dmReply queues the answer to the user's DM dmID (not tied to a game
// action). Its nonce is made from dmID: a second answer to the same DM, from
// a process that handled it late (dmclaim.go), is dropped by Discord. When the
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

// markHandled remembers the newest DM handled per user, so a catch-up after
// an outage reads only what came after, and drops this process's claim on it
// (dmclaim.go). With one process (no claims), a DM whose action is stored
// under its id (keyed) is remembered in the background, many users in one
// commit: read again after a crash, its key makes it a no-op. Any other DM
// (help, a refusal, a note), and every DM when processes share the store, is
// remembered before the user's next DM is handled, so a catch-up never
// answers it twice and other processes see it handled at once.
func (b *Bot) markHandled(user, channel, msgID string, keyed bool) {
	known := b.rest.NoteDMChannel(user, channel)
	if !known {
		b.keepDMChannel(user, channel)
	}
	if keyed && !b.sharedStore {
		b.dmMarks.add(user, channel, msgID)
		return
	}
	b.writeLastDM(user, msgID)
}

// writeLastDM raises the user's LastDM and drops this process's claim on
// msgID (dmclaim.go), in one step.
func (b *Bot) writeLastDM(user, msgID string) {
	if err := b.st.MarkDMHandled(user, msgID, b.instance); err != nil {
		b.log.Warn("settings", "user", user, "err", err)
		b.dmMarks.add(user, "", msgID) // written once the store answers: a DM refused meanwhile is never read back
	}
}

// keepDMChannel stores the channel of a user's DMs when it is not the one
// stored already (a user's first DM).
func (b *Bot) keepDMChannel(user, channel string) {
	if st, err := b.st.GetSettings(user); channel == "" || err == nil && st.DMChannelID == channel {
		return
	}
	if _, err := b.st.UpdateSettings(user, func(s *store.Settings) { s.DMChannelID = channel }); err != nil {
		b.log.Warn("settings", "user", user, "err", err)
	}
}

// newerID compares Discord snowflakes.
func newerID(a, b string) bool {
	x, _ := strconv.ParseUint(a, 10, 64)
	y, _ := strconv.ParseUint(b, 10, 64)
	return x > y
}
