package gateway

import (
	"encoding/json"
	"shinpan/bot/discordtest/wire"
	"shinpan/bot/discordtest/world"
)

// MessageIntent is the intent needed to receive events about m.
func MessageIntent(m *world.Message) int64 {
	if m.GuildID == "" {
		return IntentDirectMessages
	}
	return IntentGuildMessages
}

// SendMessage sends MESSAGE_CREATE or MESSAGE_UPDATE for a non-ephemeral
// message, with guild_id and member in guilds; sessions without the
// MESSAGE_CONTENT intent get guild messages from users without content
// unless the bot is mentioned.
func (g *Gateway) SendMessage(t string, m *world.Message) {
	g.SendMessageJSON(t, m)
}

// SendMessageJSON dispatches t for m (as SendMessage) and returns
// m's JSON as a REST answer gives it (messageJSON), encoded once: a DM's
// event data is that very JSON.
func (g *Gateway) SendMessageJSON(t string, m *world.Message) wire.Encoded {
	full := g.w.MessageJSON(m)
	js := wire.Encoded(wire.MustJSON(full))
	if m.Ephemeral() {
		return js
	}
	if m.GuildID == "" {
		g.Send(NewEvent(t, js, MessageIntent(m)))
		return js
	}
	full.GuildID, full.Member = m.GuildID, g.eventMember(m)
	d := NewEvent(t, guildEvent(full, js), MessageIntent(m)).In(m.GuildID)
	if m.Author.ID != g.w.Bot.ID && !mentions(m, g.w.Bot.ID) {
		stripped := full
		stripped.Content = ""
		stripped.Embeds = json.RawMessage("[]")
		stripped.Attachments = []world.AttachmentObj{}
		stripped.Components = json.RawMessage("[]")
		d.noContent = stripped
	}
	g.Send(d)
	return js
}

// eventMember is the member of m's author in its event in a guild, encoded
// (none for a webhook's message or an unknown author).
func (g *Gateway) eventMember(m *world.Message) json.RawMessage {
	u := g.w.Users[m.Author.ID]
	if m.WebhookID != "" || u == nil {
		return nil
	}
	if g.w.EventMember == nil {
		g.w.EventMember = wire.MustJSON(g.w.MemberJSON(u, false))
	}
	return g.w.EventMember
}

// guildEvent is full, a guild message's event data (its answer js plus
// guild_id and member), encoded from js: the two fields are put where
// encoding full would put them, between js's own bytes, not encoded again.
func guildEvent(full world.MessageObj, js []byte) any {
	adds := []wire.Field{{Before: "id", Name: "guild_id", Value: wire.MustJSON(full.GuildID)}}
	if full.Member != nil {
		adds = append(adds, wire.Field{Before: "mention_everyone", Name: "member", Value: full.Member})
	}
	if ev, ok := wire.WithFields(js, adds); ok {
		return wire.Encoded(ev)
	}
	return full
}

func mentions(m *world.Message, userID string) bool {
	for _, id := range m.Mentions {
		if id == userID {
			return true
		}
	}
	return false
}
