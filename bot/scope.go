package bot

import (
	"github.com/bwmarrin/discordgo"

	"shinpan/store"
)

// scope is where a command was used. A challenge or game number given in a
// server means that server's challenges and games only; in a DM, only the
// user's own (RULES.md §3). Outside its scope a number reads as "no such
// challenge" or "no such game", whatever its state, so nobody can probe which
// numbers exist elsewhere.
type scope struct {
	guild string // "" in a DM
	user  string
}

func scopeOf(i *discordgo.InteractionCreate, user string) scope {
	return scope{guild: i.GuildID, user: user}
}

// dmScope is the scope of a DM typed to the bot.
func dmScope(user string) scope { return scope{user: user} }

func (s scope) game(g store.Game) bool {
	if s.guild != "" {
		return g.GuildID == s.guild
	}
	_, plays := seat(g, s.user)
	return plays
}

func (s scope) challenge(c store.Challenge) bool {
	if s.guild != "" {
		return c.GuildID == s.guild
	}
	return c.Challenger == s.user || c.Challenged == s.user
}
