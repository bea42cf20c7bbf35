package texts

import (
	"fmt"
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

// table returns the words of l (English for an unknown language).
func table(l Lang) map[msg]string {
	if l == JA {
		return ja()
	}
	return en()
}

// tr formats message k in l. A key missing from l falls back to English, and
// one missing from both to its own name, so a gap shows rather than crashes.
func tr(l Lang, k msg, args ...any) string {
	s, ok := table(l)[k]
	if !ok {
		if s, ok = en()[k]; !ok {
			return string(k)
		}
	}
	if len(args) == 0 {
		return s
	}
	return fmt.Sprintf(s, args...)
}

// MaxLen is the longest message Discord accepts from a bot, in characters.
const MaxLen = 2000

// clip shortens s to fit a Discord message, ending it with "…" when cut.
func clip(s string) string {
	if utf8.RuneCountInString(s) <= MaxLen {
		return s
	}
	r := []rune(s)
	return string(r[:MaxLen-1]) + "…"
}

// maxName bounds a display name so no message grows past MaxLen.
const maxName = 100

// shorten cuts s to n characters, ending it with "…" when cut.
func shorten(s string, n int) string {
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

// capitalize upper-cases the first letter of an English text.
func capitalize(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
