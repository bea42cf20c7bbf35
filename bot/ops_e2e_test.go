package bot

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"shinpan/internal/testkit"
	"shinpan/ops"
	"shinpan/store"
)

// opsEnv is an env whose bot records metrics, served with /healthz and
// /readyz as serve does.
func opsEnv(t *testing.T, mods ...func(*env)) (*env, *httptest.Server) {
	t.Helper()
	m := ops.NewMetrics()
	mods = append([]func(*env){func(e *env) { e.opts = append(e.opts, WithMetrics(m)) }}, mods...)
	e := newEnv(t, mods...)
	b := e.b
	h := ops.Handler(m, b.Checks())
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return e, srv
}

func get(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}

// metric sums the samples of a metric whose labels include every given
// `name="value"` pair, in Prometheus' text format.
func metric(body, name string, labels ...string) float64 {
	sum := 0.0
	sc := bufio.NewScanner(strings.NewReader(body))
	for sc.Scan() {
		l := sc.Text()
		if !strings.HasPrefix(l, name+"{") && !strings.HasPrefix(l, name+" ") {
			continue
		}
		ok := true
		for _, lb := range labels {
			ok = ok && strings.Contains(l, lb)
		}
		if !ok {
			continue
		}
		v, err := strconv.ParseFloat(l[strings.LastIndexByte(l, ' ')+1:], 64)
		if err == nil {
			sum += v
		}
	}
	return sum
}

// TestMetricsAfterGame scrapes /metrics during and after a game: the action,
// move-latency, commit, send, request and gateway counters moved, and the
// active-games gauge followed the game.
func TestMetricsAfterGame(t *testing.T) {
	t.Parallel()
	e, srv := opsEnv(t)
	id := e.startGame("tsuitate")
	e.srv.Faults().RateLimitNext("POST", "/channels/*/messages", 1, 50*time.Millisecond)
	e.play("7g7f", "3c3d")
	e.dm(e.alice, "8h1a+") // a foul: White's bishop on 2b, which Black cannot see, blocks the path
	e.waitUntil("the foul committed", func() bool { return e.game(id).LastSeq == 3 })
	if r := e.dm(e.alice, "5e5d"); strings.Contains(r.Content, "You played") {
		t.Fatalf("an impossible move was accepted: %q", r.Content)
	}
	_, during := get(t, srv.URL+"/metrics")
	if v := metric(during, "shinpan_games_active", `variant="tsuitate"`); v != 1 {
		t.Errorf("games_active{tsuitate} during the game = %v, want 1", v)
	}
	e.slash(e.alice, "resign")
	if g := e.game(id); g.Status != store.StatusFinished {
		t.Fatalf("game status %s after resigning", g.Status)
	}
	code, body := get(t, srv.URL+"/metrics")
	if code != http.StatusOK {
		t.Fatalf("/metrics: %d", code)
	}
	testkit.ParseMetrics(t, body) // what Prometheus reads: each family once, valid lines
	checks := []struct {
		name   string
		labels []string
		min    float64
	}{
		{"shinpan_actions_total", []string{`kind="move"`, `result="accepted"`}, 2},
		{"shinpan_actions_total", []string{`kind="resign"`, `result="accepted"`}, 1},
		{"shinpan_actions_total", []string{`kind="move"`, `result="foul"`}, 1},
		{"shinpan_move_seconds_count", nil, 3},
		{"shinpan_store_commit_seconds_count", []string{`op="append_action"`}, 3},
		{"shinpan_outbox_sends_total", []string{`dest="dm"`, `outcome="sent"`}, 4},
		{"shinpan_outbox_sends_total", []string{`dest="channel"`, `outcome="sent"`}, 2},
		{"shinpan_discord_requests_total", []string{`method="POST"`, `route="/channels/{id}/messages"`, `status="200"`}, 6},
		{"shinpan_discord_request_seconds_count", nil, 6},
		{"shinpan_gateway_events_total", []string{`event="ready"`}, 1},
		{"shinpan_gateway_up", nil, 1},
		{"shinpan_build_info", nil, 1},
		{"shinpan_discord_rate_limited_total", []string{`route="/channels/{id}/messages"`}, 1},
		{"shinpan_discord_requests_total", []string{`status="429"`}, 1},
		{"shinpan_discord_rate_limit_wait_seconds_total", nil, 0.04},
	}
	for _, c := range checks {
		if v := metric(body, c.name, c.labels...); v < c.min {
			t.Errorf("%s%v = %v, want at least %v", c.name, c.labels, v, c.min)
		}
	}
	// Tsuitate: a move impossible on one's own board is refused without a
	// foul; what it was depends on the referee, but it is counted once.
	if v := metric(body, "shinpan_actions_total", `kind="move"`) - metric(body, "shinpan_actions_total", `kind="move"`, `result="accepted"`) -
		metric(body, "shinpan_actions_total", `kind="move"`, `result="foul"`); v != 1 {
		t.Errorf("the impossible move counted %v times outside accepted, want 1\n%s", v, grepLines(body, "shinpan_actions_total"))
	}
	if v := metric(body, "shinpan_games_active", `variant="tsuitate"`); v != 0 {
		t.Errorf("games_active{tsuitate} after the game = %v, want 0", v)
	}
	if strings.Contains(body, "interactions/") && !strings.Contains(body, "{token}") {
		t.Errorf("an interaction route without its token replaced:\n%s", grepLines(body, "interactions/"))
	}
}

func grepLines(body, s string) string {
	var out []string
	for _, l := range strings.Split(body, "\n") {
		if strings.Contains(l, s) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// TestReadyzFollowsGateway: /readyz is 503 while the stand-in's gateway is
// down and 200 again once the bot resumed; /healthz answers throughout.
func TestReadyzFollowsGateway(t *testing.T) {
	t.Parallel()
	e, srv := opsEnv(t)
	e.waitUntil("/readyz ready after the start", func() bool { code, _ := get(t, srv.URL+"/readyz"); return code == http.StatusOK })
	e.srv.Faults().SetGatewayDown(true)
	e.waitUntil("/readyz unready", func() bool { code, _ := get(t, srv.URL+"/readyz"); return code == http.StatusServiceUnavailable })
	if _, body := get(t, srv.URL+"/readyz"); !strings.Contains(body, "gateway") {
		t.Errorf("/readyz does not say why: %q", body)
	}
	if code, _ := get(t, srv.URL+"/healthz"); code != http.StatusOK {
		t.Errorf("/healthz while the gateway is down: %d", code)
	}
	if _, body := get(t, srv.URL+"/metrics"); metric(body, "shinpan_gateway_up") != 0 {
		t.Errorf("gateway_up while down:\n%s", grepLines(body, "gateway"))
	}
	e.srv.Faults().SetGatewayDown(false)
	e.waitUntil("/readyz ready again", func() bool { code, _ := get(t, srv.URL+"/readyz"); return code == http.StatusOK })
	_, body := get(t, srv.URL+"/metrics")
	if metric(body, "shinpan_gateway_events_total", `event="resumed"`) < 1 || metric(body, "shinpan_gateway_events_total", `event="disconnect"`) < 1 {
		t.Errorf("gateway events:\n%s", grepLines(body, "shinpan_gateway"))
	}
	b := e.b
	e.stop()
	if b.StoreReady() == nil || b.Ready() == nil {
		t.Errorf("ready after the bot and store closed: store %v, bot %v", b.StoreReady(), b.Ready())
	}
}

// lockedBuffer is a log sink the bot's goroutines may write concurrently.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestDebugLogs: at debug level every action and send is logged with the
// game, and no DM's or post's text is, only a move's.
func TestDebugLogs(t *testing.T) {
	t.Parallel()
	var buf lockedBuffer
	e := newEnv(t, func(e *env) { e.logTo = &buf })
	id := e.startGame("tsuitate")
	e.play("7g7f")
	e.dm(e.alice, "a secret note to myself")
	e.settle()
	logs := buf.String()
	game := "game=" + itoa(uint64(id))
	var action, send bool
	for _, l := range strings.Split(logs, "\n") {
		action = action || strings.Contains(l, "msg=action") && strings.Contains(l, game) && strings.Contains(l, "move=7g7f") && strings.Contains(l, "result=accepted")
		send = send || strings.Contains(l, "msg=send") && strings.Contains(l, game) && strings.Contains(l, "outcome=sent")
	}
	if !action || !send {
		t.Errorf("no debug line for the move (%v) or its sends (%v):\n%s", action, send, logs)
	}
	if !strings.Contains(logs, `msg=interaction route=challenge user=`+e.alice) {
		t.Errorf("no debug line for the challenge command:\n%s", logs)
	}
	for _, secret := range []string{"secret note", "You played", "Game #"} {
		if strings.Contains(logs, secret) {
			t.Errorf("the log holds message text %q:\n%s", secret, logs)
		}
	}
}

// TestShutdownFlushesOutbox: messages the outbox could not send before (the
// stand-in answered 500) go out during Shutdown, not at the next start.
func TestShutdownFlushesOutbox(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	id := e.startGame("tsuitate")
	e.srv.Faults().FailNext("POST", "/channels/*/messages", 1000, http.StatusInternalServerError)
	if _, err := e.srv.SendDM(e.alice, "7g7f"); err != nil {
		t.Fatal(err)
	}
	e.waitUntil("the move committed", func() bool { return e.game(id).LastSeq == 1 })
	if p, _ := e.st.PendingOutbox(); len(p) == 0 { // checked while sends still fail
		t.Fatal("nothing left in the outbox to flush")
	}
	e.srv.Faults().Clear()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := e.b.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	if p, _ := e.st.PendingOutbox(); len(p) != 0 {
		t.Fatalf("%d messages left after Shutdown", len(p))
	}
	if n := e.countDMs(e.alice, "You played"); n != 1 {
		t.Fatalf("alice told of her move %d times", n)
	}
}
