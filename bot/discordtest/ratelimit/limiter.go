package ratelimit

import (
	"fmt"
	"hash/fnv"
	"maps"
	"math"
	"net/http"
	"strconv"
	"time"
)

// Kind names the bucket a route spends: the routes of one kind share a
// bucket (one X-RateLimit-Bucket), counted per top-level resource.
type Kind int

const (
	Other Kind = iota // a bucket per route (Limits.Other)
	MessageCreate
	MessageEdit
	DMOpen
	ThreadCreate
	Reactions
	Commands
	Webhook
)

var kindNames = [...]string{"other", "message create", "message edit", "dm open", "thread create", "reactions", "commands", "webhook"}

// bucketOf is the limit of a kind.
func (l *Limits) bucketOf(k Kind) Bucket {
	switch k {
	case MessageCreate:
		return l.MessageCreate
	case MessageEdit:
		return l.MessageEdit
	case DMOpen:
		return l.DMOpen
	case ThreadCreate:
		return l.ThreadCreate
	case Reactions:
		return l.Reactions
	case Commands:
		return l.Commands
	case Webhook:
		return l.Webhook
	}
	return l.Other
}

// Hash is what X-RateLimit-Bucket says for a bucket name: an opaque
// hash of 32 hex digits, as Discord's ("non-inclusive of top-level
// resources in the path", docs).
func Hash(name string) string {
	h := fnv.New128a()
	h.Write([]byte(name))
	return fmt.Sprintf("%x", h.Sum(nil))
}

// Limiter is the state of the limits: the global buckets by token, the
// route buckets, and the invalid requests. It has no lock: its caller
// guards it.
type Limiter struct {
	limits  Limits
	logf    func(format string, args ...any)
	global  map[string]*globalBucket // by Authorization header
	buckets map[bucketKey]*routeBucket
	hashes  map[string]string // bucket name -> Hash
	invalid invalidLog        // invalid.go
	takes   int               // buckets taken from since the last sweep
}

// New returns a Limiter enforcing l; logf (nil: none) hears of the ban.
func New(l Limits, logf func(format string, args ...any)) *Limiter {
	return &Limiter{limits: l, logf: logf}
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

// Refusal is a request refused by a rate limit: its status, its JSON body
// (nil: an error {"code","message"} of Code and Message), and its scope.
type Refusal struct {
	Status  int
	Body    any
	Code    int    // Discord's error code, 0 for none
	Message string // with Code
	Scope   string // X-RateLimit-Scope of a 429
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

// TooMany is a 429: Retry-After in whole seconds rounded up, the scope, and
// for the global limit X-RateLimit-Global (docs §Exceeding A Rate Limit).
func TooMany(h http.Header, wait time.Duration, scope string, code int, message string) *Refusal {
	h.Set("Retry-After", strconv.Itoa(int(math.Ceil(wait.Seconds()))))
	if scope == "global" {
		h.Set("X-RateLimit-Global", "true")
	}
	h.Set("X-RateLimit-Scope", scope)
	body := rateLimitBody{Message: message, RetryAfter: seconds(wait), Global: scope == "global", Code: code}
	r := &Refusal{Status: http.StatusTooManyRequests, Body: body, Scope: scope}
	if code != 0 {
		r.Code, r.Message = code, message
	}
	return r
}

// Discord's messages of a 429 (docs) and of the limits with a code of their own.
const (
	MsgRateLimited     = "You are being rate limited."
	MsgResourceLimited = "The resource is being rate limited."
	msgOldEdits        = "Maximum number of edits to messages older than 1 hour reached. Try again later"
	msgDMsTooFast      = "You are opening direct messages too fast"
)

// Discord's error codes of the limits with a code of their own.
const (
	CodeOldMessageEdits = 30046 // edits of messages older than an hour (Limits.OldMessageEdit)
	CodeOpeningDMsFast  = 40003 // opening DMs too fast (Limits.DMOpen)
)

// Request is what a request spends.
type Request struct {
	// Token is the Authorization header: the limits are a bot token's.
	Token string
	// Exempt marks the interaction callbacks and webhooks: no global
	// limit, and their buckets are keyed by the interaction's token alone.
	Exempt bool
	Kind   Kind
	// Route is "METHOD /pattern", the bucket's name for the kind Other.
	Route string
	// Major is the top-level resource (channel, guild, or webhook id and
	// token, docs).
	Major string
	// Edited is when the message a MessageEdit edits was created (zero:
	// no such message): an old one spends Limits.OldMessageEdit too.
	Edited time.Time
}

// Take applies the global limit (to requests that are not exempt) and
// then the request's bucket at now, writing the bucket's headers to h. It
// returns the bucket's hash (X-RateLimit-Bucket; "" with the limit off)
// and the refusal, or nil.
func (l *Limiter) Take(r Request, now time.Time, h http.Header) (bucket string, refused *Refusal) {
	lim := &l.limits
	token := r.Token
	if lim.Global > 0 && !r.Exempt {
		if wait, ok := l.globalBucket(token).take(lim.Global, now); !ok {
			return "", TooMany(h, wait, "global", 0, MsgRateLimited)
		}
	}
	name := kindNames[r.Kind]
	if r.Kind == Other {
		name = r.Route
	}
	if r.Exempt {
		token = "" // an interaction's routes are keyed by its token alone
	}
	if b := lim.bucketOf(r.Kind); b.On() {
		rb := l.bucket(bucketKey{token: token, name: name, major: r.Major}, now)
		ok := rb.take(b, now)
		bucket = l.hashOf(name)
		WriteHeaders(h, b, rb.remaining, rb.reset, now, bucket)
		switch {
		case !ok && r.Kind == DMOpen:
			return bucket, &Refusal{Status: http.StatusForbidden, Code: CodeOpeningDMsFast, Message: msgDMsTooFast}
		case !ok:
			return bucket, TooMany(h, rb.reset.Sub(now), "user", 0, MsgRateLimited)
		}
	}
	if r.Kind == MessageEdit && lim.OldMessageEdit.On() && !r.Edited.IsZero() && now.Sub(r.Edited) > lim.OldMessageAge {
		old := l.bucket(bucketKey{token: token, name: name, major: r.Major, old: true}, now)
		if !old.take(lim.OldMessageEdit, now) {
			return bucket, TooMany(h, old.reset.Sub(now), "user", CodeOldMessageEdits, msgOldEdits)
		}
	}
	return bucket, nil
}

// WriteHeaders writes the X-RateLimit headers of a bucket of limit b with
// remaining requests left until reset (docs §Header Format): Reset in
// epoch seconds and Reset-After in seconds, both with milliseconds.
func WriteHeaders(h http.Header, b Bucket, remaining int, reset, now time.Time, hash string) {
	h.Set("X-RateLimit-Limit", strconv.Itoa(b.Requests))
	h.Set("X-RateLimit-Remaining", strconv.Itoa(remaining))
	h.Set("X-RateLimit-Reset", strconv.FormatFloat(float64(reset.UnixMilli())/1000, 'f', 3, 64))
	h.Set("X-RateLimit-Reset-After", strconv.FormatFloat(seconds(reset.Sub(now)), 'f', 3, 64))
	h.Set("X-RateLimit-Bucket", hash)
}

func (l *Limiter) bucket(k bucketKey, now time.Time) *routeBucket {
	if l.buckets == nil {
		l.buckets = map[bucketKey]*routeBucket{}
	}
	if l.takes++; l.takes >= sweepEvery {
		l.takes = 0
		maps.DeleteFunc(l.buckets, func(_ bucketKey, rb *routeBucket) bool { return !now.Before(rb.reset) })
	}
	rb := l.buckets[k]
	if rb == nil {
		rb = &routeBucket{}
		l.buckets[k] = rb
	}
	return rb
}

func (l *Limiter) hashOf(name string) string {
	if l.hashes == nil {
		l.hashes = map[string]string{}
	}
	h, ok := l.hashes[name]
	if !ok {
		h = Hash(name)
		l.hashes[name] = h
	}
	return h
}

// globalBucket returns the global bucket of a token (the Authorization
// header): Discord limits a bot, not a connection.
func (l *Limiter) globalBucket(token string) *globalBucket {
	if l.global == nil {
		l.global = map[string]*globalBucket{}
	}
	g := l.global[token]
	if g == nil {
		g = &globalBucket{}
		l.global[token] = g
	}
	return g
}
