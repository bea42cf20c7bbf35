package discordtest

import (
	"encoding/json"
	"shinpan/bot/discordtest/wire"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// TestMessageObjBytes: messageJSON's struct encodes to the very bytes of the
// obj it replaced (messageMap), for messages with every optional part.
func TestMessageObjBytes(t *testing.T) {
	s := New(Options{})
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, m := range sampleMessages(s) {
		got, want := wire.MustJSON(s.messageJSON(m)), wire.MustJSON(s.messageMap(m))
		if string(got) != string(want) {
			t.Errorf("message %s\n got %s\nwant %s", m.ID, got, want)
		}
	}
}

// TestGuildEventBytes: a guild message's event data, spliced from its
// answer, is the bytes of its messageObj with guild_id and member encoded.
func TestGuildEventBytes(t *testing.T) {
	s := New(Options{})
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, m := range sampleMessages(s) {
		for _, member := range []json.RawMessage{nil, s.eventMember(m), wire.MustJSON(obj{"nick": `"id":"x","mention_everyone":true`})} {
			full := s.messageJSON(m)
			js := wire.MustJSON(full)
			full.GuildID, full.Member = "g\"<1>", member
			ev, ok := guildEvent(full, js).(wire.Encoded)
			if want := wire.MustJSON(full); !ok || string(ev) != string(want) {
				t.Errorf("message %s\n got %s\nwant %s", m.ID, ev, want)
			}
		}
	}
}

// TestEventMember: the member in a guild message's event is its author's
// memberJSON, whoever the author is; none for a webhook's message.
func TestEventMember(t *testing.T) {
	s := New(Options{})
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, m := range sampleMessages(s) {
		u := s.world.users[m.Author.ID]
		got, want := s.eventMember(m), json.RawMessage(nil)
		if u != nil && m.WebhookID == "" {
			want = wire.MustJSON(s.memberJSON(u, false))
		}
		if string(got) != string(want) {
			t.Errorf("message %s by %s: member %s, want %s", m.ID, m.Author.Username, got, want)
		}
	}
}

// sampleMessages are messages with every optional part, some with JSON's
// keys in their texts; callers hold s.mu.
func sampleMessages(s *Server) []*Message {
	alice := s.addUserLocked(User{Username: "alice", GlobalName: "Alice <&>"})
	bob := s.addUserLocked(User{Username: "bob"})
	ch := s.world.channels[s.world.chanOrder[0]]
	th := s.addChannelLocked(Channel{Name: "thread", Type: discordgo.ChannelTypeGuildPublicThread, GuildID: ch.GuildID, ParentID: ch.ID, Created: time.Now()})
	in := s.newInteraction(discordgo.InteractionApplicationCommand, alice, ch)
	in.Name = "shogi"
	now := time.Now()
	return []*Message{
		{ID: "1", ChannelID: ch.ID, GuildID: ch.GuildID, Author: s.world.bot, Content: "hi", Created: now},
		{ID: "2", ChannelID: ch.ID, GuildID: ch.GuildID, Author: *alice, Content: "<@" + bob.ID + "> <@" + alice.ID + "> \"x\" \u2028",
			Mentions: []string{bob.ID, alice.ID, "404"}, Created: now, Edited: now.Add(time.Second), Nonce: "n1",
			Embeds: json.RawMessage(`[{"title": "t"}]`), Components: json.RawMessage(`null`), Reference: json.RawMessage(`{"message_id":"1"}`),
			ThreadID: th.ID, Type: discordgo.MessageTypeReply},
		{ID: "3", ChannelID: ch.ID, GuildID: ch.GuildID, Author: s.world.bot, Flags: discordgo.MessageFlagsEphemeral | discordgo.MessageFlagsLoading,
			WebhookID: s.world.app, InteractionID: in.ID, Created: now, Components: json.RawMessage(`[{"type":1,"components":[]}]`),
			Attachments: []Attachment{
				{ID: "a1", Filename: "board.png", ContentType: "image/png", Description: "the board", Data: []byte("png"), Width: 10, Height: 20},
				{ID: "a2", Filename: "game.kif", ContentType: "text/plain"},
			}},
		{ID: "4", ChannelID: ch.ID, Author: s.world.bot, InteractionID: "gone", ThreadID: "gone", Attachments: []Attachment{{ID: "a3", Width: 5}}},
		{ID: "5", ChannelID: ch.ID, GuildID: ch.GuildID, Author: s.world.bot, Content: `","id":"x","mention_everyone":true,"`,
			Components: json.RawMessage(`[{"id":1,"mention_everyone":{"id":[]}}]`), Nonce: `"id":`, Created: now},
		{ID: "6", ChannelID: ch.ID, GuildID: ch.GuildID, Author: *bob, Content: "bob's", Created: now},
	}
}

// messageMap is messageJSON as an obj, as it was before messageObj.
func (s *Server) messageMap(m *Message) obj {
	mentions := []any{}
	for _, id := range m.Mentions {
		if u, ok := s.world.users[id]; ok {
			mentions = append(mentions, userJSON(u))
		}
	}
	attachments := []any{}
	for _, a := range m.Attachments {
		ao := obj{
			"id":           a.ID,
			"filename":     a.Filename,
			"size":         len(a.Data),
			"url":          s.baseURL + "/attachments/" + m.ChannelID + "/" + a.ID + "/" + a.Filename,
			"proxy_url":    s.baseURL + "/attachments/" + m.ChannelID + "/" + a.ID + "/" + a.Filename,
			"content_type": a.ContentType,
		}
		if a.Description != "" {
			ao["description"] = a.Description
		}
		if a.Width > 0 {
			ao["width"], ao["height"] = a.Width, a.Height
		}
		if m.Flags&discordgo.MessageFlagsEphemeral != 0 {
			ao["ephemeral"] = true
		}
		attachments = append(attachments, ao)
	}
	o := obj{
		"id":               m.ID,
		"type":             m.Type,
		"channel_id":       m.ChannelID,
		"author":           userJSON(&m.Author),
		"content":          m.Content,
		"timestamp":        timestamp(m.Created),
		"edited_timestamp": nil,
		"tts":              false,
		"mention_everyone": false,
		"mentions":         mentions,
		"mention_roles":    []any{},
		"attachments":      attachments,
		"embeds":           wire.RawOr(m.Embeds, "[]"),
		"components":       wire.RawOr(m.Components, "[]"),
		"pinned":           false,
		"flags":            int(m.Flags),
	}
	if !m.Edited.IsZero() {
		o["edited_timestamp"] = timestamp(m.Edited)
	}
	if m.Nonce != "" {
		o["nonce"] = m.Nonce
	}
	if m.WebhookID != "" {
		o["webhook_id"] = m.WebhookID
		o["application_id"] = s.world.app
	}
	if m.InteractionID != "" {
		if in := s.world.interactions[m.InteractionID]; in != nil {
			u := s.world.users[in.UserID]
			o["interaction_metadata"] = obj{
				"id":                             in.ID,
				"type":                           int(in.Type),
				"user":                           userJSON(u),
				"authorizing_integration_owners": obj{},
			}
			o["interaction"] = obj{"id": in.ID, "type": int(in.Type), "name": in.Name, "user": userJSON(u)}
		}
	}
	if m.ThreadID != "" {
		if c, ok := s.world.channels[m.ThreadID]; ok {
			o["thread"] = s.channelJSON(c)
		}
	}
	if len(m.Reference) > 0 {
		o["message_reference"] = m.Reference
	}
	return o
}
