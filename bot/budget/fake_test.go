package budget

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"testing"
	"time"
)

// fakeDiscord is a loopback server that limits and answers like Discord:
// per-bucket fixed windows (a bucket per route template and major
// parameter) with the X-RateLimit-* headers, and a global limit over any
// one-second span for the routes that are not exempt.
type fakeDiscord struct {
	*httptest.Server
	limit  int           // per bucket and window
	per    time.Duration // a bucket's window
	global int           // requests in any second, all non-exempt routes (0: none)
	// answer, when set, may answer a request itself (a fault).
	answer func(w http.ResponseWriter, r *http.Request, n int) bool

	mu       sync.Mutex
	buckets  map[string]*fakeBucket
	arrivals []time.Time // non-exempt requests, in arrival order
	byRoute  map[string]int
	tooMany  int
	n        int
	inflight map[string]int // in flight by bucket
	maxIn    map[string]int // most in flight at once, by bucket
}

type fakeBucket struct {
	remaining int
	reset     time.Time
}

func newFake(t *testing.T, limit int, per time.Duration, global int) *fakeDiscord {
	f := &fakeDiscord{limit: limit, per: per, global: global, buckets: map[string]*fakeBucket{},
		byRoute: map[string]int{}, inflight: map[string]int{}, maxIn: map[string]int{}}
	f.Server = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.Close)
	return f
}

func (f *fakeDiscord) serve(w http.ResponseWriter, r *http.Request) {
	rt := parseRoute(r.Method, r.URL.Path)
	key := rt.template + "|" + rt.major
	now := time.Now()
	f.mu.Lock()
	f.n++
	n := f.n
	f.byRoute[rt.template]++
	f.inflight[key]++
	f.maxIn[key] = max(f.maxIn[key], f.inflight[key])
	f.mu.Unlock()
	defer func() {
		f.mu.Lock()
		f.inflight[key]--
		f.mu.Unlock()
	}()
	time.Sleep(time.Millisecond) // a little work, so that requests overlap
	if f.answer != nil && f.answer(w, r, n) {
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if !rt.exempt {
		f.arrivals = append(f.arrivals, now)
		if f.global > 0 && f.inWindow(now, time.Second) > f.global {
			f.tooMany++
			writeTooMany(w, 0.1, "global")
			return
		}
	}
	b := f.buckets[key]
	if b == nil || !now.Before(b.reset) {
		b = &fakeBucket{remaining: f.limit, reset: now.Add(f.per)}
		f.buckets[key] = b
	}
	h := w.Header()
	h.Set("X-RateLimit-Limit", strconv.Itoa(f.limit))
	h.Set("X-RateLimit-Bucket", "hash-"+rt.template)
	h.Set("X-RateLimit-Reset-After", fmt.Sprintf("%.3f", b.reset.Sub(now).Seconds()))
	if b.remaining == 0 {
		f.tooMany++
		h.Set("X-RateLimit-Remaining", "0")
		writeTooMany(w, b.reset.Sub(now).Seconds(), "user")
		return
	}
	b.remaining--
	h.Set("X-RateLimit-Remaining", strconv.Itoa(b.remaining))
	w.Header().Set("Content-Type", "application/json")
	w.Write([]byte(`{}`))
}

// inWindow counts the non-exempt arrivals in the span d ending at now.
// Callers hold mu.
func (f *fakeDiscord) inWindow(now time.Time, d time.Duration) int {
	n := 0
	for i := len(f.arrivals) - 1; i >= 0 && now.Sub(f.arrivals[i]) < d; i-- {
		n++
	}
	return n
}

// maxPerSecond is the most non-exempt arrivals in any one-second span.
func (f *fakeDiscord) maxPerSecond() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	most := 0
	for i := range f.arrivals {
		j := i
		for j < len(f.arrivals) && f.arrivals[j].Sub(f.arrivals[i]) < time.Second {
			j++
		}
		most = max(most, j-i)
	}
	return most
}

func (f *fakeDiscord) counts() (requests, tooMany int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.n, f.tooMany
}

func writeTooMany(w http.ResponseWriter, retryAfter float64, scope string) {
	h := w.Header()
	h.Set("Retry-After", fmt.Sprintf("%.3f", retryAfter))
	h.Set("X-RateLimit-Scope", scope)
	global := scope == "global"
	if global {
		h.Set("X-RateLimit-Global", "true")
	}
	h.Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusTooManyRequests)
	fmt.Fprintf(w, `{"message": "You are being rate limited.", "retry_after": %.3f, "global": %t}`, retryAfter, global)
}
