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
	// Detail is the extra reason, if any (Detail.Code NoDetail when none).
	Detail Detail
}

// DetailCode names the extra reason a ResolveError may give: a closed list,
// so that a caller can word it in any language (Detail.String is English).
type DetailCode uint8

const (
	NoDetail            DetailCode = iota
	DetailTooLong                  // the text is longer than any move
	DetailNoPrevious               // 同 with no previous move
	DetailNothingTo                // nothing can move to Detail.Square
	DetailNoneFrom                 // no candidate from Detail.Square
	DetailNoKind                   // no Detail.Kind can go there
	DetailBecomes                  // no piece becomes a Detail.Kind there
	DetailNoDrop                   // nothing in hand can be dropped there
	DetailNoBoard                  // no piece on the board can go there
	DetailCannotPromote            // + written, and the move cannot promote
	DetailMustPromote              // = written, and the move must promote
	DetailUp                       // 上: no such piece moves up there
	DetailSideways                 // 寄: no such piece moves sideways there
	DetailBack                     // 引: no such piece moves back there
	DetailLeft                     // 左: no such piece is on the left
	DetailRight                    // 右: no such piece is on the right
	DetailStraight                 // 直: no such piece moves straight up
	DetailOtherSide                // the text's ▲☗ or △☖ mark names the side not to move
)

// Detail is a ResolveError's extra reason: its code and the square or piece
// kind the code names. Square is written in Notation (SquareIn).
type Detail struct {
	Code     DetailCode
	Square   shogi.Square
	Kind     shogi.Kind
	Notation Notation
}

// String returns the reason in English, "" for NoDetail.
func (d Detail) String() string {
	switch d.Code {
	case DetailTooLong:
		return "the text is too long"
	case DetailNoPrevious:
		return "there is no previous move for 同 to refer to"
	case DetailNothingTo:
		return "nothing can move to " + SquareIn(d.Notation, d.Square)
	case DetailNoneFrom:
		return "no piece of yours can go there from " + SquareIn(d.Notation, d.Square)
	case DetailNoKind:
		return "no " + d.Kind.Name() + " can go there"
	case DetailBecomes:
		return "no piece becomes a " + d.Kind.Name() + " there"
	case DetailNoDrop:
		return "nothing in hand can be dropped there"
	case DetailNoBoard:
		return "no piece on the board can go there"
	case DetailCannotPromote:
		return "that move cannot promote"
	case DetailMustPromote:
		return "that move must promote"
	case DetailUp:
		return "no such piece moves up (上) there"
	case DetailSideways:
		return "no such piece moves sideways (寄) there"
	case DetailBack:
		return "no such piece moves back (引) there"
	case DetailLeft:
		return "no such piece is on the left (左)"
	case DetailRight:
		return "no such piece is on the right (右)"
	case DetailStraight:
		return "no such piece is moving straight up (直)"
	case DetailOtherSide:
		return "its mark (▲☗ sente, △☖ gote) names the other side"
	}
	return ""
}

// SquareIn writes s as notation n does: ７六 in Japanese and KIF, 76 in CSA,
// 7f otherwise.
func SquareIn(n Notation, s shogi.Square) string {
	switch n {
	case Japanese, KIF:
		return japaneseSquare(s)
	case CSA:
		return string(rune('0'+s.File())) + string(rune('0'+s.Rank()))
	}
	return s.String()
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
		if e.Detail.Code != NoDetail {
			msg += ": " + e.Detail.String()
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
	if e.Detail.Code != NoDetail {
		msg += ": " + e.Detail.String()
	}
	if len(e.Written) > 0 {
		msg += "; did you mean " + orList(e.Written) + "?"
	}
	return msg
}

// MaxListed is how many moves an error message names at most; the rest are
// counted ("or 3 more").
const MaxListed = maxListed

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

// Quote returns Echo(s) between “ and ”, the way English refusals quote what
// a player typed.
func Quote(s string) string { return "“" + Echo(s) + "”" }
