package discordtest

import (
	"maps"
	"net/http"
	"strconv"
	"time"
)

// invalidLog counts invalid requests in a sliding window and keeps the ban
// they earn; guarded by Server.mu.
type invalidLog struct {
	times    []time.Time // the invalid requests in the window, oldest first
	total    int
	limited  map[string]int // 429s by scope
	banned   bool
	bannedAt time.Time
	refused  int // requests answered as banned
}

// invalid reports whether an answer counts toward the ban (docs §Invalid
// Request Limit): 401, 403, and 429 except of scope shared.
func invalid(status int, scope string) bool {
	switch status {
	case http.StatusUnauthorized, http.StatusForbidden:
		return true
	case http.StatusTooManyRequests:
		return scope != "shared"
	}
	return false
}

// prune drops the requests older than window before now.
func (v *invalidLog) prune(now time.Time, window time.Duration) {
	i := 0
	for i < len(v.times) && now.Sub(v.times[i]) >= window {
		i++
	}
	if i > 0 {
		v.times = append(v.times[:0], v.times[i:]...)
	}
}

// countLocked records the answer of a REST request (req.Status, req.Scope)
// at now and bans the IP once the window holds more invalid requests than
// the limit. Callers hold s.mu.
func (s *Server) countLocked(req *Request, now time.Time) {
	v := &s.rl.invalid
	if req.Status == http.StatusTooManyRequests && req.Scope != "" {
		if v.limited == nil {
			v.limited = map[string]int{}
		}
		v.limited[req.Scope]++
	}
	if !invalid(req.Status, req.Scope) || v.banned {
		return
	}
	req.Invalid = true
	v.total++
	l := &s.limits
	if l.InvalidRequests <= 0 || l.InvalidWindow <= 0 {
		return
	}
	v.prune(now, l.InvalidWindow)
	v.times = append(v.times, now)
	if len(v.times) > l.InvalidRequests {
		v.banned, v.bannedAt = true, now
		s.logf("discordtest: %d invalid requests in %v: the IP is banned for the rest of the run", len(v.times), l.InvalidWindow)
	}
}

// banLocked answers a request of a banned IP as Cloudflare does: 429
// "error code: 1015" in plain text, with Retry-After and no rate-limit
// headers or JSON (discord-api-docs#5385, #1771). Callers hold s.mu.
func (s *Server) banLocked(w http.ResponseWriter, req *Request) []byte {
	s.rl.invalid.refused++
	w.Header().Set("Retry-After", strconv.Itoa(int(s.limits.BanRetryAfter.Seconds())))
	req.Status = http.StatusTooManyRequests
	req.Banned = true
	req.Fault = "banned"
	snap := *req
	s.rec.publish(Event{Kind: EventRequest, Request: &snap})
	s.touch()
	return []byte(banBody)
}

// banBody is Cloudflare's answer to a banned IP.
const banBody = "error code: 1015"

// writeBanned sends banLocked's answer.
func (s *Server) writeBanned(w http.ResponseWriter, req *Request, out []byte) {
	s.logf("discordtest: %s %s -> 429 (banned IP)", req.Method, req.Path)
	w.Header().Set("Content-Type", "text/plain; charset=UTF-8")
	w.WriteHeader(http.StatusTooManyRequests)
	_, _ = w.Write(out)
}

// RateLimitStats is what the rate limits did so far.
type RateLimitStats struct {
	// Invalid is the invalid requests (401, 403, and 429 of a scope other
	// than shared) in the last RateLimits.InvalidWindow; InvalidTotal all
	// of them. Those after the ban are not counted.
	Invalid, InvalidTotal int
	// Limited counts the 429 answers by X-RateLimit-Scope: "user",
	// "global", "shared" (the ban's are not among them).
	Limited map[string]int
	// Banned is set once the invalid requests passed
	// RateLimits.InvalidRequests: every request since (Refused of them) was
	// answered as to a banned IP.
	Banned   bool
	BannedAt time.Time
	Refused  int
}

// RateLimitStats returns what the rate limits did so far.
func (s *Server) RateLimitStats() RateLimitStats {
	s.mu.Lock()
	defer s.mu.Unlock()
	v := &s.rl.invalid
	if !v.banned && s.limits.InvalidWindow > 0 {
		v.prune(s.now(), s.limits.InvalidWindow)
	}
	return RateLimitStats{Invalid: len(v.times), InvalidTotal: v.total, Limited: maps.Clone(v.limited),
		Banned: v.banned, BannedAt: v.bannedAt, Refused: v.refused}
}

// InvalidRequests is the invalid requests (401, 403, and 429 of a scope
// other than shared) in the last RateLimits.InvalidWindow: 10 000 of them
// ban the IP.
func (s *Server) InvalidRequests() int { return s.RateLimitStats().Invalid }
