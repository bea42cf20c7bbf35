package record

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"shinpan/referee/notation"
	"shinpan/referee/shogi"
)

// ki2PerLine is how many moves WriteKI2 writes on a line.
const ki2PerLine = 6

// WriteKI2 writes rec as UTF-8 KI2:
//
//	#KI2 version=2.0 encoding=UTF-8
//	先手：...                          (rec.Header, ルール, 手合割 or a board
//	手合割：平手                        diagram, as WriteKIF writes them)
//	▲７六歩    △３四歩    ▲２六歩    △８四歩    ▲２五歩    △８五歩
//	▲７八金    △３二金
//	*comment                           (rec.Comments: a comment ends the line)
//	▲２四歩    △同　歩    ...
//	まで85手で先手の勝ち                (from rec.Result, as in WriteKIF)
//
// Moves are written in Japanese notation (notation.Format), told apart
// (右 左 直 上 引 寄, 打, 成/不成) among the moves the record's rules allow:
// the legal moves, or the pseudo-legal ones for Masked and Dark. A move that
// is not legal in its position (under the record's rules, see Pseudo) gives
// an *IllegalMoveError; what was written before it stays written.
func WriteKI2(w io.Writer, rec *Record) error {
	bw := bufio.NewWriter(w)
	start := rec.StartPosition()
	bw.WriteString("#KI2 version=2.0 encoding=UTF-8\n")
	writeKIFHeader(bw, rec, start)
	writeComments(bw, "*", rec.Comments[0])
	p := start.Clone()
	prev := shogi.NoSquare
	var buf [shogi.MaxMoves]shogi.Move
	onLine := 0
	endLine := func() {
		if onLine > 0 {
			bw.WriteString("\n")
			onLine = 0
		}
	}
	for i, m := range rec.Moves {
		if !rec.playable(p, m) {
			endLine()
			bw.Flush()
			return &IllegalMoveError{Number: i + 1, Text: m.USI(), Reason: Explain(p, m)}
		}
		cands := p.LegalMoves(buf[:0])
		if rec.pseudo() {
			cands = p.PseudoMoves(buf[:0])
		}
		text := notation.FormatAmong(p, m, notation.Japanese, prev, cands)
		_, n := utf8.DecodeRuneInString(text) // ☗ or ☖
		mark := "▲"
		if p.SideToMove() == shogi.White {
			mark = "△"
		}
		bw.WriteString(ki2Pad(mark+text[n:], onLine == ki2PerLine-1 || i == len(rec.Moves)-1 || len(rec.Comments[i+1]) > 0))
		if onLine++; onLine == ki2PerLine {
			endLine()
		}
		if len(rec.Comments[i+1]) > 0 {
			endLine()
			writeComments(bw, "*", rec.Comments[i+1])
		}
		p.MakeMove(m)
		prev = m.To()
	}
	endLine()
	if term, summary := kifEnding(rec.Result, p, isHandicap(start)); term != "" || summary != "" {
		if summary == "" {
			summary = term
		}
		fmt.Fprintf(bw, "まで%d手で%s\n", start.MoveNumber()-1+len(rec.Moves), summary)
	}
	return bw.Flush()
}

// ki2Pad pads a move to 12 columns (a full-width character takes two), as
// Kifu for Windows aligns them; the last move of a line is not padded.
func ki2Pad(s string, last bool) string {
	if last {
		return s
	}
	width := 0
	for _, r := range s {
		if r < 0x80 || r >= 0xFF61 && r <= 0xFF9F {
			width++
		} else {
			width += 2
		}
	}
	if width < 12 {
		return s + strings.Repeat(" ", 12-width)
	}
	return s + " "
}
