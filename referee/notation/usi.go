package notation

import "shinpan/referee/shogi"

// parseUSI reads a USI board move, "7g7f" or "8h2b+" (rank letters in either
// case), from normalized text. The move is exact: without "+" it does not
// promote. USI drops ("P*5e") are read by parseWestern, where they mean the same.
func parseUSI(s string) (query, bool) {
	s = asciiLower(s)
	if len(s) != 4 && !(len(s) == 5 && s[4] == '+') {
		return query{}, false
	}
	if !isFile(s[0]) || !isRankLetter(s[1]) || !isFile(s[2]) || !isRankLetter(s[3]) {
		return query{}, false
	}
	m, err := shogi.ParseUSI(s)
	if err != nil {
		return query{}, false
	}
	q := newQuery(USI)
	q.from, q.to = m.From(), m.To()
	q.drop = dropNo
	q.promo = promoNo
	if m.IsPromotion() {
		q.promo = promoYes
	}
	return q, true
}

func isFile(c byte) bool       { return c >= '1' && c <= '9' }
func isRankLetter(c byte) bool { return c >= 'a' && c <= 'i' }
