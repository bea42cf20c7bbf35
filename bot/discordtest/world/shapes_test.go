package world

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
	w := New(Options{})
	w.Lock()
	defer w.Unlock()
	for _, m := range sampleMessages(w) {
		got, want := wire.MustJSON(w.MessageJSON(m)), wire.MustJSON(messageMap(w, m))
		if string(got) != string(want) {
			t.Errorf("message %s\n got %s\nwant %s", m.ID, got, want)
		}
	}
}

// sampleMessages are messages with every optional part, some with JSON's
// keys in their texts; callers hold the lock.
func sampleMessages(w *World) []*Message {
	alice := w.AddUser(User{Username: "alice", GlobalName: "Alice <&>"})
	bob := w.AddUser(User{Username: "bob"})
	ch := w.Channels[w.ChanOrder[0]]
	th := w.AddChannel(Channel{Name: "thread", Type: discordgo.ChannelTypeGuildPublicThread, GuildID: ch.GuildID, ParentID: ch.ID, Created: time.Now()})
	in := w.NewInteraction(discordgo.InteractionApplicationCommand, alice, ch)
	in.Name = "shogi"
	now := time.Now()
	return []*Message{
		{ID: "1", ChannelID: ch.ID, GuildID: ch.GuildID, Author: w.Bot, Content: "hi", Created: now},
		{ID: "2", ChannelID: ch.ID, GuildID: ch.GuildID, Author: *alice, Content: "<@" + bob.ID + "> <@" + alice.ID + "> \"x\" \u2028",
			Mentions: []string{bob.ID, alice.ID, "404"}, Created: now, Edited: now.Add(time.Second), Nonce: "n1",
			Embeds: json.RawMessage(`[{"title": "t"}]`), Components: json.RawMessage(`null`), Reference: json.RawMessage(`{"message_id":"1"}`),
			ThreadID: th.ID, Type: discordgo.MessageTypeReply},
		{ID: "3", ChannelID: ch.ID, GuildID: ch.GuildID, Author: w.Bot, Flags: discordgo.MessageFlagsEphemeral | discordgo.MessageFlagsLoading,
			WebhookID: w.App, InteractionID: in.ID, Created: now, Components: json.RawMessage(`[{"type":1,"components":[]}]`),
			Attachments: []Attachment{
				{ID: "a1", Filename: "board.png", ContentType: "image/png", Description: "the board", Data: []byte("png"), Width: 10, Height: 20},
				{ID: "a2", Filename: "game.kif", ContentType: "text/plain"},
			}},
		{ID: "4", ChannelID: ch.ID, Author: w.Bot, InteractionID: "gone", ThreadID: "gone", Attachments: []Attachment{{ID: "a3", Width: 5}}},
		{ID: "5", ChannelID: ch.ID, GuildID: ch.GuildID, Author: w.Bot, Content: `","id":"x","mention_everyone":true,"`,
			Components: json.RawMessage(`[{"id":1,"mention_everyone":{"id":[]}}]`), Nonce: `"id":`, Created: now},
		{ID: "6", ChannelID: ch.ID, GuildID: ch.GuildID, Author: *bob, Content: "bob's", Created: now},
	}
}

// messageMap is messageJSON as an obj, as it was before MessageObj.
func messageMap(w *World, m *Message) obj {
	mentions := []any{}
	for _, id := range m.Mentions {
		if u, ok := w.Users[id]; ok {
			mentions = append(mentions, UserJSON(u))
		}
	}
	attachments := []any{}
	for _, a := range m.Attachments {
		ao := obj{
			"id":           a.ID,
			"filename":     a.Filename,
			"size":         len(a.Data),
			"url":          w.BaseURL + "/attachments/" + m.ChannelID + "/" + a.ID + "/" + a.Filename,
			"proxy_url":    w.BaseURL + "/attachments/" + m.ChannelID + "/" + a.ID + "/" + a.Filename,
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
		"author":           UserJSON(&m.Author),
		"content":          m.Content,
		"timestamp":        Timestamp(m.Created),
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
		o["edited_timestamp"] = Timestamp(m.Edited)
	}
	if m.Nonce != "" {
		o["nonce"] = m.Nonce
	}
	if m.WebhookID != "" {
		o["webhook_id"] = m.WebhookID
		o["application_id"] = w.App
	}
	if m.InteractionID != "" {
		if in := w.Interactions[m.InteractionID]; in != nil {
			u := w.Users[in.UserID]
			o["interaction_metadata"] = obj{
				"id":                             in.ID,
				"type":                           int(in.Type),
				"user":                           UserJSON(u),
				"authorizing_integration_owners": obj{},
			}
			o["interaction"] = obj{"id": in.ID, "type": int(in.Type), "name": in.Name, "user": UserJSON(u)}
		}
	}
	if m.ThreadID != "" {
		if c, ok := w.Channels[m.ThreadID]; ok {
			o["thread"] = w.ChannelJSON(c)
		}
	}
	if len(m.Reference) > 0 {
		o["message_reference"] = m.Reference
	}
	return o
}
