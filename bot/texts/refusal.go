package texts

import (
	"errors"
	"regexp"
	"strings"

	"shinpan/referee"
	"shinpan/referee/notation"
	"shinpan/referee/shogi"
)

// Refusal wraps a referee refusal text (always English: referee.Refusal.Text,
// including the notation errors it passes on) for the player: in English it is
// shown as it is, as a sentence; in Japanese the known sentences are
// translated with the table (the typed text, quoted “…” by the referee
// (notation.Quote) and 「…」 here, squares and move lists kept), and an unknown
// text passes through unchanged. Markdown is escaped first (Escape): the
// referee's own words have none (TestRefusalTemplatesPlain), so only what the
// player typed and the moves listed change ("L\*5e"), and the rules still
// match.
func Refusal(l Lang, text string) string {
	text = Escape(strings.TrimSpace(text))
	if text == "" {
		return ""
	}
	if l != JA {
		return clip(sentence(EN, capitalize(text)))
	}
	if s, ok := translateRefusal(l, text); ok {
		return clip(sentence(l, s))
	}
	return clip(text)
}

// conv turns one captured part of an English refusal into language l.
type conv func(l Lang, s string) string

// refusalRule reads one English refusal: re (anchored) captures the parts that
// the template key takes as %s, each converted by its conv.
type refusalRule struct {
	re    *regexp.Regexp
	key   msg
	convs []conv
}

// quotedRE captures what the player typed, as notation.Quote writes it.
const quotedRE = `“([^“”]*)”`

func rule(re string, key msg, convs ...conv) refusalRule {
	return refusalRule{regexp.MustCompile("^" + re + "$"), key, convs}
}

// Fixed refusal sentences. Their English table entries are the referee's texts.
var fixedRefusals = []msg{mRefUnknownPlayer, mRefGameOver, mRefMaskTime, mRefTimeoutMover,
	mRefMasksFirst, mRefNotYourTurn, mRefImpasseStandard, mRefDeclareOnTurn, mRefMasksOnly,
	mRefMasksLocked, mRefKingNotMask}

// Why a move may not be played (shogi.Reason.String, and Masked's mask rule).
var whyTexts = []msg{mWhyNotYourPiece, mWhyNotInHand, mWhyOwnPiece, mWhyOccupied, mWhyCannotMove,
	mWhyPathBlocked, mWhyCannotPromote, mWhyMustPromote, mWhyDeadDrop, mWhyNifu, mWhyKingInCheck,
	mWhyUchifuzume, mWhyMaskAttacked}

// Fixed notation details (notation.ResolveError.Detail).
var fixedDetails = []msg{mDtEmpty, mDtTooLong, mDtNoPrevious, mDtNoDrop, mDtNoBoard, mWhyCannotPromote,
	mDtMustPromote, mDtUp, mDtSideways, mDtBack, mDtLeft, mDtRight, mDtStraight}

const squareRE = `([1-9][a-i1-9]|[１-９][一二三四五六七八九]|[1-9][1-9])`

// The patterned refusals, tried in order (notation errors before the generic
// "<typed>: <reason>").
var refusalRules = []refusalRule{
	rule(quotedRE+` is not a move I can read: write e\.g\. P-7f, 7g7f or ７六歩`, mNtUnreadable, raw),
	rule(quotedRE+` is not a move I can read: (.+): write e\.g\. P-7f, 7g7f or ７六歩`, mNtUnreadableDetail, raw, detail),
	rule(quotedRE+` is ambiguous: (.+)`, mNtAmbiguous, raw, list),
	rule(quotedRE+` does not say whether to promote: write \+/= \(成/不成\)`, mNtPromo, raw),
	rule(quotedRE+` does not say whether to promote: write \+/= \(成/不成\): (.+)`, mNtPromoList, raw, list),
	rule(quotedRE+` is not a possible move here`, mNtNoSuch, raw),
	rule(quotedRE+` is not a possible move here; did you mean (.+)\?`, mNtNoSuchList, raw, list),
	rule(quotedRE+` is not a possible move here: ([^;]+); did you mean (.+)\?`, mNtNoSuchBoth, raw, detail, list),
	rule(quotedRE+` is not a possible move here: ([^;]+)`, mNtNoSuchDetail, raw, detail),
	rule(quotedRE+` is not a square: write it like 5i or 2h`, mRefNotSquare, raw),
	rule(`there is no piece of yours on `+squareRE, mRefNoPieceOn, raw),
	rule(`unknown action `+quotedRE, mRefUnknownAction, raw),
	rule(`the impasse declaration is not valid: (.+)`, mRefImpasse, impasseWhy),
}

// detailRules are the notation details with a part (a square or a piece).
var detailRules = []refusalRule{
	rule(`nothing can move to `+squareRE, mDtNothingTo, raw),
	rule(`no piece of yours can go there from `+squareRE, mDtNoneFrom, raw),
	rule(`no ([a-z ]+) can go there`, mDtNoKind, kindName),
	rule(`no piece becomes a ([a-z ]+) there`, mDtBecomes, kindName),
}

var impasseRules = []refusalRule{
	rule(`only (\d+) of your pieces besides the king are in the enemy camp \(10 needed\)`, mImpFewPieces, raw),
	rule(`you have (\d+) points \((\d+) needed\)`, mImpPoints, raw, raw),
}

// translateRefusal translates a known English refusal into l.
func translateRefusal(l Lang, text string) (string, bool) {
	for _, k := range fixedRefusals {
		if text == en[k] {
			return tr(l, k), true
		}
	}
	if s, ok := applyRules(l, refusalRules, text); ok {
		return s, true
	}
	if s, ok := why(l, text); ok {
		return s, true
	}
	// "“<typed>”: <reason>" (referee.Game.applyMove with the variant's explain).
	for _, k := range whyTexts {
		if q, ok := strings.CutSuffix(text, ": "+en[k]); ok {
			if m := typedRE.FindStringSubmatch(q); m != nil {
				return tr(l, mRefMove, m[1], tr(l, k)), true
			}
		}
	}
	return "", false
}

func applyRules(l Lang, rules []refusalRule, text string) (string, bool) {
	for _, r := range rules {
		m := r.re.FindStringSubmatch(text)
		if m == nil {
			continue
		}
		args := make([]any, len(r.convs))
		for i, cv := range r.convs {
			args[i] = cv(l, m[i+1])
		}
		return tr(l, r.key, args...), true
	}
	return "", false
}

// why translates a bare shogi.Reason text.
func why(l Lang, text string) (string, bool) {
	for _, k := range whyTexts {
		if text == en[k] {
			return tr(l, k), true
		}
	}
	return "", false
}

var typedRE = regexp.MustCompile("^" + quotedRE + "$")

func raw(_ Lang, s string) string { return s }

// detail translates a notation detail (unknown ones stay English).
func detail(l Lang, s string) string {
	for _, k := range fixedDetails {
		if s == en[k] {
			return tr(l, k)
		}
	}
	if t, ok := applyRules(l, detailRules, s); ok {
		return t
	}
	return s
}

func impasseWhy(l Lang, s string) string {
	switch s {
	case en[mImpNotInCamp]:
		return tr(l, mImpNotInCamp)
	case en[mImpInCheck]:
		return tr(l, mImpInCheck)
	}
	if t, ok := applyRules(l, impasseRules, s); ok {
		return t
	}
	return s
}

// kindName translates an English piece name (shogi.Kind.Name).
func kindName(l Lang, s string) string {
	for k := shogi.Pawn; k < shogi.NumKinds; k++ {
		if k.Name() == s {
			return PieceName(l, k)
		}
	}
	return s
}

var moreRE = regexp.MustCompile(`^(.*) or (\d+) more$`)

// list rewrites an English "a, b or c" (or "a, b, … or 3 more") list of moves.
func list(l Lang, s string) string {
	if l == EN {
		return s
	}
	more := ""
	if m := moreRE.FindStringSubmatch(s); m != nil {
		s, more = m[1], tr(l, mListMore, m[2])
	}
	var items []string
	for _, part := range strings.Split(s, ", ") {
		items = append(items, strings.Split(part, " or ")...)
	}
	return strings.Join(items, tr(l, mListSep)) + more
}

// OptionRefusal words in l why a challenge's variant or options were refused
// (a *referee.VariantError or *referee.OptionError, the option named as the
// slash command does); any other error goes through Refusal.
func OptionRefusal(l Lang, err error) string {
	var oe *referee.OptionError
	if errors.As(err, &oe) {
		name := Escape(oe.Option)
		switch {
		case oe.Max == 0:
			return tr(l, mOptAtLeast, name, oe.Min, oe.Got)
		case oe.ZeroNone:
			return tr(l, mOptRangeOrNone, name, oe.Min, oe.Max, oe.Got)
		}
		return tr(l, mOptRange, name, oe.Min, oe.Max, oe.Got)
	}
	var ve *referee.VariantError
	if errors.As(err, &ve) {
		return tr(l, mOptUnknownVariant, Escape(notation.Echo(ve.Name)))
	}
	return Refusal(l, err.Error())
}
