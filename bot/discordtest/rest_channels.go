package discordtest

import (
	"encoding/json"
	"net/http"
	"shinpan/bot/discordtest/wire"
	"strconv"
	"time"

	"github.com/bwmarrin/discordgo"
)

// writableChannel checks that the bot may post in the channel: 404 10003 if
// unknown or deleted, 403 50013 without permissions, 403 50007 for a DM
// whose user has closed DMs.
func (s *Server) writableChannel(id string) (*Channel, *APIError) {
	ch, ok := s.liveChannel(id)
	if !ok {
		return nil, errUnknownChan()
	}
	if ch.MissingPermissions {
		return nil, errMissingPerm()
	}
	if ch.isDM() {
		if u := s.world.users[ch.RecipientID]; u != nil && u.DMsClosed {
			return nil, errCannotSend()
		}
	}
	return ch, nil
}

// GET /channels/{channel_id} -> channel object.
func (s *Server) getChannel(c *call) (int, any, *APIError) {
	ch, ok := s.liveChannel(c.param("channel_id"))
	if !ok {
		return 0, nil, errUnknownChan()
	}
	return http.StatusOK, s.channelJSON(ch), nil
}

// GET /channels/{channel_id}/messages?limit&before&after&around -> messages,
// newest first (see Server.history).
func (s *Server) listMessages(c *call) (int, any, *APIError) {
	ch, ok := s.liveChannel(c.param("channel_id"))
	if !ok {
		return 0, nil, errUnknownChan()
	}
	q := c.req.Query
	limit := 50
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 100 {
			return 0, nil, errFormBody()
		}
		limit = n
	}
	msgs := s.history(ch.ID, limit, q.Get("before"), q.Get("after"), q.Get("around"))
	out := make([]any, len(msgs))
	for i, m := range msgs {
		out[i] = s.messageJSON(m)
	}
	return http.StatusOK, out, nil
}

// GET /channels/{channel_id}/messages/{message_id} -> message, or 10008.
func (s *Server) getMessage(c *call) (int, any, *APIError) {
	if _, ok := s.liveChannel(c.param("channel_id")); !ok {
		return 0, nil, errUnknownChan()
	}
	m := s.world.messages[c.param("message_id")]
	if m == nil || m.Deleted || m.ChannelID != c.param("channel_id") || m.Ephemeral() {
		return 0, nil, errUnknownMsg()
	}
	return http.StatusOK, s.messageJSON(m), nil
}

// POST /channels/{channel_id}/messages (JSON or multipart) -> the message.
// Errors: 10003, 50013, 50007 (closed DMs), 50006 (empty message).
func (s *Server) createMessage(c *call) (int, any, *APIError) {
	ch, err := s.writableChannel(c.param("channel_id"))
	if err != nil {
		return 0, nil, err
	}
	if c.body.IsEmpty(len(c.files)) {
		return 0, nil, errEmptyMsg()
	}
	if m := s.sameNonce(ch.ID, s.world.bot.ID, c.body); m != nil {
		c.req.MessageID = m.ID
		c.req.Deduplicated = true
		return http.StatusOK, s.messageJSON(m), nil
	}
	m := s.newBotMessage(ch, c.body, c.files)
	c.req.MessageID = m.ID
	s.rememberNonce(m, c.body)
	return http.StatusOK, s.dispatchMessageJSON("MESSAGE_CREATE", m), nil
}

// PATCH /channels/{channel_id}/messages/{message_id} -> the edited message.
// Only the bot's own messages can be edited (50005).
func (s *Server) editChannelMessage(c *call) (int, any, *APIError) {
	ch, err := s.writableChannel(c.param("channel_id"))
	if err != nil {
		return 0, nil, err
	}
	m := s.world.messages[c.param("message_id")]
	if m == nil || m.Deleted || m.ChannelID != ch.ID {
		return 0, nil, errUnknownMsg()
	}
	if m.Author.ID != s.world.bot.ID {
		return 0, nil, errEditOthers()
	}
	s.editMessage(m, c.body, c.files)
	c.req.MessageID = m.ID
	return http.StatusOK, s.dispatchMessageJSON("MESSAGE_UPDATE", m), nil
}

// DELETE /channels/{channel_id}/messages/{message_id} -> 204. In DMs only the
// bot's own messages can be deleted (50003).
func (s *Server) deleteChannelMessage(c *call) (int, any, *APIError) {
	ch, ok := s.liveChannel(c.param("channel_id"))
	if !ok {
		return 0, nil, errUnknownChan()
	}
	m := s.world.messages[c.param("message_id")]
	if m == nil || m.Deleted || m.ChannelID != ch.ID {
		return 0, nil, errUnknownMsg()
	}
	if ch.isDM() && m.Author.ID != s.world.bot.ID {
		return 0, nil, errOnDM()
	}
	if ch.MissingPermissions && m.Author.ID != s.world.bot.ID {
		return 0, nil, errMissingPerm()
	}
	s.deleteMessage(m)
	c.req.MessageID = m.ID
	return http.StatusNoContent, nil, nil
}

func (s *Server) deleteMessage(m *Message) {
	m.Deleted = true
	s.touch()
	if !m.Ephemeral() {
		d := obj{"id": m.ID, "channel_id": m.ChannelID}
		if m.GuildID != "" {
			d["guild_id"] = m.GuildID
		}
		s.dispatchLocked(newDispatch("MESSAGE_DELETE", d, s.messageIntent(m)).in(m.GuildID))
	}
}

// POST /channels/{channel_id}/messages/{message_id}/threads {"name"} -> a
// public thread whose id is the message id. Errors: 50003 in DMs, 160004 if
// the message already has a thread.
func (s *Server) startThreadFromMessage(c *call) (int, any, *APIError) {
	ch, err := s.writableChannel(c.param("channel_id"))
	if err != nil {
		return 0, nil, err
	}
	if ch.isDM() {
		return 0, nil, errOnDM()
	}
	m := s.world.messages[c.param("message_id")]
	if m == nil || m.Deleted || m.ChannelID != ch.ID {
		return 0, nil, errUnknownMsg()
	}
	if m.ThreadID != "" {
		return 0, nil, apiErr(http.StatusBadRequest, CodeThreadAlreadyCreated, "A thread has already been created for this message")
	}
	th := s.addChannelLocked(Channel{
		ID: m.ID, Name: c.body.Str("name"), Type: discordgo.ChannelTypeGuildPublicThread,
		GuildID: ch.GuildID, ParentID: ch.ID, ThreadOwnerID: s.world.bot.ID, Created: time.Now(),
	})
	m.ThreadID = th.ID
	return s.threadCreated(c, th)
}

// POST /channels/{channel_id}/threads {"name","type"} -> a thread not tied to
// a message (type 12, private, unless type 11 is asked for).
func (s *Server) startThread(c *call) (int, any, *APIError) {
	ch, err := s.writableChannel(c.param("channel_id"))
	if err != nil {
		return 0, nil, err
	}
	if ch.isDM() {
		return 0, nil, errOnDM()
	}
	typ := discordgo.ChannelTypeGuildPrivateThread
	if c.body.Has("type") {
		typ = discordgo.ChannelType(c.body.Int("type"))
	}
	th := s.addChannelLocked(Channel{
		Name: c.body.Str("name"), Type: typ, GuildID: ch.GuildID, ParentID: ch.ID,
		ThreadOwnerID: s.world.bot.ID, Created: time.Now(),
	})
	return s.threadCreated(c, th)
}

func (s *Server) threadCreated(c *call, th *Channel) (int, any, *APIError) {
	o := s.channelJSON(th)
	d := s.channelJSON(th)
	d["newly_created"] = true
	s.dispatchLocked(newDispatch("THREAD_CREATE", d, intentGuilds).in(th.GuildID))
	return http.StatusCreated, o, nil
}

// messageIntent is the intent needed to receive events about m.
func (s *Server) messageIntent(m *Message) int64 {
	if m.GuildID == "" {
		return intentDirectMessages
	}
	return intentGuildMessages
}

// dispatchMessage sends MESSAGE_CREATE or MESSAGE_UPDATE for a non-ephemeral
// message, with guild_id and member in guilds; sessions without the
// MESSAGE_CONTENT intent get guild messages from users without content
// unless the bot is mentioned.
func (s *Server) dispatchMessage(t string, m *Message) {
	s.dispatchMessageJSON(t, m)
}

// dispatchMessageJSON dispatches t for m (as dispatchMessage) and returns
// m's JSON as a REST answer gives it (messageJSON), encoded once: a DM's
// event data is that very JSON.
func (s *Server) dispatchMessageJSON(t string, m *Message) wire.Encoded {
	full := s.messageJSON(m)
	js := wire.Encoded(wire.MustJSON(full))
	if m.Ephemeral() {
		return js
	}
	if m.GuildID == "" {
		s.dispatchLocked(newDispatch(t, js, s.messageIntent(m)))
		return js
	}
	full.GuildID, full.Member = m.GuildID, s.eventMember(m)
	d := newDispatch(t, guildEvent(full, js), s.messageIntent(m)).in(m.GuildID)
	if m.Author.ID != s.world.bot.ID && !mentions(m, s.world.bot.ID) {
		stripped := full
		stripped.Content = ""
		stripped.Embeds = json.RawMessage("[]")
		stripped.Attachments = []attachmentObj{}
		stripped.Components = json.RawMessage("[]")
		d.noContent = stripped
	}
	s.dispatchLocked(d)
	return js
}

// eventMember is the member of m's author in its event in a guild, encoded
// (none for a webhook's message or an unknown author).
func (s *Server) eventMember(m *Message) json.RawMessage {
	u := s.world.users[m.Author.ID]
	if m.WebhookID != "" || u == nil {
		return nil
	}
	if s.world.eventMember == nil {
		s.world.eventMember = wire.MustJSON(s.memberJSON(u, false))
	}
	return s.world.eventMember
}

// guildEvent is full, a guild message's event data (its answer js plus
// guild_id and member), encoded from js: the two fields are put where
// encoding full would put them, between js's own bytes, not encoded again.
func guildEvent(full messageObj, js []byte) any {
	adds := []wire.Field{{Before: "id", Name: "guild_id", Value: wire.MustJSON(full.GuildID)}}
	if full.Member != nil {
		adds = append(adds, wire.Field{Before: "mention_everyone", Name: "member", Value: full.Member})
	}
	if ev, ok := wire.WithFields(js, adds); ok {
		return wire.Encoded(ev)
	}
	return full
}

func mentions(m *Message, userID string) bool {
	for _, id := range m.Mentions {
		if id == userID {
			return true
		}
	}
	return false
}
