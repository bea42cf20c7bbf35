package notation

import (
	"strings"

	"shinpan/referee/shogi"
)

// parseWestern reads Western (Hosking) notation from normalized text:
//
//	[piece] [origin] [- x * '] destination [+ =]
//
// piece is a letter P L N S G B R K, "+" and a letter for a promoted piece
// (+P +L +N +S +B +R), or T for a tokin, in either case; omitted, any piece.
// Squares are a file digit and a rank letter a-i or digit 1-9 ("7f", "76").
// "*" or "'" marks a drop; "-" and "x" are optional and x is not checked
// against the board; an origin square ("G6i-5h", "G69-58", "7g-7f") picks the
// piece. "+" promotes, "=" declines; trailing "!" and "?" are ignored.
// Examples: "P-7f", "P7f", "Bx3c+", "B-3c=", "S*5e", "+R-2b", "7f".
func parseWestern(s string) (query, bool) {
	if !isASCII(s) {
		return query{}, false
	}
	s = strings.TrimRight(asciiLower(s), "!?")
	q := newQuery(Western)
	i := 0
	if k, n := westernPiece(s); n > 0 {
		q.kind = k
		i = n
	}
	sepA := byte(0)
	if i < len(s) && isSep(s[i]) {
		sepA = s[i]
		i++
	}
	sq1, ok := westernSquare(s, i)
	if !ok {
		return query{}, false
	}
	i += 2
	sepB := byte(0)
	if i < len(s) && isSep(s[i]) {
		sepB = s[i]
		i++
	}
	sq2, two := westernSquare(s, i)
	if two {
		i += 2
	}
	switch {
	case two && sepA != 0, !two && sepB != 0:
		return query{}, false
	case two:
		q.from, q.to = sq1, sq2
		q.drop = dropNo
		if sepB == '*' || sepB == '\'' {
			return query{}, false
		}
	default:
		q.to = sq1
		if sepA == '*' || sepA == '\'' {
			q.drop = dropYes
		}
	}
	if i < len(s) {
		switch s[i] {
		case '+':
			q.promo = promoYes
		case '=':
			q.promo = promoNo
		default:
			return query{}, false
		}
		i++
	}
	if i != len(s) {
		return query{}, false
	}
	if q.from == q.to {
		return query{}, false
	}
	return q, true
}

func isSep(c byte) bool { return c == '-' || c == 'x' || c == '*' || c == '\'' }

// westernPiece reads a piece at the start of lowercased s; n is 0 if none.
func westernPiece(s string) (shogi.Kind, int) {
	if len(s) >= 2 && s[0] == '+' {
		if k := letterKind(s[1]); k.CanPromote() {
			return k.Promoted(), 2
		}
		return shogi.NoKind, 0
	}
	if len(s) >= 1 {
		if s[0] == 't' {
			return shogi.ProPawn, 1
		}
		if k := letterKind(s[0]); k != shogi.NoKind {
			return k, 1
		}
	}
	return shogi.NoKind, 0
}

func letterKind(c byte) shogi.Kind {
	switch c {
	case 'p':
		return shogi.Pawn
	case 'l':
		return shogi.Lance
	case 'n':
		return shogi.Knight
	case 's':
		return shogi.Silver
	case 'g':
		return shogi.Gold
	case 'b':
		return shogi.Bishop
	case 'r':
		return shogi.Rook
	case 'k':
		return shogi.King
	}
	return shogi.NoKind
}

// westernSquare reads a square at s[i:]: file digit and rank letter or digit.
func westernSquare(s string, i int) (shogi.Square, bool) {
	if i+2 > len(s) || !isFile(s[i]) {
		return shogi.NoSquare, false
	}
	r := rankValue(rune(s[i+1]))
	if r == 0 {
		return shogi.NoSquare, false
	}
	return shogi.Sq(int(s[i]-'0'), r), true
}

// formatWestern writes m in Hosking's notation: "P-7f", "Bx3c+", "B-3c=",
// "S*5e", "G6i-5h", "+Rx2b". The origin is written when another piece of the
// same kind can reach the destination among candidates; "x" when the
// destination holds a piece in p; "=" when the move could promote (among
// candidates) but does not. Drops are always written with "*".
func formatWestern(p *shogi.Position, m shogi.Move, candidates []shogi.Move) string {
	to := m.To()
	if m.IsDrop() {
		return m.DropKind().Letter() + "*" + to.String()
	}
	from := m.From()
	k := p.At(from).Kind()
	var b strings.Builder
	b.WriteString(k.Letter())
	for _, o := range candidates {
		if !o.IsDrop() && o.To() == to && o.From() != from && p.At(o.From()).Kind() == k {
			b.WriteString(from.String())
			break
		}
	}
	if p.At(to) != shogi.NoPiece {
		b.WriteByte('x')
	} else {
		b.WriteByte('-')
	}
	b.WriteString(to.String())
	if m.IsPromotion() {
		b.WriteByte('+')
	} else if containsMove(candidates, shogi.NewMove(from, to, true)) {
		b.WriteByte('=')
	}
	return b.String()
}
