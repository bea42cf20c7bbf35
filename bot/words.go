package bot

import (
	"fmt"
	"strings"

	"shinpan/bot/texts"
	"shinpan/referee"
	"shinpan/referee/notation"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/store"
)

// lang returns a user's language ("en" unless they chose Japanese).
func (b *Bot) lang(user string) string {
	if user == "" {
		return "en"
	}
	if s, err := b.st.GetSettings(user); err == nil && s.Language == "ja" {
		return "ja"
	}
	return "en"
}

// textCtx is what texts may use for one reader: the names, the reader's own
// view before the move (nil: write moves in USI) and notation.
func (b *Bot) textCtx(lang string, meta store.Game, before *shogi.Position, user string) texts.Ctx {
	l, _ := texts.ParseLang(lang)
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

func mention(user string) string {
	if user == "" || isCPU(user) {
		return "CPU"
	}
	return "<@" + user + ">"
}

func playerUpdate(ctx texts.Ctx, c shogi.Color, evs []view.Event) string {
	return texts.PlayerUpdate(ctx, c, evs)
}
func announcement(ctx texts.Ctx, evs []view.Event) string { return texts.Announcement(ctx, evs) }

func refusal(lang, text string) string {
	l, _ := texts.ParseLang(lang)
	return texts.Refusal(l, text)
}

func tl(lang string) texts.Lang { l, _ := texts.ParseLang(lang); return l }

func helpText(lang string) string { return texts.Help(tl(lang)) }

func rulesText(lang string, v view.Variant) string { return texts.Rules(tl(lang), v) }

func pieceName(lang string, k shogi.Kind) string { return texts.PieceName(tl(lang), k) }

func variantName(lang string, v view.Variant) string { return texts.VariantName(tl(lang), v) }

// unparsableHint adds a pointer to help when the text was not a move at all.
func unparsableHint(lang, reply string) string {
	if strings.Contains(reply, "not a move") || strings.Contains(reply, "cannot read") || strings.Contains(reply, "読めません") {
		return "\n" + say(lang, "dm_hint")
	}
	return ""
}

func welcome(lang string, c store.Challenge, col shogi.Color) string {
	return fmt.Sprintf(say(lang, "welcome"), variantName(lang, c.Variant), colorWord(lang, col))
}

func startText(lang string, meta store.Game, c shogi.Color) string {
	s := fmt.Sprintf(say(lang, "start"), "{game}", variantName(lang, meta.Variant), colorWord(lang, c),
		mention(meta.Players[c.Opp()]))
	if meta.Variant != view.Masked && c == shogi.Black {
		s += " " + say(lang, "your_turn")
	}
	return s + "\n" + say(lang, "dm_hint")
}

func colorWord(lang string, c shogi.Color) string {
	if c == shogi.White {
		return say(lang, "white")
	}
	return say(lang, "black")
}

func gameCard(lang string, meta store.Game) string {
	id := "{game}"
	if meta.ID != 0 {
		id = fmt.Sprint(meta.ID)
	}
	return fmt.Sprintf(say(lang, "game_card"), id, variantName(lang, meta.Variant), mention(meta.Players[0]),
		mention(meta.Players[1]), optionsLine(lang, meta.Variant, meta.Options, meta.Ranked))
}

func gameLine(lang string, g store.Game) string {
	return fmt.Sprintf("#%d %s: ☗ %s vs ☖ %s (%s)", g.ID, variantName(lang, g.Variant), mention(g.Players[0]), mention(g.Players[1]), g.Status)
}

func optionsLine(lang string, v view.Variant, o referee.Options, ranked bool) string {
	var parts []string
	if v == view.Tsuitate {
		parts = append(parts, fmt.Sprintf(say(lang, "opt_fouls"), o.FoulLimit))
		if !o.AnnounceFouls {
			parts = append(parts, say(lang, "opt_fouls_private"))
		}
	}
	if o.MoveLimit > 0 {
		parts = append(parts, fmt.Sprintf(say(lang, "opt_move_limit"), o.MoveLimit))
	}
	if v == view.Masked && o.MaskAsKing {
		parts = append(parts, say(lang, "opt_mask_king"))
	}
	if o.TurnSeconds > 0 {
		parts = append(parts, fmt.Sprintf(say(lang, "opt_turn"), o.TurnSeconds))
	}
	if ranked {
		parts = append(parts, say(lang, "opt_ranked"))
	}
	return strings.Join(parts, " · ")
}

func challengeCard(lang string, c store.Challenge) string {
	who := say(lang, "anyone")
	if c.Challenged != "" {
		who = mention(c.Challenged)
	}
	return fmt.Sprintf(say(lang, "challenge_card"), c.ID, mention(c.Challenger), who, variantName(lang, c.Variant),
		optionsLine(lang, c.Variant, c.Options, c.Ranked), c.ExpiresAt.Unix())
}

func dmsClosed(lang, user string) string { return fmt.Sprintf(say(lang, "dms_closed"), mention(user)) }

func dmsClosedMidGame(lang, user string, id store.GameID) string {
	return fmt.Sprintf(say(lang, "dms_closed_mid"), mention(user), id)
}

func channelLost(lang string, id store.GameID) string {
	return fmt.Sprintf(say(lang, "channel_lost"), id)
}

// statusLine is one game's state as c sees it (c = 2: the channel).
func statusLine(lang string, meta store.Game, g *referee.Game, c shogi.Color) string {
	if r := g.Result(); r != nil {
		return fmt.Sprintf(say(lang, "status_over"), meta.ID, r.Reason)
	}
	s := fmt.Sprintf(say(lang, "status"), meta.ID, g.MoveNumber(), colorWord(lang, g.Turn()))
	if g.NeedsMasks() {
		s = fmt.Sprintf(say(lang, "status_masks"), meta.ID)
	}
	if c <= shogi.White && g.Turn() == c && !g.NeedsMasks() {
		s += " " + say(lang, "your_turn")
	}
	return s
}

// say returns a bot interface text by key.
func say(lang, key string) string {
	t := botWords["en"]
	if lang == "ja" {
		t = botWords["ja"]
	}
	if s, ok := t[key]; ok {
		return s
	}
	return botWords["en"][key]
}
