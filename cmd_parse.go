package main

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"shinpan/referee/notation"
	"shinpan/referee/shogi"
)

func init() {
	register("parse", "resolve typed move text: --sfen SFEN [--last SQUARE] TEXT", runParse)
}

// runParse prints the USI move that TEXT (the remaining arguments joined by a
// space) means in the position against its legal moves, or prints the refusal
// to stderr and returns errExit1: the rule the move breaks when TEXT names one
// move (uchifuzume, nifu, the king left in check, ...), as the referee of
// standard shogi says it, else the notation's error and the moves it
// considered.
func runParse(args []string) error {
	fs := newFlags("parse")
	sfen := fs.String("sfen", "startpos", "position (SFEN or startpos)")
	lastText := fs.String("last", "", "destination of the previous move, for 同 (e.g. 7f, 76 or ７六)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	text := strings.Join(fs.Args(), " ")
	if strings.TrimSpace(text) == "" {
		return fmt.Errorf("no move text: usage: parse --sfen SFEN [--last SQUARE] TEXT")
	}
	p, err := shogi.ParseSFEN(*sfen)
	if err == nil {
		err = p.Validate()
	}
	if err != nil {
		return err
	}
	last := shogi.NoSquare
	if *lastText != "" {
		if last, err = notation.ParseSquare(*lastText); err != nil {
			return err
		}
	}
	var buf [shogi.MaxMoves]shogi.Move
	m, err := notation.Resolve(p, text, p.LegalMoves(buf[:0]), last)
	if err != nil {
		// name the rule the move breaks, as the referee does
		var wide [shogi.MaxMoves]shogi.Move
		if im, ok := notation.Intended(p, text, p.PseudoMoves(wide[:0]), last); ok {
			if why := p.LegalReason(im); why != shogi.NoReason {
				fmt.Fprintf(os.Stderr, "%s: %s\n", notation.Quote(notation.Unquote(text)), why)
				return errExit1
			}
		}
		fmt.Fprintln(os.Stderr, err)
		var re *notation.ResolveError
		if errors.As(err, &re) {
			for i, c := range re.Moves {
				fmt.Fprintf(os.Stderr, "  %s\t%s\n", re.Written[i], c.USI())
			}
		}
		return errExit1
	}
	fmt.Println(m.USI())
	return nil
}
