package notation

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"shinpan/referee/shogi"
)

// kifOrigin writes the KIF origin "(77)": file and rank as ASCII digits.
func kifOrigin(s shogi.Square) string {
	return fmt.Sprintf("(%d%d)", s.File(), s.Rank())
}

// FormatKIF returns the KIF (Kakinoki) move body of m in p, as the records
// write it after the move number: destination (full-width file, kanji rank) or
// "同　" when it is last, the piece as it stood (龍 for the dragon), 成 when
// it promotes, 不成 when it could promote but does not, then 打 for a drop or
// the origin in ASCII digits: "７六歩(77)", "同　歩(23)", "２二角成(88)",
// "２四飛不成(28)", "５五角打". It needs no candidate list: a KIF body names
// its origin.
func FormatKIF(p *shogi.Position, m shogi.Move, last shogi.Square) string {
	var b strings.Builder
	to := m.To()
	if to == last {
		b.WriteString("同　")
	} else {
		b.WriteString(japaneseSquare(to))
	}
	if m.IsDrop() {
		b.WriteString(kifPieces[m.DropKind()])
		b.WriteString("打")
		return b.String()
	}
	from := m.From()
	pc := p.At(from)
	k := pc.Kind()
	if k < shogi.NumKinds {
		b.WriteString(kifPieces[k])
	}
	c := p.SideToMove()
	if pc != shogi.NoPiece {
		c = pc.Color()
	}
	if m.IsPromotion() {
		b.WriteString("成")
	} else if k.CanPromote() && (from.InZone(c) || to.InZone(c)) {
		b.WriteString("不成")
	}
	b.WriteString(kifOrigin(from))
	return b.String()
}

// ErrKIFSpecial is wrapped by ParseKIFMove's error for the KIF words that end or
// mark a game instead of a move (投了, 中断, 千日手, 持将棋, 詰み, 切れ負け,
// 反則勝ち, 反則負け, 入玉勝ち, 不戦勝, 不戦敗, 封じ手); the error text ends with
// the word.
var ErrKIFSpecial = errors.New("KIF special move")

var kifSpecials = []string{"投了", "中断", "千日手", "持将棋", "詰み", "切れ負け", "反則勝ち",
	"反則負け", "入玉勝ち", "不戦勝", "不戦敗", "封じ手"}

// ParseKIFMove reads a KIF move body such as "７六歩(77)", "同　歩(23)",
// "２二角成(88)" or "５五角打" (the text after the move number; anything after
// the origin's closing parenthesis, such as the time field, is ignored) and
// returns the move it records in p. last is the previous move's destination,
// for 同. With an origin it checks only that the side to move has a piece of
// the named kind there, not legality (a record may hold what the caller
// judges); without a 成 a move does not promote. A body without an origin or
// 打 is resolved against p.LegalMoves like typed Japanese. The special words
// (投了 ...) return an error wrapping ErrKIFSpecial.
func ParseKIFMove(p *shogi.Position, body string, last shogi.Square) (shogi.Move, error) {
	t := strings.TrimSpace(body)
	for _, w := range kifSpecials {
		if strings.HasPrefix(t, w) {
			return shogi.NoMove, fmt.Errorf("%w: %s", ErrKIFSpecial, w)
		}
	}
	if i := strings.IndexAny(t, ")）"); i >= 0 {
		_, n := utf8.DecodeRuneInString(t[i:])
		t = t[:i+n]
	}
	s, _ := normalize(t)
	q, ok := parseJapanese(s)
	if !ok {
		return shogi.NoMove, fmt.Errorf("bad KIF move %q: want e.g. ７六歩(77), 同　歩(23) or ５五角打", body)
	}
	if q.same {
		if !last.Valid() {
			return shogi.NoMove, fmt.Errorf("bad KIF move %q: 同 without a previous move", body)
		}
		q.to = last
	}
	us := p.SideToMove()
	switch {
	case q.drop == dropYes:
		if q.kind == shogi.NoKind || q.kind.IsPromoted() || q.promo != promoAny {
			return shogi.NoMove, fmt.Errorf("bad KIF move %q: a drop names an unpromoted piece and does not promote", body)
		}
		return shogi.NewDrop(q.kind, q.to), nil
	case q.from.Valid():
		pc := p.At(q.from)
		if pc == shogi.NoPiece || pc.Color() != us {
			return shogi.NoMove, fmt.Errorf("bad KIF move %q: %s has no %s piece on %s", body, us, us, q.from)
		}
		if q.kind != shogi.NoKind && pc.Kind() != q.kind {
			return shogi.NoMove, fmt.Errorf("bad KIF move %q: the piece on %s is a %s, not a %s", body, q.from, pc.Kind().Name(), q.kind.Name())
		}
		if q.from == q.to {
			return shogi.NoMove, fmt.Errorf("bad KIF move %q: origin and destination are the same", body)
		}
		if q.promo == promoYes && !pc.Kind().CanPromote() {
			return shogi.NoMove, fmt.Errorf("bad KIF move %q: a %s cannot promote", body, pc.Kind().Name())
		}
		return shogi.NewMove(q.from, q.to, q.promo == promoYes), nil
	}
	var buf [shogi.MaxMoves]shogi.Move
	r := resolver{p: p, c: us, all: p.LegalMoves(buf[:0]), last: last, text: strings.TrimSpace(body)}
	return r.run(q)
}
