package notation

import (
	"strings"

	"shinpan/referee/shogi"
)

// jpWords are the words that may follow the piece in Japanese notation, in
// any order, each kind of word at most once.
var jpWords = []struct {
	word string
	set  func(q *query) bool // false when that kind of word was already given
}{
	{"不成り", setPromo(promoNo)}, {"不成", setPromo(promoNo)}, {"生", setPromo(promoNo)},
	{"成り", setPromo(promoYes)}, {"成", setPromo(promoYes)},
	{"打ち", setDrop}, {"打", setDrop},
	{"右", setSide(right)}, {"左", setSide(left)}, {"直", setSide(straight)},
	{"上", setMotion(up)}, {"行", setMotion(up)}, {"引", setMotion(back)}, {"寄", setMotion(sideways)},
}

func setPromo(v promo) func(*query) bool {
	return func(q *query) bool { ok := q.promo == promoAny; q.promo = v; return ok }
}
func setSide(v side) func(*query) bool {
	return func(q *query) bool { ok := q.side == anySide; q.side = v; return ok }
}
func setMotion(v motion) func(*query) bool {
	return func(q *query) bool { ok := q.motion == anyMotion; q.motion = v; return ok }
}
func setDrop(q *query) bool { ok := q.drop == dropAny; q.drop = dropYes; return ok }

// parseJapanese reads Japanese notation (and KIF bodies) from normalized text:
//
//	(square | 同) [piece] [右 左 直] [上 引 寄 行] [成 不成 生 打] [(origin)]
//
// The square is a file (1-9, full-width after normalize, or 一-九) and a rank
// (1-9, 一-九 or a-i): "７六", "76", "7六". 同 is the last move's destination.
// Pieces: 歩 香 桂 銀 金 角 飛 玉 王 と 成香 成桂 成銀 馬 竜 龍, the one-character
// forms 杏 圭 全, and full names such as 桂馬 or 竜王. 行 means 上; 成り, 不成り
// and 打ち are read too. The words may come in any order. "(77)" after the move
// gives the origin as in KIF. Examples: "７六歩", "同　歩", "５八金右",
// "２二角成", "５五角打", "７六歩(77)".
func parseJapanese(s string) (query, bool) {
	r := []rune(asciiLower(s))
	q := newQuery(Japanese)
	i := 0
	if len(r) > 0 && r[0] == '同' {
		q.same = true
		i = 1
	} else {
		if len(r) < 2 {
			return query{}, false
		}
		f, k := fileValue(r[0]), rankValue(r[1])
		if f == 0 || k == 0 {
			return query{}, false
		}
		q.to = shogi.Sq(f, k)
		i = 2
	}
	rest := string(r[i:])
	for _, pn := range pieceNames {
		if strings.HasPrefix(rest, pn.name) {
			q.kind = pn.kind
			rest = rest[len(pn.name):]
			break
		}
	}
words:
	for rest != "" && rest[0] != '(' {
		for _, w := range jpWords {
			if strings.HasPrefix(rest, w.word) {
				if !w.set(&q) {
					return query{}, false
				}
				rest = rest[len(w.word):]
				continue words
			}
		}
		return query{}, false
	}
	if rest != "" {
		o := []rune(rest)
		if len(o) != 4 || o[0] != '(' || o[3] != ')' {
			return query{}, false
		}
		f, k := fileValue(o[1]), rankValue(o[2])
		if f == 0 || k == 0 || q.drop == dropYes {
			return query{}, false
		}
		q.from = shogi.Sq(f, k)
		q.drop = dropNo
		q.n = KIF
	}
	return q, true
}

// formatJapanese writes m as the 日本将棋連盟 notation does, with the mover's
// ☗/☖: "☗７六歩", "☖同　歩", "☗５八金右", "☗２二角成", "☗２四飛不成",
// "☗５五角打". 右左直上引寄 (relative.go) are written exactly when another piece
// of the same kind can reach the square among candidates; 打 when a board
// piece of the dropped kind could also go there; 成 for a promotion and 不成
// when the move could promote but does not. In positions where the words
// cannot tell the pieces apart (more pieces than a set holds) the KIF origin
// "(69)" is appended instead.
func formatJapanese(p *shogi.Position, m shogi.Move, last shogi.Square, candidates []shogi.Move) string {
	c := p.SideToMove()
	var b strings.Builder
	b.WriteString(c.Symbol())
	to := m.To()
	if to == last {
		b.WriteString("同　")
	} else {
		b.WriteString(japaneseSquare(to))
	}
	if m.IsDrop() {
		k := m.DropKind()
		b.WriteString(KanjiPiece(k))
		for _, o := range candidates {
			if !o.IsDrop() && o.To() == to && p.At(o.From()).Kind() == k {
				b.WriteString("打")
				break
			}
		}
		return b.String()
	}
	from := m.From()
	k := p.At(from).Kind()
	b.WriteString(KanjiPiece(k))
	var origins []shogi.Square
	for _, o := range candidates {
		if !o.IsDrop() && o.To() == to && p.At(o.From()).Kind() == k && !containsSquare(origins, o.From()) {
			origins = append(origins, o.From())
		}
	}
	sd, mo, ok := relative(c, k, from, to, origins)
	b.WriteString(sideWords[sd])
	b.WriteString(motionWords[mo])
	if m.IsPromotion() {
		b.WriteString("成")
	} else if containsMove(candidates, shogi.NewMove(from, to, true)) {
		b.WriteString("不成")
	}
	if !ok {
		b.WriteString(kifOrigin(from))
	}
	return b.String()
}
