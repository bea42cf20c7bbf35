package texts

import (
	"strconv"
	"strings"
	"time"

	"shinpan/referee/policy"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// Help is how to enter moves (USI, Western, Japanese, with examples) and the
// commands.
func Help(l Lang) string { return clip(tr(l, mHelp)) }

// Rules is a summary of a variant's rules (RULES.md), fit for an ephemeral reply.
func Rules(l Lang, v view.Variant) string {
	k := mRulesStandard
	switch v {
	case view.Tsuitate:
		k = mRulesTsuitate
	case view.Masked:
		k = mRulesMasked
	case view.Dark:
		k = mRulesDark
	}
	return clip(tr(l, k) + "\n" + tr(l, mRulesCommon))
}

// MaskPrompt asks a Masked player to choose their mask.
func MaskPrompt(l Lang) string { return tr(l, mMaskPrompt) }

// DMsClosed tells a player, by mention, that the bot cannot DM them and how to
// open their DMs.
func DMsClosed(l Lang, mention string) string {
	return clip(tr(l, mDMsClosed, nameText(mention)))
}

// Welcome is the DM a player gets at the start, with their board: the game,
// their colour and opponent, what they will see, how to enter moves, the
// options and whose turn it is (in Masked: choose the mask first). A GameID of
// 0 writes GameSlot for the number.
func Welcome(ctx Ctx, c shogi.Color) string {
	var b strings.Builder
	b.WriteString(ctx.t(mWelcome, gameNo(ctx.GameID), VariantName(ctx.Lang, ctx.Variant), ctx.side(c), ctx.side(c.Opp())))
	b.WriteString("\n")
	b.WriteString(ctx.seeText())
	b.WriteString("\n")
	b.WriteString(ctx.t(mWelcomeHowTo))
	b.WriteString("\n")
	b.WriteString(ctx.t(mCardOptions, ctx.optionsLine()))
	b.WriteString("\n")
	switch {
	case ctx.Variant == view.Masked:
		b.WriteString(ctx.t(mWelcomeMasked))
		b.WriteString("\n")
		b.WriteString(MaskPrompt(ctx.Lang))
	case c == shogi.Black:
		b.WriteString(ctx.t(mWelcomeFirst))
	default:
		b.WriteString(ctx.t(mWelcomeSecond, c.Opp().Symbol()))
	}
	return clip(b.String())
}

func (c Ctx) seeText() string {
	switch c.Variant {
	case view.Tsuitate:
		return c.t(mSeeTsuitate)
	case view.Masked:
		return c.t(mSeeMasked)
	case view.Dark:
		return c.t(mSeeDark)
	}
	return c.t(mSeeStandard)
}

// GameCard is the channel's card for a game: its number, variant, players
// and options. A GameID of 0 writes GameSlot for the number.
func GameCard(ctx Ctx, ranked bool) string {
	var b strings.Builder
	b.WriteString(ctx.t(mCardGame, gameNo(ctx.GameID), VariantName(ctx.Lang, ctx.Variant)))
	b.WriteString("\n")
	for c := shogi.Black; c <= shogi.White; c++ {
		name := nameText(ctx.Names.Of(c))
		if name == "" {
			name = "—"
		}
		b.WriteString(ctx.t(mCardPlayer, c.Symbol(), ctx.colorWord(c), name))
		b.WriteString("\n")
	}
	opts := ctx.optionsLine()
	if ranked {
		opts = ctx.t(mOptRanked) + ctx.t(mOpt) + opts
	} else {
		opts = ctx.t(mOptUnranked) + ctx.t(mOpt) + opts
	}
	b.WriteString(ctx.t(mCardOptions, opts))
	return clip(b.String())
}

// optionsLine lists the options that matter for the variant.
func (c Ctx) optionsLine() string { return optionsLine(c.Lang, c.Variant, c.Options) }

func optionsLine(l Lang, v view.Variant, o policy.Options) string {
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
	if tc := timeControl(l, o); tc != "" {
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
func ChallengeCard(l Lang, ch Challenge) string {
	var b strings.Builder
	who, variant := nameText(ch.Challenger), VariantName(l, ch.Variant)
	if strings.TrimSpace(ch.Challenged) == "" {
		b.WriteString(tr(l, mChallengeOpen, ch.ID, who, variant))
	} else {
		b.WriteString(tr(l, mChallenge, ch.ID, who, nameText(ch.Challenged), variant))
	}
	b.WriteString("\n")
	if ch.Color != nil {
		c := Ctx{Lang: l}
		b.WriteString(tr(l, mChallengeColor, who, ch.Color.Symbol()+" "+c.colorWord(*ch.Color)))
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
	return clip(b.String())
}

// ChallengeExpired replaces a challenge card when nobody accepted in time.
func ChallengeExpired(l Lang, challenger string) string {
	return clip(tr(l, mChallengeExpired, nameText(challenger)))
}

// Hello is the first DM to a player who accepted or whose challenge was
// accepted, sent before the game exists so a closed DM shows in time: the
// variant and their side.
func Hello(l Lang, v view.Variant, c shogi.Color) string {
	ctx := Ctx{Lang: l}
	return tr(l, mHello, VariantName(l, v), c.Symbol()+" "+ctx.colorWord(c))
}

// State is where a game stands, as everyone may know it.
type State struct {
	Result     *view.Result // nil while the game goes on
	Move       int          // the number of the move to play (or of the last one, when over)
	Turn       shogi.Color  // the side to move
	NeedsMasks bool         // Masked: the masks are still being chosen
}

// Status is one line on a game for reader to: how it ended, that the masks
// are being chosen, or the move number and the side to move (and "your turn"
// for the player to move).
func Status(ctx Ctx, s State, to view.Audience) string {
	no := gameNo(ctx.GameID)
	switch {
	case s.Result != nil:
		end := ctx.endText(view.Event{Kind: view.EvEnd, Winner: s.Result.Winner, Reason: s.Result.Reason, Number: s.Move})
		return clip(sentence(ctx.Lang, ctx.t(mStatusOver, no, sentence(ctx.Lang, end))))
	case s.NeedsMasks:
		return sentence(ctx.Lang, ctx.t(mStatusMasks, no))
	}
	line := ctx.t(mStatus, no, s.Move, s.Turn.Symbol()+" "+ctx.colorWord(s.Turn))
	if isPlayer(to, s.Turn) {
		line += ctx.t(mTurnYours)
	}
	return sentence(ctx.Lang, line)
}

// GameLine is a game in a list: number, variant and players (and that the
// masks are being chosen).
func GameLine(ctx Ctx, choosingMasks bool) string {
	name := func(c shogi.Color) string {
		if n := nameText(ctx.Names.Of(c)); n != "" {
			return n
		}
		return "—"
	}
	s := ctx.t(mGameLine, gameNo(ctx.GameID), VariantName(ctx.Lang, ctx.Variant), name(shogi.Black), name(shogi.White))
	if choosingMasks {
		s += ctx.t(mGameLineMasks)
	}
	return s
}
