package texts

import (
	"strings"

	"shinpan/referee/notation"
	"shinpan/referee/shogi"
)

// MoveText writes the move usi by side s in the reader's notation, with the
// side's symbol: "☗ P-7f", "☗７六歩", "☗ 7g7f". It writes it as
// notation.FormatSeen does on ctx.Before (the reader's board before the move,
// as the board image's alt text does) when the move fits it; otherwise, or
// without Before, in USI.
func (c Ctx) MoveText(s shogi.Color, usi string) string {
	m, err := shogi.ParseUSI(usi)
	if err != nil {
		return s.Symbol() + " " + Escape(SafeCode(usi))
	}
	text := m.USI()
	if c.Before != nil && c.Notation != notation.USI && c.Before.SideToMove() == s {
		if t, ok := notation.FormatSeen(c.Before, m, c.Notation, c.Last); ok {
			text = t
		}
	}
	text = Escape(text) // "P*5e", "S*5e": a drop's * is markdown
	if strings.HasPrefix(text, s.Symbol()) {
		return text
	}
	return s.Symbol() + " " + text
}
