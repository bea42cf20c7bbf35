package discordtest

import (
	"net/http"
	"shinpan/bot/discordtest/gateway"
	"time"
)

// Faults injects faults into a Server: REST answers (429, 500, 502 or any
// other error status) and gateway failures (dropped connections, an
// outage, op 7 and op 9) and the world's refusals (closed DMs, missing
// permissions, deleted channels).
type Faults struct{ s *Server }

// Faults hands out the Server's fault injection.
func (s *Server) Faults() Faults { return Faults{s} }

// Inject arms a REST fault.
func (f Faults) Inject(fault Fault) { f.s.api.InjectFault(fault) }

// RateLimitNext answers the next n matching requests with 429 and
// retry_after; discordgo sleeps that long and retries (unless
// ShouldRetryOnRateLimit is off).
func (f Faults) RateLimitNext(method, pathPattern string, n int, retryAfter time.Duration) {
	f.Inject(Fault{Method: method, Path: pathPattern, Times: n, Status: http.StatusTooManyRequests, RetryAfter: retryAfter})
}

// FailNext answers the next n matching requests with status (e.g. 500 or
// 502; discordgo v0.29.0 retries 502 up to MaxRestRetries times, not 500).
func (f Faults) FailNext(method, pathPattern string, n, status int) {
	f.Inject(Fault{Method: method, Path: pathPattern, Times: n, Status: status})
}

// Clear disarms every pending REST fault.
func (f Faults) Clear() {
	s := f.s
	s.api.ClearFaults()
}

// DropGateway closes every gateway connection at the TCP level, without a
// close frame, as a network failure would. Sessions stay resumable; discordgo
// notices on its next read, waits about 1 s (its Close sleeps) and reconnects
// with RESUME. It returns how many connections were dropped.
//
// discordgo v0.29.0 caveat: if a connection fails before that connection's
// heartbeat goroutine has sent its first heartbeat, both the heartbeat and the
// listen goroutines call Close and reconnect, and each stale Close then kills
// the next fresh connection: an endless reconnect (and, since Close sends
// code 1000, re-IDENTIFY) loop about once a second. Tests should wait for
// GatewayStats.Heartbeats to grow after each (re)connect before injecting
// the next gateway fault; a real bot can meet the same loop on Discord.
func (f Faults) DropGateway() int {
	s := f.s
	return s.gw.Drop()
}

// SetGatewayDown makes the gateway unreachable (down = true): open
// connections are dropped and new ones are refused with HTTP 503, so
// discordgo keeps retrying with its backoff (1 s, 2 s, 4 s, ...). Dispatches
// meanwhile are queued for RESUME. SetGatewayDown(false) ends the outage.
func (f Faults) SetGatewayDown(down bool) {
	s := f.s
	s.gw.SetDown(down)
}

// SendReconnect sends op 7 RECONNECT on every connection; discordgo closes
// with code 1012, waits about 1 s and reconnects with RESUME.
func (f Faults) SendReconnect() {
	s := f.s
	s.gw.SendReconnect()
}

// InvalidateSession sends op 9 INVALID SESSION (d: false) on every connected
// session now and forgets those sessions; discordgo v0.29.0 answers at once
// with IDENTIFY on the same connection.
func (f Faults) InvalidateSession() {
	s := f.s
	s.gw.InvalidateSession()
}

// InvalidateNextResume makes the next RESUME fail with op 9 (d: false): the
// session and the dispatches queued for it are lost, and discordgo
// re-identifies, so the bot must recover from its store and channel history.
func (f Faults) InvalidateNextResume() {
	s := f.s
	s.gw.InvalidateNextResume()
}

// DiscardMissedEvents(true) makes dispatches produced while the bot is
// disconnected vanish instead of being kept for RESUME (messages are still
// stored and readable through GET /channels/{id}/messages).
func (f Faults) DiscardMissedEvents(discard bool) {
	s := f.s
	s.gw.DiscardMissedEvents(discard)
}

// ReplayOnNextResume makes the next RESUME replay the n dispatches before
// the sequence number the client gives as well, which it has already seen:
// a client must handle an event delivered twice (an event Discord replays,
// or the same DM on two sessions) as once.
func (f Faults) ReplayOnNextResume(n int) {
	s := f.s
	s.gw.ReplayOnNextResume(n)
}

// Limits reads what Discord's rate limits did on a Server.
type Limits struct{ s *Server }

// Limits hands out the Server's rate-limit statistics.
func (s *Server) Limits() Limits { return Limits{s} }

// Stats returns what the rate limits did so far.
func (l Limits) Stats() RateLimitStats { return l.s.api.RateLimitStats() }

// InvalidRequests is the invalid requests (401, 403, and 429 of a scope
// other than shared) in the last RateLimits.InvalidWindow: 10 000 of them
// ban the IP.
func (l Limits) InvalidRequests() int { return l.Stats().Invalid }

// Endpoint hands out the Server's Interactions Endpoint: where
// interactions are POSTed once its URL is set (SetURL), signed with the
// application's key (PublicKey), and how they went (Deliveries).
func (s *Server) Endpoint() *Endpoint { return s.ep }

// SetDMsClosed opens or closes a user's DMs to the bot (see User.DMsClosed).
func (f Faults) SetDMsClosed(userID string, closed bool) error {
	s := f.s
	s.w.Lock()
	defer s.w.Unlock()
	u, ok := s.w.Users[userID]
	if !ok {
		return ErrUnknownUser
	}
	u.DMsClosed = closed
	return nil
}

// SetMissingPermissions makes the bot's writes to a channel fail with 403
// code 50013 (missing = true) or succeed again.
func (f Faults) SetMissingPermissions(channelID string, missing bool) error {
	s := f.s
	s.w.Lock()
	defer s.w.Unlock()
	c, ok := s.w.Channels[channelID]
	if !ok {
		return ErrUnknownChannel
	}
	c.MissingPermissions = missing
	return nil
}

// DeleteChannel marks a channel deleted: every later request about it gets
// 404 code 10003 "Unknown Channel".
func (f Faults) DeleteChannel(channelID string) error {
	s := f.s
	s.w.Lock()
	defer s.w.Unlock()
	c, ok := s.w.Channels[channelID]
	if !ok {
		return ErrUnknownChannel
	}
	c.Deleted = true
	s.gw.Send(gateway.NewEvent("CHANNEL_DELETE", s.w.ChannelJSON(c), gateway.IntentGuilds).In(c.GuildID))
	return nil
}
