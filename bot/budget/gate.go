// Package budget is the bot's one request budget for Discord's REST API: an
// http.RoundTripper that every request discordgo makes passes (set it as
// session.Client.Transport). It waits before it sends, never after a 429:
// for the route's bucket as the X-RateLimit-* headers describe it (buckets
// are keyed as Discord keys them: the X-RateLimit-Bucket hash of a route
// template and its major parameter), and for this process's share of the
// global limit. Interaction callbacks and webhooks used with their token are
// exempt from the global limit but keep their own buckets. A 429 blocks its
// bucket (or, global, everything) for its Retry-After, after which the
// bucket sends one request at a time until an answer tells its limit again;
// a 429 whose Retry-After is past BanAfter (a ban) stops all sending:
// requests (the one answered 429 among them) fail fast with *BannedError and
// an Alert is raised. Overload
// makes the queues longer; the gate never sends a request twice.
package budget

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net/http"
	"sync"
	"time"
)

// Defaults of Config.
const (
	// DefaultGlobal is Discord's global limit per bot token (requests a
	// second; docs, Global Rate Limit).
	DefaultGlobal = 50
	// DefaultBanAfter is the Retry-After past which a 429 is taken for a
	// ban (Cloudflare's is typically an hour) rather than waited out.
	DefaultBanAfter = 60 * time.Second
	// InvalidWindow is the span over which Discord counts invalid requests
	// (401, 403, 429 other than scope shared) toward its ban: 10 000 in 10
	// minutes from one IP.
	InvalidWindow = 10 * time.Minute
	// InvalidBan is that ban's threshold.
	InvalidBan = 10000
	// DefaultReserve is Config.Reserve's default: two processes may start
	// at once without the token going past its limit.
	DefaultReserve = 2
)

// DefaultWarnAt are the invalid-request counts (over InvalidWindow) that
// raise a warning, well before InvalidBan.
var DefaultWarnAt = []int{1000, 5000, 9000}

// Config sets a Gate up; the zero value is Discord's defaults over
// http.DefaultTransport with the whole global budget.
type Config struct {
	// Base sends the requests (nil: http.DefaultTransport).
	Base http.RoundTripper
	// Global is the bot token's global limit in requests a second, all
	// processes together (the bot's global_rate; 0: DefaultGlobal).
	Global int
	// Share returns this process's part of Global, in [0, 1]; it is read
	// at most every ShareEvery, so it may change as processes come and go.
	// The processes split Global less Reserve; a process with a share of 0
	// (one the others do not count yet: starting, or back from a freeze)
	// sends 1 request a second, from the reserve. Nil: the whole of
	// Global, one process alone. See PerProcess.
	Share func() float64
	// Reserve is what the processes sharing Global keep back for those not
	// counted yet, in requests a second (0: DefaultReserve); only with Share.
	Reserve int
	// BanAfter is the Retry-After past which a 429 stops all sending (0:
	// DefaultBanAfter).
	BanAfter time.Duration
	// WarnAt are the invalid-request counts that raise a warning (nil:
	// DefaultWarnAt).
	WarnAt []int
	// OnAlert, when set, is called (in the requesting goroutine, outside
	// the gate's lock) on a ban and on each WarnAt crossed.
	OnAlert func(Alert)
	// Log is where alerts and warnings go (nil: slog.Default()).
	Log *slog.Logger
	// OnTooMany, when set, observes each 429 (in the requesting goroutine,
	// outside the gate's lock): its scope, route template and Retry-After.
	OnTooMany func(scope, route string, retryAfter time.Duration)
	// Window is the span Global is counted over (0: a second, as Discord
	// counts it); tests shorten it to run a queue quickly.
	Window time.Duration
	// SendTimeout bounds a request from the moment the gate lets it go to
	// the end of its answer's body (0: none). Time queued in the gate does
	// not count: set it instead of http.Client.Timeout, which would count
	// the wait and give up on requests that were never slow.
	SendTimeout time.Duration
}

// ShareEvery is how often the gate reads Config.Share.
const ShareEvery = 250 * time.Millisecond

// PerProcess is a Config.Share that splits the global budget evenly among
// live processes (the store's lease count, at least 1), as the outbox's
// limiter does today: each gets floor(Global/live) requests a second.
func PerProcess(live func() int) func() float64 {
	return func() float64 { return 1 / float64(max(live(), 1)) }
}

// Alert is raised on a ban or when invalid requests pile up.
type Alert struct {
	Kind       string        // "ban" or "invalid"
	Route      string        // the route template of the request that raised it
	RetryAfter time.Duration // a ban's Retry-After
	Invalid    int           // invalid requests over InvalidWindow
}

// BannedError is what requests fail with while the gate is stopped by a ban.
type BannedError struct {
	Until time.Time // when the ban's Retry-After runs out
	Route string    // the refused request's route template
}

func (e *BannedError) Error() string {
	return fmt.Sprintf("budget: %s not sent: Discord refuses requests until %s (a 429 beyond the ban threshold)",
		e.Route, e.Until.UTC().Format(time.RFC3339))
}

// Gate is the request budget. Safe for concurrent use.
type Gate struct {
	base     http.RoundTripper
	global   int
	shareFn  func() float64
	reserve  int // kept back from the split, or 0 for a process alone
	banAfter time.Duration
	warnAt   []int
	onAlert  func(Alert)
	onMany   func(scope, route string, retryAfter time.Duration)
	log      *slog.Logger
	timeout  time.Duration

	mu        sync.Mutex
	share     float64
	shareRead time.Time
	win       *window
	hashes    map[string]string  // route template → X-RateLimit-Bucket
	buckets   map[string]*bucket // hash (or template) + major → bucket
	bannedTo  time.Time
	swept     time.Time // buckets were last swept
	invalid   invalidCount
	warned    int // index into warnAt of the next warning
	stats     stats
}

// New returns a Gate.
func New(cfg Config) *Gate {
	g := &Gate{base: cfg.Base, global: cfg.Global, shareFn: cfg.Share, banAfter: cfg.BanAfter,
		warnAt: cfg.WarnAt, onAlert: cfg.OnAlert, onMany: cfg.OnTooMany, log: cfg.Log, timeout: cfg.SendTimeout, share: 1,
		hashes: map[string]string{}, buckets: map[string]*bucket{}, stats: newStats()}
	if g.base == nil {
		g.base = http.DefaultTransport
	}
	if g.global <= 0 {
		g.global = DefaultGlobal
	}
	if g.banAfter <= 0 {
		g.banAfter = DefaultBanAfter
	}
	if g.warnAt == nil {
		g.warnAt = DefaultWarnAt
	}
	if g.log == nil {
		g.log = slog.Default()
	}
	if g.shareFn != nil {
		g.reserve = cfg.Reserve
		if g.reserve <= 0 {
			g.reserve = DefaultReserve
		}
		g.share = clampShare(g.shareFn())
		g.shareRead = time.Now()
	}
	per := cfg.Window
	if per <= 0 {
		per = time.Second
	}
	g.win = newWindow(g.perSecond(), per)
	return g
}

// SetShare sets this process's part of the global budget at once, in [0, 1]
// (a Config.Share, if any, is then no longer read, and nothing is kept in
// reserve).
func (g *Gate) SetShare(f float64) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.shareFn, g.reserve = nil, 0
	g.share = clampShare(f)
	g.win.resize(g.perSecond())
}

// PerSecond is this process's global budget now: floor((Global − reserve)
// × share), at least 1 (a share of 0 sends 1 a second from the reserve).
func (g *Gate) PerSecond() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.win.size()
}

func (g *Gate) perSecond() int {
	return max(int(math.Floor(float64(g.global-g.reserve)*g.share+1e-9)), 1)
}

// clampShare keeps a share within [0, 1]; NaN is the whole budget.
func clampShare(f float64) float64 {
	switch {
	case math.IsNaN(f) || f > 1:
		return 1
	case f < 0:
		return 0
	}
	return f
}

// readShare refreshes the share from Config.Share when due. Callers hold mu.
func (g *Gate) readShare(now time.Time) {
	if g.shareFn == nil || now.Sub(g.shareRead) < ShareEvery {
		return
	}
	g.shareRead = now
	if s := clampShare(g.shareFn()); s != g.share {
		g.share = s
		g.win.resize(g.perSecond())
	}
}

// Banned reports whether sending is stopped by a ban, and until when.
func (g *Gate) Banned() (until time.Time, banned bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.bannedTo, time.Now().Before(g.bannedTo)
}

// Resume lifts a ban before its Retry-After runs out (an operator's call),
// and every block a 429 put on a bucket or the global budget: the requests
// waiting go on at once.
func (g *Gate) Resume() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.bannedTo = time.Time{}
	for _, b := range g.buckets {
		b.blocked = time.Time{}
		b.wake()
	}
	g.win.blocked = time.Time{}
	close(g.win.answered)
	g.win.answered = make(chan struct{})
}

// bucketFor returns the bucket a route's next request goes to. Callers hold mu.
func (g *Gate) bucketFor(r route) *bucket {
	key := r.template
	if h, ok := g.hashes[r.template]; ok {
		key = h
	}
	key += "|" + r.major
	b := g.buckets[key]
	if b == nil {
		b = newBucket(r.major == "")
		g.buckets[key] = b
	}
	return b
}

// SweepEvery is how often buckets that know nothing worth keeping (reset,
// not blocked, none in flight) are forgotten: every interaction, DM channel
// and webhook token makes one.
const SweepEvery = time.Minute

// sweep forgets idle buckets when due. Callers hold mu.
func (g *Gate) sweep(now time.Time) {
	if now.Sub(g.swept) < SweepEvery {
		return
	}
	g.swept = now
	for k, b := range g.buckets {
		if b.inflight == 0 && len(b.line.waiters) == 0 && !now.Before(b.reset) && !now.Before(b.blocked) {
			delete(g.buckets, k)
		}
	}
}

// Waiting says how many requests wait for the global budget now, and how
// many of them go ahead of the others (urgent, behind the line's head).
func (g *Gate) Waiting() (all, urgent int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.win.line.waiters), g.win.line.urgent
}

// Buckets is the number of buckets the gate holds now.
func (g *Gate) Buckets() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.buckets)
}

// learn records a route's bucket hash: its later requests share the bucket
// of every route with the same hash and major parameter. Callers hold mu.
func (g *Gate) learn(r route, b *bucket, hash string) {
	if hash == "" || g.hashes[r.template] == hash {
		return
	}
	g.hashes[r.template] = hash
	key := hash + "|" + r.major
	if _, ok := g.buckets[key]; !ok {
		g.buckets[key] = b
	}
	delete(g.buckets, r.template+"|"+r.major)
}

// RoundTrip waits for the request's bucket and the global budget, sends it,
// and learns from the answer. A request whose context ends while it waits
// is not sent and fails with the context's error; while a ban lasts every
// request fails with *BannedError.
func (g *Gate) RoundTrip(req *http.Request) (*http.Response, error) {
	r := parseRoute(req.Method, req.URL.Path)
	ctx := req.Context()
	start := time.Now()
	g.mu.Lock()
	g.sweep(start)
	b := g.bucketFor(r)
	g.mu.Unlock()
	waited, err := g.acquire(ctx, &b.line, func(now time.Time) (bool, time.Duration, <-chan struct{}, error) {
		if now.Before(g.bannedTo) {
			return false, 0, nil, &BannedError{Until: g.bannedTo, Route: r.template}
		}
		g.readShare(now)
		ok, d, answered := b.take(now, g.share)
		return ok, d, answered, nil
	})
	if err != nil {
		g.waited(r, start, waited)
		return nil, err
	}
	if !r.exempt {
		w, err := g.acquire(ctx, &g.win.line, func(now time.Time) (bool, time.Duration, <-chan struct{}, error) {
			g.readShare(now)
			if now.Before(g.bannedTo) {
				return false, 0, nil, &BannedError{Until: g.bannedTo, Route: r.template}
			}
			ok, d, answered := g.win.take(now)
			return ok, d, answered, nil
		})
		waited = waited || w
		if err != nil {
			g.mu.Lock()
			b.untake()
			g.mu.Unlock()
			g.waited(r, start, waited)
			return nil, err
		}
	}
	g.mu.Lock()
	if until := g.bannedTo; time.Now().Before(until) {
		b.untake()
		if !r.exempt {
			g.win.release(time.Now(), false)
		}
		g.mu.Unlock()
		g.waited(r, start, waited)
		return nil, &BannedError{Until: until, Route: r.template}
	}
	g.mu.Unlock()
	g.waited(r, start, waited)

	resp, err := g.send(req)
	if err != nil {
		g.mu.Lock()
		now := time.Now()
		b.answer(now, nil)
		if !r.exempt {
			g.win.release(now, true)
		}
		g.mu.Unlock()
		return nil, err
	}
	if until, banned := g.answered(r, b, resp); banned {
		// Not the 429 itself: a caller that retries 429s (discordgo's
		// ShouldRetryOnRateLimit) would sleep out the ban's Retry-After.
		resp.Body.Close()
		return nil, &BannedError{Until: until, Route: r.template}
	}
	hideLimits(resp.Header)
	return resp, nil
}

// discordgo's own limiter (RateLimiter, ratelimit.go) reads these headers
// of every answer (Bucket.Release) and, once a bucket's remaining is 0,
// sleeps its next request until the reset (LockBucketObject: time.Sleep,
// which no context ends) before the request even reaches the gate. The
// gate has already waited for the same bucket: the sleep only doubled the
// wait, and a worker asleep there could not give up when the bot closed
// (issue 33: a killed node's Close hung for minutes, its outbox workers
// asleep 4.4 s a request on the DM channels' 5-per-5-s buckets). So the
// gate keeps them to itself: discordgo's buckets, told nothing, never
// wait (their remaining only counts down, their reset stays in the past,
// the global one is never set). X-RateLimit-Limit, -Bucket and -Scope, and
// Retry-After, which discordgo does not read, stay.
var hiddenLimits = []string{"X-RateLimit-Remaining", "X-RateLimit-Reset", "X-RateLimit-Reset-After", "X-RateLimit-Global"}

// hideLimits removes from an answer the headers discordgo's limiter reads.
func hideLimits(h http.Header) {
	for _, k := range hiddenLimits {
		h.Del(k)
	}
}

// answered learns from a response: the bucket's headers, a 429's block, an
// invalid request. It reports whether the response was a ban, until when.
func (g *Gate) answered(r route, b *bucket, resp *http.Response) (until time.Time, banned bool) {
	h := readHeaders(resp)
	var alerts []Alert
	tooMany := ""
	defer func() {
		if tooMany != "" && g.onMany != nil {
			g.onMany(tooMany, r.template, h.retryAfter)
		}
	}()
	g.mu.Lock()
	now := time.Now()
	if !r.exempt {
		g.win.release(now, true)
	}
	g.learn(r, b, h.bucket)
	invalid := false
	switch resp.StatusCode {
	case http.StatusTooManyRequests:
		scope := h.scope
		if scope == "" {
			scope = "user"
			if h.global {
				scope = "global"
			}
		}
		g.stats.tooMany(scope, r.template)
		tooMany = scope
		invalid = scope != "shared"
		switch {
		case h.retryAfter > g.banAfter:
			until, banned = now.Add(h.retryAfter), true
			if until.After(g.bannedTo) {
				g.bannedTo = until
			}
			b.refuse(until)
			g.stats.alerts["ban"]++
			alerts = append(alerts, Alert{Kind: "ban", Route: r.template, RetryAfter: h.retryAfter})
		case h.global:
			g.win.block(now.Add(h.retryAfter))
			b.answer(now, nil)
		default:
			b.refuse(now.Add(h.retryAfter))
		}
	case http.StatusUnauthorized, http.StatusForbidden:
		invalid = true
		b.answer(now, h)
	default:
		b.answer(now, h)
	}
	if invalid {
		n := g.invalid.add(now)
		for g.warned < len(g.warnAt) && n >= g.warnAt[g.warned] {
			g.warned++
			g.stats.alerts["invalid"]++
			alerts = append(alerts, Alert{Kind: "invalid", Route: r.template, Invalid: n})
		}
	} else if g.warned > 0 && g.invalid.count(now) < g.warnAt[0]/2 {
		g.warned = 0 // re-arm once the count has fallen well back
	}
	g.mu.Unlock()
	for _, a := range alerts {
		g.alert(a)
	}
	return until, banned
}

func (g *Gate) alert(a Alert) {
	switch a.Kind {
	case "ban":
		g.log.Error("discord budget: a 429 beyond the ban threshold: sending stopped", "route", a.Route,
			"retry_after", a.RetryAfter)
	default:
		g.log.Warn("discord budget: invalid requests (401, 403, 429) pile up toward Discord's ban",
			"last_10m", a.Invalid, "ban_at", InvalidBan, "route", a.Route)
	}
	if g.onAlert != nil {
		g.onAlert(a)
	}
}

// waited records the time a request that had to wait spent in the gate
// before it was sent (or given up).
func (g *Gate) waited(r route, start time.Time, waited bool) {
	if waited {
		d := time.Since(start)
		g.mu.Lock()
		g.stats.wait(r.template, d)
		g.mu.Unlock()
	}
}

// sleep waits d, or until answered is closed, or until ctx ends (its error).
func sleep(ctx context.Context, d time.Duration, answered <-chan struct{}) error {
	if answered == nil && d <= 0 {
		return ctx.Err()
	}
	var timer <-chan time.Time
	if d > 0 {
		t := time.NewTimer(d)
		defer t.Stop()
		timer = t.C
	}
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-timer:
	case <-answered:
	}
	return nil
}

// send hands a request the gate let go to the base transport, bounded by
// SendTimeout from now to the end of the answer's body.
func (g *Gate) send(req *http.Request) (*http.Response, error) {
	if g.timeout <= 0 {
		return g.base.RoundTrip(req)
	}
	ctx, cancel := context.WithTimeout(req.Context(), g.timeout)
	resp, err := g.base.RoundTrip(req.WithContext(ctx))
	if err != nil {
		cancel()
		return nil, err
	}
	resp.Body = &cancelBody{ReadCloser: resp.Body, cancel: cancel}
	return resp, nil
}

// cancelBody ends a request's timeout when its answer's body is closed.
type cancelBody struct {
	io.ReadCloser
	cancel context.CancelFunc
}

func (b *cancelBody) Close() error {
	err := b.ReadCloser.Close()
	b.cancel()
	return err
}
