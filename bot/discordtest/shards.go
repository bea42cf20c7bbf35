package discordtest

import (
	"strconv"

	"github.com/bwmarrin/discordgo"
)

// Guilds and shards. A session IDENTIFYs with "shard": [id, count] (none:
// [0, 1]) and receives the events of the guilds whose shard is its own,
// (guild_id >> 22) % count, and the events with no guild (DMs) only on shard
// 0, as Discord routes them. Every session of a shard receives its events:
// two processes on the same shard both see each one.

// Guild is a guild the bot is in.
type Guild struct {
	ID     string
	Name   string
	Locale string // preferred locale; "" = en-US
	// ChannelID is the guild's text channel made with it (AddGuild).
	ChannelID string
}

// ShardOf is the shard that receives a guild's events when the bot runs
// count shards: (guild_id >> 22) % count; events without a guild (DMs) go
// to shard 0.
func ShardOf(guildID string, count int) int {
	if guildID == "" || count <= 1 {
		return 0
	}
	id, _ := strconv.ParseUint(guildID, 10, 64)
	return int((id >> 22) % uint64(count))
}

// AddGuild adds a guild the bot is in, with one text channel "general", and
// returns it with its ids filled in (g.ID chooses the guild's id, hence its
// shard). Sessions of its shard with the Guilds intent get GUILD_CREATE.
func (s *Server) AddGuild(g Guild) Guild {
	s.mu.Lock()
	defer s.mu.Unlock()
	if g.ID == "" {
		g.ID = s.ids.next()
	}
	if g.Name == "" {
		g.Name = "guild-" + g.ID[len(g.ID)-4:]
	}
	if _, ok := s.world.guilds[g.ID]; !ok {
		s.world.guildOrder = append(s.world.guildOrder, g.ID)
	}
	p := &g
	s.world.guilds[g.ID] = p
	p.ChannelID = s.addChannelLocked(Channel{Name: "general", Type: discordgo.ChannelTypeGuildText, GuildID: g.ID}).ID
	s.dispatchLocked(newDispatch("GUILD_CREATE", s.guildJSON(p), intentGuilds).in(g.ID))
	return *p
}

// Guilds lists the guilds the bot is in, the default one first.
func (s *Server) Guilds() []Guild {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Guild, 0, len(s.world.guildOrder))
	for _, id := range s.world.guildOrder {
		out = append(out, *s.world.guilds[id])
	}
	return out
}

// shardGuilds lists the guilds a shard receives.
func (s *Server) shardGuilds(shard [2]int) []*Guild {
	var out []*Guild
	for _, id := range s.world.guildOrder {
		if ShardOf(id, shard[1]) == shard[0] {
			out = append(out, s.world.guilds[id])
		}
	}
	return out
}

// receives reports whether a session gets a dispatch about guild ("": none).
func (ss *session) receives(guild string) bool {
	return ShardOf(guild, ss.shard[1]) == ss.shard[0]
}
