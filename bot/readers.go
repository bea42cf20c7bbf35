package bot

import (
	"errors"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/compose"
	"shinpan/bot/texts"
	"shinpan/store"
)

// interactionLang is the language of the user of an interaction: the one
// they chose, else their client's locale, which is kept (when it changed)
// for what the bot sends them later outside an interaction.
func (b *Bot) interactionLang(user string, locale discordgo.Locale) texts.Lang {
	s, err := b.st.GetSettings(user)
	known := err == nil || errors.Is(err, store.ErrNotFound)
	if known && s.Language == "" && locale != "" && s.Locale != string(locale) {
		if _, err := b.st.UpdateSettings(user, func(s *store.Settings) { s.Locale = string(locale) }); err != nil {
			b.log.Warn("keep locale", "user", user, "err", err)
		}
	}
	if locale != "" {
		s.Locale = string(locale)
	}
	return compose.SettingsLang(s)
}
