package bot

import (
	"errors"

	"shinpan/bot/compose"
	"shinpan/store"
)

// guildSettings are a server's settings (the zero value when it has none or
// the store fails: the configuration then decides).
func (b *Bot) guildSettings(guild string) store.GuildSettings {
	if guild == "" {
		return store.GuildSettings{}
	}
	gs, err := b.st.GetGuildSettings(guild)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		b.log.Warn("server settings", "guild", guild, "err", err)
	}
	return gs
}

// threadsIn says whether a server's games get a thread.
func (c Config) threadsIn(gs store.GuildSettings) bool {
	return compose.OnOff(gs.Threads, c.Threads)
}
