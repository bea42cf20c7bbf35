package discordtest

import (
	"context"
	"encoding/json"
	"fmt"
	"shinpan/bot/discordtest/gateway"
	"shinpan/bot/discordtest/wire"

	"github.com/bwmarrin/discordgo"
)

// AppID is the simulated application's id.
func (s *Server) AppID() string { return s.w.Opts.AppID }

// GuildID is the simulated guild's id.
func (s *Server) GuildID() string { return s.w.Opts.GuildID }

// BotUser is the bot's own user.
func (s *Server) BotUser() User {
	s.w.Lock()
	defer s.w.Unlock()
	return s.w.Bot
}

// DefaultChannelID is the id of the guild's first text channel.
func (s *Server) DefaultChannelID() string {
	s.w.Lock()
	defer s.w.Unlock()
	for _, id := range s.w.ChanOrder {
		if c := s.w.Channels[id]; c.Type == discordgo.ChannelTypeGuildText {
			return id
		}
	}
	return ""
}

// AddUser adds a simulated guild member and returns it with its id filled in.
// An existing id is replaced.
func (s *Server) AddUser(u User) User {
	s.w.Lock()
	defer s.w.Unlock()
	return *s.w.AddUser(u)
}

// User returns the simulated user (or the bot) with the given id.
func (s *Server) User(id string) (User, bool) {
	s.w.Lock()
	defer s.w.Unlock()
	u, ok := s.w.Users[id]
	if !ok {
		return User{}, false
	}
	return *u, true
}

// Users lists the simulated users in the order they were added (not the bot).
func (s *Server) Users() []User {
	s.w.Lock()
	defer s.w.Unlock()
	out := make([]User, 0, len(s.w.UserOrder))
	for _, id := range s.w.UserOrder {
		out = append(out, *s.w.Users[id])
	}
	return out
}

// AddChannel adds a guild text channel and returns it with its id filled in.
func (s *Server) AddChannel(c Channel) Channel {
	s.w.Lock()
	defer s.w.Unlock()
	return *s.w.AddChannel(c)
}

// Channel returns a channel (guild, thread or DM) by id.
func (s *Server) Channel(id string) (Channel, bool) {
	s.w.Lock()
	defer s.w.Unlock()
	c, ok := s.w.Channels[id]
	if !ok {
		return Channel{}, false
	}
	return *c, true
}

// Channels lists all channels (guild channels, threads and DMs) in creation order.
func (s *Server) Channels() []Channel {
	s.w.Lock()
	defer s.w.Unlock()
	out := make([]Channel, 0, len(s.w.ChanOrder))
	for _, id := range s.w.ChanOrder {
		out = append(out, *s.w.Channels[id])
	}
	return out
}

// DMChannel returns the id of the DM channel between the bot and the user,
// opening it if needed (as a user writing to the bot does).
func (s *Server) DMChannel(userID string) (string, error) {
	s.w.Lock()
	defer s.w.Unlock()
	c, err := s.w.DMChannel(userID)
	if err != nil {
		return "", err
	}
	return c.ID, nil
}

// SetGuildLocale sets the server's preferred locale, sent as "guild_locale"
// with every interaction there (e.g. "ja"; "" = "en-US").
func (s *Server) SetGuildLocale(locale string) {
	s.w.Lock()
	defer s.w.Unlock()
	s.w.Guilds[s.w.GuildID].Locale = locale
}

// SetLocale sets a user's client locale, sent as "locale" with their
// interactions (e.g. "ja"; "" = "en-US").
func (s *Server) SetLocale(userID, locale string) error {
	s.w.Lock()
	defer s.w.Unlock()
	u, ok := s.w.Users[userID]
	if !ok {
		return ErrUnknownUser
	}
	u.Locale = locale
	return nil
}

// AddGuild adds a guild the bot is in, with one text channel "general", and
// returns it with its ids filled in (g.ID chooses the guild's id, hence its
// shard). Sessions of its shard with the Guilds intent get GUILD_CREATE.
func (s *Server) AddGuild(g Guild) Guild {
	s.w.Lock()
	defer s.w.Unlock()
	if g.ID == "" {
		g.ID = s.w.IDs.Next()
	}
	if g.Name == "" {
		g.Name = "guild-" + g.ID[len(g.ID)-4:]
	}
	if _, ok := s.w.Guilds[g.ID]; !ok {
		s.w.GuildOrder = append(s.w.GuildOrder, g.ID)
	}
	p := &g
	s.w.Guilds[g.ID] = p
	p.ChannelID = s.w.AddChannel(Channel{Name: "general", Type: discordgo.ChannelTypeGuildText, GuildID: g.ID}).ID
	s.gw.Send(gateway.NewEvent("GUILD_CREATE", s.w.GuildJSON(p), gateway.IntentGuilds).In(g.ID))
	return *p
}

// Guilds lists the guilds the bot is in, the default one first.
func (s *Server) Guilds() []Guild {
	s.w.Lock()
	defer s.w.Unlock()
	out := make([]Guild, 0, len(s.w.GuildOrder))
	for _, id := range s.w.GuildOrder {
		out = append(out, *s.w.Guilds[id])
	}
	return out
}

// Messages returns every message posted in the channel (by users and the
// bot, ephemeral ones included, deleted ones marked Deleted), oldest first,
// each in its current state.
func (s *Server) Messages(channelID string) []Message {
	s.w.Lock()
	defer s.w.Unlock()
	return s.w.ChannelMessages(channelID, false)
}

// BotMessages is Messages restricted to the bot's own messages that are not deleted.
func (s *Server) BotMessages(channelID string) []Message {
	s.w.Lock()
	defer s.w.Unlock()
	return s.w.ChannelMessages(channelID, true)
}

// DMs returns the bot's (non-deleted) messages in the user's DM channel,
// oldest first; nil if no DM channel was opened.
func (s *Server) DMs(userID string) []Message {
	s.w.Lock()
	defer s.w.Unlock()
	id, ok := s.w.DMByUser[userID]
	if !ok {
		return nil
	}
	return s.w.ChannelMessages(id, true)
}

// Message returns a message by id in its current state.
func (s *Server) Message(id string) (Message, bool) {
	s.w.Lock()
	defer s.w.Unlock()
	m, ok := s.w.Messages[id]
	if !ok {
		return Message{}, false
	}
	return *m, true
}

// Interaction returns the interaction with the given id.
func (s *Server) Interaction(id string) (Interaction, bool) {
	s.w.Lock()
	defer s.w.Unlock()
	in, ok := s.w.Interactions[id]
	if !ok {
		return Interaction{}, false
	}
	return s.w.Snapshot(in), true
}

// WaitInteraction waits until cond holds for the interaction (see
// Acknowledged, Answered, HasFollowups) and returns it.
func (s *Server) WaitInteraction(ctx context.Context, id string, cond func(Interaction) bool) (Interaction, error) {
	var out Interaction
	err := s.w.Wait(ctx, func() bool {
		in, ok := s.w.Interactions[id]
		if !ok {
			return false
		}
		out = s.w.Snapshot(in)
		return cond(out)
	})
	return out, err
}

// SeedBotMessage stores a message from the bot in a channel without a
// request, as if the bot had posted it before (for a store filled before the
// bot runs, as the load test's). It returns the message's id.
func (s *Server) SeedBotMessage(channelID, content string) (string, error) {
	return s.SeedBotComponents(channelID, content, nil)
}

// SeedBotComponents is SeedBotMessage with components (their JSON, as the
// bot sends them; nil: none): a message an older version of the bot posted,
// whose buttons or menus may still be used.
func (s *Server) SeedBotComponents(channelID, content string, components json.RawMessage) (string, error) {
	s.w.Lock()
	defer s.w.Unlock()
	c, ok := s.w.Channels[channelID]
	if !ok || c.Deleted {
		return "", fmt.Errorf("%w: %s", ErrUnknownChannel, channelID)
	}
	p := wire.Payload{"content": wire.MustJSON(content)}
	if components != nil {
		p["components"] = components
	}
	return s.w.NewBotMessage(c, p, nil).ID, nil
}

// Commands returns the registered commands of a guild, or the global ones
// for guildID "", decoded as discordgo values.
func (s *Server) Commands(guildID string) []*discordgo.ApplicationCommand {
	s.w.Lock()
	defer s.w.Unlock()
	var out []*discordgo.ApplicationCommand
	for _, cmd := range s.w.Commands[guildID] {
		var ac discordgo.ApplicationCommand
		if err := json.Unmarshal(wire.MustJSON(cmd.Object), &ac); err == nil {
			out = append(out, &ac)
		}
	}
	return out
}
