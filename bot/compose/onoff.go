package compose

import "shinpan/store"

// OnOff is a server's "on" or "off" choice, or the configuration's conf
// when it has not chosen.
func OnOff(choice string, conf bool) bool {
	switch choice {
	case "on":
		return true
	case "off":
		return false
	}
	return conf
}

// PublicLocale is the language of a server's public posts: its setting,
// else the server's locale (guildLocale, an interaction's).
func PublicLocale(gs store.GuildSettings, guildLocale string) string {
	if gs.Language != "" {
		return gs.Language
	}
	return guildLocale
}
