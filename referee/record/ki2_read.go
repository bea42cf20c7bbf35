package record

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"shinpan/referee/notation"
	"shinpan/referee/shogi"
)

// ReadKI2 reads a KI2 record (UTF-8 with or without BOM, or Shift_JIS): the
// KIF header (手合割 or a board diagram, 先手：..., ルール：..., comments),
// then moves in Japanese notation, several a line, with or without ▲△:
//
//	手合割：平手
//	▲７六歩    △３四歩    ▲２六歩    △８四歩
//	▲２五歩    △８五歩    ▲７八金    △同　歩
//	*comment                       (after the last move above)
//	▲５八金右  △２二角成  ▲同　銀不成 △５五角打
//	まで8手で後手の勝ち              (the ending: …の勝ち, 千日手, 持将棋,
//	                                時間切れにより…, 中断, 反則…, 入玉勝ち)
//
// Each move is read with the notation package's resolver against the moves
// the record's rules allow (the legal moves; Masked and Dark: the pseudo-legal
// ones): 同, 打, 右 左 直 上 引 寄 行 and 成/不成 as in notation.Resolve; a
// move that could promote and says neither 成 nor 不成 does not promote. The
// first move that cannot be read stops the reading with a *SyntaxError naming
// it and why (never a shorter game); a move that reads but is illegal gives an
// *IllegalMoveError with the record before it. A variation (変化：) ends the
// main line. Errors: *SyntaxError, *IllegalMoveError, ErrTooLong.
func ReadKI2(r io.Reader) (*Record, error) {
	text, err := readText(r)
	if err != nil {
		return nil, err
	}
	return parseKI2(text)
}

// ki2Marks are the side marks before a KI2 move: ▲☗▼ Black, △☖▽ White.
const ki2Marks = "▲△☗☖▼▽"

func ki2MarkColor(r rune) shogi.Color {
	if strings.ContainsRune("△☖▽", r) {
		return shogi.White
	}
	return shogi.Black
}

// ki2MoveLine reports whether a line starts with a KI2 move: an optional side
// mark, then a destination and a piece ("７六歩") or 同 and a piece.
func ki2MoveLine(t string) bool {
	rs := []rune(t)
	if len(rs) > 0 && strings.ContainsRune(ki2Marks, rs[0]) {
		rs = rs[1:]
	}
	switch {
	case len(rs) >= 2 && rs[0] == '同':
		i := 1
		for i < len(rs) && isSpace(rs[i]) {
			i++
		}
		return i < len(rs) && isPieceStart(rs[i])
	case len(rs) >= 3:
		return digitValue(rs[0]) > 0 && rankValue(rs[1]) > 0 && isPieceStart(rs[2])
	}
	return false
}

// ki2Marked reports whether a line starts with a side mark and is no header
// field: a move, read or not ("▲７六ふ" must not pass as a header line).
func ki2Marked(t string) bool {
	r, _ := utf8.DecodeRuneInString(t)
	if !strings.ContainsRune(ki2Marks, r) {
		return false
	}
	_, _, header := splitKIFHeader(t)
	return !header
}

// isPieceStart reports whether r starts a piece name (歩, 成銀, 竜, ...).
func isPieceStart(r rune) bool {
	return kifPieceRead[string(r)] != shogi.NoKind || r == '成'
}

// ki2Tokens splits a move line into moves: at spaces and before each side
// mark, except for the space after 同 ("△同　歩" is one move).
func ki2Tokens(t string) []string {
	var toks []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			toks = append(toks, string(cur))
			cur = nil
		}
	}
	for _, r := range t {
		switch {
		case strings.ContainsRune(ki2Marks, r):
			flush()
			cur = append(cur, r)
		case isSpace(r):
			if len(cur) > 0 && cur[len(cur)-1] == '同' {
				continue
			}
			flush()
		default:
			cur = append(cur, r)
		}
	}
	flush()
	return toks
}

func parseKI2(text string) (*Record, error) {
	kr := &kifReader{prev: shogi.NoSquare, format: "ki2"}
	lines := strings.Split(text, "\n")
	for i, line := range lines {
		n := i + 1
		t := strings.TrimSpace(line)
		if t == "" {
			continue
		}
		if kr.b == nil {
			if !ki2MoveLine(t) && !ki2Marked(t) && !strings.HasPrefix(t, "まで") && !strings.HasPrefix(t, "変化") {
				kr.headerLine(t)
				continue
			}
			if err := kr.begin(n); err != nil {
				return nil, err
			}
		}
		stop, err := kr.ki2Line(n, t)
		if err != nil {
			rec, derr := kr.b.done()
			if rec == nil {
				return nil, derr
			}
			return rec, err
		}
		if stop {
			break
		}
	}
	if kr.b == nil {
		if !kr.seen {
			return nil, syntaxErr("ki2", 0, "no KI2 header, board or moves found")
		}
		if err := kr.begin(len(lines)); err != nil {
			return nil, err
		}
	}
	kr.applySummary()
	kr.checkCount()
	return kr.b.done()
}

// ki2Line reads a line of the moves section. stop is true at a variation.
func (kr *kifReader) ki2Line(n int, t string) (stop bool, err error) {
	b := kr.b
	switch {
	case strings.HasPrefix(t, "*") || strings.HasPrefix(t, "&"):
		b.rec.AddComment(len(b.rec.Moves), t[1:])
		return false, nil
	case strings.HasPrefix(t, "#"):
		return false, nil
	case strings.HasPrefix(t, "変化"):
		return true, nil
	case strings.HasPrefix(t, "まで"):
		if kr.summary == "" {
			kr.summary, kr.summaryLine = t, n
		}
		kr.ended = true
		return false, nil
	}
	if !ki2MoveLine(t) {
		if !kr.ended && kr.endWord(n, strings.TrimLeft(t, ki2Marks)) { // a closing "千日手", "投了" line
			return false, nil
		}
		if key, value, ok := splitKIFHeader(t); ok {
			b.rec.Header = append(b.rec.Header, HeaderField{key, value})
			return false, nil
		}
		if kr.ended {
			return false, nil
		}
		if !ki2Marked(t) {
			return false, syntaxErr("ki2", n, "%q is not a KI2 move line (want e.g. \"▲７六歩　△３四歩\")", t)
		}
		// a marked move that does not read: ki2Move names it and says why
	}
	if kr.ended {
		return false, syntaxErr("ki2", n, "a move after the end of the game")
	}
	for _, tok := range ki2Tokens(t) {
		if err := kr.ki2Move(n, tok); err != nil {
			return false, err
		}
	}
	return false, nil
}

// ki2Move reads and plays one move such as "▲７六歩" or "△同　歩".
func (kr *kifReader) ki2Move(n int, tok string) error {
	b := kr.b
	num := len(b.rec.Moves) + 1
	rs := []rune(tok)
	body := tok
	if strings.ContainsRune(ki2Marks, rs[0]) {
		if c := ki2MarkColor(rs[0]); c != b.side() {
			return syntaxErr("ki2", n, "move %d %q is marked for %s, but it is %s's turn", num, tok, c, b.side())
		}
		body = string(rs[1:])
	}
	if kr.endWord(n, body) {
		return nil
	}
	m, err := resolveRecordMove(b.pos, body, kr.prev, b.rec.pseudo())
	var ie *IllegalMoveError
	switch {
	case errors.As(err, &ie):
		return b.illegal(ie.moveOrNone(), tok, ie.Reason)
	case err != nil:
		return syntaxErr("ki2", n, "move %d %q: %v", num, tok, err)
	}
	if err := b.play(m, tok); err != nil {
		return err
	}
	kr.prev = m.To()
	return nil
}

// resolveRecordMove reads a move written in Japanese notation (a KI2 move,
// or a KIF move without its origin) in p: among the legal moves, or the
// pseudo-legal ones under pseudo rules. A move that could promote and says
// neither 成 nor 不成 does not promote. A text that names a move the rules do
// not allow gives an *IllegalMoveError (Text: the move in USI, Reason:
// Explain's); any other failure is the resolver's error.
func resolveRecordMove(p *shogi.Position, text string, prev shogi.Square, pseudo bool) (shogi.Move, error) {
	if !hasNonASCII(text) {
		return shogi.NoMove, fmt.Errorf("not a move in Japanese notation")
	}
	var buf [shogi.MaxMoves]shogi.Move
	cands := p.LegalMoves(buf[:0])
	if pseudo {
		cands = p.PseudoMoves(buf[:0])
	}
	m, err := notation.Resolve(p, text, cands, prev)
	var re *notation.ResolveError
	if !errors.As(err, &re) {
		return m, err
	}
	switch re.Kind {
	case notation.PromotionUnstated:
		for _, c := range re.Moves {
			if !c.IsPromotion() {
				return c, nil
			}
		}
	case notation.NoSuchMove:
		// the move the text names among those that obey piece movement,
		// or a drop written out: illegal, and Explain says why
		var wide [shogi.MaxMoves]shogi.Move
		w, werr := notation.Resolve(p, text, p.PseudoMoves(wide[:0]), prev)
		var wre *notation.ResolveError
		if errors.As(werr, &wre) && wre.Kind == notation.PromotionUnstated {
			for _, c := range wre.Moves {
				if !c.IsPromotion() {
					w, werr = c, nil
				}
			}
		}
		if werr != nil {
			if d, ok := notation.NamedDrop(p, text, prev); ok {
				w, werr = d, nil
			}
		}
		if werr == nil {
			return shogi.NoMove, &IllegalMoveError{Text: w.USI(), Reason: Explain(p, w)}
		}
	}
	return shogi.NoMove, err
}

// moveOrNone returns the move an IllegalMoveError from resolveRecordMove
// names (NoMove when its Text is not USI).
func (e *IllegalMoveError) moveOrNone() shogi.Move {
	m, err := shogi.ParseUSI(e.Text)
	if err != nil {
		return shogi.NoMove
	}
	return m
}

func hasNonASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return true
		}
	}
	return false
}

// checkCount warns when a KI2 summary's move count ("まで85手で") is not the
// number of moves read (counted from the record's start, or as numbered
// after a board diagram's 手数).
func (kr *kifReader) checkCount() {
	s := kr.summary
	if s == "" || kr.b.err != nil {
		return
	}
	i := strings.Index(s, "手")
	if i < 0 {
		return
	}
	digits := strings.Map(func(r rune) rune {
		if v := digitValue(r); v > 0 {
			return '0' + rune(v)
		}
		if r == '0' || r == '０' {
			return '0'
		}
		return -1
	}, s[len("まで"):i])
	want, err := strconv.Atoi(digits)
	if err != nil {
		return
	}
	rec := kr.b.rec
	got := len(rec.Moves)
	if want != got && want != rec.StartPosition().MoveNumber()-1+got {
		rec.warn("ki2 line %d: %q counts %d moves, but the record has %d", kr.summaryLine, s, want, got)
	}
}
