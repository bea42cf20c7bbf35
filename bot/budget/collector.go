package budget

import (
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// Collector returns a Prometheus collector of the gate's counters, read at
// each scrape: register it with the bot's registry.
func (g *Gate) Collector() prometheus.Collector { return collector{g} }

var (
	descWaits = prometheus.NewDesc("shinpan_discord_budget_waits_total",
		"Requests to Discord that waited in the request budget before they were sent, by route.", []string{"route"}, nil)
	descWaitSeconds = prometheus.NewDesc("shinpan_discord_budget_wait_seconds_total",
		"Time requests to Discord waited in the request budget, by route.", []string{"route"}, nil)
	descTooMany = prometheus.NewDesc("shinpan_discord_429_total",
		"Answers 429 from Discord, by scope (user, global, shared) and route.", []string{"scope", "route"}, nil)
	descInvalid = prometheus.NewDesc("shinpan_discord_invalid_requests_10m",
		"Invalid requests (401, 403, 429 but scope shared) over the last 10 minutes; Discord bans at 10000.", nil, nil)
	descAlerts = prometheus.NewDesc("shinpan_discord_budget_alerts_total",
		"Alerts raised by the request budget, by kind (ban, invalid).", []string{"kind"}, nil)
	descBanned = prometheus.NewDesc("shinpan_discord_banned",
		"1 while a 429 beyond the ban threshold stops all requests to Discord.", nil, nil)
	descPerSecond = prometheus.NewDesc("shinpan_discord_budget_per_second",
		"This process's share of the bot's global limit, in requests a second.", nil, nil)
)

type collector struct{ g *Gate }

func (c collector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{descWaits, descWaitSeconds, descTooMany, descInvalid, descAlerts, descBanned, descPerSecond} {
		ch <- d
	}
}

func (c collector) Collect(out chan<- prometheus.Metric) {
	g := c.g
	var ms []prometheus.Metric
	ch := metrics{&ms}
	g.mu.Lock()
	now := time.Now()
	for route, w := range g.stats.waits {
		ch.send(prometheus.MustNewConstMetric(descWaits, prometheus.CounterValue, float64(w.Count), route))
		ch.send(prometheus.MustNewConstMetric(descWaitSeconds, prometheus.CounterValue, w.Total.Seconds(), route))
	}
	for k, n := range g.stats.over {
		ch.send(prometheus.MustNewConstMetric(descTooMany, prometheus.CounterValue, float64(n), k.Scope, k.Route))
	}
	for _, kind := range []string{"ban", "invalid"} {
		ch.send(prometheus.MustNewConstMetric(descAlerts, prometheus.CounterValue, float64(g.stats.alerts[kind]), kind))
	}
	ch.send(prometheus.MustNewConstMetric(descInvalid, prometheus.GaugeValue, float64(g.invalid.count(now))))
	banned := 0.0
	if now.Before(g.bannedTo) {
		banned = 1
	}
	ch.send(prometheus.MustNewConstMetric(descBanned, prometheus.GaugeValue, banned))
	ch.send(prometheus.MustNewConstMetric(descPerSecond, prometheus.GaugeValue, float64(g.win.size())))
	g.mu.Unlock()
	for _, m := range ms {
		out <- m
	}
}

// metrics collects under the gate's lock what is sent after it.
type metrics struct{ ms *[]prometheus.Metric }

func (m metrics) send(x prometheus.Metric) { *m.ms = append(*m.ms, x) }
