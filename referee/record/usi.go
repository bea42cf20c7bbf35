package record

import (
	"io"
	"strings"

	"shinpan/referee/shogi"
)

// ReadUSI reads a USI position command: "position startpos moves 7g7f 3c3d",
// "position sfen <board> <side> <hand> [<move number>] moves ...", or the same
// without the leading "position". The first non-blank line that is not a '#'
// comment is read. The result is unknown unless the final position is
// checkmate. Errors: *SyntaxError, *IllegalMoveError (with the record before
// the move), ErrTooLong.
func ReadUSI(r io.Reader) (*Record, error) {
	text, err := readText(r)
	if err != nil {
		return nil, err
	}
	return parseUSI(text)
}

// ParseUSIPosition is ReadUSI on a string.
func ParseUSIPosition(s string) (*Record, error) { return parseUSI(s) }

func parseUSI(text string) (*Record, error) {
	line, n := "", 0
	for i, l := range strings.Split(text, "\n") {
		if t := strings.TrimSpace(l); t != "" && !strings.HasPrefix(t, "#") {
			line, n = t, i+1
			break
		}
	}
	f := strings.Fields(line)
	if len(f) > 0 && f[0] == "position" {
		f = f[1:]
	}
	if len(f) == 0 {
		return nil, syntaxErr("usi", n, "empty: want \"position startpos moves ...\" or \"position sfen SFEN moves ...\"")
	}
	var start *shogi.Position
	var rest []string
	switch f[0] {
	case "startpos":
		start, rest = shogi.Startpos(), f[1:]
	case "sfen":
		i := 1
		for i < len(f) && f[i] != "moves" {
			i++
		}
		p, err := shogi.ParseSFEN(strings.Join(f[1:i], " "))
		if err != nil {
			return nil, syntaxErr("usi", n, "%v", err)
		}
		start, rest = p, f[i:]
	default:
		return nil, syntaxErr("usi", n, "%q: want startpos or sfen", f[0])
	}
	if len(rest) > 0 {
		if rest[0] != "moves" {
			return nil, syntaxErr("usi", n, "%q: want \"moves\"", rest[0])
		}
		rest = rest[1:]
	}
	b := newBuilder(start)
	for i, tok := range rest {
		m, err := shogi.ParseUSI(tok)
		if err != nil {
			rec, _ := b.done()
			return rec, syntaxErr("usi", n, "move %d: %v", i+1, err)
		}
		if err := b.play(m, tok); err != nil {
			return b.done()
		}
	}
	return b.done()
}

// USIPosition returns the USI command that sets up rec's final position:
// "position startpos moves 7g7f ..." when the start is the standard one, else
// "position sfen <sfen> moves ...", and no "moves" part without moves.
func USIPosition(rec *Record) string {
	var b strings.Builder
	b.WriteString("position ")
	start := rec.StartPosition()
	if start.SFEN() == shogi.StartSFEN {
		b.WriteString("startpos")
	} else {
		b.WriteString("sfen ")
		b.WriteString(start.SFEN())
	}
	if len(rec.Moves) > 0 {
		b.WriteString(" moves")
		for _, m := range rec.Moves {
			b.WriteByte(' ')
			b.WriteString(m.USI())
		}
	}
	return b.String()
}
