package texts

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Lang is a language the bot speaks.
type Lang string

const (
	EN Lang = "en"
	JA Lang = "ja"
)

// Langs lists the languages, English first.
var Langs = []Lang{EN, JA}

// ParseLang reads a language name or a Discord locale ("en", "en-US", "en-GB",
// "ja", "ja-JP", "english", "japanese", "日本語"). ok is false, and the language
// English, for anything else.
func ParseLang(s string) (l Lang, ok bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	if i := strings.IndexAny(s, "-_"); i > 0 {
		s = s[:i]
	}
	switch s {
	case "en", "eng", "english", "英語":
		return EN, true
	case "ja", "jp", "jpn", "japanese", "日本語":
		return JA, true
	}
	return EN, false
}

// String returns "en" or "ja".
func (l Lang) String() string { return string(l) }

// Words are one subject's word tables, English and Japanese, keyed by its
// own message ids (K). Each table is made on first use (sync.OnceValue),
// never at package init. This package's words are one Words; bot/texts/uitexts
// and bot/texts/tntexts keep theirs.
type Words[K ~string] struct{ EN, JA func() map[K]string }

// Table returns the words of l (English for an unknown language).
func (w Words[K]) Table(l Lang) map[K]string {
	if l == JA {
		return w.JA()
	}
	return w.EN()
}

// Tr formats message k in l. A key missing from l falls back to English, and
// one missing from both to its own name, so a gap shows rather than crashes.
func (w Words[K]) Tr(l Lang, k K, args ...any) string {
	s, ok := w.Table(l)[k]
	if !ok {
		if s, ok = w.EN()[k]; !ok {
			return string(k)
		}
	}
	if len(args) == 0 {
		return s
	}
	return fmt.Sprintf(s, args...)
}

// words are this package's tables (en.go, ja.go).
var words = Words[msg]{EN: en, JA: ja}

// tr formats this package's message k in l (Words.Tr).
func tr(l Lang, k msg, args ...any) string { return words.Tr(l, k, args...) }

// MaxLen is the longest message Discord accepts from a bot, in characters.
const MaxLen = 2000

// Clip shortens s to fit a Discord message, ending it with "…" when cut.
func Clip(s string) string {
	if utf8.RuneCountInString(s) <= MaxLen {
		return s
	}
	r := []rune(s)
	return string(r[:MaxLen-1]) + "…"
}

// maxName bounds a display name so no message grows past MaxLen.
const maxName = 100

// Shorten cuts s to n characters, ending it with "…" when cut.
func Shorten(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

// sentence ends s with the language's full stop unless it already ends with
// punctuation.
func sentence(l Lang, s string) string {
	if s == "" {
		return s
	}
	r, _ := utf8.DecodeLastRuneInString(s)
	if strings.ContainsRune(".!?。！？", r) {
		return s
	}
	return s + tr(l, mFullStop)
}

// Capitalize upper-cases the first letter of an English text.
func Capitalize(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}

// Join lists parts as l does: "a, b" (a、b).
func Join(l Lang, parts []string) string { return strings.Join(parts, tr(l, mListSep)) }

// GameSlot stands for a game's number in a text made before the game has one
// (a Ctx or an argument with game number 0); the bot's sender replaces it
// when the number is known.
const GameSlot = "{game}"

// GameNo writes a game number, or GameSlot for 0.
func GameNo(id uint64) string {
	if id == 0 {
		return GameSlot
	}
	return strconv.FormatUint(id, 10)
}
