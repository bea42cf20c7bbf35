package world

import (
	"bytes"
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

// NewFile is the file part name (files[index]) of a request: data is
// kept unless lean, and an image's width and height are read.
func NewFile(name, index, filename, contentType string, data []byte, lean bool) File {
	f := File{Field: name, Index: index, Filename: filename, ContentType: contentType, size: len(data)}
	if !lean { // Lean keeps no file's bytes
		f.Data = bytes.Clone(data)
	}
	if strings.HasPrefix(f.ContentType, "image/") {
		f.width, f.height = wire.ImageSize(data)
	}
	return f
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
	Error    *wire.APIError  // set for answers >= 400
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
	// taken as the interaction's callback (rest.Endpoint): not a REST request.
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
var tokenRE = regexp.MustCompile(TokenPrefix + `[A-Za-z0-9_-]+`)

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
		parts = append(parts, fmt.Sprintf("%q", Clip(c, 80)))
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
		return fmt.Sprintf("%s: %q", v.Author.Username, Clip(v.Content, 80))
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

// Clip is s cut to n characters, with an ellipsis when cut.
func Clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

// Recorder keeps the request log and feeds subscribers; guarded by the World's lock
// except for the subscribers' own queues.
type Recorder struct {
	Count      int // requests so far (the log is empty with Options.Lean)
	Requests   []*Request
	Dispatches []*Dispatch
	Failures   []string
	eventSeq   int
	Subs       []*Subscriber
}

// Publish queues e for every Subscriber, in the order Publish is called
// (callers hold the World's lock).
func (r *Recorder) Publish(e Event) {
	r.eventSeq++
	e.Seq = r.eventSeq
	if e.Time.IsZero() {
		e.Time = time.Now()
	}
	for _, sub := range r.Subs {
		sub.push(e)
	}
}

// Subscriber delivers events to a function, one at a time and in order,
// on a goroutine of its own.
type Subscriber struct {
	fn     func(Event)
	mu     sync.Mutex
	queue  []Event
	wake   chan struct{}
	closed bool
	done   chan struct{}
}

// NewSubscriber starts delivering events pushed to it to fn.
func NewSubscriber(fn func(Event)) *Subscriber {
	sub := &Subscriber{fn: fn, wake: make(chan struct{}, 1), done: make(chan struct{})}
	go sub.run()
	return sub
}

func (sub *Subscriber) push(e Event) {
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

// Close delivers what is queued and ends the Subscriber.
func (sub *Subscriber) Close() {
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

func (sub *Subscriber) run() {
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
