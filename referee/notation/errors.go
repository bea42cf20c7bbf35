package notation

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"shinpan/referee/shogi"
)

// ErrorKind says why Resolve refused a text.
type ErrorKind int

const (
	// Unparsable: the text is not a move in any notation Resolve reads.
	Unparsable ErrorKind = iota + 1
	// NoSuchMove: the text reads as a move but no candidate matches it.
	NoSuchMove
	// Ambiguous: more than one candidate matches the text.
	Ambiguous
	// PromotionUnstated: one piece and one square, but promoting and not
	// promoting are both possible and the text says neither (+/=, 成/不成).
	PromotionUnstated
)

// String returns "unparsable", "no such move", "ambiguous" or "promotion unstated".
func (k ErrorKind) String() string {
	switch k {
	case Unparsable:
		return "unparsable"
	case NoSuchMove:
		return "no such move"
	case Ambiguous:
		return "ambiguous"
	case PromotionUnstated:
		return "promotion unstated"
	}
	return "unknown error"
}

// maxListed bounds how many moves an error message names.
const maxListed = 8

// ResolveError is the error Resolve returns. It depends only on the text, the
// position the player sees, the candidates and last, never on anything hidden.
type ResolveError struct {
	Kind ErrorKind
	// Text is what the player typed, with surrounding space trimmed.
	Text string
	// Notation is the notation Text was read in (Western when unparsable ASCII,
	// Japanese when unparsable text with other characters).
	Notation Notation
	// Moves are the candidates considered: the matching moves (Ambiguous,
	// PromotionUnstated) or the closest moves (NoSuchMove: those that fit the
	// text up to the part nothing fits; may be empty). Nil when Unparsable.
	Moves []shogi.Move
	// Written are Moves written in Notation, told apart against the candidates,
	// so each one resolves to its move.
	Written []string
	// Detail is an extra reason in plain words, or "".
	Detail string
}

// Error returns a message for the player, e.g.
//
//	“G-5h” is ambiguous: G6i-5h or G4i-5h
//	“7f” does not say whether to promote: write +/= (成/不成): P-7f+ or P-7f=
//	“G-5e” is not a possible move here: nothing of that kind goes to 5e; did you mean S-5e?
//	“hello” is not a move I can read: write e.g. P-7f, 7g7f or ７六歩
func (e *ResolveError) Error() string {
	q := Quote(e.Text)
	switch e.Kind {
	case Unparsable:
		msg := q + " is not a move I can read"
		if e.Detail != "" {
			msg += ": " + e.Detail
		}
		return msg + ": write e.g. P-7f, 7g7f or ７六歩"
	case Ambiguous:
		return q + " is ambiguous: " + orList(e.Written)
	case PromotionUnstated:
		msg := q + " does not say whether to promote: write +/= (成/不成)"
		if len(e.Written) > 0 {
			msg += ": " + orList(e.Written)
		}
		return msg
	}
	msg := q + " is not a possible move here"
	if e.Detail != "" {
		msg += ": " + e.Detail
	}
	if len(e.Written) > 0 {
		msg += "; did you mean " + orList(e.Written) + "?"
	}
	return msg
}

// orList writes "a", "a or b", "a, b or c", naming at most maxListed.
func orList(ws []string) string {
	if len(ws) > maxListed {
		return strings.Join(ws[:maxListed], ", ") + fmt.Sprintf(" or %d more", len(ws)-maxListed)
	}
	if len(ws) <= 1 {
		return strings.Join(ws, "")
	}
	return strings.Join(ws[:len(ws)-1], ", ") + " or " + ws[len(ws)-1]
}

// maxEcho bounds how many characters of a typed text a message repeats.
const maxEcho = 40

// Echo returns typed text fit to repeat in a message, as readable as typed
// (a full-width space stays one): surrounding space, control and format
// characters, invalid UTF-8 and the quote marks “ ” are dropped, and text over
// maxEcho characters is cut with "…".
func Echo(s string) string {
	s = strings.Map(func(r rune) rune {
		if r == utf8.RuneError || r == '“' || r == '”' || unicode.In(r, unicode.Cc, unicode.Cf) {
			return -1
		}
		return r
	}, strings.ToValidUTF8(s, ""))
	s = strings.TrimSpace(s)
	if r := []rune(s); len(r) > maxEcho {
		s = string(r[:maxEcho-1]) + "…"
	}
	return s
}

// Quote returns Echo(s) between “ and ”, the way refusals quote what a player
// typed (bot/texts reads the quoted part back to translate the sentence).
func Quote(s string) string { return "“" + Echo(s) + "”" }
