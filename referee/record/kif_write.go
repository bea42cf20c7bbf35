package record

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"shinpan/referee/shogi"
)

// kifGenerated are the header keys WriteKIF writes itself from the position.
var kifGenerated = map[string]bool{"手合割": true, "先手の持駒": true, "後手の持駒": true,
	"上手の持駒": true, "下手の持駒": true}

// WriteKIF writes rec as UTF-8 KIF:
//
//	#KIF version=2.0 encoding=UTF-8
//	先手：...                          (rec.Header in order)
//	ルール：dark                       (rec.Variant, when set; see VariantKey)
//	手合割：平手                       (or 香落ち, ...; a BOD board diagram with
//	手数----指手---------消費時間--      hands, 後手番 and 手数＝N for any other start)
//	*comment                           (rec.Comments)
//	   1 ７六歩(77)
//	   2 同　歩(23)
//	  ...
//	  86 投了                          (from rec.Result: 投了 詰み 千日手 持将棋
//	まで85手で先手の勝ち                入玉勝ち 切れ負け 反則勝ち 反則負け 中断)
//
// A move that is not legal in its position (under the record's rules, see
// Pseudo) gives an *IllegalMoveError; what was written before it stays
// written.
func WriteKIF(w io.Writer, rec *Record) error {
	bw := bufio.NewWriter(w)
	start := rec.StartPosition()
	bw.WriteString("#KIF version=2.0 encoding=UTF-8\n")
	writeKIFHeader(bw, rec, start)
	bw.WriteString("手数----指手---------消費時間--\n")
	writeComments(bw, "*", rec.Comments[0])
	p := start.Clone()
	prev := shogi.NoSquare
	first := start.MoveNumber()
	for i, m := range rec.Moves {
		if !rec.playable(p, m) {
			bw.Flush()
			return &IllegalMoveError{Number: i + 1, Text: m.USI(), Reason: Explain(p, m)}
		}
		fmt.Fprintf(bw, "%4d %s\n", first+i, kifMoveText(p, m, prev))
		writeComments(bw, "*", rec.Comments[i+1])
		p.MakeMove(m)
		prev = m.To()
	}
	if term, summary := kifEnding(rec.Result, p, isHandicap(start)); term != "" || summary != "" {
		if term != "" {
			fmt.Fprintf(bw, "%4d %s\n", first+len(rec.Moves), term)
		}
		if summary != "" {
			fmt.Fprintf(bw, "まで%d手で%s\n", first+len(rec.Moves)-1, summary)
		}
	}
	return bw.Flush()
}

// writeKIFHeader writes the header fields, the variant mark and the start
// (手合割, or a board diagram) of KIF and KI2.
func writeKIFHeader(bw *bufio.Writer, rec *Record, start *shogi.Position) {
	for _, h := range rec.Header {
		if !kifGenerated[h.Key] && h.Key != VariantKey && kifHeaderKey(h.Key) {
			fmt.Fprintf(bw, "%s：%s\n", h.Key, oneLine(h.Value))
		}
	}
	if v := rec.variantMark(); v != "" {
		fmt.Fprintf(bw, "%s：%s\n", VariantKey, oneLine(v))
	}
	if name, ok := HandicapName(start); ok && start.MoveNumber() == 1 {
		fmt.Fprintf(bw, "手合割：%s\n", name)
	} else {
		writeBOD(bw, start)
	}
}

// kifHeaderKey reports whether key reads back as a header key: a key that
// would start another kind of line (a board row, a comment, the moves, a move)
// or holds a colon is not written.
func kifHeaderKey(key string) bool {
	key = strings.TrimSpace(oneLine(key))
	if key == "" || strings.ContainsAny(key, ":：") || strings.ContainsRune("#*&|'+", rune(key[0])) ||
		strings.HasPrefix(key, "手数") || strings.HasPrefix(key, "変化") || strings.HasPrefix(key, "まで") ||
		strings.HasPrefix(key, "９") || key[0] >= '0' && key[0] <= '9' || ki2MoveLine(key) {
		return false
	}
	_, isMove := kifMoveLine(key)
	return !isMove
}

func writeComments(w *bufio.Writer, mark string, lines []string) {
	for _, c := range lines {
		w.WriteString(mark + oneLine(c) + "\n")
	}
}

// oneLine keeps a header value or comment on one line.
func oneLine(s string) string {
	return strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ").Replace(s)
}

// kifEnding returns the terminal word and the summary (after "まで N手で")
// for result r at final position p.
func kifEnding(r Result, p *shogi.Position, handicap bool) (term, summary string) {
	r = r.Normalize()
	toMove := p.SideToMove()
	name := func(w string) string {
		c, _ := winnerColor(w)
		switch {
		case handicap && c == shogi.Black:
			return "下手"
		case handicap:
			return "上手"
		case c == shogi.Black:
			return "先手"
		}
		return "後手"
	}
	wc, decisive := winnerColor(r.Winner)
	wins := ""
	if decisive {
		wins = name(r.Winner) + "の勝ち"
	}
	switch r.Reason {
	case ReasonResignation:
		return "投了", wins
	case ReasonCheckmate:
		return "詰み", wins
	case ReasonSennichite:
		return "千日手", "千日手"
	case ReasonPerpetualCheck:
		if !decisive {
			return "千日手", "千日手"
		}
		return "千日手", "連続王手の千日手により" + wins
	case ReasonImpasse:
		switch {
		case !decisive:
			return "持将棋", "持将棋"
		case wc == toMove:
			return "入玉勝ち", name(r.Winner) + "の入玉勝ち"
		}
		return "持将棋", "持将棋により" + wins
	case ReasonTimeout:
		return "切れ負け", "時間切れにより" + wins
	case ReasonIllegalMove:
		if decisive && wc == toMove {
			return "反則勝ち", name(r.Winner) + "の反則勝ち"
		}
		if decisive {
			return "反則負け", name(r.Winner) + "の反則勝ち"
		}
		return "反則負け", ""
	case ReasonAbort:
		return "中断", "中断"
	}
	return "", ""
}

// writeBOD writes p as a KIF board diagram (BOD).
func writeBOD(w *bufio.Writer, p *shogi.Position) {
	fmt.Fprintf(w, "後手の持駒：%s\n", kifHand(p.Hand(shogi.White)))
	w.WriteString("  ９ ８ ７ ６ ５ ４ ３ ２ １\n")
	w.WriteString("+---------------------------+\n")
	for r := 1; r <= 9; r++ {
		w.WriteString("|")
		for f := 9; f >= 1; f-- {
			pc := p.At(shogi.Sq(f, r))
			switch {
			case pc == shogi.NoPiece:
				w.WriteString(" ・")
			case pc.Color() == shogi.White:
				w.WriteString("v" + kifBoardName(pc.Kind()))
			default:
				w.WriteString(" " + kifBoardName(pc.Kind()))
			}
		}
		fmt.Fprintf(w, "|%c\n", kifRankKanji[r-1])
	}
	w.WriteString("+---------------------------+\n")
	fmt.Fprintf(w, "先手の持駒：%s\n", kifHand(p.Hand(shogi.Black)))
	if p.SideToMove() == shogi.White {
		w.WriteString("後手番\n")
	}
	if p.MoveNumber() > 1 {
		fmt.Fprintf(w, "手数＝%d\n", p.MoveNumber()-1)
	}
}

// kifBoardName is the one-character name of k in a board diagram.
func kifBoardName(k shogi.Kind) string {
	switch k {
	case shogi.ProLance:
		return "杏"
	case shogi.ProKnight:
		return "圭"
	case shogi.ProSilver:
		return "全"
	}
	return kifPieceNames[k]
}

var kanjiDigits = []string{"", "一", "二", "三", "四", "五", "六", "七", "八", "九"}

// kifHand writes a hand as "飛　角　金二　歩十八　" or "なし".
func kifHand(h shogi.Hand) string {
	var b strings.Builder
	for _, k := range []shogi.Kind{shogi.Rook, shogi.Bishop, shogi.Gold, shogi.Silver, shogi.Knight, shogi.Lance, shogi.Pawn} {
		n := int(h[k])
		if n == 0 {
			continue
		}
		b.WriteString(kifPieceNames[k])
		switch {
		case n >= 11:
			b.WriteString("十" + kanjiDigits[n-10])
		case n == 10:
			b.WriteString("十")
		case n >= 2:
			b.WriteString(kanjiDigits[n])
		}
		b.WriteString("　")
	}
	if b.Len() == 0 {
		return "なし"
	}
	return b.String()
}
