package rest

import (
	"net/http"
	"shinpan/bot/discordtest/gateway"
	"shinpan/bot/discordtest/wire"
	"shinpan/bot/discordtest/world"
	"strconv"
	"time"

	"github.com/bwmarrin/discordgo"
)

// writableChannel checks that the bot may post in the channel: 404 10003 if
// unknown or deleted, 403 50013 without permissions, 403 50007 for a DM
// whose user has closed DMs.
func (h *handlers) writableChannel(id string) (*world.Channel, *wire.APIError) {
	ch, ok := h.w.LiveChannel(id)
	if !ok {
		return nil, errUnknownChan()
	}
	if ch.MissingPermissions {
		return nil, errMissingPerm()
	}
	if ch.IsDM() {
		if u := h.w.Users[ch.RecipientID]; u != nil && u.DMsClosed {
			return nil, errCannotSend()
		}
	}
	return ch, nil
}

// GET /channels/{channel_id} -> channel object.
func (h *handlers) getChannel(c *call) (int, any, *wire.APIError) {
	ch, ok := h.w.LiveChannel(c.param("channel_id"))
	if !ok {
		return 0, nil, errUnknownChan()
	}
	return http.StatusOK, h.w.ChannelJSON(ch), nil
}

// GET /channels/{channel_id}/messages?limit&before&after&around -> messages,
// newest first (see World.History).
func (h *handlers) listMessages(c *call) (int, any, *wire.APIError) {
	ch, ok := h.w.LiveChannel(c.param("channel_id"))
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
	msgs := h.w.History(ch.ID, limit, q.Get("before"), q.Get("after"), q.Get("around"))
	out := make([]any, len(msgs))
	for i, m := range msgs {
		out[i] = h.w.MessageJSON(m)
	}
	return http.StatusOK, out, nil
}

// GET /channels/{channel_id}/messages/{message_id} -> message, or 10008.
func (h *handlers) getMessage(c *call) (int, any, *wire.APIError) {
	if _, ok := h.w.LiveChannel(c.param("channel_id")); !ok {
		return 0, nil, errUnknownChan()
	}
	m := h.w.Messages[c.param("message_id")]
	if m == nil || m.Deleted || m.ChannelID != c.param("channel_id") || m.Ephemeral() {
		return 0, nil, errUnknownMsg()
	}
	return http.StatusOK, h.w.MessageJSON(m), nil
}

// POST /channels/{channel_id}/messages (JSON or multipart) -> the message.
// Errors: 10003, 50013, 50007 (closed DMs), 50006 (empty message).
func (h *handlers) createMessage(c *call) (int, any, *wire.APIError) {
	ch, err := h.writableChannel(c.param("channel_id"))
	if err != nil {
		return 0, nil, err
	}
	if c.body.IsEmpty(len(c.files)) {
		return 0, nil, errEmptyMsg()
	}
	if m := h.w.SameNonce(ch.ID, h.w.Bot.ID, c.body); m != nil {
		c.req.MessageID = m.ID
		c.req.Deduplicated = true
		return http.StatusOK, h.w.MessageJSON(m), nil
	}
	m := h.w.NewBotMessage(ch, c.body, c.files)
	c.req.MessageID = m.ID
	h.w.RememberNonce(m, c.body)
	return http.StatusOK, h.gw.SendMessageJSON("MESSAGE_CREATE", m), nil
}

// PATCH /channels/{channel_id}/messages/{message_id} -> the edited message.
// Only the bot's own messages can be edited (50005).
func (h *handlers) editChannelMessage(c *call) (int, any, *wire.APIError) {
	ch, err := h.writableChannel(c.param("channel_id"))
	if err != nil {
		return 0, nil, err
	}
	m := h.w.Messages[c.param("message_id")]
	if m == nil || m.Deleted || m.ChannelID != ch.ID {
		return 0, nil, errUnknownMsg()
	}
	if m.Author.ID != h.w.Bot.ID {
		return 0, nil, errEditOthers()
	}
	h.w.EditMessage(m, c.body, c.files)
	c.req.MessageID = m.ID
	return http.StatusOK, h.gw.SendMessageJSON("MESSAGE_UPDATE", m), nil
}

// DELETE /channels/{channel_id}/messages/{message_id} -> 204. In DMs only the
// bot's own messages can be deleted (50003).
func (h *handlers) deleteChannelMessage(c *call) (int, any, *wire.APIError) {
	ch, ok := h.w.LiveChannel(c.param("channel_id"))
	if !ok {
		return 0, nil, errUnknownChan()
	}
	m := h.w.Messages[c.param("message_id")]
	if m == nil || m.Deleted || m.ChannelID != ch.ID {
		return 0, nil, errUnknownMsg()
	}
	if ch.IsDM() && m.Author.ID != h.w.Bot.ID {
		return 0, nil, errOnDM()
	}
	if ch.MissingPermissions && m.Author.ID != h.w.Bot.ID {
		return 0, nil, errMissingPerm()
	}
	h.deleteMessage(m)
	c.req.MessageID = m.ID
	return http.StatusNoContent, nil, nil
}

func (h *handlers) deleteMessage(m *world.Message) {
	m.Deleted = true
	h.w.Touch()
	if !m.Ephemeral() {
		d := obj{"id": m.ID, "channel_id": m.ChannelID}
		if m.GuildID != "" {
			d["guild_id"] = m.GuildID
		}
		h.gw.Send(gateway.NewEvent("MESSAGE_DELETE", d, gateway.MessageIntent(m)).In(m.GuildID))
	}
}

// POST /channels/{channel_id}/messages/{message_id}/threads {"name"} -> a
// public thread whose id is the message id. Errors: 50003 in DMs, 160004 if
// the message already has a thread.
func (h *handlers) startThreadFromMessage(c *call) (int, any, *wire.APIError) {
	ch, err := h.writableChannel(c.param("channel_id"))
	if err != nil {
		return 0, nil, err
	}
	if ch.IsDM() {
		return 0, nil, errOnDM()
	}
	m := h.w.Messages[c.param("message_id")]
	if m == nil || m.Deleted || m.ChannelID != ch.ID {
		return 0, nil, errUnknownMsg()
	}
	if m.ThreadID != "" {
		return 0, nil, wire.NewAPIError(http.StatusBadRequest, wire.CodeThreadAlreadyCreated, "A thread has already been created for this message")
	}
	th := h.w.AddChannel(world.Channel{
		ID: m.ID, Name: c.body.Str("name"), Type: discordgo.ChannelTypeGuildPublicThread,
		GuildID: ch.GuildID, ParentID: ch.ID, ThreadOwnerID: h.w.Bot.ID, Created: time.Now(),
	})
	m.ThreadID = th.ID
	return h.threadCreated(c, th)
}

// POST /channels/{channel_id}/threads {"name","type"} -> a thread not tied to
// a message (type 12, private, unless type 11 is asked for).
func (h *handlers) startThread(c *call) (int, any, *wire.APIError) {
	ch, err := h.writableChannel(c.param("channel_id"))
	if err != nil {
		return 0, nil, err
	}
	if ch.IsDM() {
		return 0, nil, errOnDM()
	}
	typ := discordgo.ChannelTypeGuildPrivateThread
	if c.body.Has("type") {
		typ = discordgo.ChannelType(c.body.Int("type"))
	}
	th := h.w.AddChannel(world.Channel{
		Name: c.body.Str("name"), Type: typ, GuildID: ch.GuildID, ParentID: ch.ID,
		ThreadOwnerID: h.w.Bot.ID, Created: time.Now(),
	})
	return h.threadCreated(c, th)
}

func (h *handlers) threadCreated(c *call, th *world.Channel) (int, any, *wire.APIError) {
	o := h.w.ChannelJSON(th)
	d := h.w.ChannelJSON(th)
	d["newly_created"] = true
	h.gw.Send(gateway.NewEvent("THREAD_CREATE", d, gateway.IntentGuilds).In(th.GuildID))
	return http.StatusCreated, o, nil
}
