package record

import (
	"bufio"
	"io"
	"regexp"
	"strings"
	"sync"

	"shinpan/referee/shogi"
)

// ReadText reads the project's own record format (the gNN_*.txt files):
//
//	lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1   (or "startpos")
//	# variant: dark                  (Record.Variant, before the moves; optional)
//	7g7f
//	3c3d
//	# result: resignation black
//
// The result line is "REASON WINNER" as Result.String writes it, or free text
// whose first word names the reason (resign, checkmate, sennichite, jishogi,
// timeout, illegal, abort, ...) and which may say "black wins" / "white wins" /
// "draw"; a winner not stated follows from the final position (the side to move
// resigned, was mated, lost on time, ...). Other '#' lines are comments.
// Errors: *SyntaxError, *IllegalMoveError (with the record before the move),
// ErrTooLong.
func ReadText(r io.Reader) (*Record, error) {
	text, err := readText(r)
	if err != nil {
		return nil, err
	}
	return parseText(text)
}

func parseText(text string) (*Record, error) {
	var b *builder
	result, resultLine := "", 0
	variant := ""
lines:
	for i, line := range strings.Split(text, "\n") {
		n := i + 1
		t := strings.TrimSpace(line)
		if t == "" {
			continue
		}
		if strings.HasPrefix(t, "#") {
			body := strings.TrimSpace(strings.TrimPrefix(t, "#"))
			v, isVariant := strings.CutPrefix(body, "variant:")
			switch {
			case strings.HasPrefix(body, "result:") && result == "":
				result, resultLine = strings.TrimSpace(strings.TrimPrefix(body, "result:")), n
			case isVariant && b == nil:
				variant = v
			case isVariant && len(b.rec.Moves) == 0:
				b.rec.setVariant(v)
			case b != nil:
				b.rec.AddComment(len(b.rec.Moves), body)
			}
			continue
		}
		if b == nil {
			p, err := shogi.ParseSFEN(t)
			if err != nil {
				return nil, syntaxErr("text", n, "first line: %v", err)
			}
			b = newBuilder(p)
			b.rec.setVariant(variant)
			continue
		}
		if result != "" {
			break lines // nothing is read after the result line
		}
		for _, tok := range strings.Fields(t) {
			m, err := shogi.ParseUSI(tok)
			if err != nil {
				rec, _ := b.done()
				return rec, syntaxErr("text", n, "move %d: %v", len(b.rec.Moves)+1, err)
			}
			if err := b.play(m, tok); err != nil {
				return b.done()
			}
		}
	}
	if b == nil {
		return nil, syntaxErr("text", 0, "no SFEN line")
	}
	if result != "" {
		r, err := resultFromText(result, b.pos)
		if err != nil {
			rec, _ := b.done()
			return rec, syntaxErr("text", resultLine, "%v", err)
		}
		b.rec.Result = r
	}
	return b.done()
}

var textReasons = map[string]string{
	"resign": ReasonResignation, "resigns": ReasonResignation, "resigned": ReasonResignation,
	"resignation": ReasonResignation, "toryo": ReasonResignation, "投了": ReasonResignation,
	"checkmate": ReasonCheckmate, "mate": ReasonCheckmate, "tsumi": ReasonCheckmate, "詰み": ReasonCheckmate,
	"sennichite": ReasonSennichite, "repetition": ReasonSennichite, "千日手": ReasonSennichite,
	"perpetual_check": ReasonPerpetualCheck, "perpetual": ReasonPerpetualCheck,
	"impasse": ReasonImpasse, "jishogi": ReasonImpasse, "kachi": ReasonImpasse, "持将棋": ReasonImpasse,
	"timeout": ReasonTimeout, "time-up": ReasonTimeout, "time_up": ReasonTimeout, "timeup": ReasonTimeout,
	"illegal": ReasonIllegalMove, "illegal_move": ReasonIllegalMove, "foul": ReasonIllegalMove,
	"abort": ReasonAbort, "aborted": ReasonAbort, "chudan": ReasonAbort, "中断": ReasonAbort,
	"mask_captured": ReasonMaskCaptured, "king_captured": ReasonKingCaptured, "no_legal_move": ReasonNoLegalMove,
	"unknown": ReasonUnknown,
}

var winsRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\b(black|white) wins\b`) })
var drawRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\bdraw\b`) })
var declRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`declar|kachi|\bwin\b`) })

// resultFromText reads a "# result:" line's text at final position fin.
func resultFromText(s string, fin *shogi.Position) (Result, error) {
	if r, err := ParseResult(s); err == nil {
		return r, nil
	}
	low := strings.ToLower(s)
	f := strings.FieldsFunc(low, func(r rune) bool {
		return r == ' ' || r == '\t' || r == '(' || r == ')' || r == ',' || r == ';' || r == ':'
	})
	if len(f) == 0 {
		return Unknown, nil
	}
	reason, ok := textReasons[f[0]]
	if !ok {
		return Unknown, errorf("result %q: unknown reason %q (want one of %s)", s, f[0], strings.Join(Reasons, " "))
	}
	if len(f) > 1 && contains(Winners, f[1]) {
		return Result{reason, f[1]}, nil
	}
	if m := winsRe().FindStringSubmatch(low); m != nil {
		return Result{reason, m[1]}, nil
	}
	toMove := fin.SideToMove()
	switch reason {
	case ReasonResignation, ReasonCheckmate, ReasonTimeout, ReasonIllegalMove:
		return Result{reason, colorWinner(toMove.Opp())}, nil
	case ReasonSennichite:
		return Result{reason, WinnerDraw}, nil
	case ReasonImpasse:
		if drawRe().MatchString(low) || !declRe().MatchString(low) {
			return Result{reason, WinnerDraw}, nil
		}
		return Result{reason, colorWinner(toMove)}, nil
	}
	return Result{reason, WinnerNone}, nil
}

// WriteText writes rec in the project's text format: the start SFEN, "#
// variant: V" for a Variant, one USI move a line, and "# result: REASON
// WINNER". Comments are not written.
func WriteText(w io.Writer, rec *Record) error {
	bw := bufio.NewWriter(w)
	bw.WriteString(rec.StartSFEN())
	bw.WriteByte('\n')
	if v := rec.variantMark(); v != "" {
		bw.WriteString("# variant: " + oneLine(v) + "\n")
	}
	for _, m := range rec.Moves {
		bw.WriteString(m.USI())
		bw.WriteByte('\n')
	}
	bw.WriteString("# result: " + rec.Result.String() + "\n")
	return bw.Flush()
}
