package budget

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"shinpan/internal/testkit"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// send makes one request through the gate and drains its answer.
func send(t *testing.T, c *http.Client, ctx context.Context, method, url string) (int, error) {
	t.Helper()
	req, err := http.NewRequestWithContext(ctx, method, url, strings.NewReader(`{"content":"x"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp, err := c.Do(req)
	if err != nil {
		return 0, err
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode, nil
}

func client(g *Gate) *http.Client { return &http.Client{Transport: g} }

// servedOrder records the query parameter i of each request f serves; the
// returned func joins them in arrival order.
func servedOrder(f *fakeDiscord) func() string {
	var mu sync.Mutex
	var order []string
	f.answer = func(w http.ResponseWriter, r *http.Request, n int) bool {
		mu.Lock()
		order = append(order, r.URL.Query().Get("i"))
		mu.Unlock()
		return false
	}
	return func() string {
		mu.Lock()
		defer mu.Unlock()
		return strings.Join(order, "")
	}
}

func TestWaitsBeforeBucketIsExceeded(t *testing.T) {
	f := newFake(t, 5, 300*time.Millisecond, 0)
	g := New(Config{Log: quiet})
	c := client(g)
	for i := range 16 {
		code, err := send(t, c, context.Background(), "POST", f.URL+"/api/v10/channels/1/messages")
		if err != nil || code != 200 {
			t.Fatalf("request %d: %d %v", i, code, err)
		}
	}
	if n, tooMany := f.counts(); n != 16 || tooMany != 0 {
		t.Errorf("server saw %d requests, %d answered 429; want 16, 0", n, tooMany)
	}
	route := "POST /channels/{channel_id}/messages"
	w := g.Waits()[route]
	if w.Count < 3 {
		t.Errorf("waits %+v: want at least 3 (16 requests over 5-request windows)", w)
	}
	s := scrape(t, g)
	if n := s.Value("shinpan_discord_budget_waits_total", "route", route); n != float64(w.Count) {
		t.Errorf("shinpan_discord_budget_waits_total %v, want %d", n, w.Count)
	}
	if d := s.Value("shinpan_discord_budget_wait_seconds_total", "route", route); d != w.Total.Seconds() || d < 0.3 {
		t.Errorf("shinpan_discord_budget_wait_seconds_total %v, want %v (at least one 300 ms window)", d, w.Total.Seconds())
	}
	if s.Types["shinpan_discord_budget_waits_total"] != "counter" || s.Help["shinpan_discord_budget_waits_total"] == "" {
		t.Errorf("waits_total: TYPE %q, HELP %q", s.Types["shinpan_discord_budget_waits_total"], s.Help["shinpan_discord_budget_waits_total"])
	}
}

func TestGlobalBudgetAcrossRoutes(t *testing.T) {
	f := newFake(t, 100, time.Second, 10)
	g := New(Config{Global: 10, Log: quiet})
	c := client(g)
	var wg sync.WaitGroup
	for i := range 25 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			path := []string{"/channels/%d/messages", "/guilds/%d/members", "/users/@me/channels"}[i%3]
			path = strings.Replace(path, "%d", string(rune('1'+i%9)), 1)
			send(t, c, context.Background(), "POST", f.URL+"/api/v10"+path)
		}()
	}
	wg.Wait()
	if n, tooMany := f.counts(); n != 25 || tooMany != 0 {
		t.Errorf("server saw %d requests, %d answered 429; want 25, 0", n, tooMany)
	}
	if most := f.maxPerSecond(); most > 10 {
		t.Errorf("server saw %d requests in one second; the budget is 10", most)
	}
}

func TestExemptRoutesSkipTheGlobalBudget(t *testing.T) {
	f := newFake(t, 100, time.Second, 2)
	g := New(Config{Global: 2, Log: quiet})
	c := client(g)
	routes := map[string]string{
		"callback":  "POST /api/v10/interactions/%d/tok/callback",
		"follow-up": "POST /api/v10/webhooks/77/tok",
		"original":  "PATCH /api/v10/webhooks/77/tok/messages/@original",
	}
	for name, r := range routes {
		t.Run(name, func(t *testing.T) {
			method, path, _ := strings.Cut(r, " ")
			for i := range 10 {
				p := strings.Replace(path, "%d", string(rune('1'+i)), 1)
				if code, err := send(t, c, context.Background(), method, f.URL+p); err != nil || code != 200 {
					t.Fatalf("request %d: %d %v", i, code, err)
				}
			}
		})
	}
	for route, w := range g.Waits() {
		t.Errorf("%s waited %+v: exempt routes do not wait for a 2/s global budget", route, w)
	}
	if _, tooMany := f.counts(); tooMany != 0 {
		t.Errorf("%d answers 429", tooMany)
	}
}

func TestGlobal429BlocksEveryRoute(t *testing.T) {
	f := newFake(t, 100, time.Second, 0)
	var at sync.Map
	f.answer = func(w http.ResponseWriter, r *http.Request, n int) bool {
		at.Store(n, time.Now())
		if n == 1 {
			writeTooMany(w, 0.3, "global")
			return true
		}
		return false
	}
	g := New(Config{Log: quiet})
	c := client(g)
	if code, _ := send(t, c, context.Background(), "POST", f.URL+"/api/v10/channels/1/messages"); code != 429 {
		t.Fatalf("first answer %d, want the 429", code)
	}
	send(t, c, context.Background(), "GET", f.URL+"/api/v10/guilds/2/roles")
	first, _ := at.Load(1)
	second, _ := at.Load(2)
	if gap := second.(time.Time).Sub(first.(time.Time)); gap < 300*time.Millisecond {
		t.Errorf("another route was sent %v after a global 429 with retry_after 0.3 s", gap)
	}
	if n := g.TooMany()[TooManyKey{"global", "POST /channels/{channel_id}/messages"}]; n != 1 {
		t.Errorf("429s of scope global: %d, want 1", n)
	}
	s := scrape(t, g)
	if n := s.Value("shinpan_discord_429_total", "scope", "global", "route", "POST /channels/{channel_id}/messages"); n != 1 || s.Value("shinpan_discord_429_total") != 1 {
		t.Errorf("shinpan_discord_429_total{global} %v of %v, want 1 of 1", n, s.Value("shinpan_discord_429_total"))
	}
}

func TestBanStopsSendingAndAlerts(t *testing.T) {
	f := newFake(t, 100, time.Second, 0)
	var lifted atomic.Bool
	f.answer = func(w http.ResponseWriter, r *http.Request, n int) bool {
		if lifted.Load() {
			return false
		}
		writeTooMany(w, 3600, "global")
		return true
	}
	var alerts []Alert
	var mu sync.Mutex
	g := New(Config{Log: quiet, OnAlert: func(a Alert) { mu.Lock(); alerts = append(alerts, a); mu.Unlock() }})
	c := client(g)
	for _, path := range []string{"/channels/1/messages", "/channels/1/messages", "/channels/2/messages", "/interactions/5/tok/callback"} {
		t.Run(path, func(t *testing.T) {
			_, err := send(t, c, context.Background(), "POST", f.URL+"/api/v10"+path)
			var banned *BannedError
			if !errors.As(err, &banned) || time.Until(banned.Until) < 59*time.Minute {
				t.Errorf("err %v, want a *BannedError until about an hour from now", err)
			}
		})
	}
	if n, _ := f.counts(); n != 1 {
		t.Errorf("server saw %d requests, want 1: nothing is sent during a ban", n)
	}
	if len(alerts) != 1 || alerts[0].Kind != "ban" || alerts[0].RetryAfter != time.Hour {
		t.Errorf("alerts %+v, want one ban of an hour", alerts)
	}
	if _, banned := g.Banned(); !banned || g.Invalid() != 1 {
		t.Errorf("Banned %v, Invalid %d; want true, 1", banned, g.Invalid())
	}
	if v := gauge(t, g, "shinpan_discord_banned"); v != 1 {
		t.Errorf("shinpan_discord_banned = %v, want 1", v)
	}
	if v := scrape(t, g).Value("shinpan_discord_budget_alerts_total", "kind", "ban"); v != 1 {
		t.Errorf("shinpan_discord_budget_alerts_total{ban} = %v, want 1", v)
	}
	lifted.Store(true)
	g.Resume()
	if _, err := send(t, c, context.Background(), "POST", f.URL+"/api/v10/channels/3/messages"); err != nil {
		t.Errorf("after Resume: %v", err)
	}
}

// gauge is the value of one gauge the gate writes, by name.
func gauge(t *testing.T, g *Gate, name string) float64 {
	t.Helper()
	s := scrape(t, g)
	if s.Types[name] != "gauge" || !s.Has(name) {
		t.Fatalf("no gauge %s", name)
	}
	return s.Value(name)
}

// scrape is what the gate writes, read strictly.
func scrape(t *testing.T, g *Gate) *testkit.Scrape {
	t.Helper()
	var b bytes.Buffer
	g.WriteMetrics(&b)
	return testkit.ParseMetrics(t, b.String())
}

func TestContextCancelledWhileWaitingSendsNothing(t *testing.T) {
	f := newFake(t, 1, 5*time.Second, 0)
	g := New(Config{Log: quiet})
	c := client(g)
	url := f.URL + "/api/v10/channels/1/messages"
	send(t, c, context.Background(), "POST", url)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if _, err := send(t, c, ctx, "POST", url); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("err %v, want the context's deadline", err)
	}
	if n, _ := f.counts(); n != 1 {
		t.Errorf("server saw %d requests, want 1", n)
	}
}

func TestManyGoroutinesOnOneBucket(t *testing.T) {
	f := newFake(t, 3, 200*time.Millisecond, 0)
	g := New(Config{Log: quiet})
	c := client(g)
	var wg sync.WaitGroup
	var ok atomic.Int32
	for range 24 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if code, err := send(t, c, context.Background(), "PATCH", f.URL+"/api/v10/channels/9/messages/123"); err == nil && code == 200 {
				ok.Add(1)
			}
		}()
	}
	wg.Wait()
	if n, tooMany := f.counts(); n != 24 || tooMany != 0 || ok.Load() != 24 {
		t.Errorf("server saw %d requests, %d answered 429, %d ok; want 24, 0, 24", n, tooMany, ok.Load())
	}
}

func TestAfter429OneAtATime(t *testing.T) {
	f := newFake(t, 5, time.Second, 0)
	var hit atomic.Bool
	f.answer = func(w http.ResponseWriter, r *http.Request, n int) bool {
		if hit.CompareAndSwap(false, true) {
			writeTooMany(w, 0.2, "shared")
			return true
		}
		return false
	}
	g := New(Config{Log: quiet})
	c := client(g)
	url := f.URL + "/api/v10/channels/4/messages"
	send(t, c, context.Background(), "POST", url)
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() { defer wg.Done(); send(t, c, context.Background(), "POST", url) }()
	}
	wg.Wait()
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.n != 5 || f.tooMany != 0 {
		t.Errorf("server saw %d requests, %d 429s from its buckets; want 5 (none repeated), 0", f.n, f.tooMany)
	}
	if g.Invalid() != 0 {
		t.Errorf("Invalid %d: a 429 of scope shared does not count", g.Invalid())
	}
}

func TestShareChangeTakesEffect(t *testing.T) {
	f := newFake(t, 100, time.Second, 10)
	var live atomic.Int32
	live.Store(1)
	g := New(Config{Global: 22, Share: PerProcess(func() int { return int(live.Load()) }), Log: quiet})
	if n := g.PerSecond(); n != 20 {
		t.Fatalf("PerSecond %d, want 20 (22 less the reserve)", n)
	}
	live.Store(2)
	time.Sleep(ShareEvery + 10*time.Millisecond)
	c := client(g)
	var wg sync.WaitGroup
	for i := range 22 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			send(t, c, context.Background(), "POST", f.URL+"/api/v10/channels/"+string(rune('1'+i%9))+"/messages")
		}()
	}
	wg.Wait()
	if n := g.PerSecond(); n != 10 {
		t.Errorf("PerSecond %d after a second process came, want 10", n)
	}
	if most := f.maxPerSecond(); most > 10 {
		t.Errorf("server saw %d requests in a second, the share is 10", most)
	}
	if _, tooMany := f.counts(); tooMany != 0 {
		t.Errorf("%d answers 429", tooMany)
	}
	g.SetShare(1)
	if n := g.PerSecond(); n != 22 {
		t.Errorf("PerSecond %d after SetShare(1), want 22: no reserve", n)
	}
}

func TestInvalidRequestsWarn(t *testing.T) {
	f := newFake(t, 100, time.Second, 0)
	f.answer = func(w http.ResponseWriter, r *http.Request, n int) bool {
		w.WriteHeader(http.StatusForbidden)
		return true
	}
	var kinds []string
	g := New(Config{Log: quiet, WarnAt: []int{2, 4}, OnAlert: func(a Alert) { kinds = append(kinds, a.Kind) }})
	c := client(g)
	for range 5 {
		send(t, c, context.Background(), "POST", f.URL+"/api/v10/channels/1/messages")
	}
	if g.Invalid() != 5 || len(kinds) != 2 {
		t.Errorf("Invalid %d, alerts %v; want 5 and two warnings (at 2 and 4)", g.Invalid(), kinds)
	}
}

func TestIdleBucketsAreForgotten(t *testing.T) {
	f := newFake(t, 5, 10*time.Millisecond, 0)
	g := New(Config{Log: quiet})
	c := client(g)
	for i := range 5 {
		send(t, c, context.Background(), "POST", f.URL+"/api/v10/interactions/"+string(rune('1'+i))+"/tok/callback")
	}
	if n := g.Buckets(); n != 5 {
		t.Fatalf("Buckets %d, want one per interaction (5)", n)
	}
	time.Sleep(20 * time.Millisecond)
	g.mu.Lock()
	g.sweep(time.Now().Add(SweepEvery))
	g.mu.Unlock()
	if n := g.Buckets(); n != 0 {
		t.Errorf("Buckets %d after their windows reset, want 0", n)
	}
}

func TestWaitersAreServedInArrivalOrder(t *testing.T) {
	f := newFake(t, 1, 40*time.Millisecond, 0)
	order := servedOrder(f)
	g := New(Config{Log: quiet})
	c := client(g)
	url := f.URL + "/api/v10/channels/1/messages?i="
	send(t, c, context.Background(), "POST", url+"0") // the bucket is known: 1 per 40 ms
	var wg sync.WaitGroup
	for i := 1; i <= 6; i++ {
		wg.Add(1)
		go func() { defer wg.Done(); send(t, c, context.Background(), "POST", url+string(rune('0'+i))) }()
		time.Sleep(10 * time.Millisecond) // each joins the line after the one before
	}
	wg.Wait()
	if got := order(); got != "0123456" {
		t.Errorf("served in order %s, want 0123456 (first come first served)", got)
	}
}
