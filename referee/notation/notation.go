package notation

import "shinpan/referee/shogi"

// Notation names a way of writing moves.
type Notation int

const (
	// USI is the engine format: "7g7f", "8h2b+", "P*5e".
	USI Notation = iota
	// Western is Hosking's notation with letter ranks: "P-7f", "Bx3c+", "B-3c=",
	// "S*5e", "G6i-5h", "+R-2b".
	Western
	// Japanese is the 日本将棋連盟 notation with a ☗/☖ prefix: "☗７六歩",
	// "☖同　歩", "☗５八金右", "☗２二角成", "☗５五角打".
	Japanese
	// KIF is the Kakinoki move body: "７六歩(77)", "同　歩(23)", "５五角打".
	KIF
	// CSA is the CSA protocol move: "+7776FU", "-0055KA".
	CSA
)

// String returns the notation's name: "USI", "Western", "Japanese", "KIF", "CSA".
func (n Notation) String() string {
	switch n {
	case USI:
		return "USI"
	case Western:
		return "Western"
	case Japanese:
		return "Japanese"
	case KIF:
		return "KIF"
	case CSA:
		return "CSA"
	}
	return "unknown notation"
}

// Format writes m, a legal move in p, in notation n. last is the destination of
// the previous move (shogi.NoSquare if none); Japanese writes 同 for a move to
// it. Where a notation needs to tell pieces apart (Western origin squares,
// Japanese 右左直上引寄打, 成/不成, +/=) it does so exactly when another move in
// p.LegalMoves would be written the same way. For a player's private view in a
// hidden variant use FormatAmong with that player's candidate moves.
func Format(p *shogi.Position, m shogi.Move, n Notation, last shogi.Square) string {
	switch n {
	case USI:
		return m.USI()
	case KIF:
		return FormatKIF(p, m, last)
	case CSA:
		return formatCSA(p, m)
	}
	var buf [shogi.MaxMoves]shogi.Move
	return FormatAmong(p, m, n, last, p.LegalMoves(buf[:0]))
}

// FormatAmong is Format with the moves to tell m apart from given by the caller
// (the same candidates it passes to Resolve) instead of p.LegalMoves: the text
// it returns resolves back to m with Resolve(p, text, candidates, last).
func FormatAmong(p *shogi.Position, m shogi.Move, n Notation, last shogi.Square, candidates []shogi.Move) string {
	switch n {
	case USI:
		return m.USI()
	case Western:
		return formatWestern(p, m, candidates)
	case Japanese:
		return formatJapanese(p, m, last, candidates)
	case KIF:
		return FormatKIF(p, m, last)
	case CSA:
		return formatCSA(p, m)
	}
	return m.USI()
}

// FormatSeen writes m in notation n as a reader who saw the board seen just
// before it is told it: Format on seen, where seen is that reader's own view
// (a hidden variant's own board, the channel's board) with the mover to move.
// ok is false, and the text "", when m can't be the mover's move on seen (no
// piece of theirs on the origin, the dropped piece not in hand, their own
// piece on the destination): the caller then writes it otherwise (USI).
// Every text that writes a move for a reader (messages, alt texts) goes
// through here, so that the same move reads the same everywhere.
func FormatSeen(seen *shogi.Position, m shogi.Move, n Notation, last shogi.Square) (text string, ok bool) {
	if seen == nil || !fitsSeen(seen, m) {
		return "", false
	}
	defer func() {
		if recover() != nil {
			text, ok = "", false
		}
	}()
	if !last.Valid() {
		last = shogi.NoSquare
	}
	text = Format(seen.Clone(), m, n, last)
	return text, text != ""
}

// fitsSeen reports whether m can be the side to move's move on p.
func fitsSeen(p *shogi.Position, m shogi.Move) bool {
	s := p.SideToMove()
	if !m.To().Valid() {
		return false
	}
	if t := p.At(m.To()); t != shogi.NoPiece && t.Color() == s {
		return false
	}
	if m.IsDrop() {
		return p.HandCount(s, m.DropKind()) > 0 && p.At(m.To()) == shogi.NoPiece
	}
	if !m.From().Valid() {
		return false
	}
	pc := p.At(m.From())
	return pc != shogi.NoPiece && pc.Color() == s
}
