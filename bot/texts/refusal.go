package texts

import (
	"errors"
	"strconv"
	"strings"

	"shinpan/referee"
	"shinpan/referee/notation"
	"shinpan/referee/policy"
	"shinpan/referee/shogi"
)

// Refusal words a refused action for the player in l: a *referee.Refusal is
// worded from its code and typed parts (the English table holds the
// referee's own sentences, TestRefusalEnglishIsTheReferees); what the player
// typed is quoted “…” in English and 「…」 in Japanese, and it and the moves
// listed are escaped (Escape). Any other error is shown as its text, as a
// sentence in English.
func Refusal(l Lang, err error) string {
	if err == nil {
		return ""
	}
	var r *referee.Refusal
	if !errors.As(err, &r) {
		text := Escape(strings.TrimSpace(err.Error()))
		if l == JA {
			return Clip(text)
		}
		return Clip(sentence(EN, Capitalize(text)))
	}
	s := refusal(l, r)
	if l == EN {
		s = Capitalize(s)
	}
	return Clip(sentence(l, s))
}

// RefusalWithMoveHint is Refusal followed, when err says the typed text is no
// move at all, by a line on how to type one (a refusal of text typed in DM).
func RefusalWithMoveHint(l Lang, err error) string {
	s := Refusal(l, err)
	var re *notation.ResolveError
	if errors.As(err, &re) && re.Kind == notation.Unparsable {
		return s + "\n" + tr(l, mUIDMHint)
	}
	return s
}

// refusalKeys are the refusals worded by one fixed text.
var refusalKeys = map[referee.RefusalCode]msg{
	referee.RefUnknownPlayer:      mRefUnknownPlayer,
	referee.RefGameOver:           mRefGameOver,
	referee.RefMaskChosen:         mRefMaskTime,
	referee.RefTimeoutNotMover:    mRefTimeoutMover,
	referee.RefAbortTooLate:       mRefAbortTooLate,
	referee.RefMasksFirst:         mRefMasksFirst,
	referee.RefNotYourTurn:        mRefNotYourTurn,
	referee.RefDeclareNotStandard: mRefImpasseStandard,
	referee.RefDeclareNotOnTurn:   mRefDeclareOnTurn,
	referee.RefMasksNotMasked:     mRefMasksOnly,
	referee.RefMasksLocked:        mRefMasksLocked,
	referee.RefKingNotMask:        mRefKingNotMask,
}

// refusal words r in l, without the full stop.
func refusal(l Lang, r *referee.Refusal) string {
	if k, ok := refusalKeys[r.Code]; ok {
		return tr(l, k)
	}
	typed := typedText(r.Typed)
	switch r.Code {
	case referee.RefUnknownAction:
		return tr(l, mRefUnknownAction, typed)
	case referee.RefNotASquare:
		return tr(l, mRefNotSquare, typed)
	case referee.RefNoPieceOn:
		return tr(l, mRefNoPieceOn, squareIn(l, r.Square))
	case referee.RefNotThatPiece:
		return tr(l, mRefNotThatPiece, squareIn(l, r.Square), PieceName(l, r.Kind))
	case referee.RefIllegal:
		return tr(l, mRefMove, typed, reasonText(l, r.Reason))
	case referee.RefMaskAttacked:
		return tr(l, mRefMove, typed, tr(l, mWhyMaskAttacked))
	}
	var re *notation.ResolveError
	if errors.As(r.Cause, &re) {
		return resolveText(l, re)
	}
	var ie *shogi.ImpasseError
	if errors.As(r.Cause, &ie) {
		return tr(l, mRefImpasse, impasseText(l, ie))
	}
	return Escape(r.Error())
}

// typedText is what a player typed as a refusal repeats it: shortened and
// cleaned (notation.Echo), then escaped.
func typedText(s string) string { return escapeInline(notation.Echo(s)) }

// escapeInline escapes s where it stands inside a line, so a leading "-" or
// "#" keeps its plain form.
func escapeInline(s string) string { return Escape("x" + s)[1:] }

// reasonText words why a move may not be played.
func reasonText(l Lang, r shogi.Reason) string { return whyCode(l, r.Code()) }

// resolveText words a notation error.
func resolveText(l Lang, e *notation.ResolveError) string {
	typed := typedText(e.Text)
	detail := ""
	if e.Detail.Code != notation.NoDetail {
		detail = detailText(l, e.Detail)
	}
	list := moveList(l, e.Written)
	switch e.Kind {
	case notation.Unparsable:
		if detail != "" {
			return tr(l, mNtUnreadableDetail, typed, detail)
		}
		return tr(l, mNtUnreadable, typed)
	case notation.Ambiguous:
		return tr(l, mNtAmbiguous, typed, list)
	case notation.PromotionUnstated:
		if list != "" {
			return tr(l, mNtPromoList, typed, list)
		}
		return tr(l, mNtPromo, typed)
	}
	switch {
	case detail != "" && list != "":
		return tr(l, mNtNoSuchBoth, typed, detail, list)
	case detail != "":
		return tr(l, mNtNoSuchDetail, typed, detail)
	case list != "":
		return tr(l, mNtNoSuchList, typed, list)
	}
	return tr(l, mNtNoSuch, typed)
}

// detailKeys word the notation details without a part.
var detailKeys = map[notation.DetailCode]msg{
	notation.DetailTooLong:       mDtTooLong,
	notation.DetailNoPrevious:    mDtNoPrevious,
	notation.DetailNoDrop:        mDtNoDrop,
	notation.DetailNoBoard:       mDtNoBoard,
	notation.DetailCannotPromote: mWhyCannotPromote,
	notation.DetailMustPromote:   mDtMustPromote,
	notation.DetailUp:            mDtUp,
	notation.DetailSideways:      mDtSideways,
	notation.DetailBack:          mDtBack,
	notation.DetailLeft:          mDtLeft,
	notation.DetailRight:         mDtRight,
	notation.DetailStraight:      mDtStraight,
	notation.DetailOtherSide:     mDtOtherSide,
}

// detailText words a notation detail; a square is written as the player
// wrote theirs.
func detailText(l Lang, d notation.Detail) string {
	if k, ok := detailKeys[d.Code]; ok {
		return tr(l, k)
	}
	switch d.Code {
	case notation.DetailNothingTo:
		return tr(l, mDtNothingTo, notation.SquareIn(d.Notation, d.Square))
	case notation.DetailNoneFrom:
		return tr(l, mDtNoneFrom, notation.SquareIn(d.Notation, d.Square))
	case notation.DetailNoKind:
		return tr(l, mDtNoKind, PieceName(l, d.Kind))
	case notation.DetailBecomes:
		return tr(l, mDtBecomes, PieceName(l, d.Kind))
	}
	return d.String()
}

// impasseText words why an impasse declaration is not valid.
func impasseText(l Lang, e *shogi.ImpasseError) string {
	switch e.Code {
	case shogi.ImpasseKingNotInCamp:
		return tr(l, mImpNotInCamp)
	case shogi.ImpasseInCheck:
		return tr(l, mImpInCheck)
	case shogi.ImpasseFewPieces:
		return tr(l, mImpFewPieces, strconv.Itoa(e.Have))
	}
	return tr(l, mImpPoints, strconv.Itoa(e.Have), strconv.Itoa(e.Need))
}

// moveList writes moves as a refusal lists them: "a, b or c" in English,
// "a、b、c" in Japanese, at most notation.MaxListed and then how many more.
func moveList(l Lang, ws []string) string {
	if len(ws) == 0 {
		return ""
	}
	more := 0
	if len(ws) > notation.MaxListed {
		ws, more = ws[:notation.MaxListed], len(ws)-notation.MaxListed
	}
	items := make([]string, len(ws))
	for i, w := range ws {
		items[i] = escapeInline(w)
	}
	if l == EN {
		if more > 0 {
			return strings.Join(items, ", ") + tr(l, mListMore, strconv.Itoa(more))
		}
		if len(items) == 1 {
			return items[0]
		}
		return strings.Join(items[:len(items)-1], ", ") + " or " + items[len(items)-1]
	}
	s := strings.Join(items, tr(l, mListSep))
	if more > 0 {
		s += tr(l, mListMore, strconv.Itoa(more))
	}
	return s
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
	if s, ok := timeRefusal(l, err); ok {
		return s
	}
	var nv *policy.NotForVariantError
	if errors.As(err, &nv) {
		return tr(l, mOptNotForVariant, Escape(nv.Option), VariantName(l, nv.Only), VariantName(l, nv.Chosen))
	}
	var ve *referee.VariantError
	if errors.As(err, &ve) {
		return tr(l, mOptUnknownVariant, Escape(notation.Echo(ve.Name)))
	}
	return Refusal(l, err)
}
