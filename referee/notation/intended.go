package notation

import "shinpan/referee/shogi"

// Intended returns the one move text names when Resolve refused it among the
// candidates, so that a caller can say by which rule that move is refused:
// the text read as USI, else the one move it names among wider (moves that
// obey piece movement, such as p.PseudoMoves), else a drop written out
// (NamedDrop). ok is false when text names no single move.
func Intended(p *shogi.Position, text string, wider []shogi.Move, last shogi.Square) (shogi.Move, bool) {
	text = Unquote(text)
	if m, err := shogi.ParseUSI(text); err == nil {
		return m, true
	}
	if m, err := Resolve(p, text, wider, last); err == nil {
		return m, true
	}
	return NamedDrop(p, text, last)
}
