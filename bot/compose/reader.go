package compose

import (
	"shinpan/bot/texts"
	"shinpan/bot/texts/uitexts"
	"shinpan/referee"
	"shinpan/referee/notation"
	"shinpan/referee/shogi"
	"shinpan/store"
)

// The bot has no words of its own: every text comes from bot/texts. This file
// holds the glue: who reads (their language and settings, read once), what
// texts may know of a game, and how players are named.

// Reader is a person the bot writes to, with their settings read once (an
// action reads each player's settings one time, whatever it sends them).
type Reader struct {
	ID   string // "" for a channel: default settings
	Set  store.Settings
	Lang texts.Lang
	// NameGame: the reader's own action went to their default game while
	// they play several (a move typed without its number), so their update
	// names the game (ActionMessages).
	NameGame bool
}

// Readers reads people's settings.
type Readers struct{ St store.UserSettings }

// Reader reads a user's settings (the zero settings when they have none).
func (rs Readers) Reader(user string) Reader {
	rd := Reader{ID: user, Lang: texts.EN}
	if user == "" || IsCPU(user) {
		return rd
	}
	if s, err := rs.St.GetSettings(user); err == nil {
		rd.Set = s
		rd.Lang = SettingsLang(s)
	}
	return rd
}

// Lang returns a user's language (English unless they chose Japanese).
func (rs Readers) Lang(user string) texts.Lang { return rs.Reader(user).Lang }

// ChannelLang is the language of a game's public posts: the server's locale
// when the game was challenged; games stored before that was kept use their
// challenger's language, as they did.
func (rs Readers) ChannelLang(meta store.Game) texts.Lang {
	if l := GuildLang(meta.GuildLocale); l != "" {
		return l
	}
	return rs.Lang(meta.Players[0])
}

// ChallengeLang is ChannelLang for a challenge's card.
func (rs Readers) ChallengeLang(c store.Challenge) texts.Lang {
	if l := GuildLang(c.GuildLocale); l != "" {
		return l
	}
	return rs.Lang(c.Challenger)
}

// ChannelReader writes to a game's channel: in the language of its public
// posts and the notation the server chose for them when the game was
// challenged ("": the language's).
func (rs Readers) ChannelReader(meta store.Game) Reader {
	return Reader{Lang: rs.ChannelLang(meta), Set: store.Settings{Notation: meta.PublicNotation}}
}

// SettingsLang is the language a user chose, else their Discord client's
// (Japanese for "ja", English otherwise).
func SettingsLang(s store.Settings) texts.Lang {
	if l, ok := texts.ParseLang(s.Language); ok {
		return l
	}
	l, _ := texts.ParseLang(s.Locale)
	return l
}

// GuildLang is the language of a server's public posts: its Discord locale
// (there is no per-server language setting yet); "" when unknown.
func GuildLang(locale string) texts.Lang {
	if locale == "" {
		return ""
	}
	l, _ := texts.ParseLang(locale)
	return l
}

// Notation is the notation a reader's texts use: their setting, else their
// language's.
func (rd Reader) Notation() notation.Notation {
	switch rd.Set.Notation {
	case store.NotationUSI:
		return notation.USI
	case store.NotationJapanese:
		return notation.Japanese
	case store.NotationWestern:
		return notation.Western
	}
	if rd.Lang == texts.JA {
		return notation.Japanese
	}
	return notation.Western
}

// TextCtx is what texts may use for one reader: the names, the reader's own
// view before the move (nil: write moves in USI) and notation. A game not yet
// stored (ID 0) gets texts.GameSlot for its number, filled in at send time.
func TextCtx(rd Reader, meta store.Game, before *shogi.Position) texts.Ctx {
	return texts.Ctx{Lang: rd.Lang, Variant: meta.Variant, GameID: uint64(meta.ID), Options: meta.Options, Last: shogi.NoSquare,
		Names: texts.Names{Black: Mention(meta.Players[0]), White: Mention(meta.Players[1])}, Before: before,
		Notation: rd.Notation()}
}

// IsCPU says whether a seat's user is the CPU.
func IsCPU(user string) bool { return user == store.CPU }

// Mention is how texts name a user: a Discord mention, or "CPU".
func Mention(user string) string {
	if user == "" || IsCPU(user) {
		return "CPU"
	}
	return "<@" + user + ">"
}

// ChallengeText is what the challenge card shows of c.
func ChallengeText(c store.Challenge) uitexts.Challenge {
	ch := uitexts.Challenge{ID: c.ID, Challenger: Mention(c.Challenger), Variant: c.Variant, Options: c.Options,
		Ranked: c.Ranked, Expires: c.ExpiresAt}
	if !c.Open() {
		ch.Challenged = Mention(c.Challenged)
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

// GameState is where g stands, as everyone may know it.
func GameState(g *referee.Game) texts.State {
	return texts.State{Result: g.Result(), Move: g.MoveNumber(), Turn: g.Turn(), NeedsMasks: g.NeedsMasks()}
}
