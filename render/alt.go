package render

import (
	"fmt"
	"strings"

	"shinpan/referee/notation"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// Lang is the language of an image's alt text: LangEN (also "" and anything
// unknown) or LangJA. The picture's words are Options.Labels.
type Lang string

const (
	LangEN Lang = "en"
	LangJA Lang = "ja"
)

// altWords are the words of the alt text in one language (the picture's
// words are the caller's: Labels). Templates are fmt strings.
type altWords struct {
	sep          string // between parts: ", "
	black, white string // the sides
	variants     map[view.Variant]string
	revealed     string // "Revealed board (%s)": the variant
	public       string // "Board (%s)": the variant
	yours        string // "Your board (%s, %s)": side, variant
	toMove       string // "%s to move": side
	move         string // "move %d"
	myFouls      string // "%d/%d fouls": count, limit
	fouls        string // "%s %d/%d fouls": side, count, limit
	inCheck      string
	lastMove     string // "last move %s": the move in the viewer's notation
	lostAt       string // "lost a piece on %s": square
	won          string // "%s won": side
	wonHow       string // "%s won %s": side, winPhrase
	wonOther     string // "%s won (%s)": side, the reason code
	win          map[view.Reason]string
	draw         map[view.Reason]string // the whole line for a game without a winner
	drawn        string                 // "Draw"
	drawnOther   string                 // "Draw (%s)": the reason code
	square       func(shogi.Square) string
}

// altTables holds the words of each language; tests check both have every word.
var altTables = map[Lang]*altWords{
	LangEN: {
		sep: ", ", black: "Black", white: "White",
		variants: map[view.Variant]string{view.Standard: "Standard", view.Tsuitate: "Tsuitate",
			view.Masked: "Masked", view.Dark: "Dark"},
		revealed: "Revealed board (%s)", public: "Board (%s)", yours: "Your board (%s, %s)",
		toMove: "%s to move", move: "move %d", myFouls: "%d/%d fouls", fouls: "%s %d/%d fouls",
		inCheck: "in check", lastMove: "last move %s", lostAt: "lost a piece on %s",
		won: "%s won", wonHow: "%s won %s", wonOther: "%s won (%s)",
		win: map[view.Reason]string{
			view.ReasonCheckmate:      "by checkmate",
			view.ReasonFoulLimit:      "by the foul limit",
			view.ReasonMaskCaptured:   "by capturing the mask",
			view.ReasonMaskCheckmated: "by checkmating the mask",
			view.ReasonKingCaptured:   "by capturing the king",
			view.ReasonNoLegalMove:    "(no legal move left)",
			view.ReasonSennichite:     "by sennichite",
			view.ReasonPerpetualCheck: "by perpetual check",
			view.ReasonImpasse:        "by impasse declaration",
			view.ReasonMoveLimit:      "at the move limit",
			view.ReasonResignation:    "by resignation",
			view.ReasonTimeout:        "on time",
			view.ReasonModerator:      "by moderator decision",
		},
		draw: map[view.Reason]string{
			view.ReasonSennichite:  "Draw by repetition (sennichite)",
			view.ReasonMoveLimit:   "Draw by the move limit",
			view.ReasonImpasse:     "Draw by impasse",
			view.ReasonDrawAgreed:  "Draw agreed",
			view.ReasonAbort:       "Game aborted",
			view.ReasonModerator:   "Ended by the moderator",
			view.ReasonTimeout:     "Draw on time",
			view.ReasonNoLegalMove: "Draw (no legal move)",
		},
		drawn: "Draw", drawnOther: "Draw (%s)",
		square: shogi.Square.String,
	},
	LangJA: {
		sep: "、", black: "先手", white: "後手",
		variants: map[view.Variant]string{view.Standard: "本将棋", view.Tsuitate: "衝立将棋",
			view.Masked: "影武者将棋", view.Dark: "ダーク将棋"},
		revealed: "公開された盤面（%s）", public: "盤面（%s）", yours: "あなたの盤面（%s、%s）",
		toMove: "%sの手番", move: "%d手目", myFouls: "反則 %d/%d", fouls: "%s 反則 %d/%d",
		inCheck: "王手", lastMove: "最終手 %s", lostAt: "%sの駒を取られた",
		won: "%sの勝ち", wonHow: "%sの勝ち（%s）", wonOther: "%sの勝ち（%s）",
		win: map[view.Reason]string{
			view.ReasonCheckmate:      "詰み",
			view.ReasonFoulLimit:      "反則の上限",
			view.ReasonMaskCaptured:   "影武者を取った",
			view.ReasonMaskCheckmated: "影武者の詰み",
			view.ReasonKingCaptured:   "玉を取った",
			view.ReasonNoLegalMove:    "相手に指せる手なし",
			view.ReasonSennichite:     "千日手",
			view.ReasonPerpetualCheck: "連続王手の千日手",
			view.ReasonImpasse:        "入玉宣言",
			view.ReasonMoveLimit:      "手数制限",
			view.ReasonResignation:    "投了",
			view.ReasonTimeout:        "時間切れ",
			view.ReasonModerator:      "管理者の判断",
		},
		draw: map[view.Reason]string{
			view.ReasonSennichite:  "千日手で引き分け",
			view.ReasonMoveLimit:   "手数制限で引き分け",
			view.ReasonImpasse:     "持将棋で引き分け",
			view.ReasonDrawAgreed:  "合意で引き分け",
			view.ReasonAbort:       "対局中止",
			view.ReasonModerator:   "管理者が終了",
			view.ReasonTimeout:     "時間切れで引き分け",
			view.ReasonNoLegalMove: "指せる手がなく引き分け",
		},
		drawn: "引き分け", drawnOther: "引き分け（%s）",
		square: japaneseSquare,
	},
}

// words returns the table of l (English for an unknown language).
func (l Lang) words() *altWords {
	if w, ok := altTables[l]; ok {
		return w
	}
	return altTables[LangEN]
}

// japaneseSquare writes s as "５五".
func japaneseSquare(s shogi.Square) string {
	if !s.Valid() {
		return "-"
	}
	return string([]rune("１２３４５６７８９")[s.File()-1]) + string([]rune("一二三四五六七八九")[s.Rank()-1])
}

func (w *altWords) color(c shogi.Color) string {
	if c == shogi.White {
		return w.white
	}
	return w.black
}

// variant returns the variant's display name, e.g. "Tsuitate".
func (w *altWords) variant(v view.Variant) string {
	if s, ok := w.variants[v]; ok {
		return s
	}
	return string(v)
}

// result describes r in w's language (with ☗/☖ when symbols is set).
func (w *altWords) result(r *view.Result, symbols bool) string {
	reason := strings.ReplaceAll(string(r.Reason), "_", " ")
	if r.Winner == nil {
		if p, ok := w.draw[r.Reason]; ok {
			return p
		}
		if reason == "" {
			return w.drawn
		}
		return fmt.Sprintf(w.drawnOther, reason)
	}
	side := w.color(*r.Winner)
	if symbols {
		side = r.Winner.Symbol() + " " + side
	}
	if p, ok := w.win[r.Reason]; ok {
		return fmt.Sprintf(w.wonHow, side, p)
	}
	if reason != "" {
		return fmt.Sprintf(w.wonOther, side, reason)
	}
	return fmt.Sprintf(w.won, side)
}

// altText is the image's one-line description in language l, with the last
// move in notation n, built from the view alone, e.g. "Your board (Black, Tsuitate), Black to move, move 12,
// 2/10 fouls" or "Revealed board (Masked), White won by checkmate";
// "あなたの盤面（先手、衝立将棋）、先手の手番、12手目、反則 2/10".
func altText(v *view.View, l Lang, n notation.Notation) string {
	w := l.words()
	var parts []string
	switch {
	case v.Revealed:
		parts = append(parts, fmt.Sprintf(w.revealed, w.variant(v.Variant)))
	case v.Viewer == view.ViewerPublic:
		parts = append(parts, fmt.Sprintf(w.public, w.variant(v.Variant)))
	default:
		parts = append(parts, fmt.Sprintf(w.yours, w.color(v.Viewer.Color()), w.variant(v.Variant)))
	}
	if v.Result != nil {
		parts = append(parts, w.result(v.Result, false))
	} else {
		parts = append(parts, fmt.Sprintf(w.toMove, w.color(v.Turn)))
	}
	if v.MoveNumber > 0 {
		parts = append(parts, fmt.Sprintf(w.move, v.MoveNumber))
	}
	if v.FoulLimit > 0 {
		me := v.Viewer != view.ViewerPublic && !v.Revealed
		switch {
		case me && v.FoulsKnown[v.Viewer.Color()] && !v.FoulsKnown[v.Viewer.Color().Opp()]:
			parts = append(parts, fmt.Sprintf(w.myFouls, v.Fouls[v.Viewer.Color()], v.FoulLimit))
		default:
			for c := shogi.Black; c <= shogi.White; c++ {
				if v.FoulsKnown[c] {
					parts = append(parts, fmt.Sprintf(w.fouls, w.color(c), v.Fouls[c], v.FoulLimit))
				}
			}
		}
	}
	if v.InCheck {
		parts = append(parts, w.inCheck)
	}
	if v.LastMove != shogi.NoMove {
		parts = append(parts, fmt.Sprintf(w.lastMove, lastMoveText(v, n)))
	}
	if v.LostAt.Valid() {
		parts = append(parts, fmt.Sprintf(w.lostAt, w.square(v.LostAt)))
	}
	return strings.Join(parts, w.sep)
}

// lastMoveText writes v.LastMove in notation n on the board the viewer saw
// just before it (v.LastMoveBefore), exactly as the bot's messages write the
// same move (notation.FormatSeen); USI when the view does not hold that board.
func lastMoveText(v *view.View, n notation.Notation) string {
	m := v.LastMove
	if n == notation.USI || v.LastMoveBefore == "" {
		return m.USI()
	}
	before, err := shogi.ParseSFEN(v.LastMoveBefore)
	if err != nil {
		return m.USI()
	}
	if s, ok := notation.FormatSeen(before, m, n, shogi.NoSquare); ok {
		return s
	}
	return m.USI()
}
