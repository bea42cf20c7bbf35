package discordtest

import (
	"fmt"
	"hash/fnv"
	"maps"
	"math"
	"net/http"
	"strconv"
	"time"
)

// limitKind names the bucket a route spends: the routes of one kind share
// a bucket (one X-RateLimit-Bucket), counted per top-level resource.
type limitKind int

const (
	limitOther limitKind = iota // a bucket per route (RateLimits.Other)
	limitMessageCreate
	limitMessageEdit
	limitDMOpen
	limitThreadCreate
	limitReactions
	limitCommands
	limitWebhook
)

var limitNames = [...]string{"other", "message create", "message edit", "dm open", "thread create", "reactions", "commands", "webhook"}

// bucketOf is the limit of a kind.
func (l *RateLimits) bucketOf(k limitKind) Bucket {
	switch k {
	case limitMessageCreate:
		return l.MessageCreate
	case limitMessageEdit:
		return l.MessageEdit
	case limitDMOpen:
		return l.DMOpen
	case limitThreadCreate:
		return l.ThreadCreate
	case limitReactions:
		return l.Reactions
	case limitCommands:
		return l.Commands
	case limitWebhook:
		return l.Webhook
	}
	return l.Other
}

// bucketHash is what X-RateLimit-Bucket says for a bucket name: an opaque
// hash of 32 hex digits, as Discord's ("non-inclusive of top-level
// resources in the path", docs).
func bucketHash(name string) string {
	h := fnv.New128a()
	h.Write([]byte(name))
	return fmt.Sprintf("%x", h.Sum(nil))
}

// limiter is the rate-limit state; guarded by Server.mu.
type limiter struct {
	global  map[string]*globalBucket // by Authorization header
	buckets map[bucketKey]*routeBucket
	hashes  map[string]string // bucket name -> bucketHash
	invalid invalidLog        // invalid.go
	takes   int               // buckets taken from since the last sweep
}

// sweepEvery is how many takes pass between sweeps of the buckets whose
// window is over (as good as new): every interaction has buckets of its own,
// and a long run must not keep them all.
const sweepEvery = 4096

// bucketKey is one bucket of one token and top-level resource.
type bucketKey struct {
	token, name, major string
	old                bool // the slower limit on old messages' edits
}

// limited is a request refused by a rate limit: its answer and scope.
type limited struct {
	status int
	body   any
	aerr   *APIError
	scope  string
}

// rateLimitBody is the JSON body of a 429, its fields in Discord's order
// (docs §Rate Limit Response Structure).
type rateLimitBody struct {
	Message    string  `json:"message"`
	RetryAfter float64 `json:"retry_after"`
	Global     bool    `json:"global"`
	Code       int     `json:"code,omitempty"`
}

// seconds is d in seconds rounded to the millisecond, as Discord writes
// retry_after and X-RateLimit-Reset-After.
func seconds(d time.Duration) float64 { return math.Round(d.Seconds()*1000) / 1000 }

// tooMany is a 429: Retry-After in whole seconds rounded up, the scope, and
// for the global limit X-RateLimit-Global (docs §Exceeding A Rate Limit).
func tooMany(h http.Header, wait time.Duration, scope string, code int, message string) *limited {
	h.Set("Retry-After", strconv.Itoa(int(math.Ceil(wait.Seconds()))))
	if scope == "global" {
		h.Set("X-RateLimit-Global", "true")
	}
	h.Set("X-RateLimit-Scope", scope)
	body := rateLimitBody{Message: message, RetryAfter: seconds(wait), Global: scope == "global", Code: code}
	l := &limited{status: http.StatusTooManyRequests, body: body, scope: scope}
	if code != 0 {
		l.aerr = apiErr(http.StatusTooManyRequests, code, message)
	}
	return l
}

// Discord's messages of a 429 (docs) and of the limits with a code of their own.
const (
	msgRateLimited     = "You are being rate limited."
	msgResourceLimited = "The resource is being rate limited."
	msgOldEdits        = "Maximum number of edits to messages older than 1 hour reached. Try again later"
	msgDMsTooFast      = "You are opening direct messages too fast"
)

// routeLimit is the bucket a request spends: its kind, name and top-level
// resource (channel, guild, or webhook id and token, docs).
func routeLimit(rt route, c *call) (kind limitKind, name, major string) {
	kind = rt.limit
	name = limitNames[kind]
	if kind == limitOther {
		name = rt.method + " " + rt.pattern
	}
	switch {
	case c.param("webhook_token") != "":
		major = c.param("webhook_id") + "/" + c.param("webhook_token")
	case c.param("interaction_token") != "":
		major = c.param("interaction_id") + "/" + c.param("interaction_token")
	case c.param("channel_id") != "":
		major = c.param("channel_id")
	case c.param("guild_id") != "":
		major = c.param("guild_id")
	}
	return kind, name, major
}

// rateLimitLocked applies the global limit (to routes that are not
// exempt) and then the route's bucket at now, writing the bucket's headers
// to h; it returns the refusal, or nil. Callers hold s.mu.
func (s *Server) rateLimitLocked(rt route, c *call, token string, now time.Time, h http.Header) *limited {
	l := &s.limits
	if l.Global > 0 && !rt.noAuth {
		if wait, ok := s.globalBucket(token).take(l.Global, now); !ok {
			return tooMany(h, wait, "global", 0, msgRateLimited)
		}
	}
	kind, name, major := routeLimit(rt, c)
	if rt.noAuth {
		token = "" // an interaction's routes are keyed by its token alone
	}
	if b := l.bucketOf(kind); b.on() {
		rb := s.bucket(bucketKey{token: token, name: name, major: major}, now)
		ok := rb.take(b, now)
		c.req.Bucket = s.hashOf(name)
		writeBucketHeaders(h, b, rb, now, c.req.Bucket)
		switch {
		case !ok && kind == limitDMOpen:
			e := apiErr(http.StatusForbidden, CodeOpeningDMsFast, msgDMsTooFast)
			return &limited{status: e.Status, body: e, aerr: e}
		case !ok:
			return tooMany(h, rb.reset.Sub(now), "user", 0, msgRateLimited)
		}
	}
	if kind == limitMessageEdit && l.OldMessageEdit.on() && s.oldMessage(c, now) {
		old := s.bucket(bucketKey{token: token, name: name, major: major, old: true}, now)
		if !old.take(l.OldMessageEdit, now) {
			return tooMany(h, old.reset.Sub(now), "user", CodeOldMessageEdits, msgOldEdits)
		}
	}
	return nil
}

// oldMessage reports whether the message a request edits is older than
// RateLimits.OldMessageAge.
func (s *Server) oldMessage(c *call, now time.Time) bool {
	m := s.world.messages[c.param("message_id")]
	return m != nil && now.Sub(m.Created) > s.limits.OldMessageAge
}

// writeBucketHeaders writes the X-RateLimit headers of a bucket (docs
// §Header Format): Reset in epoch seconds and Reset-After in seconds, both
// with milliseconds.
func writeBucketHeaders(h http.Header, b Bucket, rb *routeBucket, now time.Time, hash string) {
	h.Set("X-RateLimit-Limit", strconv.Itoa(b.Requests))
	h.Set("X-RateLimit-Remaining", strconv.Itoa(rb.remaining))
	h.Set("X-RateLimit-Reset", strconv.FormatFloat(float64(rb.reset.UnixMilli())/1000, 'f', 3, 64))
	h.Set("X-RateLimit-Reset-After", strconv.FormatFloat(seconds(rb.reset.Sub(now)), 'f', 3, 64))
	h.Set("X-RateLimit-Bucket", hash)
}

func (s *Server) bucket(k bucketKey, now time.Time) *routeBucket {
	if s.rl.buckets == nil {
		s.rl.buckets = map[bucketKey]*routeBucket{}
	}
	if s.rl.takes++; s.rl.takes >= sweepEvery {
		s.rl.takes = 0
		maps.DeleteFunc(s.rl.buckets, func(_ bucketKey, rb *routeBucket) bool { return !now.Before(rb.reset) })
	}
	rb := s.rl.buckets[k]
	if rb == nil {
		rb = &routeBucket{}
		s.rl.buckets[k] = rb
	}
	return rb
}

func (s *Server) hashOf(name string) string {
	if s.rl.hashes == nil {
		s.rl.hashes = map[string]string{}
	}
	h, ok := s.rl.hashes[name]
	if !ok {
		h = bucketHash(name)
		s.rl.hashes[name] = h
	}
	return h
}

// globalBucket returns the global bucket of a token (the Authorization
// header): Discord limits a bot, not a connection. Callers hold s.mu.
func (s *Server) globalBucket(token string) *globalBucket {
	if s.rl.global == nil {
		s.rl.global = map[string]*globalBucket{}
	}
	g := s.rl.global[token]
	if g == nil {
		g = &globalBucket{}
		s.rl.global[token] = g
	}
	return g
}
