package rest

import (
	"net/http"
	"shinpan/bot/discordtest/wire"
	"shinpan/bot/discordtest/world"
	"time"

	"github.com/bwmarrin/discordgo"
)

// callbackAllowed reports whether a callback type may answer an interaction type.
func callbackAllowed(in *world.InteractionState, t discordgo.InteractionResponseType) bool {
	it := in.Type
	switch t {
	case discordgo.InteractionResponseChannelMessageWithSource, discordgo.InteractionResponseDeferredChannelMessageWithSource:
		return it == discordgo.InteractionApplicationCommand || it == discordgo.InteractionMessageComponent || it == discordgo.InteractionModalSubmit
	case discordgo.InteractionResponseDeferredMessageUpdate, discordgo.InteractionResponseUpdateMessage:
		return it == discordgo.InteractionMessageComponent || (it == discordgo.InteractionModalSubmit && in.MessageID != "")
	case discordgo.InteractionApplicationCommandAutocompleteResult:
		return it == discordgo.InteractionApplicationCommandAutocomplete
	case discordgo.InteractionResponseModal:
		return it == discordgo.InteractionApplicationCommand || it == discordgo.InteractionMessageComponent
	}
	return false
}

// POST /interactions/{interaction_id}/{interaction_token}/callback (JSON or
// multipart) -> 204, or 200 with the callback resource when with_response=true.
// Errors: 404 10062 for an unknown id/token or after Options.AckDeadline;
// 400 40060 when already acknowledged; 400 40000 for a callback type that
// cannot answer this interaction type.
func (h *handlers) interactionCallback(c *call) (int, any, *wire.APIError) {
	in := h.w.Interactions[c.param("interaction_id")]
	if in == nil || in.Token != c.param("interaction_token") {
		return 0, nil, errUnknownInter()
	}
	c.req.InteractionID = in.ID
	if in.Callback != nil {
		return 0, nil, errAlreadyAcked()
	}
	if d := h.w.Opts.AckDeadline; d > 0 && c.req.Time.Sub(in.Created) > d {
		return 0, nil, errUnknownInter()
	}
	t := discordgo.InteractionResponseType(c.body.Int("type"))
	if !callbackAllowed(in, t) {
		return 0, nil, wire.NewAPIError(http.StatusBadRequest, wire.CodeInvalidInteractionReply, "Interaction callback type not allowed for this interaction")
	}
	data := wire.Parse(c.body["data"])
	cb := &world.Callback{Type: t, Data: c.body["data"], Files: c.files, Time: time.Now()}
	if string(cb.Data) == "null" {
		cb.Data = nil
	}
	switch t {
	case discordgo.InteractionResponseChannelMessageWithSource:
		m := h.interactionMessage(in, data, c.files, false)
		in.OriginalID = m.ID
		c.req.MessageID = m.ID
		h.gw.SendMessage("MESSAGE_CREATE", m)
	case discordgo.InteractionResponseDeferredChannelMessageWithSource:
		m := h.interactionMessage(in, data, nil, true)
		in.OriginalID = m.ID
		c.req.MessageID = m.ID
		h.gw.SendMessage("MESSAGE_CREATE", m)
	case discordgo.InteractionResponseDeferredMessageUpdate:
		in.OriginalID = in.MessageID
		if m := h.w.Messages[in.MessageID]; m != nil {
			cb.EditsBefore = m.Edits
		}
	case discordgo.InteractionResponseUpdateMessage:
		in.OriginalID = in.MessageID
		if m := h.w.Messages[in.MessageID]; m != nil && !m.Deleted {
			h.w.EditMessage(m, data, c.files)
			c.req.MessageID = m.ID
			h.gw.SendMessage("MESSAGE_UPDATE", m)
		}
	case discordgo.InteractionResponseModal:
		in.Modal = cb.Data
	}
	in.Callback = cb
	h.w.Touch()
	if c.req.Query.Get("with_response") == "true" {
		res := obj{"type": int(t)}
		if m := h.w.Messages[in.OriginalID]; m != nil && t != discordgo.InteractionResponseDeferredMessageUpdate {
			res["message"] = h.w.MessageJSON(m)
		}
		return http.StatusOK, obj{
			"interaction": obj{
				"id": in.ID, "type": int(in.Type), "activity_instance_id": nil,
				"response_message_id": nilIfEmpty(in.OriginalID), "response_message_loading": t == discordgo.InteractionResponseDeferredChannelMessageWithSource,
				"response_message_ephemeral": data.Int("flags")&int64(discordgo.MessageFlagsEphemeral) != 0,
			},
			"resource": res,
		}, nil
	}
	return http.StatusNoContent, nil, nil
}

func nilIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// interactionMessage stores a message sent through the interaction's
// webhook: the response (type 4), a deferred placeholder, or a follow-up.
func (h *handlers) interactionMessage(in *world.InteractionState, data wire.Payload, files []world.File, loading bool) *world.Message {
	ch := h.w.Channels[in.ChannelID]
	m := &world.Message{
		ID:            h.w.IDs.Next(),
		ChannelID:     in.ChannelID,
		GuildID:       in.GuildID,
		Author:        h.w.Bot,
		Type:          discordgo.MessageTypeDefault,
		Flags:         discordgo.MessageFlags(data.Int("flags")),
		InteractionID: in.ID,
		WebhookID:     h.w.App,
		Created:       h.w.Now(),
	}
	if in.Type == discordgo.InteractionApplicationCommand {
		m.Type = discordgo.MessageTypeChatInputCommand
	}
	if loading {
		m.Flags = m.Flags&discordgo.MessageFlagsEphemeral | discordgo.MessageFlagsLoading
	} else {
		m.Content = data.Str("content")
		m.Mentions = world.MentionsIn(m.Content)
		m.Embeds = data.List("embeds")
		m.Components = data.List("components")
		m.Attachments = h.w.AttachmentsFrom(data, files)
	}
	if ch != nil {
		m.GuildID = ch.GuildID
	}
	h.w.StoreMessage(m)
	return m
}

// webhookInteraction finds the interaction behind /webhooks/{app}/{token}:
// 404 10015 when the application or token is unknown.
func (h *handlers) webhookInteraction(c *call) (*world.InteractionState, *wire.APIError) {
	if c.param("webhook_id") != h.w.App {
		return nil, errUnknownHook()
	}
	in := h.w.ByToken[c.param("webhook_token")]
	if in == nil {
		return nil, errUnknownHook()
	}
	c.req.InteractionID = in.ID
	return in, nil
}

// webhookMessage resolves {message_id} ("@original" or a follow-up id) of an interaction.
func (h *handlers) webhookMessage(in *world.InteractionState, id string) (*world.Message, *wire.APIError) {
	if id == "@original" {
		id = in.OriginalID
	}
	ok := id != "" && id == in.OriginalID
	for _, f := range in.FollowupIDs {
		ok = ok || f == id
	}
	m := h.w.Messages[id]
	if !ok || m == nil || m.Deleted {
		return nil, errUnknownMsg()
	}
	return m, nil
}

// POST /webhooks/{app}/{token}[?wait=true] (JSON or multipart): a follow-up
// message -> 200 with the message when wait=true, else 204. The first
// follow-up after a deferred (type 5) response replaces the "thinking"
// placeholder, and keeps its visibility, as Discord does (once the
// placeholder is deleted, a follow-up is a message of its own). Errors: 10015 before the interaction was
// acknowledged or for an unknown token; 50006 for an empty message.
func (h *handlers) executeWebhook(c *call) (int, any, *wire.APIError) {
	in, err := h.webhookInteraction(c)
	if err != nil {
		return 0, nil, err
	}
	if in.Callback == nil {
		return 0, nil, errUnknownHook()
	}
	if c.body.IsEmpty(len(c.files)) {
		return 0, nil, errEmptyMsg()
	}
	var m *world.Message
	if orig := h.w.Messages[in.OriginalID]; orig != nil && !orig.Deleted && orig.Loading() &&
		in.Callback.Type == discordgo.InteractionResponseDeferredChannelMessageWithSource {
		m = orig
		h.w.EditMessage(m, c.body, c.files)
		h.gw.SendMessage("MESSAGE_UPDATE", m)
	} else {
		m = h.interactionMessage(in, c.body, c.files, false)
		in.FollowupIDs = append(in.FollowupIDs, m.ID)
		h.gw.SendMessage("MESSAGE_CREATE", m)
	}
	c.req.MessageID = m.ID
	h.w.Touch()
	if c.req.Query.Get("wait") == "true" {
		return http.StatusOK, h.w.MessageJSON(m), nil
	}
	return http.StatusNoContent, nil, nil
}

// GET /webhooks/{app}/{token}/messages/{@original|id} -> the message, or 10008.
func (h *handlers) getWebhookMessage(c *call) (int, any, *wire.APIError) {
	in, err := h.webhookInteraction(c)
	if err != nil {
		return 0, nil, err
	}
	m, err := h.webhookMessage(in, c.param("message_id"))
	if err != nil {
		return 0, nil, err
	}
	return http.StatusOK, h.w.MessageJSON(m), nil
}

// PATCH /webhooks/{app}/{token}/messages/{@original|id} (JSON or multipart)
// -> the edited message, or 10008 when there is no such response yet.
func (h *handlers) editWebhookMessage(c *call) (int, any, *wire.APIError) {
	in, err := h.webhookInteraction(c)
	if err != nil {
		return 0, nil, err
	}
	m, err := h.webhookMessage(in, c.param("message_id"))
	if err != nil {
		return 0, nil, err
	}
	h.w.EditMessage(m, c.body, c.files)
	c.req.MessageID = m.ID
	h.gw.SendMessage("MESSAGE_UPDATE", m)
	return http.StatusOK, h.w.MessageJSON(m), nil
}

// DELETE /webhooks/{app}/{token}/messages/{@original|id} -> 204, or 10008.
func (h *handlers) deleteWebhookMessage(c *call) (int, any, *wire.APIError) {
	in, err := h.webhookInteraction(c)
	if err != nil {
		return 0, nil, err
	}
	m, err := h.webhookMessage(in, c.param("message_id"))
	if err != nil {
		return 0, nil, err
	}
	h.deleteMessage(m)
	c.req.MessageID = m.ID
	return http.StatusNoContent, nil, nil
}
