package ops

import (
	"bytes"
	"io"
	"maps"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/VictoriaMetrics/metrics"

	"shinpan/internal/promtext"
)

// Metrics are the bot's metrics, in their own set (never the library's
// global one: a test process runs many bots), served in Prometheus's text
// format by WritePrometheus. A nil *Metrics records nothing, so callers need
// not check.
//
// The library is github.com/VictoriaMetrics/metrics rather than Prometheus's
// client_golang, whose package initialisation (with procfs, protobuf and
// expvar) cost about 3 ms at every start of every command: see
// docs/PERFORMANCE.md.
type Metrics struct {
	set  *metrics.Set
	help map[string]string // the set's families' HELP texts

	actions        *vec[*metrics.Counter]
	moveSeconds    *metrics.PrometheusHistogram
	commitSeconds  *vec[*metrics.PrometheusHistogram]
	cpuSeconds     *metrics.PrometheusHistogram
	sends          *vec[*metrics.Counter]
	requests       *vec[*metrics.Counter]
	requestSeconds *vec[*metrics.PrometheusHistogram]
	rateLimited    *vec[*metrics.Counter]
	rateLimitWait  *metrics.FloatCounter
	gateway        *vec[*metrics.Counter]
	backups        *vec[*metrics.Counter]

	mu sync.Mutex
	g  Gauges
}

// Gauges are read when Prometheus scrapes: the store is asked then, so they
// are right after a restart and cost nothing between scrapes.
type Gauges struct {
	// ActiveGames counts the live games by variant.
	ActiveGames func() (map[string]int, error)
	// Outbox returns the number of unsent messages and the age of the oldest.
	Outbox func() (depth int, oldest time.Duration, err error)
	// GatewayUp is 1 while the gateway is connected (READY or RESUMED).
	GatewayUp func() bool
	// Leases, when several processes share the store, returns how many game
	// partitions this process owns and how many processes share the games.
	Leases func() (held, live int)
	// Write writes further families read at scrape time, whole (HELP, TYPE
	// and samples), in the text format: the request budget's counters.
	Write func(w io.Writer)
}

// NewMetrics makes the metrics and the build info in a new set; Go's and the
// process's metrics are written beside them at each scrape. Watch says where
// the gauges are read.
func NewMetrics() *Metrics {
	// The library writes a TYPE line (and an empty HELP line, which
	// WritePrometheus fills for our families) only when this process-wide
	// switch is on: every Metrics turns it on, so a scrape's form does not
	// depend on which was made first.
	metrics.ExposeMetadata(true)
	s := metrics.NewSet()
	m := &Metrics{set: s, help: map[string]string{}}
	counter := func(name, help string, labels ...string) *vec[*metrics.Counter] {
		m.help[name] = help
		return newVec(name, labels, s.NewCounter)
	}
	histogram := func(name, help string, buckets []float64, labels ...string) *vec[*metrics.PrometheusHistogram] {
		m.help[name] = help
		return newVec(name, labels, func(series string) *metrics.PrometheusHistogram {
			return s.NewPrometheusHistogramExt(series, buckets)
		})
	}
	m.actions = counter("shinpan_actions_total",
		"Player and CPU actions by kind (move, mask, resign, ...) and result: accepted, foul, bounce, refused, ignored (already applied), no_game or error.",
		"kind", "result")
	m.moveSeconds = histogram("shinpan_move_seconds", "From an action's arrival to its last message sent (accepted actions).",
		[]float64{.01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30}).with()
	m.commitSeconds = histogram("shinpan_store_commit_seconds", "Store write transactions (fsynced commit included), by operation.",
		[]float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, 1}, "op")
	m.cpuSeconds = histogram("shinpan_cpu_think_seconds", "The CPU player's time to choose an action.",
		[]float64{.01, .05, .1, .25, .5, 1, 2, 5, 10, 30}).with()
	m.sends = counter("shinpan_outbox_sends_total",
		"Outbox messages by destination (dm, channel) and outcome: sent, undeliverable (refused for good), retry.", "dest", "outcome")
	m.requests = counter("shinpan_discord_requests_total",
		"Discord REST requests by method, route (ids and tokens replaced) and HTTP status (\"error\": no response).",
		"method", "route", "status")
	m.requestSeconds = histogram("shinpan_discord_request_seconds", "Discord REST request time, by method and route.",
		[]float64{.05, .1, .25, .5, 1, 2.5, 5, 10, 20}, "method", "route")
	m.rateLimited = counter("shinpan_discord_rate_limited_total", "HTTP 429 answers from Discord, by route.", "route")
	m.help["shinpan_discord_rate_limit_wait_seconds_total"] = "Time spent waiting out 429 answers before retrying (Retry-After)."
	m.rateLimitWait = s.NewFloatCounter("shinpan_discord_rate_limit_wait_seconds_total")
	m.gateway = counter("shinpan_gateway_events_total",
		"Gateway connection events: connect, disconnect, ready (a new session), resumed.", "event")
	m.backups = counter("shinpan_backups_total", "Online backups by trigger (request, schedule) and outcome (ok, error).",
		"trigger", "outcome")
	b := ReadBuild()
	m.help["shinpan_build_info"] = "Always 1; the labels say which build runs."
	s.NewGauge(promtext.Name("shinpan_build_info", "version", b.Version, "revision", b.Revision, "go", b.Go),
		func() float64 { return 1 })
	return m
}

// vec is a family with labels (at most 3): a metric of the set for each
// list of label values, made at its first use and then found without
// building its name (an action costs no allocation).
type vec[T any] struct {
	name   string
	labels []string
	create func(series string) T

	mu sync.Mutex
	m  map[[3]string]T
}

func newVec[T any](name string, labels []string, create func(series string) T) *vec[T] {
	if len(labels) > 3 {
		panic("ops: " + name + " has more than 3 labels")
	}
	return &vec[T]{name: name, labels: labels, create: create, m: map[[3]string]T{}}
}

func (v *vec[T]) with(values ...string) T {
	if len(values) != len(v.labels) {
		panic("ops: " + v.name + " takes the labels " + strings.Join(v.labels, ", "))
	}
	var k [3]string
	copy(k[:], values)
	v.mu.Lock()
	defer v.mu.Unlock()
	x, ok := v.m[k]
	if !ok {
		pairs := make([]string, 0, 2*len(values))
		for i, l := range v.labels {
			pairs = append(pairs, l, values[i])
		}
		x = v.create(promtext.Name(v.name, pairs...))
		v.m[k] = x
	}
	return x
}

// Watch sets the gauges read at scrape time (a restarted bot replaces them).
func (m *Metrics) Watch(g Gauges) {
	if m == nil {
		return
	}
	m.mu.Lock()
	m.g = g
	m.mu.Unlock()
}

// WritePrometheus writes every metric in Prometheus's text format (version
// 0.0.4): the set's, the gauges read now, then Go's and the process's
// (go_*, process_*).
func (m *Metrics) WritePrometheus(w io.Writer) {
	var set, out bytes.Buffer
	m.set.WritePrometheus(&set)
	// The library writes "# HELP name" without a text: ours are added.
	for line := range bytes.Lines(set.Bytes()) {
		if name, ok := bytes.CutPrefix(bytes.TrimSuffix(line, []byte("\n")), []byte("# HELP ")); ok {
			if help, ok := m.help[string(name)]; ok {
				promtext.Help(&out, string(name), help)
				continue
			}
		}
		out.Write(line)
	}
	m.writeGauges(&out)
	metrics.WriteProcessMetrics(&out)
	metrics.WriteFDMetrics(&out)
	w.Write(out.Bytes())
}

// writeGauges writes the gauges, reading them now.
func (m *Metrics) writeGauges(w io.Writer) {
	m.mu.Lock()
	g := m.g
	m.mu.Unlock()
	type read struct {
		gauge  string
		failed bool
	}
	var reads []read // the gauges read from the store, and whether that failed
	gauge := func(name, help string, v float64) {
		promtext.Family(w, name, "gauge", help)
		promtext.Sample(w, name, v)
	}
	if g.ActiveGames != nil {
		n, err := g.ActiveGames()
		if len(n) > 0 {
			promtext.Family(w, "shinpan_games_active", "gauge", "Live games (active or choosing masks) by variant.")
			for _, v := range slices.Sorted(maps.Keys(n)) {
				promtext.Sample(w, "shinpan_games_active", float64(n[v]), "variant", v)
			}
		}
		reads = append(reads, read{"games_active", err != nil})
	}
	if g.Outbox != nil {
		depth, oldest, err := g.Outbox()
		if err == nil {
			gauge("shinpan_outbox_depth", "Messages in the outbox not yet sent.", float64(depth))
			gauge("shinpan_outbox_oldest_seconds", "Age of the oldest unsent message (0 when none).", oldest.Seconds())
		}
		reads = append(reads, read{"outbox", err != nil})
	}
	if len(reads) > 0 {
		promtext.Family(w, "shinpan_gauge_errors", "gauge", "1 when a gauge could not be read from the store this scrape.")
		for _, r := range reads {
			v := 0.0
			if r.failed {
				v = 1
			}
			promtext.Sample(w, "shinpan_gauge_errors", v, "gauge", r.gauge)
		}
	}
	if g.GatewayUp != nil {
		v := 0.0
		if g.GatewayUp() {
			v = 1
		}
		gauge("shinpan_gateway_up", "1 while the gateway is connected (READY or RESUMED).", v)
	}
	if g.Leases != nil {
		held, live := g.Leases()
		gauge("shinpan_partitions_held", "Game partitions this process owns (several processes on one PostgreSQL store).", float64(held))
		gauge("shinpan_processes_live", "Processes sharing the games, as this one sees them.", float64(live))
	}
	if g.Write != nil {
		g.Write(w)
	}
}

// Action counts one action with its result.
func (m *Metrics) Action(kind, result string) {
	if m != nil {
		m.actions.with(kind, result).Inc()
	}
}

// MoveDone observes an accepted action's time from arrival to last send.
func (m *Metrics) MoveDone(d time.Duration) {
	if m != nil {
		m.moveSeconds.Update(d.Seconds())
	}
}

// Commit observes a store write.
func (m *Metrics) Commit(op string, d time.Duration) {
	if m != nil {
		m.commitSeconds.with(op).Update(d.Seconds())
	}
}

// CPUThink observes the CPU's time to choose.
func (m *Metrics) CPUThink(d time.Duration) {
	if m != nil {
		m.cpuSeconds.Update(d.Seconds())
	}
}

// Send counts an outbox message's outcome.
func (m *Metrics) Send(dest, outcome string) {
	if m != nil {
		m.sends.with(dest, outcome).Inc()
	}
}

// RateLimitWait adds a 429's Retry-After to the wait total.
func (m *Metrics) RateLimitWait(d time.Duration) {
	if m != nil {
		m.rateLimitWait.Add(d.Seconds())
	}
}

// Gateway counts a gateway event.
func (m *Metrics) Gateway(event string) {
	if m != nil {
		m.gateway.with(event).Inc()
	}
}

// Backup counts a backup.
func (m *Metrics) Backup(trigger string, err error) {
	if m == nil {
		return
	}
	outcome := "ok"
	if err != nil {
		outcome = "error"
	}
	m.backups.with(trigger, outcome).Inc()
}
