package budget

import (
	"cmp"
	"io"
	"maps"
	"slices"
	"time"

	"shinpan/internal/promtext"
)

// WriteMetrics writes the gate's counters and gauges, read now, in
// Prometheus's text format: the bot passes it to its metrics
// (ops.Gauges.Write), so they are read at each scrape.
func (g *Gate) WriteMetrics(w io.Writer) {
	g.mu.Lock()
	now := time.Now()
	waits := maps.Clone(g.stats.waits)
	over := maps.Clone(g.stats.over)
	alerts := maps.Clone(g.stats.alerts)
	invalid := g.invalid.count(now)
	banned := now.Before(g.bannedTo)
	perSecond := g.win.size()
	g.mu.Unlock()

	routes := slices.Sorted(maps.Keys(waits))
	if len(routes) > 0 {
		promtext.Family(w, "shinpan_discord_budget_waits_total", "counter",
			"Requests to Discord that waited in the request budget before they were sent, by route.")
		for _, r := range routes {
			promtext.Sample(w, "shinpan_discord_budget_waits_total", float64(waits[r].Count), "route", r)
		}
		promtext.Family(w, "shinpan_discord_budget_wait_seconds_total", "counter",
			"Time requests to Discord waited in the request budget, by route.")
		for _, r := range routes {
			promtext.Sample(w, "shinpan_discord_budget_wait_seconds_total", waits[r].Total.Seconds(), "route", r)
		}
	}
	if len(over) > 0 {
		promtext.Family(w, "shinpan_discord_429_total", "counter",
			"Answers 429 from Discord, by scope (user, global, shared) and route.")
		for _, k := range slices.SortedFunc(maps.Keys(over), func(a, b TooManyKey) int {
			return cmp.Or(cmp.Compare(a.Scope, b.Scope), cmp.Compare(a.Route, b.Route))
		}) {
			promtext.Sample(w, "shinpan_discord_429_total", float64(over[k]), "scope", k.Scope, "route", k.Route)
		}
	}
	promtext.Family(w, "shinpan_discord_invalid_requests_10m", "gauge",
		"Invalid requests (401, 403, 429 but scope shared) over the last 10 minutes; Discord bans at 10000.")
	promtext.Sample(w, "shinpan_discord_invalid_requests_10m", float64(invalid))
	promtext.Family(w, "shinpan_discord_budget_alerts_total", "counter",
		"Alerts raised by the request budget, by kind (ban, invalid).")
	for _, kind := range []string{"ban", "invalid"} {
		promtext.Sample(w, "shinpan_discord_budget_alerts_total", float64(alerts[kind]), "kind", kind)
	}
	promtext.Family(w, "shinpan_discord_banned", "gauge",
		"1 while a 429 beyond the ban threshold stops all requests to Discord.")
	promtext.Sample(w, "shinpan_discord_banned", b2f(banned))
	promtext.Family(w, "shinpan_discord_budget_per_second", "gauge",
		"This process's share of the bot's global limit, in requests a second.")
	promtext.Sample(w, "shinpan_discord_budget_per_second", float64(perSecond))
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
