package texts

import (
	"strings"

	"shinpan/referee/notation"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// NoteUnsent is NoteToggled when the note was kept but the board showing it
// could not be queued (the store went down between the two writes).
func NoteUnsent(l Lang, square string, on bool) string {
	return NoteToggled(l, square, on) + " " + tr(l, mUINoteNoBoard)
}

// NoteToggled answers a "?" note on a square (on: added, else removed).
func NoteToggled(l Lang, square string, on bool) string {
	if on {
		return tr(l, mUINoteOn, square)
	}
	return tr(l, mUINoteOff, square)
}

// ReachTitle heads a board with a piece's reachable squares; none when the
// piece cannot move.
func ReachTitle(l Lang, k shogi.Kind, square string, none bool) string {
	if none {
		return tr(l, mUIReachNone, PieceName(l, k), square)
	}
	return tr(l, mUIReachTitle, PieceName(l, k), square)
}

// NoPieceThere: the user has no piece on the square.
func NoPieceThere(l Lang, square string) string { return tr(l, mUINoPieceThere, square) }

// BadSquare: the text is not a square (quoted as readably as it was typed).
func BadSquare(l Lang, text string) string {
	return clip(tr(l, mUIBadSquare, Escape(notation.Echo(text))))
}

// RematchNotYours: only the game's players can ask for a rematch.
func RematchNotYours(l Lang, game uint64) string { return tr(l, mUIRematchNotYours, gameNo(game)) }

// RatingLine is one player's rating in a variant.
func RatingLine(l Lang, name string, v view.Variant, rating, rd, games, wins, losses, draws int) string {
	return clip(tr(l, mUIRating, nameText(name), VariantName(l, v), rating, rd, games, wins, losses, draws))
}

// Unrated: the player has no rating in the variant yet.
func Unrated(l Lang, name string, v view.Variant) string {
	return clip(tr(l, mUIUnrated, nameText(name), VariantName(l, v)))
}

// Standing is one leaderboard line's data.
type Standing struct {
	Rank, Rating, RD, Games int
	Name                    string
}

// Leaderboard lists the top players of a variant and the caller's own place
// (0: unranked).
func Leaderboard(l Lang, v view.Variant, top []Standing, you int) string {
	if len(top) == 0 {
		return tr(l, mUILeaderboardEmpty, VariantName(l, v))
	}
	lines := []string{tr(l, mUILeaderboardTitle, VariantName(l, v))}
	for _, s := range top {
		lines = append(lines, tr(l, mUILeaderboardLine, s.Rank, nameText(s.Name), s.Rating, s.RD, s.Games))
	}
	if you > 0 {
		lines = append(lines, tr(l, mUILeaderboardYou, you))
	}
	return clip(strings.Join(lines, "\n"))
}

// SettingsSavedLook echoes a user's settings just saved, with the board
// theme and the piece set (render.Theme and render.PieceSet names: "wood",
// "koma"); every value, as the settings' choices name it ("western", "en",
// "own"), is named in l.
func SettingsSavedLook(l Lang, notation, lang, orientation, board, pieces string) string {
	return tr(l, mUISettingsLook, settingName(l, notationKeys, notation), langName(lang),
		settingName(l, orientKeys, orientation), BoardName(l, board), PiecesName(l, pieces))
}

// SettingsShown is SettingsSavedLook when nothing was changed (the command
// given no option): the settings as they are.
func SettingsShown(l Lang, notation, lang, orientation, board, pieces string) string {
	return tr(l, mUISettings, settingName(l, notationKeys, notation), langName(lang),
		settingName(l, orientKeys, orientation), BoardName(l, board), PiecesName(l, pieces))
}

// settingName names a setting's value in l by keys; an unknown value is
// written as it is.
func settingName(l Lang, keys map[string]msg, v string) string {
	if k, ok := keys[v]; ok {
		return tr(l, k)
	}
	return Escape(safeCode(v))
}

// langName names a language setting ("en", "ja") in its own language.
func langName(v string) string {
	if l, ok := ParseLang(v); ok {
		return LangName(l)
	}
	return Escape(safeCode(v))
}

// BoardName names a board theme (light, wood, contrast) in l; an unknown
// name is written as it is.
func BoardName(l Lang, theme string) string {
	if k, ok := boardKeys[theme]; ok {
		return tr(l, k)
	}
	return Escape(safeCode(theme))
}

// PiecesName names a piece set (printed, koma, koma2, international) in l;
// an unknown name is written as it is.
func PiecesName(l Lang, set string) string {
	if k, ok := piecesKeys[set]; ok {
		return tr(l, k)
	}
	return Escape(safeCode(set))
}

var (
	notationKeys = map[string]msg{"western": mAdminNotaW, "japanese": mAdminNotaJ, "usi": mAdminNotaU}
	orientKeys   = map[string]msg{"own": mOrientOwn, "flip": mOrientFlip}
	boardKeys    = map[string]msg{"light": mBoardLight, "wood": mBoardWood, "contrast": mBoardContrast}
	piecesKeys   = map[string]msg{"printed": mPiecesPrinted, "koma": mPiecesKoma, "koma2": mPiecesKoma2,
		"international": mPiecesIntl}
)

// HistoryLine is one finished game; result is its end line.
func HistoryLine(l Lang, game uint64, v view.Variant, black, white, result string) string {
	return clip(tr(l, mUIHistoryLine, gameNo(game), VariantName(l, v), nameText(black), nameText(white), result))
}

// NotRatedCPU says a ranked game was not rated because the CPU moved for
// these players.
func NotRatedCPU(l Lang, players []string) string {
	names := make([]string, len(players))
	for k, p := range players {
		names[k] = nameText(p)
	}
	return tr(l, mUINotRatedCPU, strings.Join(names, tr(l, mListSep)))
}

// CPUOnly refuses level: or think: in a challenge to a person.
func CPUOnly(l Lang) string { return tr(l, mUICPUOnly) }

// ThinkMax refuses a think time over the server's maximum, in ms.
func ThinkMax(l Lang, max int) string { return tr(l, mUIThinkMax, max) }

// YouDeclined / YouWithdrew answer the person who ended challenge id.
func YouDeclined(l Lang, id uint64) string { return tr(l, mUIYouDeclined, id) }
func YouWithdrew(l Lang, id uint64) string { return tr(l, mUIYouWithdrew, id) }

// DMGamePrefix answers a DM whose "#N " game prefix is not a game number.
func DMGamePrefix(l Lang) string { return tr(l, mUIDMGamePrefix) }

// TooManyChallenges refuses a challenge over the per-server limit of open ones.
func TooManyChallenges(l Lang, n int) string { return tr(l, mUITooManyChallenges, n) }

// RankedAway refuses a ranked challenge whose away time is under min seconds.
func RankedAway(l Lang, min int) string { return tr(l, mUIRankedAway, min) }

// ResultLine says how a game ended, for lists.
func ResultLine(ctx Ctx, r *view.Result) string {
	return Event(ctx, view.Event{To: view.ToPublic, Kind: view.EvEnd, Winner: r.Winner, Reason: r.Reason})
}

// RecordNotYet / RecordSent answer /shogi record.
func RecordNotYet(l Lang, game uint64) string { return tr(l, mUIRecordNotYet, gameNo(game)) }

// RecordSent heads the record attachment.
func RecordSent(l Lang, game uint64) string { return tr(l, mUIRecordSent, gameNo(game)) }

// DrawOffered tells the opponent of a draw offer.
func DrawOffered(l Lang, who string, game uint64) string {
	return clip(tr(l, mUIDrawOffered, nameText(who), gameNo(game)))
}

// AwayCPU / AwayBack tell the channel the CPU took a seat or its player returned.
func AwayCPU(l Lang, who string, game uint64) string {
	return clip(tr(l, mUIAwayCPU, nameText(who), gameNo(game)))
}

// AwayBack tells the channel a player took their seat back.
func AwayBack(l Lang, who string, game uint64) string {
	return clip(tr(l, mUIAwayBack, nameText(who), gameNo(game)))
}
