package ops

import (
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
)

// Metrics are the bot's Prometheus collectors, in their own registry. A nil
// *Metrics records nothing, so callers need not check.
type Metrics struct {
	Registry *prometheus.Registry

	actions        *prometheus.CounterVec
	moveSeconds    prometheus.Histogram
	commitSeconds  *prometheus.HistogramVec
	cpuSeconds     prometheus.Histogram
	sends          *prometheus.CounterVec
	requests       *prometheus.CounterVec
	requestSeconds *prometheus.HistogramVec
	rateLimited    *prometheus.CounterVec
	rateLimitWait  prometheus.Counter
	gateway        *prometheus.CounterVec
	backups        *prometheus.CounterVec
	gauges         *gaugeCollector
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
}

// NewMetrics registers the collectors, Go's and the process's, and the build
// info, in a new registry. Watch says where the gauges are read.
func NewMetrics() *Metrics {
	r := prometheus.NewRegistry()
	m := &Metrics{Registry: r}
	m.actions = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "shinpan_actions_total",
		Help: "Player and CPU actions by kind (move, mask, resign, ...) and result: accepted, foul, bounce, refused, ignored (already applied), no_game or error."},
		[]string{"kind", "result"})
	m.moveSeconds = prometheus.NewHistogram(prometheus.HistogramOpts{Name: "shinpan_move_seconds",
		Help:    "From an action's arrival to its last message sent (accepted actions).",
		Buckets: []float64{.01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30}})
	m.commitSeconds = prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "shinpan_store_commit_seconds",
		Help:    "Store write transactions (fsynced commit included), by operation.",
		Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, 1}}, []string{"op"})
	m.cpuSeconds = prometheus.NewHistogram(prometheus.HistogramOpts{Name: "shinpan_cpu_think_seconds",
		Help:    "The CPU player's time to choose an action.",
		Buckets: []float64{.01, .05, .1, .25, .5, 1, 2, 5, 10, 30}})
	m.sends = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "shinpan_outbox_sends_total",
		Help: "Outbox messages by destination (dm, channel) and outcome: sent, undeliverable (refused for good), retry."},
		[]string{"dest", "outcome"})
	m.requests = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "shinpan_discord_requests_total",
		Help: "Discord REST requests by method, route (ids and tokens replaced) and HTTP status (\"error\": no response)."},
		[]string{"method", "route", "status"})
	m.requestSeconds = prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "shinpan_discord_request_seconds",
		Help:    "Discord REST request time, by method and route.",
		Buckets: []float64{.05, .1, .25, .5, 1, 2.5, 5, 10, 20}}, []string{"method", "route"})
	m.rateLimited = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "shinpan_discord_rate_limited_total",
		Help: "HTTP 429 answers from Discord, by route."}, []string{"route"})
	m.rateLimitWait = prometheus.NewCounter(prometheus.CounterOpts{Name: "shinpan_discord_rate_limit_wait_seconds_total",
		Help: "Time spent waiting out 429 answers before retrying (Retry-After)."})
	m.gateway = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "shinpan_gateway_events_total",
		Help: "Gateway connection events: connect, disconnect, ready (a new session), resumed."}, []string{"event"})
	m.backups = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "shinpan_backups_total",
		Help: "Online backups by trigger (request, schedule) and outcome (ok, error)."}, []string{"trigger", "outcome"})
	r.MustRegister(m.actions, m.moveSeconds, m.commitSeconds, m.cpuSeconds, m.sends, m.requests, m.requestSeconds,
		m.rateLimited, m.rateLimitWait, m.gateway, m.backups,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}), buildInfoCollector())
	m.gauges = &gaugeCollector{
		active: prometheus.NewDesc("shinpan_games_active", "Live games (active or choosing masks) by variant.", []string{"variant"}, nil),
		depth:  prometheus.NewDesc("shinpan_outbox_depth", "Messages in the outbox not yet sent.", nil, nil),
		oldest: prometheus.NewDesc("shinpan_outbox_oldest_seconds", "Age of the oldest unsent message (0 when none).", nil, nil),
		up:     prometheus.NewDesc("shinpan_gateway_up", "1 while the gateway is connected (READY or RESUMED).", nil, nil),
		errs:   prometheus.NewDesc("shinpan_gauge_errors", "1 when a gauge could not be read from the store this scrape.", []string{"gauge"}, nil),
		held:   prometheus.NewDesc("shinpan_partitions_held", "Game partitions this process owns (several processes on one PostgreSQL store).", nil, nil),
		live:   prometheus.NewDesc("shinpan_processes_live", "Processes sharing the games, as this one sees them.", nil, nil),
	}
	r.MustRegister(m.gauges)
	return m
}

// Watch sets the gauges read at scrape time (a restarted bot replaces them).
func (m *Metrics) Watch(g Gauges) {
	if m == nil {
		return
	}
	m.gauges.mu.Lock()
	m.gauges.g = g
	m.gauges.mu.Unlock()
}

// Action counts one action with its result.
func (m *Metrics) Action(kind, result string) {
	if m != nil {
		m.actions.WithLabelValues(kind, result).Inc()
	}
}

// MoveDone observes an accepted action's time from arrival to last send.
func (m *Metrics) MoveDone(d time.Duration) {
	if m != nil {
		m.moveSeconds.Observe(d.Seconds())
	}
}

// Commit observes a store write.
func (m *Metrics) Commit(op string, d time.Duration) {
	if m != nil {
		m.commitSeconds.WithLabelValues(op).Observe(d.Seconds())
	}
}

// CPUThink observes the CPU's time to choose.
func (m *Metrics) CPUThink(d time.Duration) {
	if m != nil {
		m.cpuSeconds.Observe(d.Seconds())
	}
}

// Send counts an outbox message's outcome.
func (m *Metrics) Send(dest, outcome string) {
	if m != nil {
		m.sends.WithLabelValues(dest, outcome).Inc()
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
		m.gateway.WithLabelValues(event).Inc()
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
	m.backups.WithLabelValues(trigger, outcome).Inc()
}

// gaugeCollector reads the Gauges at scrape time.
type gaugeCollector struct {
	mu                                          sync.Mutex
	g                                           Gauges
	active, depth, oldest, up, errs, held, live *prometheus.Desc
}

func (c *gaugeCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{c.active, c.depth, c.oldest, c.up, c.errs, c.held, c.live} {
		ch <- d
	}
}

func (c *gaugeCollector) Collect(ch chan<- prometheus.Metric) {
	c.mu.Lock()
	g := c.g
	c.mu.Unlock()
	failed := func(name string, err error) {
		v := 0.0
		if err != nil {
			v = 1
		}
		ch <- prometheus.MustNewConstMetric(c.errs, prometheus.GaugeValue, v, name)
	}
	if g.ActiveGames != nil {
		n, err := g.ActiveGames()
		for v, k := range n {
			ch <- prometheus.MustNewConstMetric(c.active, prometheus.GaugeValue, float64(k), v)
		}
		failed("games_active", err)
	}
	if g.Outbox != nil {
		depth, oldest, err := g.Outbox()
		if err == nil {
			ch <- prometheus.MustNewConstMetric(c.depth, prometheus.GaugeValue, float64(depth))
			ch <- prometheus.MustNewConstMetric(c.oldest, prometheus.GaugeValue, oldest.Seconds())
		}
		failed("outbox", err)
	}
	if g.GatewayUp != nil {
		v := 0.0
		if g.GatewayUp() {
			v = 1
		}
		ch <- prometheus.MustNewConstMetric(c.up, prometheus.GaugeValue, v)
	}
	if g.Leases != nil {
		held, live := g.Leases()
		ch <- prometheus.MustNewConstMetric(c.held, prometheus.GaugeValue, float64(held))
		ch <- prometheus.MustNewConstMetric(c.live, prometheus.GaugeValue, float64(live))
	}
}
