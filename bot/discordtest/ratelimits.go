package discordtest

import (
	"net/http"
	"os"
	"time"

	"shinpan/bot/discordtest/ratelimit"
)

// RateLimits are the rate limits the stand-in enforces (package ratelimit).
// Discord publishes only the global limit and the invalid-request limit and
// tells bots to read the rest from the headers; the per-route numbers are
// what bot authors observed, or the stand-in's own where nobody published
// one (each says which). DiscordRateLimits gives them all; a zero field
// turns that limit off.
type RateLimits = ratelimit.Limits

// Bucket is one rate limit: at most Requests requests in a window of Per.
type Bucket = ratelimit.Bucket

// RateLimitStats is what the rate limits did so far.
type RateLimitStats = ratelimit.Stats

// DiscordLimitsByDefault is the switch that puts Discord's rate limits on in
// every stand-in made without Options.RateLimits (the bot's tests, the demo,
// the load generator): on. A test that turns a limit off says why.
// SHINPAN_DISCORD_LIMITS=off in the environment turns them off for a run
// (to tell whether a failure is the limits').
var DiscordLimitsByDefault = os.Getenv("SHINPAN_DISCORD_LIMITS") != "off"

// DiscordRateLimits are Discord's limits, each number with its source in
// RateLimits' docs: the stand-in's default.
func DiscordRateLimits() RateLimits { return ratelimit.Discord() }

// rateLimitLocked applies the rate limits to a request at now, writing the
// bucket's headers to h; it returns the refusal, or nil. Callers hold s.mu.
func (s *Server) rateLimitLocked(rt route, c *call, token string, now time.Time, h http.Header) *ratelimit.Refusal {
	r := ratelimit.Request{Token: token, Exempt: rt.noAuth, Kind: rt.limit, Route: c.req.Route}
	switch {
	case c.param("webhook_token") != "":
		r.Major = c.param("webhook_id") + "/" + c.param("webhook_token")
	case c.param("interaction_token") != "":
		r.Major = c.param("interaction_id") + "/" + c.param("interaction_token")
	case c.param("channel_id") != "":
		r.Major = c.param("channel_id")
	case c.param("guild_id") != "":
		r.Major = c.param("guild_id")
	}
	if rt.limit == ratelimit.MessageEdit {
		if m := s.world.messages[c.param("message_id")]; m != nil {
			r.Edited = m.Created
		}
	}
	bucket, refused := s.rl.Take(r, now, h)
	c.req.Bucket = bucket
	return refused
}

// refusalAnswer is the body and error of a refusal's answer.
func refusalAnswer(r *ratelimit.Refusal) (body any, aerr *APIError) {
	if r.Code != 0 {
		aerr = apiErr(r.Status, r.Code, r.Message)
	}
	if r.Body != nil {
		return r.Body, aerr
	}
	return aerr, aerr
}

// banLocked answers a request of a banned IP as Cloudflare does: 429
// "error code: 1015" in plain text, with Retry-After and no rate-limit
// headers or JSON (discord-api-docs#5385, #1771). Callers hold s.mu.
func (s *Server) banLocked(w http.ResponseWriter, req *Request) []byte {
	s.rl.Refuse(w.Header())
	req.Status = http.StatusTooManyRequests
	req.Banned = true
	req.Fault = "banned"
	snap := *req
	s.rec.publish(Event{Kind: EventRequest, Request: &snap})
	s.touch()
	return []byte(ratelimit.BanBody)
}

// writeBanned sends banLocked's answer.
func (s *Server) writeBanned(w http.ResponseWriter, req *Request, out []byte) {
	s.logf("discordtest: %s %s -> 429 (banned IP)", req.Method, req.Path)
	w.Header().Set("Content-Type", "text/plain; charset=UTF-8")
	w.WriteHeader(http.StatusTooManyRequests)
	_, _ = w.Write(out)
}

// RateLimitStats returns what the rate limits did so far.
func (s *Server) RateLimitStats() RateLimitStats {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.rl.Stats(s.now())
}

// InvalidRequests is the invalid requests (401, 403, and 429 of a scope
// other than shared) in the last RateLimits.InvalidWindow: 10 000 of them
// ban the IP.
func (s *Server) InvalidRequests() int { return s.RateLimitStats().Invalid }
