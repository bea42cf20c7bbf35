package ratelimit

import (
	"net/http"
	"strconv"
	"testing"
	"time"
)

// t0 is the tests' time: the model has no clock of its own.
var t0 = time.Unix(1_800_000_000, 0)

// TestBucketsSwept: buckets whose window is over are dropped now and then,
// so that a long run (a bucket per interaction) does not keep them all;
// those still in their window stay.
func TestBucketsSwept(t *testing.T) {
	l := New(Limits{}, nil)
	b := Bucket{5, time.Second}
	for i := range 100 {
		l.bucket(bucketKey{major: strconv.Itoa(i)}, t0).take(b, t0)
	}
	later := t0.Add(time.Second)
	l.bucket(bucketKey{major: "live"}, later).take(b, later)
	for range sweepEvery {
		l.bucket(bucketKey{major: "live"}, later)
	}
	if n := len(l.buckets); n != 1 {
		t.Errorf("%d buckets after a sweep, want the one still in its window", n)
	}
}

// TestTake spends a bucket of 2 per second: the headers count down, the
// third request is refused with a 429 of scope user until the window ends.
func TestTake(t *testing.T) {
	l := New(Limits{MessageCreate: Bucket{2, time.Second}}, nil)
	r := Request{Token: "Bot a", Kind: MessageCreate, Major: "12"}
	for i, tc := range []struct {
		at        time.Duration
		remaining string
		refused   bool
	}{
		{0, "1", false},
		{100 * time.Millisecond, "0", false},
		{200 * time.Millisecond, "0", true},
		{time.Second, "1", false},
	} {
		t.Run(strconv.Itoa(i), func(t *testing.T) {
			h := http.Header{}
			bucket, refused := l.Take(r, t0.Add(tc.at), h)
			if (refused != nil) != tc.refused {
				t.Fatalf("refused %v, want %v", refused, tc.refused)
			}
			if bucket != Hash("message create") || h.Get("X-RateLimit-Bucket") != bucket {
				t.Errorf("bucket %q, header %q, want %q", bucket, h.Get("X-RateLimit-Bucket"), Hash("message create"))
			}
			if got := h.Get("X-RateLimit-Remaining"); got != tc.remaining {
				t.Errorf("X-RateLimit-Remaining %q, want %q", got, tc.remaining)
			}
			if tc.refused && (refused.Status != http.StatusTooManyRequests || refused.Scope != "user" || h.Get("Retry-After") != "1") {
				t.Errorf("refusal %+v, Retry-After %q; want 429, scope user, 1", refused, h.Get("Retry-After"))
			}
		})
	}
	// Another channel, and another token, have buckets of their own.
	for _, other := range []Request{{Token: "Bot a", Kind: MessageCreate, Major: "13"}, {Token: "Bot b", Kind: MessageCreate, Major: "12"}} {
		if _, refused := l.Take(other, t0.Add(200*time.Millisecond), http.Header{}); refused != nil {
			t.Errorf("%+v refused: it has a bucket of its own", other)
		}
	}
}

// TestGlobal: the global limit of a token refuses with scope global and
// X-RateLimit-Global; exempt requests (interaction callbacks) pass.
func TestGlobal(t *testing.T) {
	l := New(Limits{Global: 2}, nil)
	r := Request{Token: "Bot a", Route: "GET /users/@me"}
	for i := range 2 {
		if _, refused := l.Take(r, t0, http.Header{}); refused != nil {
			t.Fatalf("request %d refused", i)
		}
	}
	h := http.Header{}
	if _, refused := l.Take(r, t0, h); refused == nil || refused.Scope != "global" || h.Get("X-RateLimit-Global") != "true" {
		t.Errorf("third request: %+v, X-RateLimit-Global %q; want a global 429", refused, h.Get("X-RateLimit-Global"))
	}
	r.Exempt = true
	if _, refused := l.Take(r, t0, http.Header{}); refused != nil {
		t.Errorf("an exempt request was refused: %+v", refused)
	}
}

// TestBan: past InvalidRequests invalid answers in the window the IP is
// banned; shared 429s and other errors do not count.
func TestBan(t *testing.T) {
	l := New(Limits{InvalidRequests: 3, InvalidWindow: time.Minute, BanRetryAfter: time.Hour}, nil)
	for _, tc := range []struct {
		status int
		scope  string
		counts bool
	}{
		{http.StatusNotFound, "", false},
		{http.StatusTooManyRequests, "shared", false},
		{http.StatusUnauthorized, "", true},
		{http.StatusForbidden, "", true},
		{http.StatusTooManyRequests, "user", true},
	} {
		if got := l.Count(tc.status, tc.scope, t0); got != tc.counts {
			t.Errorf("Count(%d, %q) = %v, want %v", tc.status, tc.scope, got, tc.counts)
		}
	}
	if l.Banned() {
		t.Fatal("banned at the limit, want past it")
	}
	// The window slides: the first three are forgotten a minute later.
	if l.Count(http.StatusForbidden, "", t0.Add(time.Minute)); l.Banned() {
		t.Fatal("banned by requests out of the window")
	}
	for range 3 {
		l.Count(http.StatusForbidden, "", t0.Add(time.Minute))
	}
	if !l.Banned() {
		t.Fatal("not banned past the limit")
	}
	h := http.Header{}
	l.Refuse(h)
	st := l.Stats(t0.Add(time.Minute))
	if h.Get("Retry-After") != "3600" || st.Refused != 1 || st.InvalidTotal != 7 || st.Limited["shared"] != 1 || st.Limited["user"] != 1 {
		t.Errorf("Retry-After %q, stats %+v", h.Get("Retry-After"), st)
	}
}
