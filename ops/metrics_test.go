package ops

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"shinpan/internal/testkit"
)

// scrape is m's exposition, read strictly.
func scrape(t *testing.T, m *Metrics) *testkit.Scrape {
	t.Helper()
	var b bytes.Buffer
	m.WritePrometheus(&b)
	return testkit.ParseMetrics(t, b.String())
}

// TestMetricsExposition: what each recording method counts, scraped over
// HTTP as Prometheus does, with the families' types and help texts, the
// histograms' buckets, the gauges read at the scrape, and Go's and the
// process's metrics.
func TestMetricsExposition(t *testing.T) {
	m := NewMetrics()
	depth := 1
	m.Watch(Gauges{ActiveGames: func() (map[string]int, error) { return map[string]int{"dark": 1, "tsuitate": 2}, nil },
		Outbox: func() (int, time.Duration, error) { return depth, 1500 * time.Millisecond, nil }, GatewayUp: func() bool { return true },
		Write: func(w io.Writer) { io.WriteString(w, "# TYPE extra_total counter\nextra_total 7\n") }})
	m.Action("move", "accepted")
	m.Action("move", "accepted")
	m.Action("move", "foul")
	m.MoveDone(700 * time.Millisecond)
	m.MoveDone(40 * time.Second)
	m.Commit("append_action", 3*time.Millisecond)
	m.Commit("finish", 2*time.Second)
	m.CPUThink(time.Second)
	m.Send("dm", "sent")
	m.RateLimitWait(time.Second)
	m.RateLimitWait(500 * time.Millisecond)
	m.Gateway("ready")
	m.Backup("schedule", errors.New("disk full"))
	rt := m.Transport(roundTripper(func(r *http.Request) (*http.Response, error) {
		if strings.Contains(r.URL.Path, "gateway") {
			return &http.Response{StatusCode: 429, Body: io.NopCloser(strings.NewReader(""))}, nil
		}
		return nil, errors.New("refused")
	}))
	for _, path := range []string{"/api/v10/gateway", "/api/v10/channels/12/messages"} {
		req, _ := http.NewRequest("POST", "http://x"+path, nil)
		rt.RoundTrip(req)
	}
	depth = 4 // read at the scrape, not when watched

	srv := httptest.NewServer(Handler(m, nil))
	defer srv.Close()
	resp, err := http.Get(srv.URL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/plain; version=0.0.4") {
		t.Errorf("Content-Type %q", ct)
	}
	s := testkit.ParseMetrics(t, string(body))

	for _, c := range []struct {
		name   string
		labels []string
		want   float64
	}{
		{"shinpan_actions_total", []string{"kind", "move", "result", "accepted"}, 2},
		{"shinpan_actions_total", []string{"kind", "move", "result", "foul"}, 1},
		{"shinpan_move_seconds_bucket", []string{"le", "0.5"}, 0},
		{"shinpan_move_seconds_bucket", []string{"le", "1"}, 1},
		{"shinpan_move_seconds_bucket", []string{"le", "30"}, 1},
		{"shinpan_move_seconds_bucket", []string{"le", "+Inf"}, 2},
		{"shinpan_move_seconds_count", nil, 2},
		{"shinpan_move_seconds_sum", nil, 40.7},
		{"shinpan_store_commit_seconds_bucket", []string{"op", "append_action", "le", "0.0025"}, 0},
		{"shinpan_store_commit_seconds_bucket", []string{"op", "append_action", "le", "0.005"}, 1},
		{"shinpan_store_commit_seconds_bucket", []string{"op", "finish", "le", "1"}, 0},
		{"shinpan_store_commit_seconds_count", []string{"op", "finish"}, 1},
		{"shinpan_cpu_think_seconds_bucket", []string{"le", "1"}, 1},
		{"shinpan_outbox_sends_total", []string{"dest", "dm", "outcome", "sent"}, 1},
		{"shinpan_discord_rate_limit_wait_seconds_total", nil, 1.5},
		{"shinpan_gateway_events_total", []string{"event", "ready"}, 1},
		{"shinpan_backups_total", []string{"trigger", "schedule", "outcome", "error"}, 1},
		{"shinpan_discord_requests_total", []string{"method", "POST", "route", "/gateway", "status", "429"}, 1},
		{"shinpan_discord_requests_total", []string{"method", "POST", "route", "/channels/{id}/messages", "status", "error"}, 1},
		{"shinpan_discord_rate_limited_total", []string{"route", "/gateway"}, 1},
		{"shinpan_discord_request_seconds_count", []string{"method", "POST", "route", "/channels/{id}/messages"}, 1},
		{"shinpan_build_info", []string{"go", ReadBuild().Go}, 1},
		{"shinpan_games_active", []string{"variant", "tsuitate"}, 2},
		{"shinpan_games_active", nil, 3},
		{"shinpan_outbox_depth", nil, 4},
		{"shinpan_outbox_oldest_seconds", nil, 1.5},
		{"shinpan_gateway_up", nil, 1},
		{"shinpan_gauge_errors", nil, 0},
		{"extra_total", nil, 7},
	} {
		if v := s.Value(c.name, c.labels...); v != c.want {
			t.Errorf("%s%v = %v, want %v", c.name, c.labels, v, c.want)
		}
	}
	// The buckets are the ones the dashboard's quantiles were drawn for.
	var les []string
	for _, sm := range s.Samples {
		if sm.Name == "shinpan_move_seconds_bucket" {
			les = append(les, sm.Labels["le"])
		}
	}
	if got := strings.Join(les, " "); got != "0.01 0.025 0.05 0.1 0.25 0.5 1 2.5 5 10 30 +Inf" {
		t.Errorf("shinpan_move_seconds buckets %s", got)
	}
	for _, f := range []struct{ name, typ string }{
		{"shinpan_actions_total", "counter"},
		{"shinpan_move_seconds", "histogram"},
		{"shinpan_store_commit_seconds", "histogram"},
		{"shinpan_cpu_think_seconds", "histogram"},
		{"shinpan_outbox_sends_total", "counter"},
		{"shinpan_discord_requests_total", "counter"},
		{"shinpan_discord_request_seconds", "histogram"},
		{"shinpan_discord_rate_limited_total", "counter"},
		{"shinpan_discord_rate_limit_wait_seconds_total", "counter"},
		{"shinpan_gateway_events_total", "counter"},
		{"shinpan_backups_total", "counter"},
		{"shinpan_build_info", "gauge"},
		{"shinpan_games_active", "gauge"},
		{"shinpan_outbox_depth", "gauge"},
		{"shinpan_outbox_oldest_seconds", "gauge"},
		{"shinpan_gateway_up", "gauge"},
		{"shinpan_gauge_errors", "gauge"},
	} {
		t.Run(f.name, func(t *testing.T) {
			if s.Types[f.name] != f.typ {
				t.Errorf("TYPE %q, want %s", s.Types[f.name], f.typ)
			}
			if len(s.Help[f.name]) < 10 {
				t.Errorf("HELP %q", s.Help[f.name])
			}
		})
	}
	// Go's and the process's, as the library names them.
	for _, name := range []string{"go_goroutines", "go_memstats_heap_alloc_bytes", "go_gc_duration_seconds_count",
		"process_cpu_seconds_total", "process_resident_memory_bytes", "process_open_fds", "process_start_time_seconds"} {
		if !s.Has(name) {
			t.Errorf("no %s", name)
		}
	}
}

// TestMetricsApart: two Metrics (two bots in one process) count apart.
func TestMetricsApart(t *testing.T) {
	a, b := NewMetrics(), NewMetrics()
	a.Action("move", "accepted")
	a.MoveDone(time.Second)
	if v := scrape(t, a).Value("shinpan_actions_total"); v != 1 {
		t.Errorf("a counted %v actions, want 1", v)
	}
	sb := scrape(t, b)
	if sb.Value("shinpan_actions_total") != 0 || sb.Value("shinpan_move_seconds_count") != 0 {
		t.Errorf("b counted a's action or move")
	}
}

// TestGaugeErrors: a gauge the store could not give is left out and flagged
// in shinpan_gauge_errors; one not watched is not written.
func TestGaugeErrors(t *testing.T) {
	m := NewMetrics()
	m.Watch(Gauges{ActiveGames: func() (map[string]int, error) { return nil, errors.New("down") },
		Outbox: func() (int, time.Duration, error) { return 2, 0, nil }})
	s := scrape(t, m)
	if v := s.Value("shinpan_gauge_errors", "gauge", "games_active"); v != 1 {
		t.Errorf("gauge_errors{games_active} = %v, want 1", v)
	}
	if !s.Has("shinpan_gauge_errors", "gauge", "outbox") || s.Value("shinpan_gauge_errors", "gauge", "outbox") != 0 {
		t.Errorf("gauge_errors{outbox} missing or not 0")
	}
	if s.Has("shinpan_games_active") || s.Value("shinpan_outbox_depth") != 2 || s.Has("shinpan_gateway_up") {
		t.Errorf("games_active %v, outbox_depth %v, gateway_up %v", s.Has("shinpan_games_active"),
			s.Value("shinpan_outbox_depth"), s.Has("shinpan_gateway_up"))
	}
}

// TestMetricsLabelEscaped: a label value with a quote, a backslash or a
// line feed reads back as it was.
func TestMetricsLabelEscaped(t *testing.T) {
	m := NewMetrics()
	odd := "a\"b\\c\nd"
	m.Action(odd, "accepted")
	if v := scrape(t, m).Value("shinpan_actions_total", "kind", odd); v != 1 {
		t.Errorf("read back %v, want 1", v)
	}
}

// TestNilMetrics: a nil *Metrics records nothing and does not panic.
func TestNilMetrics(t *testing.T) {
	var m *Metrics
	m.Watch(Gauges{})
	m.Action("move", "accepted")
	m.MoveDone(time.Second)
	m.Commit("x", time.Second)
	m.CPUThink(time.Second)
	m.Send("dm", "sent")
	m.RateLimitWait(time.Second)
	m.Gateway("ready")
	m.Backup("request", nil)
	if m.Transport(nil) != http.DefaultTransport {
		t.Error("a nil Metrics' Transport wraps")
	}
}

// TestMetricsConcurrent: actions counted from many goroutines while scraped
// are all counted, each label list once (run with -race).
func TestMetricsConcurrent(t *testing.T) {
	m := NewMetrics()
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 500 {
				m.Action("move", []string{"accepted", "foul"}[(g+i)%2])
			}
		})
	}
	wg.Go(func() {
		for range 20 {
			m.WritePrometheus(io.Discard)
		}
	})
	wg.Wait()
	s := scrape(t, m)
	if a, f := s.Value("shinpan_actions_total", "result", "accepted"), s.Value("shinpan_actions_total", "result", "foul"); a != 2000 || f != 2000 {
		t.Errorf("counted %v accepted, %v fouls; want 2000 each", a, f)
	}
}
