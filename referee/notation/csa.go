package notation

import (
	"strings"

	"shinpan/referee/shogi"
)

var csaCodes = [shogi.NumKinds]string{"", "FU", "KY", "KE", "GI", "KA", "HI", "KI", "OU",
	"TO", "NY", "NK", "NG", "UM", "RY"}

// parseCSA reads a CSA move from normalized text: an optional sign (+ Black,
// - White; not checked), origin and destination as file-rank digit pairs (origin
// 00 for a drop), and the piece after the move: "+7776FU", "-3334FU",
// "+0055KA", "+8822UM" (a promotion: the piece becomes UM). Case is ignored.
func parseCSA(p *shogi.Position, s string) (query, bool) {
	s = strings.ToUpper(s)
	if len(s) == 7 && (s[0] == '+' || s[0] == '-') {
		s = s[1:]
	}
	if len(s) != 6 {
		return query{}, false
	}
	for i := 0; i < 4; i++ {
		if s[i] < '0' || s[i] > '9' {
			return query{}, false
		}
	}
	after := shogi.NoKind
	for k, code := range csaCodes {
		if code != "" && code == s[4:] {
			after = shogi.Kind(k)
		}
	}
	if after == shogi.NoKind || s[2] == '0' || s[3] == '0' {
		return query{}, false
	}
	q := newQuery(CSA)
	q.to = shogi.Sq(int(s[2]-'0'), int(s[3]-'0'))
	q.after = after
	switch {
	case s[0] == '0' && s[1] == '0':
		q.drop = dropYes
	case s[0] == '0' || s[1] == '0':
		return query{}, false
	default:
		q.from = shogi.Sq(int(s[0]-'0'), int(s[1]-'0'))
		q.drop = dropNo
		if q.from == q.to {
			return query{}, false
		}
		// The piece after the move says whether it promotes.
		if k := p.At(q.from).Kind(); k.CanPromote() && after == k.Promoted() {
			q.promo = promoYes
		} else {
			q.promo = promoNo
		}
	}
	return q, true
}

// formatCSA writes m as CSA: "+7776FU", "-0055KA", "+8822UM".
func formatCSA(p *shogi.Position, m shogi.Move) string {
	sign := "+"
	if p.SideToMove() == shogi.White {
		sign = "-"
	}
	to := m.To()
	sq := func(s shogi.Square) string { return string(rune('0'+s.File())) + string(rune('0'+s.Rank())) }
	if m.IsDrop() {
		return sign + "00" + sq(to) + csaCodes[m.DropKind()]
	}
	k := p.At(m.From()).Kind()
	if m.IsPromotion() {
		k = k.Promoted()
	}
	return sign + sq(m.From()) + sq(to) + csaCodes[k%shogi.NumKinds]
}
