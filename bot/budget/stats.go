package budget

import (
	"maps"
	"time"
)

// Wait is the time requests of one route spent waiting in the gate.
type Wait struct {
	Count int           // requests that waited
	Total time.Duration // their waits together
}

// TooManyKey names a count of 429s: the scope (user, global or shared) and
// the route template.
type TooManyKey struct {
	Scope, Route string
}

// stats are the gate's counters. Guarded by the Gate's mutex.
type stats struct {
	waits  map[string]Wait
	over   map[TooManyKey]int
	alerts map[string]int
}

func newStats() stats {
	return stats{waits: map[string]Wait{}, over: map[TooManyKey]int{}, alerts: map[string]int{}}
}

func (s *stats) wait(route string, d time.Duration) {
	w := s.waits[route]
	w.Count++
	w.Total += d
	s.waits[route] = w
}

func (s *stats) tooMany(scope, route string) { s.over[TooManyKey{scope, route}]++ }

// Waits returns, by route template, the requests that waited before they
// were sent (or gave up waiting) and how long.
func (g *Gate) Waits() map[string]Wait {
	g.mu.Lock()
	defer g.mu.Unlock()
	return maps.Clone(g.stats.waits)
}

// TooMany returns the 429s answered, by scope and route template.
func (g *Gate) TooMany() map[TooManyKey]int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return maps.Clone(g.stats.over)
}

// Invalid is the number of invalid requests (401, 403, 429 other than scope
// shared) answered over the last InvalidWindow: Discord bans at InvalidBan.
func (g *Gate) Invalid() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.invalid.count(time.Now())
}

// Alerts returns the alerts raised, by kind ("ban", "invalid").
func (g *Gate) Alerts() map[string]int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return maps.Clone(g.stats.alerts)
}
