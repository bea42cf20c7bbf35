package world

import (
	"encoding/json"
	"regexp"
	"shinpan/bot/discordtest/wire"
	"sort"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Attachment is a file attached to a message, with its bytes.
type Attachment struct {
	ID          string
	Filename    string
	ContentType string
	Description string
	Data        []byte
	Width       int // images only
	Height      int
	size        int // len(Data), also when Data is not kept (Options.Lean)
}

// Message is a message in a channel, posted by the bot (REST, interaction
// responses, follow-ups) or by a simulated user, in its current state.
type Message struct {
	ID        string
	ChannelID string
	GuildID   string // empty in DMs
	Author    User
	Type      discordgo.MessageType
	Content   string
	Flags     discordgo.MessageFlags
	// Embeds and Components are the JSON arrays as the bot sent them (nil if none).
	Embeds      json.RawMessage
	Components  json.RawMessage
	Attachments []Attachment
	Mentions    []string        // ids of users mentioned as <@id>
	Reference   json.RawMessage // message_reference as sent
	// Nonce is the nonce the bot sent, which Discord echoes in the message object.
	Nonce string
	// InteractionID is set on the @original response and follow-ups of an interaction.
	InteractionID string
	WebhookID     string // the application id for interaction messages
	ThreadID      string // thread started from this message
	Created       time.Time
	Edited        time.Time // zero if never edited
	Edits         int
	Deleted       bool
	// Reactions are the emojis the bot reacted with, in order.
	Reactions []string
}

// Ephemeral reports whether only the interaction's user can see the message.
func (m Message) Ephemeral() bool { return m.Flags&discordgo.MessageFlagsEphemeral != 0 }

// Loading reports whether the message is a deferred "thinking..." placeholder.
func (m Message) Loading() bool { return m.Flags&discordgo.MessageFlagsLoading != 0 }

// Discord decodes the message's components and embeds with discordgo's own
// types, for assertions on buttons and selects.
func (m Message) Discord() (*discordgo.Message, error) {
	var out discordgo.Message
	raw := struct {
		Content    string          `json:"content"`
		Embeds     json.RawMessage `json:"embeds"`
		Components json.RawMessage `json:"components"`
	}{m.Content, wire.RawOr(m.Embeds, "[]"), wire.RawOr(m.Components, "[]")}
	b, err := json.Marshal(raw)
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(b, &out); err != nil {
		return nil, err
	}
	out.ID, out.ChannelID, out.GuildID = m.ID, m.ChannelID, m.GuildID
	out.Author = &discordgo.User{ID: m.Author.ID, Username: m.Author.Username, Bot: m.Author.Bot}
	out.Flags = m.Flags
	out.Timestamp = m.Created
	return &out, nil
}

var mentionRE = regexp.MustCompile(`<@!?(\d+)>`)

// MentionsIn is the ids of the users mentioned in content as <@id>.
func MentionsIn(content string) []string {
	var ids []string
	for _, m := range mentionRE.FindAllStringSubmatch(content, -1) {
		ids = append(ids, m[1])
	}
	return ids
}

// AttachmentsFrom turns uploaded file parts into attachments, taking
// descriptions from the payload's "attachments" entries (matched by id = N of files[N]).
func (w *World) AttachmentsFrom(p wire.Payload, files []File) []Attachment {
	if len(files) == 0 {
		return nil
	}
	desc := map[string]string{}
	for _, a := range wire.AttachmentRefs(p["attachments"]) {
		desc[strings.Trim(string(a.ID), `"`)] = a.Description
	}
	var out []Attachment
	for _, f := range files {
		a := Attachment{ID: w.IDs.Next(), Filename: f.Filename, ContentType: f.ContentType, Data: f.Data, size: f.size, Description: desc[f.Index],
			Width: f.width, Height: f.height}
		if w.Opts.Lean {
			a.Data = nil
		}
		out = append(out, a)
	}
	return out
}

// NewBotMessage stores a message from the bot built from payload p and files.
func (w *World) NewBotMessage(c *Channel, p wire.Payload, files []File) *Message {
	m := &Message{
		ID:          w.IDs.Next(),
		ChannelID:   c.ID,
		GuildID:     c.GuildID,
		Author:      w.Bot,
		Type:        discordgo.MessageTypeDefault,
		Content:     p.Str("content"),
		Flags:       discordgo.MessageFlags(p.Int("flags")),
		Embeds:      p.List("embeds"),
		Components:  p.List("components"),
		Attachments: w.AttachmentsFrom(p, files),
		Reference:   p["message_reference"],
		Nonce:       p.Str("nonce"),
		Created:     w.Now(),
	}
	if string(m.Reference) == "null" {
		m.Reference = nil
	}
	if m.Reference != nil {
		m.Type = discordgo.MessageTypeReply
	}
	m.Mentions = MentionsIn(m.Content)
	w.StoreMessage(m)
	return m
}

// StoreMessage appends m to its channel's history.
func (w *World) StoreMessage(m *Message) {
	w.Messages[m.ID] = m
	w.ChannelMsgs[m.ChannelID] = append(w.ChannelMsgs[m.ChannelID], m)
	w.Touch()
}

// EditMessage applies the fields present in p (content, embeds, components,
// flags except ephemeral, attachments to keep) and appends new files. A
// present content replaces the old one even when empty, and embeds null
// removes the embeds, as on Discord.
func (w *World) EditMessage(m *Message, p wire.Payload, files []File) {
	if p.Has("content") {
		m.Content = p.Str("content")
		m.Mentions = MentionsIn(m.Content)
	}
	if p.Has("embeds") {
		m.Embeds = p.List("embeds")
	}
	if p.Has("components") && string(p["components"]) != "null" {
		// Discord ignores "components": null (discord/discord-api-docs#5860);
		// only [] removes them. discordgo sends null on every type 7 answer.
		m.Components = p.List("components")
	}
	if p.Has("flags") {
		keep := m.Flags & discordgo.MessageFlagsEphemeral
		m.Flags = discordgo.MessageFlags(p.Int("flags"))&^discordgo.MessageFlagsEphemeral | keep
	}
	m.Flags &^= discordgo.MessageFlagsLoading
	if p.Has("attachments") {
		ids := map[string]bool{}
		for _, k := range wire.AttachmentRefs(p["attachments"]) {
			ids[strings.Trim(string(k.ID), `"`)] = true
		}
		var kept []Attachment
		for _, a := range m.Attachments {
			if ids[a.ID] {
				kept = append(kept, a)
			}
		}
		m.Attachments = kept
	}
	if len(files) > 0 {
		m.Attachments = append(append([]Attachment(nil), m.Attachments...), w.AttachmentsFrom(p, files)...)
	}
	m.Edited = w.Now()
	m.Edits++
	w.Touch()
}

// VisibleTo reports whether user id can see m (ephemeral messages are only
// visible to the interaction's user).
func (w *World) VisibleTo(m *Message, userID string) bool {
	if !m.Ephemeral() {
		return true
	}
	in := w.Interactions[m.InteractionID]
	return in != nil && in.UserID == userID
}

// History answers GET /channels/{id}/messages: non-ephemeral, non-deleted
// messages, newest first, limited to limit, selected by before, after or
// around (message ids) as Discord does.
func (w *World) History(channelID string, limit int, before, after, around string) []*Message {
	var all []*Message
	for _, m := range w.ChannelMsgs[channelID] {
		if !m.Deleted && !m.Ephemeral() {
			all = append(all, m)
		}
	}
	sort.Slice(all, func(i, j int) bool { return SnowflakeLess(all[i].ID, all[j].ID) })
	var sel []*Message
	switch {
	case after != "":
		for _, m := range all {
			if SnowflakeLess(after, m.ID) {
				sel = append(sel, m)
			}
		}
		if len(sel) > limit {
			sel = sel[:limit]
		}
	case around != "":
		i := sort.Search(len(all), func(i int) bool { return !SnowflakeLess(all[i].ID, around) })
		lo := max(0, i-limit/2)
		hi := min(len(all), lo+limit)
		sel = all[lo:hi]
	default:
		for _, m := range all {
			if before == "" || SnowflakeLess(m.ID, before) {
				sel = append(sel, m)
			}
		}
		if len(sel) > limit {
			sel = sel[len(sel)-limit:]
		}
	}
	out := make([]*Message, len(sel))
	for i, m := range sel {
		out[len(sel)-1-i] = m
	}
	return out
}

// ChannelMessages is the messages of a channel, oldest first, in their
// current state; botOnly keeps the bot's that are not deleted.
func (w *World) ChannelMessages(channelID string, botOnly bool) []Message {
	var out []Message
	for _, m := range w.ChannelMsgs[channelID] {
		if botOnly && (m.Author.ID != w.Bot.ID || m.Deleted) {
			continue
		}
		out = append(out, *m)
	}
	return out
}

// NonceWindow is how long a nonce sent with enforce_nonce keeps a second
// create from making a new message. Discord documents "the past few minutes".
const NonceWindow = 5 * time.Minute

// nonceKey scopes a nonce as Discord does: one author in one channel.
type nonceKey struct{ channel, author, nonce string }

// SameNonce returns the message an earlier create with p's nonce made in the
// channel, when p asks for enforce_nonce and that message is recent and not
// deleted; nil otherwise. Callers hold the lock.
func (w *World) SameNonce(channel, author string, p wire.Payload) *Message {
	n := p.Str("nonce")
	if n == "" || !p.Bool("enforce_nonce") {
		return nil
	}
	m := w.Nonces[nonceKey{channel, author, n}]
	if m == nil || m.Deleted || time.Since(m.Created) > NonceWindow {
		return nil
	}
	return m
}

// RememberNonce records the message a create with enforce_nonce made.
// Callers hold the lock.
func (w *World) RememberNonce(m *Message, p wire.Payload) {
	if m.Nonce == "" || !p.Bool("enforce_nonce") {
		return
	}
	w.Nonces[nonceKey{m.ChannelID, m.Author.ID, m.Nonce}] = m
}
