package uitexts

import (
	"shinpan/bot/texts"
	"shinpan/referee/view"
)

// Autocomplete choices for game: and challenge: ("#12 vs @bob · Tsuitate ·
// your turn"). Discord shows them as plain text, so names are "@name", not
// mentions; a choice name is at most 100 characters.

// maxChoice is the longest autocomplete choice name Discord accepts.
const maxChoice = 100

// GameTurn is where a game stands for an autocomplete choice.
type GameTurn int

const (
	TurnUnknown GameTurn = iota
	TurnYours
	TurnTheirs
	TurnMasks
	TurnOver
)

// GameChoice names one of the reader's games: its number, the opponent, the
// variant and whose turn it is.
func GameChoice(l texts.Lang, id uint64, opponent string, v view.Variant, t GameTurn) string {
	return texts.Shorten(tr(l, mACGame, id, texts.Shorten(opponent, 40), texts.VariantName(l, v))+turnSuffix(l, t), maxChoice)
}

// GamePlayersChoice names a game of others: its number, both players and
// the variant.
func GamePlayersChoice(l texts.Lang, id uint64, black, white string, v view.Variant) string {
	return texts.Shorten(tr(l, mACGamePlayers, id, texts.Shorten(black, 30), texts.Shorten(white, 30), texts.VariantName(l, v)), maxChoice)
}

// ChallengeChoice names a challenge for its reader: from whom (to them, or
// open) or, for their own, to whom.
func ChallengeChoice(l texts.Lang, id uint64, mine, open bool, other string, v view.Variant) string {
	k := mACChallengeFrom
	switch {
	case mine && !open:
		k = mACChallengeTo
	case open:
		k = mACChallengeOpen
	}
	return texts.Shorten(tr(l, k, id, texts.Shorten(other, 40), texts.VariantName(l, v)), maxChoice)
}

func turnSuffix(l texts.Lang, t GameTurn) string {
	switch t {
	case TurnYours:
		return tr(l, mACYourTurn)
	case TurnTheirs:
		return tr(l, mACTheirTurn)
	case TurnMasks:
		return tr(l, mACMasks)
	case TurnOver:
		return tr(l, mACOver)
	}
	return ""
}
