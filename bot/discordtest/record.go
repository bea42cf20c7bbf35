package discordtest

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"regexp"
	"shinpan/bot/discordtest/wire"
	"strings"
	"sync"
	"time"
)

// File is one file part of a multipart request: form field files[Index].
type File struct {
	Field       string // "files[0]"
	Index       string // "0"
	Filename    string
	ContentType string
	Data        []byte // nil with Options.Lean
	// width and height of an image, read as the request is read (not under
	// the server's lock); 0 for other files.
	width, height int
	size          int // len(Data), also with Options.Lean
}

// Request is one REST request the bot made, with the stand-in's answer.
type Request struct {
	Seq         int // 1, 2, ... in order of arrival
	Time        time.Time
	Method      string
	Path        string // as received, e.g. "/api/v9/channels/12/messages"
	Route       string // e.g. "POST /channels/{channel_id}/messages"; empty if unknown
	Query       url.Values
	ContentType string
	// Body is the JSON body, or the payload_json part of a multipart body; nil if none.
	Body  json.RawMessage
	Files []File

	Status   int
	Response json.RawMessage // the JSON answer; nil for 204
	Error    *APIError       // set for answers >= 400
	Fault    string          // set when the answer was an injected fault, or "banned"
	Problems []string        // validation problems (see ValidationErrors)
	// Bucket is the X-RateLimit-Bucket of the answer (empty with the limit off).
	Bucket string
	// Scope is the X-RateLimit-Scope of a 429: "user", "global" or "shared".
	Scope string
	// Invalid marks an answer counted toward the invalid-request ban (401,
	// 403, and 429 of a scope other than shared); Banned one refused
	// because of it (RateLimitStats).
	Invalid, Banned bool

	MessageID string // message created, edited or deleted by this request
	// Deduplicated is set when a create carried the nonce of a recent
	// message (enforce_nonce) and was answered with that message.
	Deduplicated  bool
	InteractionID string // interaction this request answered
	// Endpoint marks the HTTP answer of the bot's Interactions Endpoint,
	// taken as the interaction's callback (endpoint.go): not a REST request.
	Endpoint bool
}

// APIPath is Path without the "/api/vN" prefix, e.g. "/channels/12/messages".
func (r Request) APIPath() string {
	p := r.Path
	if strings.HasPrefix(p, "/api/v") {
		if i := strings.IndexByte(p[len("/api/v"):], '/'); i >= 0 {
			return p[len("/api/v")+i:]
		}
	}
	return p
}

// EventKind tells what an Event is about.
type EventKind int

const (
	// EventRequest: the bot made a REST request (Event.Request).
	EventRequest EventKind = iota + 1
	// EventDispatch: a gateway dispatch was produced for the bot (Event.Dispatch).
	EventDispatch
	// EventGateway: something happened on the gateway (Event.Note), e.g. IDENTIFY.
	EventGateway
	// EventEndpoint: an interaction was POSTed to the bot's endpoint (Event.Note).
	EventEndpoint
)

// Dispatch is a gateway event sent (or queued) for the bot.
type Dispatch struct {
	Type     string          // "INTERACTION_CREATE", "MESSAGE_CREATE", ...
	Data     json.RawMessage // the "d" field
	Sessions int             // how many gateway sessions it was sent or queued to
	// SessionIDs are those sessions (GatewayStats.Sessions names them).
	SessionIDs []string
	Guild      string // the guild it is about, which chose the shard ("": none, shard 0)
}

// Event is one entry of the live transcript delivered to subscribers.
type Event struct {
	Seq      int
	Time     time.Time
	Kind     EventKind
	Request  *Request
	Dispatch *Dispatch
	Note     string
}

// String renders the event as one transcript line.
func (e Event) String() string {
	switch e.Kind {
	case EventRequest:
		r := e.Request
		line := fmt.Sprintf("bot  %s %s -> %d", r.Method, tokenRE.ReplaceAllString(r.APIPath(), "{token}"), r.Status)
		if c := summarizeBody(r.Body); c != "" {
			line += " " + c
		}
		for _, f := range r.Files {
			line += fmt.Sprintf(" [%s %dB]", f.Filename, f.size)
		}
		if r.Endpoint {
			line += " (the endpoint's HTTP answer)"
		}
		if r.Fault != "" {
			line += " (fault: " + r.Fault + ")"
		}
		if r.Scope != "" {
			line += " (rate limited, scope " + r.Scope + ")"
		}
		if r.Error != nil {
			line += fmt.Sprintf(" (code %d %s)", r.Error.Code, r.Error.Message)
		}
		if len(r.Problems) > 0 {
			line += " INVALID: " + strings.Join(r.Problems, "; ")
		}
		return line
	case EventDispatch:
		return fmt.Sprintf("gw   %s %s", e.Dispatch.Type, summarizeDispatch(e.Dispatch))
	case EventEndpoint:
		return "http " + e.Note
	default:
		return "gw   " + e.Note
	}
}

// tokenRE matches the interaction tokens the stand-in hands out.
var tokenRE = regexp.MustCompile(tokenPrefix + `[A-Za-z0-9_-]+`)

func summarizeBody(b json.RawMessage) string {
	p := wire.Parse(b)
	var parts []string
	if t := p.Int("type"); p.Has("type") && t != 0 {
		parts = append(parts, fmt.Sprintf("type=%d", t))
	}
	if d, ok := p["data"]; ok {
		p = wire.Parse(d)
	}
	if c := p.Str("content"); c != "" {
		parts = append(parts, fmt.Sprintf("%q", clip(c, 80)))
	}
	if p.List("embeds") != nil {
		parts = append(parts, "+embeds")
	}
	if p.List("components") != nil {
		parts = append(parts, "+components")
	}
	if f := p.Int("flags"); f != 0 {
		parts = append(parts, fmt.Sprintf("flags=%d", f))
	}
	return strings.Join(parts, " ")
}

func summarizeDispatch(d *Dispatch) string {
	var v struct {
		Type    int    `json:"type"`
		Content string `json:"content"`
		Author  struct {
			Username string `json:"username"`
		} `json:"author"`
		User *struct {
			Username string `json:"username"`
		} `json:"user"`
		Member *struct {
			User struct {
				Username string `json:"username"`
			} `json:"user"`
		} `json:"member"`
		Data struct {
			Name     string   `json:"name"`
			CustomID string   `json:"custom_id"`
			Values   []string `json:"values"`
		} `json:"data"`
	}
	_ = json.Unmarshal(d.Data, &v)
	switch d.Type {
	case "MESSAGE_CREATE":
		return fmt.Sprintf("%s: %q", v.Author.Username, clip(v.Content, 80))
	case "INTERACTION_CREATE":
		who := ""
		if v.Member != nil {
			who = v.Member.User.Username
		} else if v.User != nil {
			who = v.User.Username
		}
		what := "/" + v.Data.Name
		if v.Data.CustomID != "" {
			what = v.Data.CustomID
		}
		if len(v.Data.Values) > 0 {
			what += " " + strings.Join(v.Data.Values, ",")
		}
		return fmt.Sprintf("%s: type %d %s", who, v.Type, what)
	}
	return ""
}

func clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

// recorder keeps the request log and feeds subscribers; guarded by Server.mu
// except for the subscribers' own queues.
type recorder struct {
	count      int // requests so far (the log is empty with Options.Lean)
	requests   []*Request
	dispatches []*Dispatch
	failures   []string
	eventSeq   int
	subs       []*subscriber
}

// publish queues e for every subscriber, in the order publish is called
// (callers hold Server.mu).
func (r *recorder) publish(e Event) {
	r.eventSeq++
	e.Seq = r.eventSeq
	if e.Time.IsZero() {
		e.Time = time.Now()
	}
	for _, sub := range r.subs {
		sub.push(e)
	}
}

type subscriber struct {
	fn     func(Event)
	mu     sync.Mutex
	queue  []Event
	wake   chan struct{}
	closed bool
	done   chan struct{}
}

func newSubscriber(fn func(Event)) *subscriber {
	sub := &subscriber{fn: fn, wake: make(chan struct{}, 1), done: make(chan struct{})}
	go sub.run()
	return sub
}

func (sub *subscriber) push(e Event) {
	sub.mu.Lock()
	if !sub.closed {
		sub.queue = append(sub.queue, e)
	}
	sub.mu.Unlock()
	select {
	case sub.wake <- struct{}{}:
	default:
	}
}

func (sub *subscriber) close() {
	sub.mu.Lock()
	already := sub.closed
	sub.closed = true
	sub.mu.Unlock()
	if !already {
		select {
		case sub.wake <- struct{}{}:
		default:
		}
	}
	<-sub.done
}

func (sub *subscriber) run() {
	defer close(sub.done)
	for range sub.wake {
		for {
			sub.mu.Lock()
			q := sub.queue
			sub.queue = nil
			closed := sub.closed
			sub.mu.Unlock()
			for _, e := range q {
				sub.fn(e)
			}
			if len(q) == 0 {
				if closed {
					return
				}
				break
			}
		}
	}
}

// Subscribe calls fn for every later Event, one at a time and in order, on a
// goroutine of its own (fn may call the Server's methods). The returned
// function unsubscribes after delivering what is already queued; do not call
// it from fn. Close ends all subscriptions the same way.
func (s *Server) Subscribe(fn func(Event)) (unsubscribe func()) {
	sub := newSubscriber(fn)
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		sub.close()
		return func() {}
	}
	s.rec.subs = append(s.rec.subs, sub)
	s.mu.Unlock()
	return func() {
		s.mu.Lock()
		for i, x := range s.rec.subs {
			if x == sub {
				s.rec.subs = append(s.rec.subs[:i:i], s.rec.subs[i+1:]...)
				break
			}
		}
		s.mu.Unlock()
		sub.close()
	}
}

// Requests returns every REST request so far, in order of arrival.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Request, len(s.rec.requests))
	for i, r := range s.rec.requests {
		out[i] = *r
	}
	return out
}

// Dispatches returns every gateway dispatch produced so far, in order.
func (s *Server) Dispatches() []Dispatch {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Dispatch, len(s.rec.dispatches))
	for i, d := range s.rec.dispatches {
		out[i] = *d
	}
	return out
}

// Failures lists what went wrong on the bot's side or the stand-in's: REST
// calls to routes the stand-in does not know, validation problems, and
// unreadable bodies. An end-to-end test normally ends by asserting it is empty.
func (s *Server) Failures() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.rec.failures...)
}

// WaitFor returns the first recorded request (oldest first, including those
// already made) for which match returns true, waiting for it until ctx ends.
// The request is complete: Status and Response are set.
func (s *Server) WaitFor(ctx context.Context, match func(Request) bool) (Request, error) {
	var found Request
	err := s.wait(ctx, func() bool {
		for _, r := range s.rec.requests {
			if r.Status != 0 && match(*r) {
				found = *r
				return true
			}
		}
		return false
	})
	return found, err
}

// WaitMessages waits until the bot has at least n non-deleted messages in
// the channel (ephemeral ones included) and returns them, oldest first.
func (s *Server) WaitMessages(channelID string, n int, timeout time.Duration) ([]Message, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	var out []Message
	err := s.wait(ctx, func() bool {
		out = s.messagesLocked(channelID, true)
		return len(out) >= n
	})
	if err != nil {
		return out, fmt.Errorf("discordtest: %d of %d bot messages in channel %s: %w", len(out), n, channelID, err)
	}
	return out, nil
}

// WaitDMs is WaitMessages for the user's DM channel.
func (s *Server) WaitDMs(userID string, n int, timeout time.Duration) ([]Message, error) {
	ch, err := s.DMChannel(userID)
	if err != nil {
		return nil, err
	}
	return s.WaitMessages(ch, n, timeout)
}

// TB is the part of testing.TB that AssertClean uses.
type TB interface {
	Helper()
	Errorf(format string, args ...any)
}

// AssertClean reports every failure (see Failures) as a test error.
func (s *Server) AssertClean(t TB) {
	t.Helper()
	for _, f := range s.Failures() {
		t.Errorf("discordtest: %s", f)
	}
}
