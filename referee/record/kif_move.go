package record

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"shinpan/referee/shogi"
)

// KIF move text: destination ("７六", or "同" + a space for the previous
// move's destination), the piece as it stood before the move ("歩", "成銀",
// "馬", ...), then "成" (promotes), "不成" (could promote, does not) or "打"
// (drop), then the origin in ASCII digits "(77)" for a board move.

var kifFileDigits = []rune("１２３４５６７８９")
var kifRankKanji = []rune("一二三四五六七八九")

// kifPieceNames in the order KIF writes them, indexed by Kind.
var kifPieceNames = [shogi.NumKinds]string{"", "歩", "香", "桂", "銀", "角", "飛", "金", "玉",
	"と", "成香", "成桂", "成銀", "馬", "龍"}

// kifPieceRead maps every spelling of a piece to its kind.
var kifPieceRead = map[string]shogi.Kind{
	"歩": shogi.Pawn, "香": shogi.Lance, "桂": shogi.Knight, "銀": shogi.Silver, "金": shogi.Gold,
	"角": shogi.Bishop, "飛": shogi.Rook, "玉": shogi.King, "王": shogi.King,
	"と": shogi.ProPawn, "成香": shogi.ProLance, "杏": shogi.ProLance, "成桂": shogi.ProKnight,
	"圭": shogi.ProKnight, "成銀": shogi.ProSilver, "全": shogi.ProSilver,
	"馬": shogi.Horse, "龍": shogi.Dragon, "竜": shogi.Dragon,
}

// fullWidthParens turns （ ） into ( ).
var fullWidthParens = strings.NewReplacer("（", "(", "）", ")")

// kifMove is one KIF move as written, before it is matched to a position.
type kifMove struct {
	to        shogi.Square
	same      bool       // "同": to is the previous move's destination
	kind      shogi.Kind // the piece before the move
	promote   bool       // 成
	noPromote bool       // 不成 (or 生)
	drop      bool       // 打
	from      shogi.Square
}

// digitValue reads a full-width or ASCII digit 1-9 (0 when it is neither).
func digitValue(r rune) int {
	switch {
	case r >= '1' && r <= '9':
		return int(r - '0')
	case r >= '１' && r <= '９':
		return int(r-'１') + 1
	}
	return 0
}

// rankValue reads a kanji, full-width or ASCII rank 1-9 (0 when none).
func rankValue(r rune) int {
	for i, k := range kifRankKanji {
		if k == r {
			return i + 1
		}
	}
	return digitValue(r)
}

func isSpace(r rune) bool { return r == ' ' || r == '\t' || r == '　' }

// parseKIFMove reads the move text at the start of s (after the move number);
// prev is the previous move's destination (NoSquare before the first move).
// What follows the move must be nothing, a time "( 0:01/00:00:01)" or "+".
func parseKIFMove(s string, prev shogi.Square) (kifMove, error) {
	m := kifMove{from: shogi.NoSquare, to: shogi.NoSquare}
	rs := []rune(strings.TrimLeftFunc(s, isSpace))
	i := 0
	if i < len(rs) && strings.ContainsRune("▲△☗☖", rs[i]) {
		i++
	}
	if i >= len(rs) {
		return m, fmt.Errorf("empty move")
	}
	if rs[i] == '同' {
		i++
		for i < len(rs) && isSpace(rs[i]) {
			i++
		}
		if prev == shogi.NoSquare {
			return m, fmt.Errorf("同 with no previous move")
		}
		m.to, m.same = prev, true
	} else {
		if i+1 >= len(rs) {
			return m, fmt.Errorf("%q: want a destination such as ７六", s)
		}
		f, r := digitValue(rs[i]), rankValue(rs[i+1])
		if f == 0 || r == 0 {
			return m, fmt.Errorf("%q: want a destination such as ７六", strings.TrimSpace(s))
		}
		m.to = shogi.Sq(f, r)
		i += 2
	}
	k := shogi.NoKind
	if i+1 < len(rs) {
		k = kifPieceRead[string(rs[i:i+2])]
		if k != shogi.NoKind {
			i += 2
		}
	}
	if k == shogi.NoKind && i < len(rs) {
		k = kifPieceRead[string(rs[i])]
		if k != shogi.NoKind {
			i++
		}
	}
	if k == shogi.NoKind {
		return m, fmt.Errorf("%q: want a piece (歩 香 桂 銀 金 角 飛 玉 と 成香 成桂 成銀 馬 龍)", strings.TrimSpace(s))
	}
	m.kind = k
	rest := string(rs[i:])
	switch {
	case strings.HasPrefix(rest, "不成"):
		m.noPromote = true
		rest = rest[len("不成"):]
	case strings.HasPrefix(rest, "生"):
		m.noPromote = true
		rest = rest[len("生"):]
	case strings.HasPrefix(rest, "成"):
		m.promote = true
		rest = rest[len("成"):]
	case strings.HasPrefix(rest, "打"):
		m.drop = true
		rest = rest[len("打"):]
	}
	// The origin "(77)" may follow after a space, half- or full-width
	// ("同銀　(31)", "７六歩 (77)"); a parenthesis holding ':' or '/' is
	// the time field instead.
	rest = fullWidthParens.Replace(strings.TrimLeftFunc(rest, isSpace))
	if inner, after, ok := strings.Cut(strings.TrimPrefix(rest, "("), ")"); ok && rest[0] == '(' &&
		!m.drop && !strings.ContainsAny(inner, ":/") {
		o := []rune(strings.TrimFunc(inner, isSpace))
		if len(o) != 2 || digitValue(o[0]) == 0 || digitValue(o[1]) == 0 {
			return m, fmt.Errorf("%q: want the origin as two digits, e.g. (77)", strings.TrimSpace(s))
		}
		m.from = shogi.Sq(digitValue(o[0]), digitValue(o[1]))
		rest = after
	}
	rest = strings.TrimFunc(rest, isSpace)
	if rest != "" && rest[0] != '(' && rest[0] != '+' {
		r, _ := utf8.DecodeRuneInString(rest)
		return m, fmt.Errorf("%q: unexpected %q after the move", strings.TrimSpace(s), r)
	}
	if m.drop && (m.promote || m.kind.IsPromoted()) {
		return m, fmt.Errorf("%q: a promoted piece cannot be dropped", strings.TrimSpace(s))
	}
	return m, nil
}

// resolve matches a KIF move to position p. A move that cannot be played gives
// the decoded move (or NoMove) and the reason. Under pseudo rules (Masked,
// Dark) a captured king may be dropped.
func (km kifMove) resolve(p *shogi.Position, pseudo bool) (m shogi.Move, reason string) {
	us := p.SideToMove()
	if km.drop || km.from == shogi.NoSquare {
		k := km.kind
		if !km.drop && (k.IsPromoted() || p.HandCount(us, k) == 0) {
			return shogi.NoMove, "no origin given and not a drop"
		}
		if k.IsPromoted() || k == shogi.King && !pseudo {
			return shogi.NoMove, fmt.Sprintf("a %s cannot be dropped", k.Name())
		}
		return shogi.NewDrop(k, km.to), ""
	}
	m = shogi.NewMove(km.from, km.to, km.promote)
	if km.from == km.to {
		return shogi.NoMove, fmt.Sprintf("origin and destination are both %s", km.to)
	}
	pc := p.At(km.from)
	if pc != shogi.NoPiece && pc.Color() == us && pc.Kind() != km.kind {
		return m, fmt.Sprintf("the piece on %s is a %s, not a %s", km.from, pc.Kind().Name(), km.kind.Name())
	}
	return m, ""
}

// kifMoveText writes m, played in p, as KIF: "７六歩(77)", "同　歩(23)",
// "５五角打", "２二角成(88)", "２三銀不成(34)". prev is the previous move's
// destination (NoSquare for none).
func kifMoveText(p *shogi.Position, m shogi.Move, prev shogi.Square) string {
	var b strings.Builder
	to := m.To()
	if to == prev {
		b.WriteString("同　")
	} else {
		b.WriteRune(kifFileDigits[to.File()-1])
		b.WriteRune(kifRankKanji[to.Rank()-1])
	}
	if m.IsDrop() {
		b.WriteString(kifPieceNames[m.DropKind()])
		b.WriteString("打")
		return b.String()
	}
	from := m.From()
	pc := p.At(from)
	k := pc.Kind()
	b.WriteString(kifPieceNames[k])
	switch {
	case m.IsPromotion():
		b.WriteString("成")
	case k.CanPromote() && k != shogi.Gold && k != shogi.King &&
		(from.InZone(pc.Color()) || to.InZone(pc.Color())):
		b.WriteString("不成")
	}
	fmt.Fprintf(&b, "(%d%d)", from.File(), from.Rank())
	return b.String()
}
