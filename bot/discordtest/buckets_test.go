package discordtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"testing"
	"time"
)

// fakeClock is a clock tests move on by hand (Options.Clock).
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func newFakeClock() *fakeClock { return &fakeClock{t: time.Unix(1_800_000_000, 0)} }

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// limitEnv serves requests in process (no sockets, no sleeping) on a
// stand-in with a fake clock.
type limitEnv struct {
	t     *testing.T
	srv   *Server
	clock *fakeClock
	token string
	// lastMessage is a message a case's next request is about.
	lastMessage string
}

func newLimitEnv(t *testing.T, o Options) *limitEnv {
	t.Helper()
	e := &limitEnv{t: t, clock: newFakeClock(), token: "Bot test"}
	o.Clock = e.clock.Now
	if o.RateLimits == nil {
		l := DiscordRateLimits()
		o.RateLimits = &l
	}
	o.LooseCommands = true
	e.srv = New(o)
	if err := e.srv.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.srv.Close() })
	return e
}

// do serves one request with e.token; body is JSON-encoded unless nil.
func (e *limitEnv) do(method, path string, body any) *httptest.ResponseRecorder {
	e.t.Helper()
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			e.t.Fatal(err)
		}
		rd = bytes.NewReader(b)
	}
	r := httptest.NewRequest(method, "/api/v10"+path, rd)
	if e.token != "" {
		r.Header.Set("Authorization", e.token)
	}
	if body != nil {
		r.Header.Set("Content-Type", "application/json")
	}
	w := httptest.NewRecorder()
	e.srv.hs.Handler.ServeHTTP(w, r)
	return w
}

// message posts a message in a channel (spending its create bucket) and
// returns its id.
func (e *limitEnv) message(channel string) string {
	e.t.Helper()
	w := e.do("POST", "/channels/"+channel+"/messages", obj{"content": "card"})
	var m struct {
		ID string `json:"id"`
	}
	if w.Code != http.StatusOK || json.Unmarshal(w.Body.Bytes(), &m) != nil {
		e.t.Fatalf("posting a message: %d %s", w.Code, w.Body)
	}
	return m.ID
}

// interaction makes a slash command by a new user, acknowledges it with a
// deferred answer (exempt from every bot bucket) and returns its token.
func (e *limitEnv) interaction() string {
	e.t.Helper()
	u := e.srv.AddUser(User{Username: "player"})
	id, err := e.srv.SlashCommand(u.ID, e.srv.DefaultChannelID(), "start")
	if err != nil {
		e.t.Fatal(err)
	}
	in, _ := e.srv.Interaction(id)
	if w := e.do("POST", "/interactions/"+id+"/"+in.Token+"/callback", obj{"type": 5}); w.Code != http.StatusNoContent {
		e.t.Fatalf("callback: %d %s", w.Code, w.Body)
	}
	return in.Token
}

func (e *limitEnv) thread(channel string) string {
	e.t.Helper()
	w := e.do("POST", "/channels/"+channel+"/threads", obj{"name": "game", "type": 11})
	var th struct {
		ID string `json:"id"`
	}
	if w.Code != http.StatusCreated || json.Unmarshal(w.Body.Bytes(), &th) != nil {
		e.t.Fatalf("starting a thread: %d %s", w.Code, w.Body)
	}
	return th.ID
}

// limitCase is one bucket: setup returns the request that spends it
// (called once per request, i is its index).
type limitCase struct {
	name   string
	bucket func(RateLimits) Bucket
	setup  func(e *limitEnv) func(i int) (method, path string, body any)
	// status and code of the refusal (default 429, no code)
	status, code int
	hidden       bool // a limit the headers do not show (their Remaining stays above 0)
}

var limitCases = []limitCase{
	{name: "message create", bucket: func(l RateLimits) Bucket { return l.MessageCreate },
		setup: func(e *limitEnv) func(int) (string, string, any) {
			ch := e.srv.DefaultChannelID()
			return func(int) (string, string, any) { return "POST", "/channels/" + ch + "/messages", obj{"content": "hi"} }
		}},
	{name: "message create in a DM channel", bucket: func(l RateLimits) Bucket { return l.MessageCreate },
		setup: func(e *limitEnv) func(int) (string, string, any) {
			dm, _ := e.srv.DMChannel(e.srv.AddUser(User{Username: "alice"}).ID)
			return func(int) (string, string, any) { return "POST", "/channels/" + dm + "/messages", obj{"content": "hi"} }
		}},
	{name: "message create in a thread", bucket: func(l RateLimits) Bucket { return l.MessageCreate },
		setup: func(e *limitEnv) func(int) (string, string, any) {
			th := e.thread(e.srv.DefaultChannelID())
			return func(int) (string, string, any) { return "POST", "/channels/" + th + "/messages", obj{"content": "hi"} }
		}},
	{name: "message edit", bucket: func(l RateLimits) Bucket { return l.MessageEdit },
		setup: func(e *limitEnv) func(int) (string, string, any) {
			ch := e.srv.DefaultChannelID()
			m := e.message(ch)
			return func(int) (string, string, any) {
				return "PATCH", "/channels/" + ch + "/messages/" + m, obj{"content": "edited"}
			}
		}},
	{name: "edit of a message older than an hour", bucket: func(l RateLimits) Bucket { return l.OldMessageEdit },
		code: CodeOldMessageEdits, hidden: true,
		setup: func(e *limitEnv) func(int) (string, string, any) {
			ch := e.srv.DefaultChannelID()
			m := e.message(ch)
			e.clock.Advance(time.Hour + time.Second)
			return func(int) (string, string, any) {
				return "PATCH", "/channels/" + ch + "/messages/" + m, obj{"content": "edited"}
			}
		}},
	{name: "DM channel opening", bucket: func(l RateLimits) Bucket { return l.DMOpen },
		status: http.StatusForbidden, code: CodeOpeningDMsFast,
		setup: func(e *limitEnv) func(int) (string, string, any) {
			return func(int) (string, string, any) {
				u := e.srv.AddUser(User{Username: "someone"})
				return "POST", "/users/@me/channels", obj{"recipient_id": u.ID}
			}
		}},
	{name: "thread creation (both routes)", bucket: func(l RateLimits) Bucket { return l.ThreadCreate },
		setup: func(e *limitEnv) func(int) (string, string, any) {
			ch := e.srv.DefaultChannelID()
			return func(i int) (string, string, any) {
				if i%2 == 1 {
					m := e.message(ch)
					return "POST", "/channels/" + ch + "/messages/" + m + "/threads", obj{"name": "game"}
				}
				return "POST", "/channels/" + ch + "/threads", obj{"name": "game", "type": 11}
			}
		}},
	{name: "reactions (add and remove)", bucket: func(l RateLimits) Bucket { return l.Reactions },
		setup: func(e *limitEnv) func(int) (string, string, any) {
			ch := e.srv.DefaultChannelID()
			m := e.message(ch)
			return func(i int) (string, string, any) {
				method := "PUT"
				if i%2 == 1 {
					method = "DELETE"
				}
				return method, "/channels/" + ch + "/messages/" + m + "/reactions/%F0%9F%91%8D/@me", nil
			}
		}},
	{name: "command registration", bucket: func(l RateLimits) Bucket { return l.Commands },
		setup: func(e *limitEnv) func(int) (string, string, any) {
			path := "/applications/" + e.srv.AppID() + "/guilds/" + e.srv.GuildID() + "/commands"
			return func(i int) (string, string, any) {
				if i%2 == 1 {
					return "POST", path, obj{"name": "resign", "description": "Resign the game"}
				}
				return "PUT", path, []obj{{"name": "start", "description": "Start a game"}}
			}
		}},
	{name: "an interaction's follow-ups and edits", bucket: func(l RateLimits) Bucket { return l.Webhook },
		setup: func(e *limitEnv) func(int) (string, string, any) {
			tok := e.interaction()
			app := e.srv.AppID()
			return func(i int) (string, string, any) {
				if i%2 == 1 {
					return "PATCH", "/webhooks/" + app + "/" + tok + "/messages/@original", obj{"content": "edited"}
				}
				return "POST", "/webhooks/" + app + "/" + tok, obj{"content": "follow-up"}
			}
		}},
}

// TestBuckets: each bucket accepts its Requests in a window, showing them
// in its headers, refuses the next one as Discord does, and accepts it
// again once the window has passed; with Discord's windows and with them
// scaled down (RateLimits.Scaled), as the bot's end-to-end tests run.
func TestBuckets(t *testing.T) {
	t.Parallel()
	for _, lim := range []struct {
		name string
		l    RateLimits
	}{{"", DiscordRateLimits()}, {" (windows scaled 0.1)", DiscordRateLimits().Scaled(0.1)}} {
		for _, tc := range limitCases {
			t.Run(tc.name+lim.name, func(t *testing.T) {
				t.Parallel()
				testBucket(t, tc, lim.l)
			})
		}
	}
}

func testBucket(t *testing.T, tc limitCase, l RateLimits) {
	e := newLimitEnv(t, Options{RateLimits: &l})
	b := tc.bucket(l)
	next := tc.setup(e)
	for i := range b.Requests {
		w := e.do(next(i))
		if w.Code >= 300 {
			t.Fatalf("request %d of %d: %d %s", i+1, b.Requests, w.Code, w.Body)
		}
		if !tc.hidden {
			if got, want := w.Header().Get("X-RateLimit-Remaining"), strconv.Itoa(b.Requests-1-i); got != want {
				t.Errorf("request %d: X-RateLimit-Remaining %s, want %s", i+1, got, want)
			}
			if got, want := w.Header().Get("X-RateLimit-Limit"), strconv.Itoa(b.Requests); got != want {
				t.Errorf("X-RateLimit-Limit %s, want %s", got, want)
			}
		}
	}
	w := e.do(next(b.Requests))
	status := tc.status
	if status == 0 {
		status = http.StatusTooManyRequests
	}
	if w.Code != status {
		t.Fatalf("request %d of %d: %d %s, want %d", b.Requests+1, b.Requests, w.Code, w.Body, status)
	}
	var body struct {
		Code       int      `json:"code"`
		RetryAfter *float64 `json:"retry_after"`
	}
	if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil || body.Code != tc.code {
		t.Errorf("refusal %s: code %d, want %d (%v)", w.Body, body.Code, tc.code, err)
	}
	if status == http.StatusTooManyRequests {
		if body.RetryAfter == nil || *body.RetryAfter <= 0 || *body.RetryAfter > b.Per.Seconds() {
			t.Errorf("retry_after in %s, want in (0, %v]", w.Body, b.Per.Seconds())
		}
		if s := w.Header().Get("X-RateLimit-Scope"); s != "user" {
			t.Errorf("X-RateLimit-Scope %q, want user", s)
		}
	}
	e.clock.Advance(b.Per - time.Millisecond)
	if w := e.do(next(b.Requests)); w.Code != status {
		t.Errorf("a millisecond before the window's end: %d %s, want %d", w.Code, w.Body, status)
	}
	e.clock.Advance(time.Millisecond)
	if w := e.do(next(b.Requests)); w.Code >= 300 {
		t.Errorf("after the window: %d %s", w.Code, w.Body)
	}
}

// TestScaled: Scaled multiplies the buckets' windows and keeps their sizes,
// the global limit, the invalid-request limit and the old-message age.
func TestScaled(t *testing.T) {
	t.Parallel()
	d, s := DiscordRateLimits(), DiscordRateLimits().Scaled(0.1)
	for _, c := range []struct {
		name   string
		bucket func(RateLimits) Bucket
	}{
		{"MessageCreate", func(l RateLimits) Bucket { return l.MessageCreate }},
		{"MessageEdit", func(l RateLimits) Bucket { return l.MessageEdit }},
		{"OldMessageEdit", func(l RateLimits) Bucket { return l.OldMessageEdit }},
		{"DMOpen", func(l RateLimits) Bucket { return l.DMOpen }},
		{"ThreadCreate", func(l RateLimits) Bucket { return l.ThreadCreate }},
		{"Reactions", func(l RateLimits) Bucket { return l.Reactions }},
		{"Commands", func(l RateLimits) Bucket { return l.Commands }},
		{"Webhook", func(l RateLimits) Bucket { return l.Webhook }},
		{"Other", func(l RateLimits) Bucket { return l.Other }},
	} {
		db, sb := c.bucket(d), c.bucket(s)
		if sb.Requests != db.Requests || sb.Per != db.Per/10 {
			t.Errorf("%s: %+v scaled 0.1 is %+v", c.name, db, sb)
		}
	}
	if s.Global != d.Global || s.InvalidRequests != d.InvalidRequests || s.InvalidWindow != d.InvalidWindow ||
		s.BanRetryAfter != d.BanRetryAfter || s.OldMessageAge != d.OldMessageAge {
		t.Errorf("scaled %+v, want the global, invalid-request and old-message limits of %+v", s, d)
	}
	if off := (RateLimits{}).Scaled(0.1); off != (RateLimits{}) {
		t.Errorf("no limits scaled: %+v", off)
	}
}

// TestBucketsPerResource: a channel's exhausted bucket leaves other
// channels, DM channels, threads and the channel's other buckets alone;
// each thread is a channel of its own.
func TestBucketsPerResource(t *testing.T) {
	t.Parallel()
	e := newLimitEnv(t, Options{})
	ch := e.srv.DefaultChannelID()
	card := e.message(ch)
	th := e.thread(ch)
	other := e.srv.AddChannel(Channel{Name: "other"}).ID
	dm, _ := e.srv.DMChannel(e.srv.AddUser(User{Username: "alice"}).ID)
	for range DiscordRateLimits().MessageCreate.Requests - 1 {
		e.message(ch)
	}
	if w := e.do("POST", "/channels/"+ch+"/messages", obj{"content": "one too many"}); w.Code != http.StatusTooManyRequests {
		t.Fatalf("the channel's bucket is not exhausted: %d", w.Code)
	}
	for _, tc := range []struct{ name, method, path string }{
		{"another channel", "POST", "/channels/" + other + "/messages"},
		{"a DM channel", "POST", "/channels/" + dm + "/messages"},
		{"a thread of the channel", "POST", "/channels/" + th + "/messages"},
		{"an edit in the channel", "PATCH", "/channels/" + ch + "/messages/" + card},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if w := e.do(tc.method, tc.path, obj{"content": "hi"}); w.Code != http.StatusOK {
				t.Errorf("%d %s", w.Code, w.Body)
			}
		})
	}
}

// TestSharedBucketHeader: routes that share a bucket name it alike in
// X-RateLimit-Bucket (whatever the channel: the top-level resource is not in
// it), routes that do not tell it apart.
func TestSharedBucketHeader(t *testing.T) {
	t.Parallel()
	e := newLimitEnv(t, Options{RateLimits: &RateLimits{MessageCreate: Bucket{Requests: 100, Per: time.Second},
		MessageEdit: Bucket{Requests: 100, Per: time.Second}, ThreadCreate: Bucket{Requests: 100, Per: time.Second}, Reactions: Bucket{Requests: 100, Per: time.Second},
		Commands: Bucket{Requests: 100, Per: time.Second}, Other: Bucket{Requests: 100, Per: time.Second}}})
	ch := e.srv.DefaultChannelID()
	other := e.srv.AddChannel(Channel{Name: "other"}).ID
	m := e.message(ch)
	cmds := "/applications/" + e.srv.AppID() + "/guilds/" + e.srv.GuildID() + "/commands"
	bucket := func(method, path string, body any) string {
		t.Helper()
		w := e.do(method, path, body)
		if w.Code >= 300 {
			t.Fatalf("%s %s: %d %s", method, path, w.Code, w.Body)
		}
		return w.Header().Get("X-RateLimit-Bucket")
	}
	create := bucket("POST", "/channels/"+ch+"/messages", obj{"content": "a"})
	for _, tc := range []struct {
		name string
		a, b string
		same bool
	}{
		{"create in two channels", create, bucket("POST", "/channels/"+other+"/messages", obj{"content": "a"}), true},
		{"create and edit", create, bucket("PATCH", "/channels/"+ch+"/messages/"+m, obj{"content": "b"}), false},
		{"two thread routes",
			bucket("POST", "/channels/"+ch+"/threads", obj{"name": "t", "type": 11}),
			bucket("POST", "/channels/"+ch+"/messages/"+m+"/threads", obj{"name": "t"}), true},
		{"reaction add and remove",
			bucket("PUT", "/channels/"+ch+"/messages/"+m+"/reactions/x/@me", nil),
			bucket("DELETE", "/channels/"+ch+"/messages/"+m+"/reactions", nil), true},
		{"command overwrite and create",
			bucket("PUT", cmds, []obj{{"name": "start", "description": "Start"}}),
			bucket("POST", cmds, obj{"name": "resign", "description": "Resign"}), true},
		{"two other routes", bucket("GET", "/channels/"+ch, nil), bucket("GET", "/channels/"+ch+"/messages", nil), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.a == "" || tc.b == "" || (tc.a == tc.b) != tc.same {
				t.Errorf("X-RateLimit-Bucket %q and %q, want the same: %v", tc.a, tc.b, tc.same)
			}
		})
	}
}

// TestHeadersOnEveryAnswer: ordinary answers carry a bucket's five
// X-RateLimit headers, as Discord writes them, and no 429 headers.
func TestHeadersOnEveryAnswer(t *testing.T) {
	t.Parallel()
	e := newLimitEnv(t, Options{})
	ch := e.srv.DefaultChannelID()
	tok := e.interaction()
	for _, tc := range []struct {
		name, method, path string
		body               any
		per                time.Duration
	}{
		{"GET /gateway", "GET", "/gateway", nil, time.Second},
		{"GET a channel", "GET", "/channels/" + ch, nil, time.Second},
		{"a message", "POST", "/channels/" + ch + "/messages", obj{"content": "hi"}, 5 * time.Second},
		{"a follow-up", "POST", "/webhooks/" + e.srv.AppID() + "/" + tok, obj{"content": "hi"}, 2 * time.Second},
		{"an unknown message (404)", "GET", "/channels/" + ch + "/messages/1", nil, time.Second},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := e.do(tc.method, tc.path, tc.body)
			h := w.Header()
			reset := strconv.FormatFloat(float64(e.clock.Now().Add(tc.per).UnixMilli())/1000, 'f', 3, 64)
			want := map[string]string{"X-RateLimit-Reset": reset, "X-RateLimit-Reset-After": fmt.Sprintf("%.3f", tc.per.Seconds())}
			for k, v := range want {
				if h.Get(k) != v {
					t.Errorf("%s: %q, want %q", k, h.Get(k), v)
				}
			}
			for _, k := range []string{"X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Bucket"} {
				if h.Get(k) == "" {
					t.Errorf("no %s", k)
				}
			}
			for _, k := range []string{"Retry-After", "X-RateLimit-Scope", "X-RateLimit-Global"} {
				if h.Get(k) != "" {
					t.Errorf("%s on a %d", k, w.Code)
				}
			}
		})
	}
}
