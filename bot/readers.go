package bot

import (
	"errors"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/texts"
	"shinpan/referee"
	"shinpan/referee/notation"
	"shinpan/referee/shogi"
	"shinpan/store"
)

// The bot has no words of its own: every text comes from bot/texts. This file
// holds the glue: who reads (their language and settings, read once), what
// texts may know of a game, and how players are named.

// reader is a person the bot writes to, with their settings read once (an
// action reads each player's settings one time, whatever it sends them).
type reader struct {
	id   string // "" for a channel: default settings
	set  store.Settings
	lang texts.Lang
}

// reader reads a user's settings (the zero settings when they have none).
func (b *Bot) reader(user string) reader {
	rd := reader{id: user, lang: texts.EN}
	if user == "" || isCPU(user) {
		return rd
	}
	if s, err := b.st.GetSettings(user); err == nil {
		rd.set = s
		rd.lang = settingsLang(s)
	}
	return rd
}

// settingsLang is the language a user chose, else their Discord client's
// (Japanese for "ja", English otherwise).
func settingsLang(s store.Settings) texts.Lang {
	if l, ok := texts.ParseLang(s.Language); ok {
		return l
	}
	l, _ := texts.ParseLang(s.Locale)
	return l
}

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
	return settingsLang(s)
}

// guildLang is the language of a server's public posts: its Discord locale
// (there is no per-server language setting yet); "" when unknown.
func guildLang(locale string) texts.Lang {
	if locale == "" {
		return ""
	}
	l, _ := texts.ParseLang(locale)
	return l
}

// guildLocale is an interaction's guild_locale ("" in a DM).
func guildLocale(i *discordgo.InteractionCreate) string {
	if i.GuildLocale == nil {
		return ""
	}
	return string(*i.GuildLocale)
}

// channelLang is the language of a game's public posts: the server's locale
// when the game was challenged; games stored before that was kept use their
// challenger's language, as they did.
func (b *Bot) channelLang(meta store.Game) texts.Lang {
	if l := guildLang(meta.GuildLocale); l != "" {
		return l
	}
	return b.lang(meta.Players[0])
}

// challengeLang is channelLang for a challenge's card.
func (b *Bot) challengeLang(c store.Challenge) texts.Lang {
	if l := guildLang(c.GuildLocale); l != "" {
		return l
	}
	return b.lang(c.Challenger)
}

// channelReader writes to a game's channel: in the language of its public
// posts and the notation the server chose for them when the game was
// challenged ("": the language's).
func (b *Bot) channelReader(meta store.Game) reader {
	return reader{lang: b.channelLang(meta), set: store.Settings{Notation: meta.PublicNotation}}
}

// askerReader is the user of an interaction, answered ephemerally: their
// settings, in the interaction's language.
func (b *Bot) askerReader(r *req) reader {
	rd := b.reader(r.user)
	rd.lang = r.lang
	return rd
}

// lang returns a user's language (English unless they chose Japanese).
func (b *Bot) lang(user string) texts.Lang { return b.reader(user).lang }

// notation is the notation a reader's texts use: their setting, else their
// language's.
func (rd reader) notation() notation.Notation {
	switch rd.set.Notation {
	case store.NotationUSI:
		return notation.USI
	case store.NotationJapanese:
		return notation.Japanese
	case store.NotationWestern:
		return notation.Western
	}
	if rd.lang == texts.JA {
		return notation.Japanese
	}
	return notation.Western
}

// textCtx is what texts may use for one reader: the names, the reader's own
// view before the move (nil: write moves in USI) and notation. A game not yet
// stored (ID 0) gets texts.GameSlot for its number, filled in at send time.
func textCtx(rd reader, meta store.Game, before *shogi.Position) texts.Ctx {
	return texts.Ctx{Lang: rd.lang, Variant: meta.Variant, GameID: uint64(meta.ID), Options: meta.Options, Last: shogi.NoSquare,
		Names: texts.Names{Black: mention(meta.Players[0]), White: mention(meta.Players[1])}, Before: before,
		Notation: rd.notation()}
}

// mention is how texts name a user: a Discord mention, or "CPU".
func mention(user string) string {
	if user == "" || isCPU(user) {
		return "CPU"
	}
	return "<@" + user + ">"
}

// challengeText is what the challenge card shows of c.
func challengeText(c store.Challenge) texts.Challenge {
	ch := texts.Challenge{ID: c.ID, Challenger: mention(c.Challenger), Variant: c.Variant, Options: c.Options,
		Ranked: c.Ranked, Expires: c.ExpiresAt}
	if !c.Open() {
		ch.Challenged = mention(c.Challenged)
	}
	switch c.Color {
	case store.ColorBlack:
		s := shogi.Black
		ch.Color = &s
	case store.ColorWhite:
		s := shogi.White
		ch.Color = &s
	}
	return ch
}

// gameState is where g stands, as everyone may know it.
func gameState(g *referee.Game) texts.State {
	return texts.State{Result: g.Result(), Move: g.MoveNumber(), Turn: g.Turn(), NeedsMasks: g.NeedsMasks()}
}
