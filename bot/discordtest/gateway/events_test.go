package gateway

import (
	"encoding/json"
	"shinpan/bot/discordtest/wire"
	"shinpan/bot/discordtest/world"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// TestGuildEventBytes: a guild message's event data, spliced from its
// answer, is the bytes of its MessageObj with guild_id and member encoded.
func TestGuildEventBytes(t *testing.T) {
	w := world.New(world.Options{})
	g := New(w)
	w.Lock()
	defer w.Unlock()
	for _, m := range sampleMessages(w) {
		for _, member := range []json.RawMessage{nil, g.eventMember(m), wire.MustJSON(obj{"nick": `"id":"x","mention_everyone":true`})} {
			full := w.MessageJSON(m)
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
	w := world.New(world.Options{})
	g := New(w)
	w.Lock()
	defer w.Unlock()
	for _, m := range sampleMessages(w) {
		u := w.Users[m.Author.ID]
		got, want := g.eventMember(m), json.RawMessage(nil)
		if u != nil && m.WebhookID == "" {
			want = wire.MustJSON(w.MemberJSON(u, false))
		}
		if string(got) != string(want) {
			t.Errorf("message %s by %s: member %s, want %s", m.ID, m.Author.Username, got, want)
		}
	}
}

// sampleMessages (a copy of package world's) are messages with every optional part, some with JSON's
// keys in their texts; callers hold the lock.
func sampleMessages(w *world.World) []*world.Message {
	alice := w.AddUser(world.User{Username: "alice", GlobalName: "Alice <&>"})
	bob := w.AddUser(world.User{Username: "bob"})
	ch := w.Channels[w.ChanOrder[0]]
	th := w.AddChannel(world.Channel{Name: "thread", Type: discordgo.ChannelTypeGuildPublicThread, GuildID: ch.GuildID, ParentID: ch.ID, Created: time.Now()})
	in := w.NewInteraction(discordgo.InteractionApplicationCommand, alice, ch)
	in.Name = "shogi"
	now := time.Now()
	return []*world.Message{
		{ID: "1", ChannelID: ch.ID, GuildID: ch.GuildID, Author: w.Bot, Content: "hi", Created: now},
		{ID: "2", ChannelID: ch.ID, GuildID: ch.GuildID, Author: *alice, Content: "<@" + bob.ID + "> <@" + alice.ID + "> \"x\" \u2028",
			Mentions: []string{bob.ID, alice.ID, "404"}, Created: now, Edited: now.Add(time.Second), Nonce: "n1",
			Embeds: json.RawMessage(`[{"title": "t"}]`), Components: json.RawMessage(`null`), Reference: json.RawMessage(`{"message_id":"1"}`),
			ThreadID: th.ID, Type: discordgo.MessageTypeReply},
		{ID: "3", ChannelID: ch.ID, GuildID: ch.GuildID, Author: w.Bot, Flags: discordgo.MessageFlagsEphemeral | discordgo.MessageFlagsLoading,
			WebhookID: w.App, InteractionID: in.ID, Created: now, Components: json.RawMessage(`[{"type":1,"components":[]}]`),
			Attachments: []world.Attachment{
				{ID: "a1", Filename: "board.png", ContentType: "image/png", Description: "the board", Data: []byte("png"), Width: 10, Height: 20},
				{ID: "a2", Filename: "game.kif", ContentType: "text/plain"},
			}},
		{ID: "4", ChannelID: ch.ID, Author: w.Bot, InteractionID: "gone", ThreadID: "gone", Attachments: []world.Attachment{{ID: "a3", Width: 5}}},
		{ID: "5", ChannelID: ch.ID, GuildID: ch.GuildID, Author: w.Bot, Content: `","id":"x","mention_everyone":true,"`,
			Components: json.RawMessage(`[{"id":1,"mention_everyone":{"id":[]}}]`), Nonce: `"id":`, Created: now},
		{ID: "6", ChannelID: ch.ID, GuildID: ch.GuildID, Author: *bob, Content: "bob's", Created: now},
	}
}

// TestDispatchFrameEncodedOnce: a dispatch encoded once for its sessions is
// the very frame encodeFrame makes.
func TestDispatchFrameEncodedOnce(t *testing.T) {
	d := obj{"content": "<@1> & \u2028 \"x\"", "embeds": json.RawMessage(`[ {"a": 1} ]`), "n": 3}
	want := encodeFrame(0, d, 42, "MESSAGE_CREATE")
	if got := encodeDispatchFrame(wire.MustJSON(d), 42, "MESSAGE_CREATE"); string(got) != string(want) {
		t.Errorf("frame\n got %s\nwant %s", got, want)
	}
}
