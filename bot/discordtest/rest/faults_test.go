package rest

import (
	"encoding/json"
	"net/http"
	"testing"
	"time"
)

// TestFaultMatches: a fault matches by method (any when empty or "*") and
// by a path.Match pattern on the path after /api/vN.
func TestFaultMatches(t *testing.T) {
	for _, tc := range []struct {
		name         string
		f            Fault
		method, path string
		want         bool
	}{
		{"any", Fault{}, "GET", "/users/@me", true},
		{"method", Fault{Method: "post"}, "POST", "/channels/1/messages", true},
		{"other method", Fault{Method: "PATCH"}, "POST", "/channels/1/messages", false},
		{"star", Fault{Method: "*", Path: "/channels/*/messages"}, "POST", "/channels/1/messages", true},
		{"deeper path", Fault{Path: "/channels/*/messages"}, "PATCH", "/channels/1/messages/2", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.f.matches(tc.method, tc.path); got != tc.want {
				t.Errorf("matches(%s %s) = %v, want %v", tc.method, tc.path, got, tc.want)
			}
		})
	}
}

// TestFaultAnswer: an injected 429 is written as Discord writes one of its
// scope (a user or shared one with a bucket's headers, shared with
// requests left, a global one without them), and another status as an
// error {"code","message"}.
func TestFaultAnswer(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	for _, tc := range []struct {
		name              string
		f                 Fault
		scope, remaining  string
		message, response string
	}{
		{"user", Fault{Status: 429, RetryAfter: 1500 * time.Millisecond}, "user", "0", "You are being rate limited.",
			`{"message":"You are being rate limited.","retry_after":1.5,"global":false}`},
		{"shared", Fault{Status: 429, RetryAfter: time.Second, Scope: "shared"}, "shared", "4", "The resource is being rate limited.",
			`{"message":"The resource is being rate limited.","retry_after":1,"global":false}`},
		{"global", Fault{Status: 429, RetryAfter: time.Second, Global: true}, "global", "", "You are being rate limited.",
			`{"message":"You are being rate limited.","retry_after":1,"global":true}`},
		{"502", Fault{Status: 502}, "", "", "502: Bad Gateway", `{"code":0,"message":"502: Bad Gateway"}`},
		{"50007", Fault{Status: 403, Code: 50007, Message: "Cannot send messages to this user"}, "", "", "Cannot send messages to this user",
			`{"code":50007,"message":"Cannot send messages to this user"}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := http.Header{}
			status, aerr, body := tc.f.answer(h, now)
			if status != tc.f.Status || tc.f.scope() != tc.scope {
				t.Errorf("status %d scope %q, want %d %q", status, tc.f.scope(), tc.f.Status, tc.scope)
			}
			if got := h.Get("X-RateLimit-Remaining"); got != tc.remaining {
				t.Errorf("X-RateLimit-Remaining %q, want %q", got, tc.remaining)
			}
			if got := h.Get("X-RateLimit-Scope"); got != tc.scope {
				t.Errorf("X-RateLimit-Scope %q, want %q", got, tc.scope)
			}
			if (aerr != nil) != (status != http.StatusTooManyRequests) || (aerr != nil && aerr.Message != tc.message) {
				t.Errorf("error %+v, want one with %q unless a 429", aerr, tc.message)
			}
			if b, err := json.Marshal(body); err != nil || string(b) != tc.response {
				t.Errorf("body %s (%v), want %s", b, err, tc.response)
			}
		})
	}
}
