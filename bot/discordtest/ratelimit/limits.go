package ratelimit

import "time"

// Bucket is one rate limit: at most Requests requests in a window of Per,
// the window starting at the first request after the last one ended, as
// Discord's per-route buckets do (X-RateLimit-Reset-After counts down from
// Per). Requests 0 turns the limit off.
type Bucket struct {
	Requests int
	Per      time.Duration
}

// On reports whether the limit is on.
func (b Bucket) On() bool { return b.Requests > 0 && b.Per > 0 }

// Limits are the rate limits the stand-in enforces. Discord publishes
// only the global limit and the invalid-request limit and tells bots to read
// the rest from the headers; the per-route numbers are what bot authors
// observed, or the stand-in's own where nobody published one (each says
// which). Discord gives them all; a zero field turns that limit off.
// discordtest.Options.RateLimits chooses them (default: Discord, see
// discordtest.DiscordLimitsByDefault).
//
// Sources: "docs" is discord/discord-api-docs developers/topics/rate-limits.mdx
// and opcodes-and-status-codes.mdx; the others are issue threads, by
// repository#number; ../shared/discord-limits.md in the project sums them up.
type Limits struct {
	// Global is the requests per second of one bot token over every route
	// except the interaction callbacks and webhooks (docs §Global Rate
	// Limit: 50). Answered 429, scope global.
	Global int
	// MessageCreate is POST /channels/{channel_id}/messages, per channel;
	// each DM channel and each thread is a channel of its own (observed 5
	// per 5 s: discord-api-docs#20, and bots' logs since).
	MessageCreate Bucket
	// MessageEdit is PATCH /channels/{channel_id}/messages/{message_id},
	// a bucket of its own per channel (observed about 5 per 5 s).
	MessageEdit Bucket
	// OldMessageEdit is a second, slower limit on edits of messages older
	// than OldMessageAge, per channel, not shown in the headers (discord-
	// api-docs#4413): 429 with code 30046 (docs; about 3 per 6 s, unofficial
	// docs). An edit of an old message spends both buckets.
	OldMessageEdit Bucket
	OldMessageAge  time.Duration // 1 hour (docs, code 30046)
	// DMOpen is POST /users/@me/channels, per bot. Past it Discord answers
	// 403 code 40003 "You are opening direct messages too fast" (docs) after
	// "a few dozen at once" (DasWolke/SnowTransfer#43); its number and
	// window are the stand-in's.
	DMOpen Bucket
	// ThreadCreate is thread creation, from a message or not (the two routes
	// share it), per channel. No number published: the stand-in's.
	ThreadCreate Bucket
	// Reactions is adding and removing reactions, every reaction route
	// sharing one bucket (discord-api-docs#981), per channel: 1 per 250 ms
	// (discord-api-docs#182).
	Reactions Bucket
	// Commands is registering application commands (create, edit, delete,
	// bulk overwrite share it), per guild for guild commands and one for the
	// global ones. No number published: the stand-in's.
	Commands Bucket
	// Webhook is an interaction's webhook routes (follow-ups, and getting,
	// editing and deleting its messages, @original included), sharing one
	// bucket per interaction token: 5 per 2 s (discord-api-docs#2701; the
	// 30 per 60 s per guild seen there too is not modelled).
	Webhook Bucket
	// Other is every other route, per route and top-level resource, so that
	// every answer has a bucket's headers. No number published: the
	// stand-in's, loose enough that only the global limit binds.
	Other Bucket

	// InvalidRequests is how many invalid requests (401, 403, and 429 of a
	// scope other than shared) the IP may make in InvalidWindow; past it
	// Cloudflare bans the IP (docs §Invalid Request Limit: 10 000 per 10
	// minutes). The stand-in bans for the rest of its run, telling the
	// client BanRetryAfter (an hour, as discord-api-docs#5385 saw).
	InvalidRequests int
	InvalidWindow   time.Duration
	BanRetryAfter   time.Duration
}

// Discord is Discord's limits, each number with its source in Limits'
// docs: the stand-in's default.
func Discord() Limits {
	return Limits{
		Global:          50,
		MessageCreate:   Bucket{5, 5 * time.Second},
		MessageEdit:     Bucket{5, 5 * time.Second},
		OldMessageEdit:  Bucket{3, 6 * time.Second},
		OldMessageAge:   time.Hour,
		DMOpen:          Bucket{20, 10 * time.Second},
		ThreadCreate:    Bucket{5, 5 * time.Second},
		Reactions:       Bucket{1, 250 * time.Millisecond},
		Commands:        Bucket{5, 20 * time.Second},
		Webhook:         Bucket{5, 2 * time.Second},
		Other:           Bucket{50, time.Second},
		InvalidRequests: 10000,
		InvalidWindow:   10 * time.Minute,
		BanRetryAfter:   time.Hour,
	}
}

// Scaled is l with each per-route bucket's window (Per) multiplied by f:
// the same number of requests in a window f times as long, as if time ran
// 1/f times as fast for the buckets alone. Each is still enforced, with its
// headers and 429s, so a client that keeps within Discord's buckets by their
// headers keeps within these. What is counted per second or is not a
// bucket stays as it is: the global limit (a bot paces it itself, by the
// second), the invalid-request limit and its ban, and OldMessageAge.
//
// It is for tests that wait on the buckets without being about them: with
// Discord's windows, the bot's end-to-end tests spent most of their time
// idle (5 messages per 5 s per DM channel). Tests of the limits themselves
// keep Discord's windows.
func (l Limits) Scaled(f float64) Limits {
	scale := func(b *Bucket) {
		if b.Per > 0 {
			b.Per = max(time.Millisecond, time.Duration(float64(b.Per)*f))
		}
	}
	for _, b := range []*Bucket{&l.MessageCreate, &l.MessageEdit, &l.OldMessageEdit, &l.DMOpen,
		&l.ThreadCreate, &l.Reactions, &l.Commands, &l.Webhook, &l.Other} {
		scale(b)
	}
	return l
}

// globalBucket is the global rate limit of one bot token: a token bucket
// of one second's requests, refilled continuously. Guarded by the Limiter's caller.
type globalBucket struct {
	tokens float64
	last   time.Time
}

// take spends one request of the budget at now, or returns how long until
// there is one.
func (g *globalBucket) take(perSecond int, now time.Time) (wait time.Duration, ok bool) {
	limit := float64(perSecond)
	if g.last.IsZero() {
		g.tokens = limit
	} else {
		g.tokens = min(limit, g.tokens+now.Sub(g.last).Seconds()*limit)
	}
	g.last = now
	if g.tokens >= 1 {
		g.tokens--
		return 0, true
	}
	return time.Duration((1 - g.tokens) / limit * float64(time.Second)), false
}

// routeBucket is the state of one bucket for one token and top-level
// resource: the window's end and the requests left in it.
type routeBucket struct {
	reset     time.Time
	remaining int
}

// take spends one request at now from a bucket of limit b; it reports the
// requests left and the window's end whether it could or not.
func (r *routeBucket) take(b Bucket, now time.Time) bool {
	if !now.Before(r.reset) {
		r.reset, r.remaining = now.Add(b.Per), b.Requests
	}
	if r.remaining == 0 {
		return false
	}
	r.remaining--
	return true
}
