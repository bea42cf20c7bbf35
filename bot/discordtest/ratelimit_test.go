package discordtest

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// TestGlobalLimit: beyond RateLimits.Global requests in a second the stand-in
// answers 429 with "global": true and a retry_after; discordgo waits and
// retries, so every message arrives, later.
func TestGlobalLimit(t *testing.T) {
	t.Parallel()
	// Only the global limit (GlobalLimit over no other limits): the
	// channel's bucket (5 per 5 s) would make discordgo wait before the
	// global limit is reached.
	b := startBot(t, Options{GlobalLimit: 5, RateLimits: &RateLimits{}})
	start := time.Now()
	for i := 0; i < 10; i++ {
		if _, err := b.s.ChannelMessageSend(b.channel, "hi"); err != nil {
			t.Fatal(err)
		}
	}
	if n := len(b.srv.BotMessages(b.channel)); n != 10 {
		t.Fatalf("%d messages, want 10", n)
	}
	global := 0
	for _, r := range b.srv.Requests() {
		if r.Status == 429 && strings.Contains(string(r.Response), `"global":true`) {
			global++
		}
	}
	if global == 0 {
		t.Fatal("no request was limited")
	}
	if took := time.Since(start); took < 500*time.Millisecond {
		t.Fatalf("10 requests at 5/s took %v", took)
	}
}

// TestLean: with Lean the stand-in keeps no request log, no dispatch log
// and no attachment bytes (but their sizes), while subscribers still see
// every request (its files without their bytes) and dispatch.
func TestLean(t *testing.T) {
	t.Parallel()
	b := startBot(t, Options{Lean: true})
	seen := make(chan Request, 10)
	dispatched := make(chan string, 10)
	unsub := b.srv.Subscribe(func(e Event) {
		switch e.Kind {
		case EventRequest:
			seen <- *e.Request
		case EventDispatch:
			dispatched <- e.Dispatch.Type
		}
	})
	defer unsub()
	png := pngBytes(t, 90, 100)
	sent, err := b.s.ChannelMessageSendComplex(b.channel, &discordgo.MessageSend{Content: "board",
		Files: []*discordgo.File{{Name: "b.png", ContentType: "image/png", Reader: bytes.NewReader(png)}}})
	if err != nil {
		t.Fatal(err)
	}
	if len(sent.Attachments) != 1 || sent.Attachments[0].Size != len(png) {
		t.Fatalf("answered %+v, want one attachment of %d bytes", sent.Attachments, len(png))
	}
	r := waitChan(t, seen, "the request")
	if r.Seq == 0 || r.Route != "POST /channels/{channel_id}/messages" || len(r.Files) != 1 || r.Files[0].Data != nil {
		t.Fatalf("Subscriber saw %+v", r)
	}
	if n := len(b.srv.Requests()); n != 0 {
		t.Fatalf("%d requests kept", n)
	}
	if typ := waitChan(t, dispatched, "the dispatch"); typ != "MESSAGE_CREATE" {
		t.Fatalf("Subscriber saw a %s dispatch", typ)
	}
	if n := len(b.srv.Dispatches()); n != 0 {
		t.Fatalf("%d dispatches kept", n)
	}
	ms := b.srv.BotMessages(b.channel)
	if len(ms) != 1 || len(ms[0].Attachments) != 1 || ms[0].Attachments[0].Data != nil || ms[0].Attachments[0].Width != 90 {
		t.Fatalf("message kept as %+v", ms)
	}
}

// TestTooManyRequestsShape: a 429 of each scope has the headers and the
// JSON body Discord's docs show (§Exceeding A Rate Limit).
func TestTooManyRequestsShape(t *testing.T) {
	t.Parallel()
	bucketHeaders := []string{"X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset", "X-RateLimit-Reset-After", "X-RateLimit-Bucket"}
	for _, tc := range []struct {
		name    string
		limits  RateLimits
		prepare func(e *limitEnv)
		headers map[string]string // "" means absent
		bucket  bool              // the route's bucket headers are there
		body    string
	}{
		{name: "user", limits: RateLimits{MessageCreate: Bucket{Requests: 1, Per: 2500 * time.Millisecond}},
			prepare: func(e *limitEnv) { e.message(e.srv.DefaultChannelID()) },
			headers: map[string]string{"Retry-After": "3", "X-RateLimit-Scope": "user", "X-RateLimit-Global": "",
				"X-RateLimit-Remaining": "0", "X-RateLimit-Reset-After": "2.500"},
			bucket: true, body: `{"message":"You are being rate limited.","retry_after":2.5,"global":false}`},
		{name: "global", limits: RateLimits{Global: 1},
			prepare: func(e *limitEnv) { e.message(e.srv.DefaultChannelID()) },
			headers: map[string]string{"Retry-After": "1", "X-RateLimit-Scope": "global", "X-RateLimit-Global": "true"},
			body:    `{"message":"You are being rate limited.","retry_after":1,"global":true}`},
		{name: "shared (injected)", prepare: func(e *limitEnv) {
			e.srv.Faults().Inject(Fault{Status: 429, Scope: "shared", RetryAfter: 64570 * time.Millisecond})
		},
			headers: map[string]string{"Retry-After": "65", "X-RateLimit-Scope": "shared", "X-RateLimit-Global": ""},
			bucket:  true, body: `{"message":"The resource is being rate limited.","retry_after":64.57,"global":false}`},
		{name: "old message edits", limits: RateLimits{OldMessageEdit: Bucket{Requests: 1, Per: 6 * time.Second}, OldMessageAge: time.Hour},
			prepare: func(e *limitEnv) {
				m := e.message(e.srv.DefaultChannelID())
				e.clock.Advance(2 * time.Hour)
				e.do("PATCH", "/channels/"+e.srv.DefaultChannelID()+"/messages/"+m, obj{"content": "a"})
				e.lastMessage = m
			},
			headers: map[string]string{"Retry-After": "6", "X-RateLimit-Scope": "user"},
			body:    `{"message":"Maximum number of edits to messages older than 1 hour reached. Try again later","retry_after":6,"global":false,"code":30046}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			limits := tc.limits
			e := newLimitEnv(t, Options{RateLimits: &limits})
			tc.prepare(e)
			var w *httptest.ResponseRecorder
			if e.lastMessage != "" {
				w = e.do("PATCH", "/channels/"+e.srv.DefaultChannelID()+"/messages/"+e.lastMessage, obj{"content": "b"})
			} else {
				w = e.do("POST", "/channels/"+e.srv.DefaultChannelID()+"/messages", obj{"content": "hi"})
			}
			if w.Code != http.StatusTooManyRequests {
				t.Fatalf("%d %s", w.Code, w.Body)
			}
			if got := strings.TrimSpace(w.Body.String()); got != tc.body {
				t.Errorf("body\n%s, want\n%s", got, tc.body)
			}
			if ct := w.Header().Get("Content-Type"); ct != "application/json" {
				t.Errorf("Content-Type %q", ct)
			}
			for k, v := range tc.headers {
				if got := w.Header().Get(k); got != v {
					t.Errorf("%s: %q, want %q", k, got, v)
				}
			}
			for _, k := range bucketHeaders {
				if tc.bucket != (w.Header().Get(k) != "") {
					t.Errorf("%s: %q, want it there: %v", k, w.Header().Get(k), tc.bucket)
				}
			}
			scope := tc.headers["X-RateLimit-Scope"]
			if st := e.srv.Limits().Stats(); st.Limited[scope] != 1 {
				t.Errorf("stats count %v 429s by scope, want 1 %s", st.Limited, scope)
			}
		})
	}
}

// TestGlobalExempt: interaction callbacks, follow-ups and edits of the
// original response do not spend the global limit and pass while it is
// spent; the bot's other routes then get 429 global.
func TestGlobalExempt(t *testing.T) {
	t.Parallel()
	e := newLimitEnv(t, Options{RateLimits: &RateLimits{Global: 3}})
	u := e.srv.AddUser(User{Username: "alice"})
	id, err := e.srv.SlashCommand(u.ID, e.srv.DefaultChannelID(), "start")
	if err != nil {
		t.Fatal(err)
	}
	in, _ := e.srv.Interaction(id)
	hook := "/webhooks/" + e.srv.AppID() + "/" + in.Token
	exempt := []struct {
		name, method, path string
		body               any
	}{
		{"callback", "POST", "/interactions/" + id + "/" + in.Token + "/callback", obj{"type": 5}},
		{"edit of the original", "PATCH", hook + "/messages/@original", obj{"content": "board"}},
		{"follow-up", "POST", hook, obj{"content": "more"}},
		{"another follow-up", "POST", hook, obj{"content": "more"}},
	}
	ch := e.srv.DefaultChannelID()
	for i := range 3 {
		if w := e.do("GET", "/channels/"+ch, nil); w.Code != http.StatusOK {
			t.Fatalf("request %d of the global 3: %d", i+1, w.Code)
		}
	}
	for _, x := range exempt {
		if w := e.do(x.method, x.path, x.body); w.Code >= 300 {
			t.Errorf("%s with the global limit spent: %d %s", x.name, w.Code, w.Body)
		}
	}
	if w := e.do("GET", "/channels/"+ch, nil); w.Code != http.StatusTooManyRequests || w.Header().Get("X-RateLimit-Global") != "true" {
		t.Fatalf("the bot's next request: %d %v", w.Code, w.Header())
	}
	e.clock.Advance(time.Second)
	for i := range 3 {
		if w := e.do("GET", "/channels/"+ch, nil); w.Code != http.StatusOK {
			t.Errorf("request %d after a second: %d (exempt requests spent the global limit)", i+1, w.Code)
		}
	}
}

// TestInvalidRequests: 401, 403 and 429 (but of scope shared) count toward
// the ban; other errors do not; the count is of the last 10 minutes.
func TestInvalidRequests(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name    string
		request func(e *limitEnv) *httptest.ResponseRecorder
		status  int
		counts  bool
	}{
		{"401 bad token", func(e *limitEnv) *httptest.ResponseRecorder {
			e.token = "Bot wrong"
			return e.do("GET", "/channels/"+e.srv.DefaultChannelID(), nil)
		}, 401, true},
		{"403 closed DMs", func(e *limitEnv) *httptest.ResponseRecorder {
			u := e.srv.AddUser(User{Username: "closed", DMsClosed: true})
			dm, _ := e.srv.DMChannel(u.ID)
			return e.do("POST", "/channels/"+dm+"/messages", obj{"content": "your turn"})
		}, 403, true},
		{"429 user", func(e *limitEnv) *httptest.ResponseRecorder {
			e.srv.Faults().RateLimitNext("GET", "", 1, time.Second)
			return e.do("GET", "/channels/"+e.srv.DefaultChannelID(), nil)
		}, 429, true},
		{"429 shared", func(e *limitEnv) *httptest.ResponseRecorder {
			e.srv.Faults().Inject(Fault{Status: 429, Scope: "shared"})
			return e.do("GET", "/channels/"+e.srv.DefaultChannelID(), nil)
		}, 429, false},
		{"404", func(e *limitEnv) *httptest.ResponseRecorder {
			return e.do("GET", "/channels/1", nil)
		}, 404, false},
		{"400", func(e *limitEnv) *httptest.ResponseRecorder {
			return e.do("POST", "/channels/"+e.srv.DefaultChannelID()+"/messages", obj{})
		}, 400, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			e := newLimitEnv(t, Options{Token: "Bot test"})
			if w := tc.request(e); w.Code != tc.status {
				t.Fatalf("%d %s, want %d", w.Code, w.Body, tc.status)
			}
			want := 0
			if tc.counts {
				want = 1
			}
			if n := e.srv.Limits().InvalidRequests(); n != want {
				t.Errorf("%d invalid requests, want %d", n, want)
			}
			if r := e.srv.Requests(); r[len(r)-1].Invalid != tc.counts {
				t.Errorf("recorded Invalid %v", r[len(r)-1].Invalid)
			}
			e.clock.Advance(10 * time.Minute)
			if n := e.srv.Limits().InvalidRequests(); n != 0 {
				t.Errorf("%d invalid requests 10 minutes later", n)
			}
			if st := e.srv.Limits().Stats(); st.InvalidTotal != want {
				t.Errorf("%d invalid requests in all, want %d", st.InvalidTotal, want)
			}
		})
	}
}

// TestBan: 10 000 invalid requests in 10 minutes are allowed; the next one
// bans the IP, and every request after it, of any token and route, is
// refused as Cloudflare refuses a banned IP, for the rest of the run.
func TestBan(t *testing.T) {
	t.Parallel()
	e := newLimitEnv(t, Options{Token: "Bot test", Lean: true})
	ch := e.srv.DefaultChannelID()
	limit := DiscordRateLimits().InvalidRequests
	e.token = "Bot wrong"
	for i := range limit {
		if i == limit/2 {
			e.clock.Advance(9 * time.Minute) // all within the window still
		}
		if w := e.do("GET", "/channels/"+ch, nil); w.Code != http.StatusUnauthorized {
			t.Fatalf("invalid request %d: %d", i+1, w.Code)
		}
	}
	e.token = "Bot test"
	if w := e.do("GET", "/channels/"+ch, nil); w.Code != http.StatusOK {
		t.Fatalf("after %d invalid requests: %d, want 200", limit, w.Code)
	}
	if n := e.srv.Limits().InvalidRequests(); n != limit {
		t.Fatalf("%d invalid requests counted, want %d", n, limit)
	}
	e.token = "Bot wrong"
	if w := e.do("GET", "/channels/"+ch, nil); w.Code != http.StatusUnauthorized {
		t.Fatalf("invalid request %d: %d", limit+1, w.Code)
	}
	e.token = "Bot test"
	for _, tc := range []struct{ name, method, path string }{
		{"a route", "GET", "/channels/" + ch},
		{"another route", "POST", "/channels/" + ch + "/messages"},
		{"an unknown route", "GET", "/nowhere"},
		{"an hour later", "GET", "/gateway"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.name == "an hour later" {
				e.clock.Advance(2 * time.Hour)
			}
			w := e.do(tc.method, tc.path, obj{"content": "hi"})
			if w.Code != http.StatusTooManyRequests || w.Body.String() != "error code: 1015" {
				t.Fatalf("%d %q, want 429 \"error code: 1015\"", w.Code, w.Body)
			}
			if ct := w.Header().Get("Content-Type"); !strings.HasPrefix(ct, "text/plain") {
				t.Errorf("Content-Type %q", ct)
			}
			if ra := w.Header().Get("Retry-After"); ra != "3600" {
				t.Errorf("Retry-After %q", ra)
			}
			for k := range w.Header() {
				if strings.HasPrefix(k, "X-Ratelimit") {
					t.Errorf("a rate-limit header on a ban: %s", k)
				}
			}
		})
	}
	st := e.srv.Limits().Stats()
	if !st.Banned || st.Refused != 4 || st.Invalid != limit+1 {
		t.Errorf("stats %+v", st)
	}
}

// TestBanStopsDiscordgo: discordgo gets an error from a banned IP's 429
// (its body is not JSON) and does not retry it.
func TestBanStopsDiscordgo(t *testing.T) {
	t.Parallel()
	b := startBot(t, Options{RateLimits: &RateLimits{InvalidRequests: 1, InvalidWindow: time.Minute, BanRetryAfter: time.Hour}})
	b.srv.Faults().SetDMsClosed(b.alice.ID, true)
	dm, _ := b.srv.DMChannel(b.alice.ID)
	for range 2 {
		if _, err := b.s.ChannelMessageSend(dm, "your turn"); err == nil {
			t.Fatal("a DM to closed DMs went through")
		}
	}
	before := len(b.srv.Requests())
	if _, err := b.s.ChannelMessageSend(b.channel, "hi"); err == nil {
		t.Fatal("a banned IP's request went through")
	}
	if n := len(b.srv.Requests()) - before; n != 1 {
		t.Errorf("%d requests for one send while banned", n)
	}
}
