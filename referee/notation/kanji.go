package notation

import "shinpan/referee/shogi"

var kanjiPieces = [shogi.NumKinds]string{"", "歩", "香", "桂", "銀", "角", "飛", "金", "玉",
	"と", "成香", "成桂", "成銀", "馬", "竜"}

var kanjiShort = [shogi.NumKinds]string{"", "歩", "香", "桂", "銀", "角", "飛", "金", "玉",
	"と", "杏", "圭", "全", "馬", "竜"}

// kifPieces are the names Kakinoki's KIF writes (龍, not 竜).
var kifPieces = [shogi.NumKinds]string{"", "歩", "香", "桂", "銀", "角", "飛", "金", "玉",
	"と", "成香", "成桂", "成銀", "馬", "龍"}

// KanjiPiece returns the name Japanese notation uses for k, as in the
// 日本将棋連盟 notation: 歩 香 桂 銀 金 角 飛 玉 と 成香 成桂 成銀 馬 竜 ("" for
// NoKind or an unknown kind). Both kings are 玉.
func KanjiPiece(k shogi.Kind) string {
	if k >= shogi.NumKinds {
		return ""
	}
	return kanjiPieces[k]
}

// KanjiPieceShort returns the one-character glyph for k as drawn on a board:
// 歩 香 桂 銀 金 角 飛 玉 と 杏 圭 全 馬 竜 ("" for NoKind or an unknown kind).
func KanjiPieceShort(k shogi.Kind) string {
	if k >= shogi.NumKinds {
		return ""
	}
	return kanjiShort[k]
}

var kanjiDigits = [10]string{"", "一", "二", "三", "四", "五", "六", "七", "八", "九"}

// KanjiRank returns the kanji numeral for rank r 1..9 ("一".."九"), "" otherwise.
func KanjiRank(r int) string {
	if r < 1 || r > 9 {
		return ""
	}
	return kanjiDigits[r]
}

// FullWidthDigit returns the full-width digit for d 0..9 ("０".."９"), "" otherwise.
func FullWidthDigit(d int) string {
	if d < 0 || d > 9 {
		return ""
	}
	return string(rune('０' + d))
}

// japaneseSquare writes s as Japanese notation does: full-width file digit and
// kanji rank, e.g. "７六".
func japaneseSquare(s shogi.Square) string {
	return FullWidthDigit(s.File()) + KanjiRank(s.Rank())
}

// kanjiDigit reads 一..九 as 1..9 (0 when r is not one).
func kanjiDigit(r rune) int {
	for i := 1; i <= 9; i++ {
		if string(r) == kanjiDigits[i] {
			return i
		}
	}
	return 0
}

// pieceNames are the piece names Resolve reads in Japanese text, longest first
// so that 成銀 is read before 成 and 桂馬 before 桂. 角行 is left out on purpose:
// 行 is also the motion word (= 上), and "５五角行" means a bishop moving up.
var pieceNames = []struct {
	name string
	kind shogi.Kind
}{
	{"歩兵", shogi.Pawn}, {"香車", shogi.Lance}, {"桂馬", shogi.Knight}, {"銀将", shogi.Silver},
	{"金将", shogi.Gold}, {"飛車", shogi.Rook}, {"玉将", shogi.King}, {"王将", shogi.King},
	{"竜王", shogi.Dragon}, {"龍王", shogi.Dragon}, {"竜馬", shogi.Horse}, {"龍馬", shogi.Horse},
	{"と金", shogi.ProPawn}, {"成歩", shogi.ProPawn}, {"成香", shogi.ProLance},
	{"成桂", shogi.ProKnight}, {"成銀", shogi.ProSilver},
	{"歩", shogi.Pawn}, {"香", shogi.Lance}, {"桂", shogi.Knight}, {"銀", shogi.Silver},
	{"金", shogi.Gold}, {"角", shogi.Bishop}, {"飛", shogi.Rook}, {"玉", shogi.King},
	{"王", shogi.King}, {"と", shogi.ProPawn}, {"杏", shogi.ProLance}, {"圭", shogi.ProKnight},
	{"全", shogi.ProSilver}, {"馬", shogi.Horse}, {"竜", shogi.Dragon}, {"龍", shogi.Dragon},
}
