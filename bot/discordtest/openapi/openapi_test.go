package openapi

import (
	"net/url"
	"strings"
	"testing"
)

func TestLoad(t *testing.T) {
	spec, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("Discord OpenAPI description loaded and routed in %v", spec.LoadTime())
	again, err := Load()
	if err != nil || again.LoadTime() != spec.LoadTime() {
		t.Errorf("a second Load parsed the description again: %v, %v", again.LoadTime(), err)
	}
}

func TestCheck(t *testing.T) {
	spec, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, method, path string
		query              url.Values
		body               string
		want               string // a problem containing this; "" for none
	}{
		{"message", "POST", "/channels/12/messages", nil, `{"content":"hi"}`, ""},
		{"history", "GET", "/channels/12/messages", url.Values{"limit": {"50"}, "after": {"13"}}, "", ""},
		{"no body", "POST", "/channels/12/messages", nil, "", "request body is required"},
		{"unknown route", "POST", "/channels/12/nothing", nil, `{}`, "is not in Discord's OpenAPI description"},
		{"query out of range", "GET", "/channels/12/messages", url.Values{"limit": {"500"}}, "", "limit"},
		{"title too long", "POST", "/interactions/12/tok/callback", nil,
			`{"type":9,"data":{"custom_id":"m","title":"` + strings.Repeat("t", 46) + `","components":[]}}`, "/data/title"},
		{"not JSON", "POST", "/channels/12/messages", nil, `{`, "not valid JSON"},
	} {
		var body []byte
		if c.body != "" {
			body = []byte(c.body)
		}
		got := spec.Check(c.method, c.path, c.query, body)
		if c.want == "" {
			if len(got) != 0 {
				t.Errorf("%s: problems %q", c.name, got)
			}
			continue
		}
		if !strings.Contains(strings.Join(got, "\n"), c.want) {
			t.Errorf("%s: problems %q, want one about %q", c.name, got, c.want)
		}
	}
}
