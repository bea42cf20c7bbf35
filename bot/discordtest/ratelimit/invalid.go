package ratelimit

import (
	"maps"
	"net/http"
	"strconv"
	"time"
)

// invalidLog counts invalid requests in a sliding window and keeps the ban
// they earn.
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

// Count records the answer of a REST request (its status, and the scope
// of a 429) at now and bans the IP once the window holds more invalid
// requests than the limit. It reports whether the answer counted toward
// the ban (answers after the ban do not).
func (l *Limiter) Count(status int, scope string, now time.Time) (invalidated bool) {
	v := &l.invalid
	if status == http.StatusTooManyRequests && scope != "" {
		if v.limited == nil {
			v.limited = map[string]int{}
		}
		v.limited[scope]++
	}
	if !invalid(status, scope) || v.banned {
		return false
	}
	v.total++
	lim := &l.limits
	if lim.InvalidRequests <= 0 || lim.InvalidWindow <= 0 {
		return true
	}
	v.prune(now, lim.InvalidWindow)
	v.times = append(v.times, now)
	if len(v.times) > lim.InvalidRequests {
		v.banned, v.bannedAt = true, now
		if l.logf != nil {
			l.logf("discordtest: %d invalid requests in %v: the IP is banned for the rest of the run", len(v.times), lim.InvalidWindow)
		}
	}
	return true
}

// Banned reports whether the IP is banned: every request is refused.
func (l *Limiter) Banned() bool { return l.invalid.banned }

// Refuse counts a request of a banned IP and writes the header of its
// answer, which is BanBody with status 429 in plain text, as Cloudflare
// answers: Retry-After and no rate-limit headers or JSON
// (discord-api-docs#5385, #1771).
func (l *Limiter) Refuse(h http.Header) {
	l.invalid.refused++
	h.Set("Retry-After", strconv.Itoa(int(l.limits.BanRetryAfter.Seconds())))
}

// BanBody is Cloudflare's answer to a banned IP.
const BanBody = "error code: 1015"

// Stats is what the rate limits did so far.
type Stats struct {
	// Invalid is the invalid requests (401, 403, and 429 of a scope other
	// than shared) in the last Limits.InvalidWindow; InvalidTotal all
	// of them. Those after the ban are not counted.
	Invalid, InvalidTotal int
	// Limited counts the 429 answers by X-RateLimit-Scope: "user",
	// "global", "shared" (the ban's are not among them).
	Limited map[string]int
	// Banned is set once the invalid requests passed
	// Limits.InvalidRequests: every request since (Refused of them) was
	// answered as to a banned IP.
	Banned   bool
	BannedAt time.Time
	Refused  int
}

// Stats returns what the rate limits did until now.
func (l *Limiter) Stats(now time.Time) Stats {
	v := &l.invalid
	if !v.banned && l.limits.InvalidWindow > 0 {
		v.prune(now, l.limits.InvalidWindow)
	}
	return Stats{Invalid: len(v.times), InvalidTotal: v.total, Limited: maps.Clone(v.limited),
		Banned: v.banned, BannedAt: v.bannedAt, Refused: v.refused}
}
