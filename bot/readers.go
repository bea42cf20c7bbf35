package bot

import (
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
		if l, ok := texts.ParseLang(s.Language); ok {
			rd.lang = l
		}
	}
	return rd
}

// channelReader writes in a language to a channel (no settings of its own).
func channelReader(l texts.Lang) reader { return reader{lang: l} }

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
