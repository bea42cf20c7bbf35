package bot

import (
	"shinpan/bot/texts"
	"shinpan/referee"
	"shinpan/referee/notation"
	"shinpan/referee/shogi"
	"shinpan/store"
)

// The bot has no words of its own: every text comes from bot/texts. This file
// holds the glue: a user's language, what texts may know of a game, and how
// players are named.

// lang returns a user's language (English unless they chose Japanese).
func (b *Bot) lang(user string) texts.Lang {
	if user != "" {
		if s, err := b.st.GetSettings(user); err == nil {
			if l, ok := texts.ParseLang(s.Language); ok {
				return l
			}
		}
	}
	return texts.EN
}

// textCtx is what texts may use for one reader: the names, the reader's own
// view before the move (nil: write moves in USI) and notation. A game not yet
// stored (ID 0) gets texts.GameSlot for its number, filled in at send time.
func (b *Bot) textCtx(l texts.Lang, meta store.Game, before *shogi.Position, user string) texts.Ctx {
	ctx := texts.Ctx{Lang: l, Variant: meta.Variant, GameID: uint64(meta.ID), Options: meta.Options, Last: shogi.NoSquare,
		Names: texts.Names{Black: mention(meta.Players[0]), White: mention(meta.Players[1])}, Before: before,
		Notation: notation.Western}
	if l == texts.JA {
		ctx.Notation = notation.Japanese
	}
	if user != "" {
		if s, err := b.st.GetSettings(user); err == nil {
			switch s.Notation {
			case store.NotationUSI:
				ctx.Notation = notation.USI
			case store.NotationJapanese:
				ctx.Notation = notation.Japanese
			case store.NotationWestern:
				ctx.Notation = notation.Western
			}
		}
	}
	return ctx
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
