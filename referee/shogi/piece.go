package shogi

// Kind is a piece type without colour. Promoted kinds are the base kind + 8
// (Pawn..Rook); Gold and King do not promote.
type Kind uint8

const (
	NoKind Kind = iota
	Pawn
	Lance
	Knight
	Silver
	Bishop
	Rook
	Gold
	King
	ProPawn // tokin
	ProLance
	ProKnight
	ProSilver
	Horse  // promoted bishop
	Dragon // promoted rook
)

// NumKinds bounds Kind values (exclusive).
const NumKinds = 15

// HandKinds are the kinds a hand can hold, in the usual SFEN order of writing
// (rook, bishop, gold, silver, knight, lance, pawn), with King last (Masked shogi).
var HandKinds = [...]Kind{Rook, Bishop, Gold, Silver, Knight, Lance, Pawn, King}

// CanPromote reports whether k has a promoted form.
func (k Kind) CanPromote() bool { return k >= Pawn && k <= Rook }

// Promoted returns the promoted kind (k itself when it cannot promote).
func (k Kind) Promoted() Kind {
	if k.CanPromote() {
		return k + 8
	}
	return k
}

// IsPromoted reports whether k is a promoted kind.
func (k Kind) IsPromoted() bool { return k >= ProPawn }

// Unpromoted returns the base kind of k (what goes to a hand on capture).
func (k Kind) Unpromoted() Kind {
	if k.IsPromoted() {
		return k - 8
	}
	return k
}

var kindLetters = [NumKinds]string{"", "P", "L", "N", "S", "B", "R", "G", "K", "+P", "+L", "+N", "+S", "+B", "+R"}

// Letter returns the SFEN letter of k as Black would write it, e.g. "P", "+R".
func (k Kind) Letter() string {
	if k >= NumKinds {
		return "?"
	}
	return kindLetters[k]
}

var kindNames = [NumKinds]string{"", "pawn", "lance", "knight", "silver", "bishop", "rook", "gold", "king",
	"tokin", "promoted lance", "promoted knight", "promoted silver", "horse", "dragon"}

// Name returns the English name, e.g. "silver", "tokin", "dragon".
func (k Kind) Name() string {
	if k >= NumKinds {
		return "?"
	}
	return kindNames[k]
}

// Piece is a coloured piece: Kind | Color<<4. NoPiece (0) is an empty square.
type Piece uint8

// NoPiece is the empty square.
const NoPiece Piece = 0

// MakePiece returns the piece of colour c and kind k.
func MakePiece(c Color, k Kind) Piece { return Piece(k) | Piece(c)<<4 }

// Kind returns p's kind.
func (p Piece) Kind() Kind { return Kind(p & 15) }

// Color returns p's colour (meaningless for NoPiece).
func (p Piece) Color() Color { return Color(p >> 4) }

// String returns the SFEN form: "P" for a Black pawn, "+r" for a White dragon, "" for none.
func (p Piece) String() string {
	if p == NoPiece {
		return ""
	}
	s := p.Kind().Letter()
	if p.Color() == White {
		b := []byte(s)
		for i := range b {
			if b[i] >= 'A' && b[i] <= 'Z' {
				b[i] += 'a' - 'A'
			}
		}
		return string(b)
	}
	return s
}

// ParsePiece reads a SFEN piece such as "P", "+r" or "k".
func ParsePiece(s string) (Piece, bool) {
	prom := false
	if len(s) == 2 && s[0] == '+' {
		prom = true
		s = s[1:]
	}
	if len(s) != 1 {
		return NoPiece, false
	}
	c := Black
	ch := s[0]
	if ch >= 'a' && ch <= 'z' {
		c = White
		ch -= 'a' - 'A'
	}
	k := kindFromLetter(ch)
	if k == NoKind {
		return NoPiece, false
	}
	if prom {
		if !k.CanPromote() {
			return NoPiece, false
		}
		k = k.Promoted()
	}
	return MakePiece(c, k), true
}

func kindFromLetter(ch byte) Kind {
	switch ch {
	case 'P':
		return Pawn
	case 'L':
		return Lance
	case 'N':
		return Knight
	case 'S':
		return Silver
	case 'G':
		return Gold
	case 'B':
		return Bishop
	case 'R':
		return Rook
	case 'K':
		return King
	}
	return NoKind
}

// SetCount is how many pieces of each base kind one set holds (both sides together).
var SetCount = [NumKinds]int{Pawn: 18, Lance: 4, Knight: 4, Silver: 4, Gold: 4, Bishop: 2, Rook: 2, King: 2}
