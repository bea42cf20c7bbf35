package uitexts

import (
	"shinpan/bot/texts"
	"strings"

	"shinpan/referee/notation"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// NoteUnsent is NoteToggled when the note was kept but the board showing it
// could not be queued (the store went down between the two writes).
func NoteUnsent(l texts.Lang, square string, on bool) string {
	return NoteToggled(l, square, on) + " " + tr(l, mUINoteNoBoard)
}

// NoteToggled answers a "?" note on a square (on: added, else removed).
func NoteToggled(l texts.Lang, square string, on bool) string {
	if on {
		return tr(l, mUINoteOn, square)
	}
	return tr(l, mUINoteOff, square)
}

// ReachTitle heads a board with a piece's reachable squares; none when the
// piece cannot move.
func ReachTitle(l texts.Lang, k shogi.Kind, square string, none bool) string {
	if none {
		return tr(l, mUIReachNone, texts.PieceName(l, k), square)
	}
	return tr(l, mUIReachTitle, texts.PieceName(l, k), square)
}

// NoPieceThere: the user has no piece on the square.
func NoPieceThere(l texts.Lang, square string) string { return tr(l, mUINoPieceThere, square) }

// BadSquare: the text is not a square (quoted as readably as it was typed).
// An empty text ("??" in a DM) is told how a square is named.
func BadSquare(l texts.Lang, text string) string {
	if strings.TrimSpace(text) == "" {
		return tr(l, mUINoSquare)
	}
	return texts.Clip(tr(l, mUIBadSquare, texts.Escape(notation.Echo(text))))
}

// RematchNotYours: only the game's players can ask for a rematch.
func RematchNotYours(l texts.Lang, game uint64) string {
	return tr(l, mUIRematchNotYours, texts.GameNo(game))
}

// RatingLine is one player's rating in a variant.
func RatingLine(l texts.Lang, name string, v view.Variant, rating, rd, games, wins, losses, draws int) string {
	return texts.Clip(tr(l, mUIRating, texts.Name(name), texts.VariantName(l, v), rating, rd, games, wins, losses, draws))
}

// Unrated: the player has no rating in the variant yet.
func Unrated(l texts.Lang, name string, v view.Variant) string {
	return texts.Clip(tr(l, mUIUnrated, texts.Name(name), texts.VariantName(l, v)))
}

// Standing is one leaderboard line's data.
type Standing struct {
	Rank, Rating, RD, Games int
	Name                    string
}

// Leaderboard lists the top players of a variant and the caller's own place
// (0: unranked).
func Leaderboard(l texts.Lang, v view.Variant, top []Standing, you int) string {
	if len(top) == 0 {
		return tr(l, mUILeaderboardEmpty, texts.VariantName(l, v))
	}
	lines := []string{tr(l, mUILeaderboardTitle, texts.VariantName(l, v))}
	for _, s := range top {
		lines = append(lines, tr(l, mUILeaderboardLine, s.Rank, texts.Name(s.Name), s.Rating, s.RD, s.Games))
	}
	if you > 0 {
		lines = append(lines, tr(l, mUILeaderboardYou, you))
	}
	return texts.Clip(strings.Join(lines, "\n"))
}

// SettingsSavedLook echoes a user's settings just saved, with the board
// theme and the piece set (render.Theme and render.PieceSet names: "wood",
// "koma"); every value, as the settings' choices name it ("western", "en",
// "own"), is named in l.
func SettingsSavedLook(l texts.Lang, notation, lang, orientation, board, pieces string) string {
	return tr(l, mUISettingsLook, settingName(l, notationKeys, notation), langName(lang),
		settingName(l, orientKeys, orientation), BoardName(l, board), PiecesName(l, pieces))
}

// SettingsShown is SettingsSavedLook when nothing was changed (the command
// given no option): the settings as they are.
func SettingsShown(l texts.Lang, notation, lang, orientation, board, pieces string) string {
	return tr(l, mUISettings, settingName(l, notationKeys, notation), langName(lang),
		settingName(l, orientKeys, orientation), BoardName(l, board), PiecesName(l, pieces))
}

// settingName names a setting's value in l by keys; an unknown value is
// written as it is.
func settingName(l texts.Lang, keys map[string]msg, v string) string {
	if k, ok := keys[v]; ok {
		return tr(l, k)
	}
	return texts.Escape(texts.SafeCode(v))
}

// langName names a language setting ("en", "ja") in its own language.
func langName(v string) string {
	if l, ok := texts.ParseLang(v); ok {
		return LangName(l)
	}
	return texts.Escape(texts.SafeCode(v))
}

// BoardName names a board theme (light, wood, contrast) in l; an unknown
// name is written as it is.
func BoardName(l texts.Lang, theme string) string {
	if k, ok := boardKeys[theme]; ok {
		return tr(l, k)
	}
	return texts.Escape(texts.SafeCode(theme))
}

// PiecesName names a piece set (printed, koma, koma2, international) in l;
// an unknown name is written as it is.
func PiecesName(l texts.Lang, set string) string {
	if k, ok := piecesKeys[set]; ok {
		return tr(l, k)
	}
	return texts.Escape(texts.SafeCode(set))
}

var (
	notationKeys = map[string]msg{"western": mAdminNotaW, "japanese": mAdminNotaJ, "usi": mAdminNotaU}
	orientKeys   = map[string]msg{"own": mOrientOwn, "flip": mOrientFlip}
	boardKeys    = map[string]msg{"light": mBoardLight, "wood": mBoardWood, "contrast": mBoardContrast}
	piecesKeys   = map[string]msg{"printed": mPiecesPrinted, "koma": mPiecesKoma, "koma2": mPiecesKoma2,
		"international": mPiecesIntl}
)

// HistoryLine is one finished game; result is its end line.
func HistoryLine(l texts.Lang, game uint64, v view.Variant, black, white, result string) string {
	return texts.Clip(tr(l, mUIHistoryLine, texts.GameNo(game), texts.VariantName(l, v), texts.Name(black), texts.Name(white), result))
}

// NotRatedCPU says a ranked game was not rated because the CPU moved for
// these players.
func NotRatedCPU(l texts.Lang, players []string) string {
	names := make([]string, len(players))
	for k, p := range players {
		names[k] = texts.Name(p)
	}
	return tr(l, mUINotRatedCPU, texts.Join(l, names))
}

// CPUOnly refuses level: or think: in a challenge to a person.
func CPUOnly(l texts.Lang) string { return tr(l, mUICPUOnly) }

// ThinkMax refuses a think time over the server's maximum, in ms.
func ThinkMax(l texts.Lang, max int) string { return tr(l, mUIThinkMax, max) }

// YouDeclined / YouWithdrew answer the person who ended challenge id.
func YouDeclined(l texts.Lang, id uint64) string { return tr(l, mUIYouDeclined, id) }
func YouWithdrew(l texts.Lang, id uint64) string { return tr(l, mUIYouWithdrew, id) }

// DMGamePrefix answers a DM whose "#N " game prefix is not a game number.
func DMGamePrefix(l texts.Lang) string { return tr(l, mUIDMGamePrefix) }

// UnrankedCPU tells who asked for a ranked game against the CPU that it is
// unranked: games against the CPU are never rated.
func UnrankedCPU(l texts.Lang) string { return tr(l, mUIUnrankedCPU) }

// DMResignHow answers a DM that says "resign" in words: typed text never
// resigns (a slip could not be undone); it says how to.
func DMResignHow(l texts.Lang) string { return tr(l, mUIDMResignHow) }

// IsResignWord tells whether a DM is a word of resignation ("resign", "投了",
// "負けました"...), in any case, with a full stop or ! after it.
func IsResignWord(s string) bool {
	s = strings.ToLower(strings.TrimRight(strings.TrimSpace(s), ".!。！、 　"))
	switch s {
	case "resign", "resigns", "i resign", "resigned", "i give up", "投了", "投了します", "降参", "降参します",
		"負けました", "まけました", "参りました", "まいりました":
		return true
	}
	return false
}

// TooManyChallenges refuses a challenge over the per-server limit of open ones.
func TooManyChallenges(l texts.Lang, n int) string { return tr(l, mUITooManyChallenges, n) }

// RankedAway refuses a ranked challenge whose away time is under min seconds.
func RankedAway(l texts.Lang, min int) string { return tr(l, mUIRankedAway, min) }

// ResultLine says how a game ended, for lists.
func ResultLine(ctx texts.Ctx, r *view.Result) string {
	return texts.Event(ctx, view.Event{To: view.ToPublic, Kind: view.EvEnd, Winner: r.Winner, Reason: r.Reason})
}

// RecordNotYet / RecordSent answer /shogi record.
func RecordNotYet(l texts.Lang, game uint64) string {
	return tr(l, mUIRecordNotYet, texts.GameNo(game))
}

// RecordSent heads the record attachment.
func RecordSent(l texts.Lang, game uint64) string { return tr(l, mUIRecordSent, texts.GameNo(game)) }

// DrawOffered tells the opponent of a draw offer.
func DrawOffered(l texts.Lang, who string, game uint64) string {
	return texts.Clip(tr(l, mUIDrawOffered, texts.Name(who), texts.GameNo(game)))
}

// MoveBoxGame answers a move typed in the Move box of game box with the
// number of another game.
func MoveBoxGame(l texts.Lang, box, typed uint64) string {
	return tr(l, mUIMoveBoxGame, texts.GameNo(box), texts.GameNo(typed))
}

// DrawOfferSent answers the player who offered a draw in game.
func DrawOfferSent(l texts.Lang, game uint64) string {
	return tr(l, mUIDrawOfferSent, texts.GameNo(game))
}

// AwayCPU / AwayBack tell the channel the CPU took a seat or its player returned.
func AwayCPU(l texts.Lang, who string, game uint64) string {
	return texts.Clip(tr(l, mUIAwayCPU, texts.Name(who), texts.GameNo(game)))
}

// AwayYou tells an away player, by DM, that the CPU took their seat.
func AwayYou(l texts.Lang, game uint64) string {
	return texts.Clip(tr(l, mUIAwayYou, texts.GameNo(game)))
}

// AwayBack tells the channel a player took their seat back.
func AwayBack(l texts.Lang, who string, game uint64) string {
	return texts.Clip(tr(l, mUIAwayBack, texts.Name(who), texts.GameNo(game)))
}
