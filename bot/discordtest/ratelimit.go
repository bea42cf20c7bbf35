package discordtest

import (
	"net/http"
	"time"
)

// globalBucket is the global rate limit (Options.GlobalLimit) of one bot
// token: a token bucket of one second's requests, refilled continuously.
// Guarded by Server.mu.
type globalBucket struct {
	tokens float64
	last   time.Time
}

// take spends one request of the budget at now, or returns the 429 fault to
// answer with when there is none left.
func (g *globalBucket) take(perSecond int, now time.Time) *Fault {
	limit := float64(perSecond)
	if g.last.IsZero() {
		g.tokens = limit
	} else {
		g.tokens = min(limit, g.tokens+now.Sub(g.last).Seconds()*limit)
	}
	g.last = now
	if g.tokens >= 1 {
		g.tokens--
		return nil
	}
	wait := time.Duration((1 - g.tokens) / limit * float64(time.Second))
	return &Fault{Status: http.StatusTooManyRequests, RetryAfter: wait, Global: true}
}

// globalBucket returns the global bucket of a token (the Authorization
// header): Discord limits a bot, not a connection. Callers hold s.mu.
func (s *Server) globalBucket(token string) *globalBucket {
	if s.global == nil {
		s.global = map[string]*globalBucket{}
	}
	g := s.global[token]
	if g == nil {
		g = &globalBucket{}
		s.global[token] = g
	}
	return g
}
