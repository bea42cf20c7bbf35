package notation

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"shinpan/referee/shogi"
)

// maxText bounds the text Resolve reads; longer text is not a move.
const maxText = 100

// normalize prepares typed text for the parsers: full-width ASCII (U+FF01..U+FF5E)
// becomes ASCII, every space (the full-width U+3000 too) and invisible format
// character (U+200B, U+FEFF, direction marks) goes, leading ▲△☗☖▼▽
// go, and a few look-alikes become ASCII (− ‐ – — to '-', × to 'x', ’ ′ to ').
// wide reports whether the text held full-width ASCII.
func normalize(s string) (out string, wide bool) {
	var b strings.Builder
	lead := true
	for _, r := range s {
		switch {
		case r >= 0xFF01 && r <= 0xFF5E:
			r -= 0xFEE0
			wide = true
		case unicode.IsSpace(r), unicode.Is(unicode.Cf, r):
			continue // spaces, and invisible format characters (U+200B, U+FEFF) that Echo drops too
		case lead && strings.ContainsRune("▲△☗☖▼▽", r):
			continue
		case r == '−' || r == '‐' || r == '–' || r == '—' || r == 'ー': // ー: "-" in a Japanese IME's kana mode
			r = '-'
		case r == '×':
			r = 'x'
		case r == '’' || r == '′':
			r = '\''
		}
		lead = false
		b.WriteRune(r)
	}
	return b.String(), wide
}

// sideMark is the side a text's leading ▲☗ (sente) or △☖ (gote) names.
func sideMark(s string) (shogi.Color, bool) {
	switch r, _ := utf8.DecodeRuneInString(strings.TrimLeftFunc(s, unicode.IsSpace)); r {
	case '▲', '☗':
		return shogi.Black, true
	case '△', '☖':
		return shogi.White, true
	}
	return shogi.Black, false
}

// asciiLower lowercases ASCII letters only.
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// isASCII reports whether s holds only ASCII.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// fileValue reads a file: ASCII 1..9 or kanji 一..九 (0 if neither).
func fileValue(r rune) int {
	if r >= '1' && r <= '9' {
		return int(r - '0')
	}
	return kanjiDigit(r)
}

// rankValue reads a rank: ASCII 1..9, a..i (either case) or kanji 一..九 (0 if none).
func rankValue(r rune) int {
	switch {
	case r >= '1' && r <= '9':
		return int(r - '0')
	case r >= 'a' && r <= 'i':
		return int(r-'a') + 1
	case r >= 'A' && r <= 'I':
		return int(r-'A') + 1
	}
	return kanjiDigit(r)
}

// quotePairs are the marks players put around a move: “P*5e”, 「７六歩」,
// "7g7f", 'P-7f', `P*5e` (Discord code).
var quotePairs = [][2]rune{{'“', '”'}, {'”', '”'}, {'„', '“'}, {'‘', '’'}, {'「', '」'}, {'『', '』'},
	{'"', '"'}, {'\'', '\''}, {'＂', '＂'}, {'＇', '＇'}, {'`', '`'}, {'«', '»'}}

// Unquote returns text without surrounding space and without the quote marks
// around it, when the text is wrapped in a matching pair (“ ”, 「 」, 『 』,
// " ", ' ', ‘ ’, ` `; nested pairs too): "“P*5e”" is "P*5e". Marks inside
// the text (the Western drop mark in "S'5e") stay.
func Unquote(text string) string {
	s := strings.TrimSpace(text)
	for {
		r := []rune(s)
		if len(r) < 3 {
			return s
		}
		found := false
		for _, q := range quotePairs {
			if r[0] == q[0] && r[len(r)-1] == q[1] {
				found = true
				break
			}
		}
		if !found {
			return s
		}
		s = strings.TrimSpace(string(r[1 : len(r)-1]))
	}
}

// ParseSquare reads a square as players write it: "7f", "76", "７六", "7六",
// "７ｆ" (file digit, then rank as a letter a-i, a digit or a kanji numeral;
// full-width and half-width alike). The error says what was expected.
func ParseSquare(text string) (shogi.Square, error) {
	s, _ := normalize(Unquote(text))
	r := []rune(s)
	if len(r) == 2 {
		if f, k := fileValue(r[0]), rankValue(r[1]); f != 0 && k != 0 {
			return shogi.Sq(f, k), nil
		}
	}
	return shogi.NoSquare, fmt.Errorf("bad square %q: want a file 1-9 and a rank a-i or 1-9, e.g. 7f, 76 or ７六", text)
}

// ParseSquarePiece reads a square, as ParseSquare, that may be followed by
// the name of the piece standing there, as Japanese notation names it:
// "８二飛", "82飛車", "5e". k is shogi.NoKind when no piece is named.
func ParseSquarePiece(text string) (sq shogi.Square, k shogi.Kind, err error) {
	if sq, err = ParseSquare(text); err == nil {
		return sq, shogi.NoKind, nil
	}
	s, _ := normalize(Unquote(text))
	r := []rune(s)
	if len(r) > 2 {
		if f, rk := fileValue(r[0]), rankValue(r[1]); f != 0 && rk != 0 {
			for _, pn := range pieceNames {
				if string(r[2:]) == pn.name {
					return shogi.Sq(f, rk), pn.kind, nil
				}
			}
		}
	}
	return shogi.NoSquare, shogi.NoKind, err
}
