package discordtest

import (
	"fmt"
	"net/http"
	"path"
	"strings"
	"time"

	"shinpan/bot/discordtest/ratelimit"
)

// Fault makes the next Times REST requests that match Method and Path fail
// with Status instead of being served (they are recorded with Request.Fault
// set and have no effect).
type Fault struct {
	// Method is an HTTP method; empty or "*" matches any.
	Method string
	// Path is a path.Match pattern on the path after /api/vN, e.g.
	// "/channels/*/messages" or "/interactions/*/*/callback"; empty matches any.
	Path string
	// Times is how many requests fail; default 1.
	Times int
	// Status is the HTTP status: 429, 500, 502, or any other error status.
	Status int
	// RetryAfter is the 429 wait (body retry_after in seconds and headers);
	// default 100 ms.
	RetryAfter time.Duration
	// Global marks a 429 as the global rate limit (scope global).
	Global bool
	// Scope is a 429's X-RateLimit-Scope when not Global: "user" (default)
	// or "shared" (a resource's limit, which does not count toward the ban).
	Scope string
	// Code and Message override the JSON error body for statuses other than 429.
	Code    int
	Message string
}

func (f *Fault) matches(method, apiPath string) bool {
	if f.Method != "" && f.Method != "*" && !strings.EqualFold(f.Method, method) {
		return false
	}
	if f.Path == "" {
		return true
	}
	ok, _ := path.Match(f.Path, apiPath)
	return ok
}

// InjectFault arms a REST fault.
func (s *Server) InjectFault(f Fault) {
	if f.Times <= 0 {
		f.Times = 1
	}
	if f.Status == http.StatusTooManyRequests && f.RetryAfter <= 0 {
		f.RetryAfter = 100 * time.Millisecond
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faults = append(s.faults, &f)
}

// RateLimitNext answers the next n matching requests with 429 and
// retry_after; discordgo sleeps that long and retries (unless
// ShouldRetryOnRateLimit is off).
func (s *Server) RateLimitNext(method, pathPattern string, n int, retryAfter time.Duration) {
	s.InjectFault(Fault{Method: method, Path: pathPattern, Times: n, Status: http.StatusTooManyRequests, RetryAfter: retryAfter})
}

// FailNext answers the next n matching requests with status (e.g. 500 or
// 502; discordgo v0.29.0 retries 502 up to MaxRestRetries times, not 500).
func (s *Server) FailNext(method, pathPattern string, n, status int) {
	s.InjectFault(Fault{Method: method, Path: pathPattern, Times: n, Status: status})
}

// ClearFaults disarms every pending REST fault.
func (s *Server) ClearFaults() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faults = nil
}

// takeFault consumes one use of the first fault matching the request.
func (s *Server) takeFault(method, apiPath string) *Fault {
	for i, f := range s.faults {
		if f.matches(method, apiPath) {
			f.Times--
			if f.Times <= 0 {
				s.faults = append(s.faults[:i:i], s.faults[i+1:]...)
			}
			return f
		}
	}
	return nil
}

// scope is the X-RateLimit-Scope of a 429 fault ("" for other statuses).
func (f *Fault) scope() string {
	switch {
	case f.Status != http.StatusTooManyRequests:
		return ""
	case f.Global:
		return "global"
	case f.Scope != "":
		return f.Scope
	}
	return "user"
}

// answer writes the fault's headers and returns its status and body. A 429
// is written as Discord writes one of its scope (docs §Exceeding A Rate
// Limit): a user or shared one with the headers of a bucket of its own
// that resets after RetryAfter (empty for user, not for shared), a global
// one without them.
func (f *Fault) answer(h http.Header, now time.Time) (int, *APIError, any) {
	if f.Status != http.StatusTooManyRequests {
		msg := f.Message
		if msg == "" {
			msg = fmt.Sprintf("%d: %s", f.Status, http.StatusText(f.Status))
		}
		e := apiErr(f.Status, f.Code, msg)
		return f.Status, e, e
	}
	scope := f.scope()
	msg := ratelimit.MsgRateLimited
	if scope != "global" {
		remaining := 0
		if scope == "shared" {
			msg, remaining = ratelimit.MsgResourceLimited, 4
		}
		ratelimit.WriteHeaders(h, Bucket{Requests: 5, Per: f.RetryAfter}, remaining, now.Add(f.RetryAfter), now, ratelimit.Hash("fault")) // a limit of 5: any would do
	}
	l := ratelimit.TooMany(h, f.RetryAfter, scope, 0, msg)
	return l.Status, nil, l.Body
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
func (s *Server) DropGateway() int {
	s.mu.Lock()
	conns := s.gw.liveConns()
	s.rec.publish(Event{Kind: EventGateway, Note: "fault: connection dropped"})
	s.mu.Unlock()
	for _, c := range conns {
		c.drop()
	}
	return len(conns)
}

// SetGatewayDown makes the gateway unreachable (down = true): open
// connections are dropped and new ones are refused with HTTP 503, so
// discordgo keeps retrying with its backoff (1 s, 2 s, 4 s, ...). Dispatches
// meanwhile are queued for RESUME. SetGatewayDown(false) ends the outage.
func (s *Server) SetGatewayDown(down bool) {
	s.mu.Lock()
	s.gw.down = down
	var conns []*gwConn
	if down {
		conns = s.gw.liveConns()
		s.rec.publish(Event{Kind: EventGateway, Note: "fault: gateway down"})
	} else {
		s.rec.publish(Event{Kind: EventGateway, Note: "gateway up"})
	}
	s.touch()
	s.mu.Unlock()
	for _, c := range conns {
		c.drop()
	}
}

// SendReconnect sends op 7 RECONNECT on every connection; discordgo closes
// with code 1012, waits about 1 s and reconnects with RESUME.
func (s *Server) SendReconnect() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for c := range s.gw.conns {
		c.send(encodeFrame(7, nil, 0, ""))
		s.gw.reconnects++
	}
	s.rec.publish(Event{Kind: EventGateway, Note: "fault: op 7 RECONNECT"})
	s.touch()
}

// InvalidateSession sends op 9 INVALID SESSION (d: false) on every connected
// session now and forgets those sessions; discordgo v0.29.0 answers at once
// with IDENTIFY on the same connection.
func (s *Server) InvalidateSession() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, ss := range s.gw.sessions {
		if ss.conn != nil && !ss.invalid {
			ss.invalid = true
			ss.conn.send(encodeFrame(9, false, 0, ""))
			s.gw.invalidSessions++
		}
	}
	s.rec.publish(Event{Kind: EventGateway, Note: "fault: op 9 INVALID SESSION"})
	s.touch()
}

// InvalidateNextResume makes the next RESUME fail with op 9 (d: false): the
// session and the dispatches queued for it are lost, and discordgo
// re-identifies, so the bot must recover from its store and channel history.
func (s *Server) InvalidateNextResume() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.gw.invalidateNextResume = true
}

// DiscardMissedEvents(true) makes dispatches produced while the bot is
// disconnected vanish instead of being kept for RESUME (messages are still
// stored and readable through GET /channels/{id}/messages).
func (s *Server) DiscardMissedEvents(discard bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.gw.discardMissed = discard
}

// ReplayOnNextResume makes the next RESUME replay the n dispatches before
// the sequence number the client gives as well, which it has already seen:
// a client must handle an event delivered twice (an event Discord replays,
// or the same DM on two sessions) as once.
func (s *Server) ReplayOnNextResume(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.gw.replayOnNextResume = n
}
