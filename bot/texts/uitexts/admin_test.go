package uitexts

import (
	"shinpan/bot/texts"
	"strings"
	"testing"
)

// The summary names the notation of public posts: the one chosen, else that
// of the language the posts are in (chosen, else the server's locale).
func TestAdminSettingsNotation(t *testing.T) {
	for _, c := range []struct {
		l    texts.Lang
		s    ServerSettings
		want string
	}{
		{texts.EN, ServerSettings{Locale: texts.EN}, "Notation of public posts: the language's: Western (P-7f)"},
		{texts.EN, ServerSettings{Locale: texts.JA}, "Notation of public posts: the language's: Japanese (７六歩)"},
		{texts.EN, ServerSettings{Locale: texts.JA, Language: texts.EN}, "Notation of public posts: the language's: Western (P-7f)"},
		{texts.JA, ServerSettings{Locale: texts.EN, Notation: "usi"}, "公開投稿の表記：USI（7g7f）"},
		{texts.JA, ServerSettings{Locale: texts.EN, Language: texts.JA}, "公開投稿の表記：言語に従う：日本式（７六歩）"},
	} {
		if got := AdminSettings(c.l, c.s); !strings.Contains(got, c.want) {
			t.Errorf("%s %+v: %q lacks %q", c.l, c.s, got, c.want)
		}
	}
	if got := AdminBadNotation(texts.JA, "kif"); !strings.Contains(got, "「kif」") {
		t.Errorf("refusal %q", got)
	}
}
