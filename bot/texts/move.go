package texts

import (
	"strings"

	"shinpan/referee/notation"
	"shinpan/referee/shogi"
)

// moveText writes the move usi by side s in the reader's notation, with the
// side's symbol: "☗ P-7f", "☗７六歩", "☗ 7g7f". It uses ctx.Before only when the
// move fits it (the mover's piece on the origin, or the piece in hand);
// otherwise, or without Before, it writes USI.
func (c Ctx) moveText(s shogi.Color, usi string) string {
	m, err := shogi.ParseUSI(usi)
	if err != nil {
		return s.Symbol() + " " + Escape(safeCode(usi))
	}
	text := m.USI()
	if c.Before != nil && c.Notation != notation.USI && fits(c.Before, s, m) {
		text = formatSafe(c.Before, m, c.Notation, c.Last, text)
	}
	text = Escape(text) // "P*5e", "S*5e": a drop's * is markdown
	if strings.HasPrefix(text, s.Symbol()) {
		return text
	}
	return s.Symbol() + " " + text
}

// fits reports whether m can be side s's move in p, so that Format can write it.
func fits(p *shogi.Position, s shogi.Color, m shogi.Move) bool {
	if p.SideToMove() != s || !m.To().Valid() {
		return false
	}
	if t := p.At(m.To()); t != shogi.NoPiece && t.Color() == s {
		return false
	}
	if m.IsDrop() {
		return p.HandCount(s, m.DropKind()) > 0 && p.At(m.To()) == shogi.NoPiece
	}
	pc := p.At(m.From())
	return pc != shogi.NoPiece && pc.Color() == s
}

// formatSafe is notation.Format, falling back to fallback should it fail.
func formatSafe(p *shogi.Position, m shogi.Move, n notation.Notation, last shogi.Square, fallback string) (out string) {
	defer func() {
		if recover() != nil {
			out = fallback
		}
	}()
	if !last.Valid() {
		last = shogi.NoSquare
	}
	if s := notation.Format(p.Clone(), m, n, last); s != "" {
		return s
	}
	return fallback
}
