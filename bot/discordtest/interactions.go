package discordtest

import (
	"context"
	"encoding/json"
	"net/http"
	"shinpan/bot/discordtest/wire"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Callback is an accepted interaction callback (POST .../callback).
type Callback struct {
	Type  discordgo.InteractionResponseType
	Data  json.RawMessage // the "data" object as sent; nil if none
	Files []File
	Time  time.Time
}

// Interaction is a snapshot of an interaction a simulated user started and
// everything the bot answered to it.
type Interaction struct {
	ID        string
	Token     string
	Type      discordgo.InteractionType
	UserID    string
	ChannelID string
	GuildID   string // empty in DMs
	Name      string // command name (application commands)
	CustomID  string // component or modal custom_id
	MessageID string // the message whose component was used
	Created   time.Time
	// Callback is the accepted callback; nil while unacknowledged. Later
	// callbacks were refused with 40060 and only appear in Requests.
	Callback *Callback
	// Original is the @original response message in its current state: the
	// message created by callback 4 or 5, or the component's message for 6 and 7.
	Original  *Message
	Followups []Message
}

// Acknowledged reports whether the bot has answered the callback.
func (i Interaction) Acknowledged() bool { return i.Callback != nil }

// Choice is one autocomplete choice the bot offered.
type Choice struct {
	Name  string `json:"name"`
	Value any    `json:"value"`
}

// Choices are the choices of an autocomplete callback (nil for any other).
func (i Interaction) Choices() []Choice {
	if i.Callback == nil || i.Callback.Type != discordgo.InteractionApplicationCommandAutocompleteResult {
		return nil
	}
	var d struct {
		Choices []Choice `json:"choices"`
	}
	_ = json.Unmarshal(i.Callback.Data, &d)
	return d.Choices
}

// Acknowledged is a WaitInteraction condition: the callback was accepted.
func Acknowledged(i Interaction) bool { return i.Acknowledged() }

// Answered is a WaitInteraction condition: the user sees an answer — a
// message or modal callback, or a deferred answer that has since been edited
// or followed up.
func Answered(i Interaction) bool {
	if i.Callback == nil {
		return false
	}
	switch i.Callback.Type {
	case discordgo.InteractionResponseDeferredChannelMessageWithSource:
		return (i.Original != nil && !i.Original.Loading()) || len(i.Followups) > 0
	case discordgo.InteractionResponseDeferredMessageUpdate:
		return (i.Original != nil && i.Original.Edits > 0) || len(i.Followups) > 0
	}
	return true
}

// HasFollowups returns a WaitInteraction condition: at least n follow-ups.
func HasFollowups(n int) func(Interaction) bool {
	return func(i Interaction) bool { return len(i.Followups) >= n }
}

// interaction is the stored state behind Interaction; guarded by Server.mu.
type interaction struct {
	Interaction // identity and Callback; Original and Followups are filled by snapshot
	originalID  string
	followups   []string
	modal       json.RawMessage // data of a type 9 callback
	submitted   bool            // the modal was submitted
}

func (s *Server) snapshot(in *interaction) Interaction {
	out := in.Interaction
	if m := s.world.messages[in.originalID]; m != nil {
		c := *m
		out.Original = &c
	}
	out.Followups = nil
	for _, id := range in.followups {
		out.Followups = append(out.Followups, *s.world.messages[id])
	}
	return out
}

// Interaction returns the interaction with the given id.
func (s *Server) Interaction(id string) (Interaction, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	in, ok := s.world.interactions[id]
	if !ok {
		return Interaction{}, false
	}
	return s.snapshot(in), true
}

// WaitInteraction waits until cond holds for the interaction (see
// Acknowledged, Answered, HasFollowups) and returns it.
func (s *Server) WaitInteraction(ctx context.Context, id string, cond func(Interaction) bool) (Interaction, error) {
	var out Interaction
	err := s.wait(ctx, func() bool {
		in, ok := s.world.interactions[id]
		if !ok {
			return false
		}
		out = s.snapshot(in)
		return cond(out)
	})
	return out, err
}

// callbackAllowed reports whether a callback type may answer an interaction type.
func callbackAllowed(in *interaction, t discordgo.InteractionResponseType) bool {
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
func (s *Server) interactionCallback(c *call) (int, any, *APIError) {
	in := s.world.interactions[c.param("interaction_id")]
	if in == nil || in.Token != c.param("interaction_token") {
		return 0, nil, errUnknownInter()
	}
	c.req.InteractionID = in.ID
	if in.Callback != nil {
		return 0, nil, errAlreadyAcked()
	}
	if d := s.opts.AckDeadline; d > 0 && c.req.Time.Sub(in.Created) > d {
		return 0, nil, errUnknownInter()
	}
	t := discordgo.InteractionResponseType(c.body.Int("type"))
	if !callbackAllowed(in, t) {
		return 0, nil, apiErr(http.StatusBadRequest, CodeInvalidInteractionReply, "Interaction callback type not allowed for this interaction")
	}
	data := wire.Parse(c.body["data"])
	cb := &Callback{Type: t, Data: c.body["data"], Files: c.files, Time: time.Now()}
	if string(cb.Data) == "null" {
		cb.Data = nil
	}
	switch t {
	case discordgo.InteractionResponseChannelMessageWithSource:
		m := s.interactionMessage(in, data, c.files, false)
		in.originalID = m.ID
		c.req.MessageID = m.ID
		s.dispatchMessage("MESSAGE_CREATE", m)
	case discordgo.InteractionResponseDeferredChannelMessageWithSource:
		m := s.interactionMessage(in, data, nil, true)
		in.originalID = m.ID
		c.req.MessageID = m.ID
		s.dispatchMessage("MESSAGE_CREATE", m)
	case discordgo.InteractionResponseDeferredMessageUpdate:
		in.originalID = in.MessageID
	case discordgo.InteractionResponseUpdateMessage:
		in.originalID = in.MessageID
		if m := s.world.messages[in.MessageID]; m != nil && !m.Deleted {
			s.editMessage(m, data, c.files)
			c.req.MessageID = m.ID
			s.dispatchMessage("MESSAGE_UPDATE", m)
		}
	case discordgo.InteractionResponseModal:
		in.modal = cb.Data
	}
	in.Callback = cb
	s.touch()
	if c.req.Query.Get("with_response") == "true" {
		res := obj{"type": int(t)}
		if m := s.world.messages[in.originalID]; m != nil && t != discordgo.InteractionResponseDeferredMessageUpdate {
			res["message"] = s.messageJSON(m)
		}
		return http.StatusOK, obj{
			"interaction": obj{
				"id": in.ID, "type": int(in.Type), "activity_instance_id": nil,
				"response_message_id": nilIfEmpty(in.originalID), "response_message_loading": t == discordgo.InteractionResponseDeferredChannelMessageWithSource,
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
func (s *Server) interactionMessage(in *interaction, data wire.Payload, files []File, loading bool) *Message {
	ch := s.world.channels[in.ChannelID]
	m := &Message{
		ID:            s.ids.next(),
		ChannelID:     in.ChannelID,
		GuildID:       in.GuildID,
		Author:        s.world.bot,
		Type:          discordgo.MessageTypeDefault,
		Flags:         discordgo.MessageFlags(data.Int("flags")),
		InteractionID: in.ID,
		WebhookID:     s.world.app,
		Created:       s.now(),
	}
	if in.Type == discordgo.InteractionApplicationCommand {
		m.Type = discordgo.MessageTypeChatInputCommand
	}
	if loading {
		m.Flags = m.Flags&discordgo.MessageFlagsEphemeral | discordgo.MessageFlagsLoading
	} else {
		m.Content = data.Str("content")
		m.Mentions = mentionsIn(m.Content)
		m.Embeds = data.List("embeds")
		m.Components = data.List("components")
		m.Attachments = s.attachmentsFrom(data, files)
	}
	if ch != nil {
		m.GuildID = ch.GuildID
	}
	s.storeMessage(m)
	return m
}

// webhookInteraction finds the interaction behind /webhooks/{app}/{token}:
// 404 10015 when the application or token is unknown.
func (s *Server) webhookInteraction(c *call) (*interaction, *APIError) {
	if c.param("webhook_id") != s.world.app {
		return nil, errUnknownHook()
	}
	in := s.world.byToken[c.param("webhook_token")]
	if in == nil {
		return nil, errUnknownHook()
	}
	c.req.InteractionID = in.ID
	return in, nil
}

// webhookMessage resolves {message_id} ("@original" or a follow-up id) of an interaction.
func (s *Server) webhookMessage(in *interaction, id string) (*Message, *APIError) {
	if id == "@original" {
		id = in.originalID
	}
	ok := id != "" && id == in.originalID
	for _, f := range in.followups {
		ok = ok || f == id
	}
	m := s.world.messages[id]
	if !ok || m == nil || m.Deleted {
		return nil, errUnknownMsg()
	}
	return m, nil
}

// POST /webhooks/{app}/{token}[?wait=true] (JSON or multipart): a follow-up
// message -> 200 with the message when wait=true, else 204. The first
// follow-up after a deferred (type 5) response replaces the "thinking"
// placeholder, as Discord does. Errors: 10015 before the interaction was
// acknowledged or for an unknown token; 50006 for an empty message.
func (s *Server) executeWebhook(c *call) (int, any, *APIError) {
	in, err := s.webhookInteraction(c)
	if err != nil {
		return 0, nil, err
	}
	if in.Callback == nil {
		return 0, nil, errUnknownHook()
	}
	if c.body.IsEmpty(len(c.files)) {
		return 0, nil, errEmptyMsg()
	}
	var m *Message
	if orig := s.world.messages[in.originalID]; orig != nil && orig.Loading() &&
		in.Callback.Type == discordgo.InteractionResponseDeferredChannelMessageWithSource {
		m = orig
		s.editMessage(m, c.body, c.files)
		s.dispatchMessage("MESSAGE_UPDATE", m)
	} else {
		m = s.interactionMessage(in, c.body, c.files, false)
		in.followups = append(in.followups, m.ID)
		s.dispatchMessage("MESSAGE_CREATE", m)
	}
	c.req.MessageID = m.ID
	s.touch()
	if c.req.Query.Get("wait") == "true" {
		return http.StatusOK, s.messageJSON(m), nil
	}
	return http.StatusNoContent, nil, nil
}

// GET /webhooks/{app}/{token}/messages/{@original|id} -> the message, or 10008.
func (s *Server) getWebhookMessage(c *call) (int, any, *APIError) {
	in, err := s.webhookInteraction(c)
	if err != nil {
		return 0, nil, err
	}
	m, err := s.webhookMessage(in, c.param("message_id"))
	if err != nil {
		return 0, nil, err
	}
	return http.StatusOK, s.messageJSON(m), nil
}

// PATCH /webhooks/{app}/{token}/messages/{@original|id} (JSON or multipart)
// -> the edited message, or 10008 when there is no such response yet.
func (s *Server) editWebhookMessage(c *call) (int, any, *APIError) {
	in, err := s.webhookInteraction(c)
	if err != nil {
		return 0, nil, err
	}
	m, err := s.webhookMessage(in, c.param("message_id"))
	if err != nil {
		return 0, nil, err
	}
	s.editMessage(m, c.body, c.files)
	c.req.MessageID = m.ID
	s.dispatchMessage("MESSAGE_UPDATE", m)
	return http.StatusOK, s.messageJSON(m), nil
}

// DELETE /webhooks/{app}/{token}/messages/{@original|id} -> 204, or 10008.
func (s *Server) deleteWebhookMessage(c *call) (int, any, *APIError) {
	in, err := s.webhookInteraction(c)
	if err != nil {
		return 0, nil, err
	}
	m, err := s.webhookMessage(in, c.param("message_id"))
	if err != nil {
		return 0, nil, err
	}
	s.deleteMessage(m)
	c.req.MessageID = m.ID
	return http.StatusNoContent, nil, nil
}
