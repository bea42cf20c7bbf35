package record

import (
	"errors"
	"io"
	"strconv"
	"strings"

	"shinpan/referee/shogi"
)

// ReadKIF reads a KIF record (UTF-8 with or without BOM, or Shift_JIS):
//
//	# comment                      (ignored)
//	手合割：平手                    (or 香落ち, 二枚落ち, ...; a handicap start has White to move)
//	先手：name                      (header fields key：value, kept in Record.Header)
//	ルール：dark                    (Record.Variant; masked or dark: moves pseudo-legal)
//	後手の持駒：なし                 (a BOD board diagram instead of 手合割, with
//	| ・v飛 ・ ...|二                ... 先手の持駒, 後手番, 手数＝N)
//	手数----指手---------消費時間--
//	   1 ７六歩(77)   ( 0:01/00:00:01)
//	*comment                       (comment after the move above; & lines too)
//	   2 同　歩(23)
//	   3 投了                       (terminal: 投了 詰み 千日手 持将棋 切れ負け 時間切れ
//	まで2手で後手の勝ち                反則勝ち 反則負け 中断 入玉勝ち)
//	変化：2手                        (variations: reading stops here, main line only)
//
// Errors: *SyntaxError, *IllegalMoveError (with the record before the move),
// ErrTooLong.
func ReadKIF(r io.Reader) (*Record, error) {
	text, err := readText(r)
	if err != nil {
		return nil, err
	}
	return parseKIF(text)
}

// kifTerminals maps KIF terminal words to how the game ended; winner is
// relative to the side to move: +1 it wins, -1 it loses, 0 draw, 2 none.
// A word marked approx is not Kakinoki's own: it is read as the closest
// ending, with a warning (and its note, when it has one).
var kifTerminals = []struct {
	word   string
	reason string
	winner int
	approx bool
	note   string
}{
	{"投了", ReasonResignation, -1, false, ""},
	{"不詰", ReasonUnknown, 2, false, ""},
	{"詰み", ReasonCheckmate, -1, false, ""},
	{"詰", ReasonCheckmate, -1, false, ""},
	{"千日手", ReasonSennichite, 0, false, ""},
	{"持将棋", ReasonImpasse, 0, false, ""},
	{"切れ負け", ReasonTimeout, -1, false, ""},
	{"時間切れ", ReasonTimeout, -1, false, ""},
	{"反則勝ち", ReasonIllegalMove, +1, false, ""},
	{"反則負け", ReasonIllegalMove, -1, false, ""},
	{"中断", ReasonAbort, 2, false, ""},
	{"入玉勝ち", ReasonImpasse, +1, false, ""},
	{"宣言勝ち", ReasonImpasse, +1, false, ""},
	{"入玉宣言", ReasonImpasse, +1, true, "an impasse declaration"},
	{"Time-up", ReasonTimeout, -1, true, "81Dojo: the side to move ran out of time"},
	{"Time-Up", ReasonTimeout, -1, true, "the side to move ran out of time"},
	{"TIME_UP", ReasonTimeout, -1, true, "the side to move ran out of time"},
	{"time-up", ReasonTimeout, -1, true, "the side to move ran out of time"},
	{"Resign", ReasonResignation, -1, true, ""},
	{"resign", ReasonResignation, -1, true, ""},
	{"反則", ReasonIllegalMove, -1, true, "an illegal move by the side to move"},
	// 封じ手: the mover sealed the move and the game was adjourned; it did not
	// end, so the result is unknown (RULES.md §4).
	{"封じ手", ReasonUnknown, 2, true, "a sealed move: the game was adjourned, not ended"},
}

// endWord reads a terminal word at the start of text (on line n): the
// game's result, and the end of its moves. ok is false when text starts with
// none.
func (kr *kifReader) endWord(n int, text string) (ok bool) {
	for _, term := range kifTerminals {
		if !strings.HasPrefix(text, term.word) {
			continue
		}
		b := kr.b
		b.rec.Result = relResult(term.reason, term.winner, b.side())
		kr.ended, kr.terminal = true, true
		if term.approx {
			note := ""
			if term.note != "" {
				note = " (" + term.note + ")"
			}
			b.rec.warn("%s line %d: the ending %q%s is read as %s", kr.format, n, firstWord(text), note, b.rec.Result)
		}
		return true
	}
	return false
}

// relResult turns a winner relative to side (see kifTerminals) into a Result.
func relResult(reason string, rel int, side shogi.Color) Result {
	switch rel {
	case +1:
		return Result{reason, colorWinner(side)}
	case -1:
		return Result{reason, colorWinner(side.Opp())}
	case 0:
		return Result{reason, WinnerDraw}
	}
	return Result{reason, WinnerNone}
}

// kifLine is a numbered KIF line: the move number and the text after it.
type kifLine struct {
	n    int
	text string
}

// kifMoveLine splits "   1 ７六歩(77) ..." into its number and the rest.
func kifMoveLine(t string) (kifLine, bool) {
	t = strings.TrimLeftFunc(t, isSpace)
	i := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	if i == 0 || i > 6 || i == len(t) || !(t[i] == ' ' || t[i] == '\t' || strings.HasPrefix(t[i:], "　")) {
		return kifLine{}, false
	}
	n, _ := strconv.Atoi(t[:i])
	return kifLine{n, strings.TrimLeftFunc(t[i:], isSpace)}, true
}

// kifReader holds the state of one KIF reading.
type kifReader struct {
	header   []HeaderField
	handicap string
	variant  string
	bod      []string // board diagram rows, rank 1 first
	hands    [2]string
	hasHands [2]bool
	side     shogi.Color
	moveNum  int // 手数＝N: the diagram is after move N
	pending  []string
	seen     bool // anything KIF-like was read

	format      string // "kif" or "ki2", for errors
	b           *builder
	prev        shogi.Square
	ended       bool
	terminal    bool
	summary     string
	summaryLine int
}

func parseKIF(text string) (*Record, error) {
	kr := &kifReader{prev: shogi.NoSquare, format: "kif"}
	lines := strings.Split(text, "\n")
	for i, line := range lines {
		n := i + 1
		t := strings.TrimSpace(line)
		if t == "" {
			continue
		}
		if kr.b == nil {
			if ki2MoveLine(t) || ki2Marked(t) {
				// never skip moves as an unknown header line
				return nil, syntaxErr("kif", n, "%q is a KI2 move line before the KIF moves", t)
			}
			if !kr.headerLine(t) {
				continue
			}
			if err := kr.begin(n); err != nil {
				return nil, err
			}
			if strings.HasPrefix(t, "手数") {
				continue
			}
		}
		stop, err := kr.moveLine(n, t)
		if err != nil {
			rec, _ := kr.b.done()
			return rec, err
		}
		if stop {
			break
		}
	}
	if kr.b == nil {
		if !kr.seen {
			return nil, syntaxErr("kif", 0, "no KIF header, board or moves found")
		}
		if err := kr.begin(len(lines)); err != nil {
			return nil, err
		}
	}
	kr.applySummary()
	return kr.b.done()
}

// headerLine reads a line before the moves. It returns true when the line
// starts the moves section (the 手数---- line or a first move line).
func (kr *kifReader) headerLine(t string) bool {
	switch {
	case strings.HasPrefix(t, "#"):
		return false
	case strings.HasPrefix(t, "*") || strings.HasPrefix(t, "&"):
		kr.pending = append(kr.pending, t[1:])
		return false
	case strings.HasPrefix(t, "手数----") || strings.HasPrefix(t, "手数――"):
		return true
	case strings.HasPrefix(t, "|"):
		kr.bod = append(kr.bod, t)
		kr.seen = true
		return false
	case strings.HasPrefix(t, "+---") || strings.HasPrefix(t, "９ ８") || strings.HasPrefix(t, "９　８") ||
		strings.HasPrefix(t, "９８７"):
		return false
	case t == "後手番" || t == "上手番":
		kr.side, kr.seen = shogi.White, true
		return false
	case t == "先手番" || t == "下手番":
		kr.side, kr.seen = shogi.Black, true
		return false
	case strings.HasPrefix(t, "手数＝") || strings.HasPrefix(t, "手数="):
		v := strings.TrimLeft(strings.TrimPrefix(strings.TrimPrefix(t, "手数＝"), "手数="), " ")
		if f := strings.Fields(v); len(f) > 0 {
			kr.moveNum, _ = strconv.Atoi(f[0])
		}
		kr.seen = true
		return false
	}
	if _, ok := kifMoveLine(t); ok {
		return true
	}
	key, value, ok := splitKIFHeader(t)
	if !ok {
		return false
	}
	kr.seen = true
	switch key {
	case "手合割":
		kr.handicap = value
	case "先手の持駒", "下手の持駒":
		kr.hands[shogi.Black], kr.hasHands[shogi.Black] = value, true
	case "後手の持駒", "上手の持駒":
		kr.hands[shogi.White], kr.hasHands[shogi.White] = value, true
	case VariantKey:
		kr.variant = value
	default:
		kr.header = append(kr.header, HeaderField{key, value})
	}
	return false
}

// splitKIFHeader splits "key：value" (full-width or ASCII colon).
func splitKIFHeader(t string) (key, value string, ok bool) {
	i := strings.Index(t, "：")
	w := len("：")
	if j := strings.IndexByte(t, ':'); j >= 0 && (i < 0 || j < i) {
		i, w = j, 1
	}
	if i <= 0 {
		return "", "", false
	}
	return strings.TrimSpace(t[:i]), strings.TrimSpace(t[i+w:]), true
}

// begin builds the start position from the header and starts the moves.
func (kr *kifReader) begin(line int) error {
	start, err := kr.start()
	if err != nil {
		return syntaxErr(kr.format, line, "%v", err)
	}
	kr.b = newBuilder(start)
	kr.b.rec.Header = kr.header
	kr.b.rec.setVariant(kr.variant)
	for _, c := range kr.pending {
		kr.b.rec.AddComment(0, c)
	}
	return nil
}

// start returns the start position: the board diagram if any, else 手合割.
func (kr *kifReader) start() (*shogi.Position, error) {
	if len(kr.bod) == 0 {
		sfen := shogi.StartSFEN
		if kr.handicap != "" {
			s, ok := HandicapSFEN(kr.handicap)
			if !ok {
				return nil, errorf("unknown 手合割 %q without a board diagram", kr.handicap)
			}
			sfen = s
		}
		return shogi.ParseSFEN(sfen)
	}
	if len(kr.bod) != 9 {
		return nil, errorf("board diagram has %d ranks, want 9", len(kr.bod))
	}
	s := &setup{side: kr.side, ply: kr.moveNum + 1}
	for r, row := range kr.bod {
		if err := readBODRow(s, r+1, row); err != nil {
			return nil, err
		}
	}
	for c := shogi.Black; c <= shogi.White; c++ {
		if err := readKIFHand(s, c, kr.hands[c]); err != nil {
			return nil, err
		}
	}
	return s.position()
}

// readBODRow reads "|v香v桂 ・ ... 香|一" into rank r of s.
func readBODRow(s *setup, r int, row string) error {
	rs := []rune(strings.TrimPrefix(row, "|"))
	file := 9
	for i := 0; i < len(rs) && rs[i] != '|'; i++ {
		c := shogi.Black
		switch rs[i] {
		case ' ', '　', '^':
			continue
		case 'v', 'V':
			c = shogi.White
			i++
			if i >= len(rs) {
				return errorf("board rank %d: 'v' at the end", r)
			}
		}
		if file < 1 {
			return errorf("board rank %d has more than 9 squares", r)
		}
		if rs[i] != '・' {
			k := kifPieceRead[string(rs[i])]
			if k == shogi.NoKind {
				return errorf("board rank %d: %q is not a piece", r, rs[i])
			}
			s.board[shogi.Sq(file, r)] = shogi.MakePiece(c, k)
		}
		file--
	}
	if file != 0 {
		return errorf("board rank %d has %d squares, want 9", r, 9-file)
	}
	return nil
}

// readKIFHand reads "角　金二　歩十八" or "なし" as c's hand.
func readKIFHand(s *setup, c shogi.Color, v string) error {
	for _, tok := range strings.Fields(v) {
		if tok == "なし" {
			continue
		}
		rs := []rune(tok)
		k := kifPieceRead[string(rs[0])]
		if k == shogi.NoKind || k.IsPromoted() || k == shogi.King {
			return errorf("hand: %q is not a piece in hand", tok)
		}
		n := 1
		if len(rs) > 1 {
			var ok bool
			if n, ok = kanjiNumber(string(rs[1:])); !ok {
				return errorf("hand: bad count in %q", tok)
			}
		}
		s.hands[c][k] += n
		if s.hands[c][k] > shogi.SetCount[k] {
			return errorf("hand: %d %ss: a set has %d", s.hands[c][k], k.Name(), shogi.SetCount[k])
		}
	}
	return nil
}

// kanjiNumber reads 1..19 written 一..九, 十, 十一..十九 (or ASCII/full-width
// digits, up to 99), so that a count over the set is refused by its size.
func kanjiNumber(s string) (int, bool) {
	rs := []rune(s)
	if n, err := strconv.Atoi(s); err == nil {
		return n, n >= 1 && n <= 99
	}
	if len(rs) == 1 {
		if rs[0] == '十' {
			return 10, true
		}
		n := rankValue(rs[0])
		return n, n > 0
	}
	if len(rs) == 2 && rs[0] == '十' {
		n := rankValue(rs[1])
		return 10 + n, n > 0
	}
	if len(rs) == 2 && digitValue(rs[0]) == 1 && (digitValue(rs[1]) > 0 || rs[1] == '０') {
		return 10 + digitValue(rs[1]), true
	}
	return 0, false
}

// moveLine reads a line of the moves section. stop is true at a variation.
func (kr *kifReader) moveLine(n int, t string) (stop bool, err error) {
	b := kr.b
	switch {
	case strings.HasPrefix(t, "*") || strings.HasPrefix(t, "&"):
		b.rec.AddComment(len(b.rec.Moves), t[1:])
		return false, nil
	case strings.HasPrefix(t, "#"), strings.HasPrefix(t, "手数----"), strings.HasPrefix(t, "手数――"):
		return false, nil // a second moves header says nothing new
	case strings.HasPrefix(t, "変化"):
		return true, nil
	case strings.HasPrefix(t, "まで"):
		if kr.summary == "" {
			kr.summary = t
		}
		return false, nil
	}
	ml, ok := kifMoveLine(t)
	if !ok {
		if key, value, ok := splitKIFHeader(t); ok {
			if key == VariantKey && len(b.rec.Moves) == 0 {
				b.rec.setVariant(value)
			} else {
				b.rec.Header = append(b.rec.Header, HeaderField{key, value})
			}
			return false, nil
		}
		return false, syntaxErr("kif", n, "%q is not a KIF move line (want e.g. \"   1 ７六歩(77)\")", t)
	}
	if kr.ended {
		return false, nil
	}
	if kr.endWord(n, ml.text) {
		return false, nil
	}
	if !looksLikeMove(ml.text) {
		// an ending word this reader does not know: the moves stand, the
		// result is unknown
		b.rec.Result = Unknown
		kr.ended = true
		b.rec.warn("kif line %d: the ending %q is not one this reader knows: result unknown", n, firstWord(ml.text))
		return false, nil
	}
	km, err := parseKIFMove(ml.text, kr.prev)
	if err != nil {
		return false, syntaxErr("kif", n, "move %d: %v", len(b.rec.Moves)+1, err)
	}
	if km.from == shogi.NoSquare && !km.drop && (km.kind.IsPromoted() || b.pos.HandCount(b.side(), km.kind) == 0) {
		// no origin and not a drop: read as Japanese notation ("同　歩")
		text, _, _ := strings.Cut(fullWidthParens.Replace(ml.text), "(")
		m, err := resolveRecordMove(b.pos, strings.TrimSpace(text), kr.prev, b.rec.pseudo())
		var ie *IllegalMoveError
		switch {
		case errors.As(err, &ie):
			return false, b.illegal(ie.moveOrNone(), strings.TrimSpace(text), ie.Reason)
		case err != nil:
			return false, syntaxErr("kif", n, "move %d %q has no origin: %v", len(b.rec.Moves)+1, strings.TrimSpace(text), err)
		}
		if err := b.play(m, ""); err != nil {
			return false, err
		}
		kr.prev = m.To()
		return false, nil
	}
	m, why := km.resolve(b.pos, b.rec.pseudo())
	if why != "" {
		return false, b.illegal(m, strings.Fields(ml.text)[0], why)
	}
	if err := b.play(m, ""); err != nil {
		return false, err
	}
	kr.prev = m.To()
	return false, nil
}

// firstWord returns the first space-separated word of s.
func firstWord(s string) string {
	if f := strings.FieldsFunc(s, isSpace); len(f) > 0 {
		return f[0]
	}
	return s
}

// looksLikeMove reports whether a numbered KIF line's text starts as a move
// does: a destination digit or 同, after an optional ▲△☗☖.
func looksLikeMove(s string) bool {
	rs := []rune(strings.TrimLeftFunc(s, isSpace))
	if len(rs) > 0 && strings.ContainsRune("▲△☗☖", rs[0]) {
		rs = rs[1:]
	}
	return len(rs) > 0 && (rs[0] == '同' || digitValue(rs[0]) > 0 || rankValue(rs[0]) > 0)
}

// applySummary reads "まで85手で先手の勝ち" (also 千日手, 持将棋, 中断,
// 時間切れにより..., 反則..., 入玉...). Without a terminal line it gives the
// result; after one, a winner it names replaces the one the terminal word
// implies (持将棋 is a draw unless the summary names a winner), except after
// 千日手, 中断 and the like, which have none.
func (kr *kifReader) applySummary() {
	s := kr.summary
	if s == "" || kr.b.err != nil {
		return
	}
	if i := strings.Index(s, "手で"); i >= 0 {
		s = s[i+len("手で"):]
	}
	winner := ""
	for _, w := range []struct {
		who string
		c   shogi.Color
	}{{"先手", shogi.Black}, {"下手", shogi.Black}, {"後手", shogi.White}, {"上手", shogi.White}} {
		if !strings.Contains(s, w.who) {
			continue
		}
		if strings.Contains(s, "勝ち") {
			winner = colorWinner(w.c)
		} else if strings.Contains(s, "負け") {
			winner = colorWinner(w.c.Opp())
		}
		break
	}
	rec := kr.b.rec
	if kr.terminal {
		if rec.Result.Reason == ReasonSennichite && strings.Contains(s, "連続王手") && winner != "" {
			rec.Result = Result{ReasonPerpetualCheck, winner}
			return
		}
		switch rec.Result.Reason {
		case ReasonResignation, ReasonCheckmate, ReasonImpasse, ReasonTimeout, ReasonIllegalMove, ReasonPerpetualCheck:
			if winner != "" {
				rec.Result.Winner = winner
			}
		}
		return
	}
	reason := ReasonUnknown
	switch {
	case strings.Contains(s, "連続王手"):
		reason = ReasonPerpetualCheck
	case strings.Contains(s, "千日手"):
		reason = ReasonSennichite
	case strings.Contains(s, "持将棋"), strings.Contains(s, "入玉"), strings.Contains(s, "宣言"):
		reason = ReasonImpasse
	case strings.Contains(s, "中断"):
		reason = ReasonAbort
	case strings.Contains(s, "時間切れ"), strings.Contains(s, "切れ負け"):
		reason = ReasonTimeout
	case strings.Contains(s, "反則"):
		reason = ReasonIllegalMove
	case strings.Contains(s, "詰"):
		reason = ReasonCheckmate
	case winner != "":
		reason = ReasonResignation
	}
	switch {
	case winner != "":
	case reason == ReasonSennichite || reason == ReasonImpasse:
		winner = WinnerDraw
	case reason == ReasonCheckmate:
		winner = colorWinner(kr.b.side().Opp())
	default:
		winner = WinnerNone
	}
	if reason == ReasonPerpetualCheck && winner == WinnerDraw {
		reason = ReasonSennichite
	}
	rec.Result = Result{reason, winner}
}
