package wire

import (
	"strings"
	"testing"
)

func TestCommandLocalizationLimits(t *testing.T) {
	good := `{"name":"shogi","description":"d","name_localizations":{"ja":"将棋"},"description_localizations":{"ja":"説明"},
		"options":[{"type":3,"name":"color","description":"c","name_localizations":{"ja":"手番"},
		"choices":[{"name":"black","value":"black","name_localizations":{"ja":"先手"}}]}]}`
	if p := checkCommand([]byte(good)); len(p) != 0 {
		t.Fatalf("good command refused: %v", p)
	}
	for _, tc := range []struct{ body, want string }{
		{`{"name":"shogi","description":"d","name_localizations":{"jp":"将棋"}}`, "not a Discord locale"},
		{`{"name":"shogi","description":"d","name_localizations":{"ja":"Shogi"}}`, "lowercase"},
		{`{"name":"shogi","description":"d","name_localizations":{"ja":"将棋 将棋"}}`, "does not match"},
		{`{"name":"shogi","description":"d","description_localizations":{"ja":"` + strings.Repeat("長", 101) + `"}}`, "want 1 to 100"},
		{`{"name":"shogi","description":"d","options":[{"type":3,"name":"c","description":"c","choices":[{"name":"a","value":"a","name_localizations":{"ja":""}}]}]}`, "want 1 to 100"},
	} {
		p := strings.Join(checkCommand([]byte(tc.body)), "; ")
		if !strings.Contains(p, tc.want) {
			t.Errorf("%s: problems %q, want %q", tc.body, p, tc.want)
		}
	}
}

func TestAutocompleteLimits(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"choices":[`)
	for i := 0; i < 26; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(`{"name":"x","value":1}`)
	}
	b.WriteString(`,{"name":"` + strings.Repeat("x", 101) + `","value":2}]}`)
	p := strings.Join(checkAutocomplete([]byte(b.String())), "; ")
	for _, want := range []string{"27 choices; at most 25", "want 1 to 100"} {
		if !strings.Contains(p, want) {
			t.Errorf("problems %q, want %q", p, want)
		}
	}
}

// TestMessageLimits: a bot's content holds 2 000 characters, an embed's
// description 4 096, all embeds together 6 000.
func TestMessageLimits(t *testing.T) {
	msg := func(content string, descs ...string) Payload {
		var b strings.Builder
		b.WriteString(`{"content":"` + content + `","embeds":[`)
		for i, d := range descs {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(`{"description":"` + d + `"}`)
		}
		b.WriteString("]}")
		return Parse([]byte(b.String()))
	}
	for _, tc := range []struct {
		name string
		m    Payload
		want string // "" when valid
	}{
		{"full content", msg(strings.Repeat("長", 2000)), ""},
		{"long content", msg(strings.Repeat("長", 2001)), "content has 2001 characters"},
		{"full description", msg("", strings.Repeat("長", 4096)), ""},
		{"long description", msg("", strings.Repeat("長", 4097)), "embed 0: description has 4097 characters; at most 4096"},
		{"embeds too long together", msg("", strings.Repeat("x", 4000), strings.Repeat("x", 2001)), "6001 characters in all"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := strings.Join(checkMessage(tc.m, false), "; ")
			if tc.want == "" && p != "" || !strings.Contains(p, tc.want) {
				t.Errorf("problems %q, want %q", p, tc.want)
			}
		})
	}
}
