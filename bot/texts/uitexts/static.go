package uitexts

import (
	"shinpan/bot/texts"
	"strconv"
	"strings"
	"time"

	"shinpan/referee/policy"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// Help is how to enter moves (USI, Western, Japanese, with examples) and the
// commands.
func Help(l texts.Lang) string { return texts.Clip(tr(l, mHelp)) }

// Rules is a summary of a variant's rules (RULES.md), fit for an ephemeral reply.
func Rules(l texts.Lang, v view.Variant) string {
	k := mRulesStandard
	switch v {
	case view.Tsuitate:
		k = mRulesTsuitate
	case view.Masked:
		k = mRulesMasked
	case view.Dark:
		k = mRulesDark
	}
	return texts.Clip(tr(l, k) + "\n" + tr(l, mRulesCommon))
}

// MaskPrompt asks a Masked player to choose their mask.
func MaskPrompt(l texts.Lang) string { return tr(l, mMaskPrompt) }

// DMsClosed tells a player, by mention, that the bot cannot DM them and how to
// open their DMs.
func DMsClosed(l texts.Lang, mention string) string {
	return texts.Clip(tr(l, mDMsClosed, texts.Name(mention)))
}

// Welcome is the DM a player gets at the start, with their board: the game,
// their colour and opponent, what they will see, how to enter moves, the
// options and whose turn it is (in Masked: choose the mask first). A GameID of
// 0 writes texts.GameSlot for the number.
func Welcome(ctx texts.Ctx, c shogi.Color) string {
	var b strings.Builder
	b.WriteString(tr(ctx.Lang, mWelcome, texts.GameNo(ctx.GameID), texts.VariantName(ctx.Lang, ctx.Variant), ctx.Side(c), ctx.Side(c.Opp())))
	b.WriteString("\n")
	b.WriteString(seeText(ctx))
	b.WriteString("\n")
	b.WriteString(tr(ctx.Lang, mWelcomeHowTo, texts.GameNo(ctx.GameID)))
	b.WriteString("\n")
	b.WriteString(tr(ctx.Lang, mCardOptions, optionsLine(ctx.Lang, ctx.Variant, ctx.Options)))
	b.WriteString("\n")
	switch {
	case ctx.Variant == view.Masked:
		b.WriteString(tr(ctx.Lang, mWelcomeMasked))
		b.WriteString("\n")
		b.WriteString(MaskPrompt(ctx.Lang))
	case c == shogi.Black:
		b.WriteString(tr(ctx.Lang, mWelcomeFirst))
	default:
		b.WriteString(tr(ctx.Lang, mWelcomeSecond, c.Opp().Symbol()))
	}
	return texts.Clip(b.String())
}

func seeText(c texts.Ctx) string {
	switch c.Variant {
	case view.Tsuitate:
		return tr(c.Lang, mSeeTsuitate)
	case view.Masked:
		return tr(c.Lang, mSeeMasked)
	case view.Dark:
		return tr(c.Lang, mSeeDark)
	}
	return tr(c.Lang, mSeeStandard)
}

// GameCard is the channel's card for a game: its number, variant, players
// and options. A GameID of 0 writes texts.GameSlot for the number.
func GameCard(ctx texts.Ctx, ranked bool) string {
	var b strings.Builder
	b.WriteString(tr(ctx.Lang, mCardGame, texts.GameNo(ctx.GameID), texts.VariantName(ctx.Lang, ctx.Variant)))
	b.WriteString("\n")
	for c := shogi.Black; c <= shogi.White; c++ {
		name := texts.Name(ctx.Names.Of(c))
		if name == "" {
			name = "—"
		}
		b.WriteString(tr(ctx.Lang, mCardPlayer, c.Symbol(), texts.ColorName(ctx.Lang, c), name))
		b.WriteString("\n")
	}
	opts := optionsLine(ctx.Lang, ctx.Variant, ctx.Options)
	if ranked {
		opts = tr(ctx.Lang, mOptRanked) + tr(ctx.Lang, mOpt) + opts
	} else {
		opts = tr(ctx.Lang, mOptUnranked) + tr(ctx.Lang, mOpt) + opts
	}
	b.WriteString(tr(ctx.Lang, mCardOptions, opts))
	return texts.Clip(b.String())
}

// optionsLine lists the options that matter for the variant.
func optionsLine(l texts.Lang, v view.Variant, o policy.Options) string {
	var parts []string
	if v == view.Tsuitate {
		parts = append(parts, tr(l, mOptFouls, o.FoulLimit))
		if o.AnnounceFouls {
			parts = append(parts, tr(l, mOptFoulsPublic))
		} else {
			parts = append(parts, tr(l, mOptFoulsPrivate))
		}
		if o.KingVisible {
			parts = append(parts, tr(l, mOptKingVisible))
		}
	}
	if v == view.Masked && o.MaskAsKing {
		parts = append(parts, tr(l, mOptMaskAsKing))
	}
	if o.MoveLimit > 0 {
		parts = append(parts, tr(l, mOptMoveLimit, o.MoveLimit))
	} else {
		parts = append(parts, tr(l, mOptNoMoveLimit))
	}
	if tc := texts.TimeControl(l, o); tc != "" {
		parts = append(parts, tc)
	} else {
		parts = append(parts, tr(l, mOptNoTurn))
	}
	if o.AwaySeconds > 0 {
		if o.AwaySeconds < 60 {
			parts = append(parts, tr(l, mOptAwaySec, o.AwaySeconds))
		} else {
			parts = append(parts, tr(l, mOptAway, (o.AwaySeconds+59)/60))
		}
	}
	return strings.Join(parts, tr(l, mOpt))
}

// Challenge is what a challenge card shows.
type Challenge struct {
	ID         uint64 // the challenge's number (for /shogi accept challenge:N)
	Challenger string // a name or mention
	Challenged string // a name or mention; "" for an open challenge
	Variant    view.Variant
	Options    policy.Options
	// Color is the challenger's side; nil for random.
	Color   *shogi.Color
	Ranked  bool
	Expires time.Time // zero: not shown
}

// ChallengeCard is the channel post of a challenge.
func ChallengeCard(l texts.Lang, ch Challenge) string {
	var b strings.Builder
	who, variant := texts.Name(ch.Challenger), texts.VariantName(l, ch.Variant)
	if strings.TrimSpace(ch.Challenged) == "" {
		b.WriteString(tr(l, mChallengeOpen, ch.ID, who, variant))
	} else {
		b.WriteString(tr(l, mChallenge, ch.ID, who, texts.Name(ch.Challenged), variant))
	}
	b.WriteString("\n")
	if ch.Color != nil {
		c := texts.Ctx{Lang: l}
		b.WriteString(tr(l, mChallengeColor, who, ch.Color.Symbol()+" "+texts.ColorName(c.Lang, *ch.Color)))
	} else {
		b.WriteString(tr(l, mChallengeRandom))
	}
	b.WriteString("\n")
	opts := optionsLine(l, ch.Variant, ch.Options)
	if ch.Ranked {
		opts = tr(l, mOptRanked) + tr(l, mOpt) + opts
	} else {
		opts = tr(l, mOptUnranked) + tr(l, mOpt) + opts
	}
	b.WriteString(tr(l, mCardOptions, opts))
	b.WriteString("\n")
	b.WriteString(tr(l, mChallengeAccept))
	if !ch.Expires.IsZero() {
		b.WriteString(tr(l, mChallengeExpires, "<t:"+strconv.FormatInt(ch.Expires.Unix(), 10)+":R>"))
	}
	return texts.Clip(b.String())
}

// ChallengeExpired replaces a challenge card when nobody accepted in time.
func ChallengeExpired(l texts.Lang, challenger string) string {
	return texts.Clip(tr(l, mChallengeExpired, texts.Name(challenger)))
}

// Hello is the first DM to a player who accepted or whose challenge was
// accepted, sent before the game exists so a closed DM shows in time: the
// variant and their side.
func Hello(l texts.Lang, v view.Variant, c shogi.Color) string {
	ctx := texts.Ctx{Lang: l}
	return tr(l, mHello, texts.VariantName(l, v), c.Symbol()+" "+texts.ColorName(ctx.Lang, c))
}

// GameLine is a game in a list: number, variant and players (and that the
// masks are being chosen).
func GameLine(ctx texts.Ctx, choosingMasks bool) string {
	name := func(c shogi.Color) string {
		if n := texts.Name(ctx.Names.Of(c)); n != "" {
			return n
		}
		return "—"
	}
	s := tr(ctx.Lang, mGameLine, texts.GameNo(ctx.GameID), texts.VariantName(ctx.Lang, ctx.Variant), name(shogi.Black), name(shogi.White))
	if choosingMasks {
		s += tr(ctx.Lang, mGameLineMasks)
	}
	return s
}
