package bot

import (
	"encoding/json"
	"fmt"
	"strconv"

	"shinpan/bot/compose"
	"shinpan/bot/texts/uitexts"
	"shinpan/store"

	"github.com/bwmarrin/discordgo"
)

// undeliverable handles a message Discord refused for good: a player whose DMs
// closed mid-game is told in the channel; a channel the bot can no longer post
// in (missing permissions, deleted) is reported to the players by DM.
func (b *Bot) undeliverable(m store.OutMsg, rerr *discordgo.RESTError) {
	if m.GameID == 0 {
		return
	}
	meta, err := b.st.GetGame(m.GameID)
	if err != nil {
		return
	}
	code := 0
	if rerr.Message != nil {
		code = rerr.Message.Code
	}
	switch {
	case m.Dest == store.DestDM && code == discordgo.ErrCodeCannotSendMessagesToThisUser:
		b.closedDMs.Refused(m.Target, rerr)
		// Tell the channel once per game; the game waits for the player. Only
		// a DM sent at a public point may trigger it: the failure of a private
		// one (a note, an unannounced foul, a bounce) would date that action.
		var p compose.Payload
		if json.Unmarshal(m.Payload, &p) != nil || !p.Public {
			return
		}
		key := fmt.Sprintf("%d:%s", meta.ID, m.Target)
		b.mu.Lock()
		told := b.dmClosedTold[key]
		b.dmClosedTold[key] = true
		b.mu.Unlock()
		if !told && !meta.ChannelGone {
			note := uitexts.DMsClosedMidGame(b.readers.ChannelLang(meta), compose.Mention(m.Target), uint64(meta.ID))
			if err := b.st.Enqueue(compose.ToChannel(b.announceChannel(meta), compose.Payload{Content: note, Mentions: []string{m.Target}})); err != nil {
				b.log.Error("enqueue", "game", meta.ID, "user", m.Target, "err", err)
				b.mu.Lock()
				delete(b.dmClosedTold, key) // tell the channel next time
				b.mu.Unlock()
			}
		}
	case m.Dest == store.DestChannel && (code == discordgo.ErrCodeMissingPermissions || code == discordgo.ErrCodeUnknownChannel || code == discordgo.ErrCodeMissingAccess):
		if meta.ChannelGone {
			return
		}
		var out []store.OutMsg
		for _, u := range meta.Players {
			if u != "" && !compose.IsCPU(u) {
				out = append(out, compose.ToDM(u, compose.Payload{Content: uitexts.ChannelLost(b.readers.Lang(u), uint64(meta.ID))}))
			}
		}
		if _, err := b.st.UpdateGame(meta.ID, out, func(g *store.Game) error { g.ChannelGone = true; return nil }); err != nil {
			b.log.Error("channel gone", "game", meta.ID, "err", err)
		}
		b.games.Update(meta.ID, func(m *store.Game) { m.ChannelGone = true })
	}
}

// announceChannel is where a game's public announcements go: its thread when
// it has one, else its channel.
func (b *Bot) announceChannel(meta store.Game) string {
	if meta.ThreadID != "" {
		return meta.ThreadID
	}
	return meta.ChannelID
}

func itoa(n uint64) string { return strconv.FormatUint(n, 10) }

// threadStarted keeps the thread opened under a game's card in its live record.
func (b *Bot) threadStarted(id store.GameID, thread string) {
	b.games.Update(id, func(m *store.Game) { m.ThreadID = thread })
}
