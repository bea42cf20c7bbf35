package discordtest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"strings"
	"sync"
	"time"

	"shinpan/bot/discordtest/ratelimit"
	"shinpan/bot/discordtest/wire"
)

// maxBody bounds a request body (Discord's largest upload tier is far above
// anything the bot sends; this only protects the test process).
const maxBody = 64 << 20

// call is one REST request being served.
type call struct {
	r     *http.Request
	req   *Request
	body  wire.Payload // top-level fields of Body
	files []File
	// aborted: the client went away before its body was all sent (a
	// request cancelled mid-send); Discord never sees such a request.
	aborted bool
}

func (c *call) param(name string) string { return c.r.PathValue(name) }

// handler serves a call with Server.mu held and returns the status and JSON
// body, or an error answer.
type handler func(c *call) (status int, body any, err *APIError)

// route is one REST endpoint: method and path pattern after /api/vN.
type route struct {
	method  string
	pattern string
	noAuth  bool           // interaction callbacks and webhooks are authorised by their token
	limit   ratelimit.Kind // the bucket it spends
	h       handler
}

func (s *Server) routeTable() []route {
	return []route{
		{method: "GET", pattern: "/gateway", h: s.getGateway},
		{method: "GET", pattern: "/gateway/bot", h: s.getGatewayBot},

		{method: "GET", pattern: "/users/@me", h: s.getMe},
		{method: "GET", pattern: "/users/{user_id}", h: s.getUser},
		{method: "POST", pattern: "/users/@me/channels", limit: ratelimit.DMOpen, h: s.createDM},
		{method: "GET", pattern: "/guilds/{guild_id}/members/{user_id}", h: s.getMember},

		{method: "GET", pattern: "/channels/{channel_id}", h: s.getChannel},
		{method: "GET", pattern: "/channels/{channel_id}/messages", h: s.listMessages},
		{method: "POST", pattern: "/channels/{channel_id}/messages", limit: ratelimit.MessageCreate, h: s.createMessage},
		{method: "GET", pattern: "/channels/{channel_id}/messages/{message_id}", h: s.getMessage},
		{method: "PATCH", pattern: "/channels/{channel_id}/messages/{message_id}", limit: ratelimit.MessageEdit, h: s.editChannelMessage},
		{method: "DELETE", pattern: "/channels/{channel_id}/messages/{message_id}", h: s.deleteChannelMessage},
		{method: "POST", pattern: "/channels/{channel_id}/messages/{message_id}/threads", limit: ratelimit.ThreadCreate, h: s.startThreadFromMessage},
		{method: "POST", pattern: "/channels/{channel_id}/threads", limit: ratelimit.ThreadCreate, h: s.startThread},
		{method: "PUT", pattern: "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me", limit: ratelimit.Reactions, h: s.addReaction},
		{method: "DELETE", pattern: "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me", limit: ratelimit.Reactions, h: s.removeReaction},
		{method: "DELETE", pattern: "/channels/{channel_id}/messages/{message_id}/reactions", limit: ratelimit.Reactions, h: s.removeReactions},

		{method: "GET", pattern: "/applications/{application_id}/commands", h: s.listCommands},
		{method: "POST", pattern: "/applications/{application_id}/commands", limit: ratelimit.Commands, h: s.createCommand},
		{method: "PUT", pattern: "/applications/{application_id}/commands", limit: ratelimit.Commands, h: s.overwriteCommands},
		{method: "GET", pattern: "/applications/{application_id}/commands/{command_id}", h: s.getCommand},
		{method: "PATCH", pattern: "/applications/{application_id}/commands/{command_id}", limit: ratelimit.Commands, h: s.editCommand},
		{method: "DELETE", pattern: "/applications/{application_id}/commands/{command_id}", limit: ratelimit.Commands, h: s.deleteCommand},
		{method: "GET", pattern: "/applications/{application_id}/guilds/{guild_id}/commands", h: s.listCommands},
		{method: "POST", pattern: "/applications/{application_id}/guilds/{guild_id}/commands", limit: ratelimit.Commands, h: s.createCommand},
		{method: "PUT", pattern: "/applications/{application_id}/guilds/{guild_id}/commands", limit: ratelimit.Commands, h: s.overwriteCommands},
		{method: "GET", pattern: "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}", h: s.getCommand},
		{method: "PATCH", pattern: "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}", limit: ratelimit.Commands, h: s.editCommand},
		{method: "DELETE", pattern: "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}", limit: ratelimit.Commands, h: s.deleteCommand},

		{method: "POST", pattern: "/interactions/{interaction_id}/{interaction_token}/callback", noAuth: true, h: s.interactionCallback},
		{method: "POST", pattern: "/webhooks/{webhook_id}/{webhook_token}", noAuth: true, limit: ratelimit.Webhook, h: s.executeWebhook},
		{method: "GET", pattern: "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", noAuth: true, limit: ratelimit.Webhook, h: s.getWebhookMessage},
		{method: "PATCH", pattern: "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", noAuth: true, limit: ratelimit.Webhook, h: s.editWebhookMessage},
		{method: "DELETE", pattern: "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", noAuth: true, limit: ratelimit.Webhook, h: s.deleteWebhookMessage},
	}
}

// routes builds the HTTP handler: the REST API under /api/v9 and /api/v10,
// the gateway under /ws/, uploaded files under /attachments/.
func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()
	for _, rt := range s.routeTable() {
		mux.HandleFunc(rt.method+" /api/{version}"+rt.pattern, s.api(rt))
	}
	mux.HandleFunc("/api/", s.unknownRoute)
	mux.HandleFunc("/ws", s.serveGateway)
	mux.HandleFunc("/ws/", s.serveGateway)
	mux.HandleFunc("GET /attachments/{channel_id}/{attachment_id}/{filename}", s.serveAttachment)
	return mux
}

// api wraps a route: read and record the request, apply injected faults,
// check authorisation, validate, serve, record the answer. The checks that
// need no state (authorisation, validation) run before the lock is taken, so
// that a request takes it once: every request the bot makes passes here, and
// under load a lock taken four times a request (each a hand-over to a
// goroutine that must wait for a thread) queued the bot's senders behind
// each other.
func (s *Server) api(rt route) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if v := r.PathValue("version"); v != "v9" && v != "v10" {
			s.unknownRoute(w, r)
			return
		}
		c, problems := s.readCall(r)
		c.req.Route = rt.method + " " + rt.pattern
		if c.aborted { // recorded, not answered nor acted on: the client is gone
			c.req.Fault = "aborted by the client"
			s.mu.Lock()
			s.recordLocked(c.req)
			s.mu.Unlock()
			return
		}
		authorised := rt.noAuth || s.tokenOK(r.Header.Get("Authorization"))
		if authorised && s.opts.Validation != ValidateOff {
			problems = append(problems, s.validate(c)...)
		}
		token := r.Header.Get("Authorization")
		s.mu.Lock()
		s.recordLocked(c.req)
		now := s.now()
		if s.rl.Banned() {
			out := s.banLocked(w, c.req)
			s.mu.Unlock()
			s.writeBanned(w, c.req, out)
			return
		}
		f := s.takeFault(r.Method, c.req.APIPath())
		var lim *ratelimit.Refusal
		if f == nil && authorised {
			lim = s.rateLimitLocked(rt, c, token, now, w.Header())
		}
		var out []byte
		switch {
		case f != nil:
			status, aerr, body := f.answer(w.Header(), now)
			c.req.Scope = f.scope()
			out = s.answerLocked(c.req, status, body, aerr, fmt.Sprintf("injected %d", status))
		case lim != nil:
			c.req.Scope = lim.Scope
			body, aerr := refusalAnswer(lim)
			out = s.answerLocked(c.req, lim.Status, body, aerr, "")
		case !authorised:
			e := errUnauthorized()
			out = s.answerLocked(c.req, e.Status, e, e, "")
		default:
			if len(problems) > 0 {
				c.req.Problems = problems
				s.rec.failures = append(s.rec.failures, fmt.Sprintf("invalid request #%d %s %s: %s",
					c.req.Seq, c.req.Method, c.req.Path, strings.Join(problems, "; ")))
			}
			if len(problems) > 0 && s.opts.Validation == ValidateReject {
				e := errFormBody()
				e.Errors = wire.MustJSON(obj{"_errors": []any{obj{"code": "DISCORDTEST_INVALID", "message": strings.Join(problems, "; ")}}})
				out = s.answerLocked(c.req, e.Status, e, e, "")
				break
			}
			status, body, aerr := rt.h(c)
			if aerr != nil {
				status, body = aerr.Status, aerr
			}
			out = s.answerLocked(c.req, status, body, aerr, "")
		}
		s.mu.Unlock()
		s.write(w, c.req, out)
	}
}

// recordLocked numbers and stores a request; callers hold s.mu.
func (s *Server) recordLocked(req *Request) {
	s.rec.count++
	req.Seq = s.rec.count
	if !s.opts.Lean {
		s.rec.requests = append(s.rec.requests, req)
	}
	s.touch()
}

// finish records the answer, publishes the request and writes the answer.
func (s *Server) finish(w http.ResponseWriter, req *Request, status int, body any, aerr *APIError, fault string) {
	s.mu.Lock()
	out := s.answerLocked(req, status, body, aerr, fault)
	s.mu.Unlock()
	s.write(w, req, out)
}

// answerLocked records the answer and publishes the request; it returns the
// answer's JSON (nil for none). Callers hold s.mu.
func (s *Server) answerLocked(req *Request, status int, body any, aerr *APIError, fault string) []byte {
	var out []byte
	if e, ok := body.(wire.Encoded); ok && status != http.StatusNoContent {
		out = bytes.Clone(e) // the request's record is its own
	} else if body != nil && status != http.StatusNoContent {
		out = wire.MustJSON(body)
	}
	req.Status = status
	req.Response = out
	req.Error = aerr
	req.Fault = fault
	if !req.Endpoint && s.rl.Count(req.Status, req.Scope, s.now()) {
		req.Invalid = true
	}
	snap := *req
	s.rec.publish(Event{Kind: EventRequest, Request: &snap})
	s.touch()
	return out
}

// write sends a recorded answer.
func (s *Server) write(w http.ResponseWriter, req *Request, out []byte) {
	s.logf("discordtest: %s %s -> %d", req.Method, req.Path, req.Status)
	if out != nil {
		w.Header().Set("Content-Type", "application/json")
	}
	w.WriteHeader(req.Status)
	if out != nil {
		_, _ = w.Write(out)
	}
}

// unknownRoute answers 404 and records the request as a failure.
func (s *Server) unknownRoute(w http.ResponseWriter, r *http.Request) {
	c, _ := s.readCall(r)
	s.mu.Lock()
	s.recordLocked(c.req)
	if s.rl.Banned() {
		out := s.banLocked(w, c.req)
		s.mu.Unlock()
		s.writeBanned(w, c.req, out)
		return
	}
	s.rec.failures = append(s.rec.failures, fmt.Sprintf("unknown route #%d %s %s", c.req.Seq, r.Method, r.URL.Path))
	s.mu.Unlock()
	e := errNotFound()
	s.finish(w, c.req, e.Status, e, e, "")
}

// readCall reads the body: JSON, or multipart with a payload_json part and
// files[N] parts. It returns problems with the body's form.
func (s *Server) readCall(r *http.Request) (*call, []string) {
	req := &Request{
		Time:        time.Now(),
		Method:      r.Method,
		Path:        r.URL.Path,
		Query:       r.URL.Query(),
		ContentType: r.Header.Get("Content-Type"),
	}
	c := &call{r: r, req: req}
	var buf []byte
	if strings.HasPrefix(req.ContentType, "multipart/") { // its parts are copied out: the body can be reused
		bp := bodyBufs.Get().(*[]byte)
		defer func() {
			if cap(buf) <= 1<<20 {
				*bp = buf[:0]
			}
			bodyBufs.Put(bp)
		}()
		buf = *bp
	}
	raw, err := wire.ReadAll(buf, r.Body, r.ContentLength, maxBody)
	buf = raw
	if err != nil {
		if errors.Is(err, io.ErrUnexpectedEOF) || r.Context().Err() != nil {
			c.aborted = true
			return c, nil
		}
		return c, []string{"reading body: " + err.Error()}
	}
	return c, s.readBody(c, raw)
}

// bodyBufs hold multipart bodies as they are read.
var bodyBufs = sync.Pool{New: func() any { return new([]byte) }}

// readBody fills c from a JSON or multipart body of c.req.ContentType.
func (s *Server) readBody(c *call, raw []byte) []string {
	req := c.req
	if len(bytes.TrimSpace(raw)) == 0 {
		return nil
	}
	var problems []string
	mt, params, _ := mime.ParseMediaType(req.ContentType)
	switch mt {
	case "application/json":
		if !json.Valid(raw) {
			problems = append(problems, "body is not valid JSON")
		} else {
			req.Body = raw
		}
	case "multipart/form-data":
		problems = append(problems, s.readMultipart(c, raw, params["boundary"])...)
	default:
		problems = append(problems, fmt.Sprintf("unsupported content type %q", req.ContentType))
	}
	c.body = wire.ParseValid(req.Body)
	return problems
}

// partBufs hold a part's bytes as it is read, copied out at their size (a
// part is never longer than the body).
var partBufs = sync.Pool{New: func() any { return new([]byte) }}

// readMultipart takes the parts of a multipart body: split at once when it
// is in the plain form (SplitForm), read with mime/multipart otherwise.
func (s *Server) readMultipart(c *call, raw []byte, boundary string) []string {
	var problems []string
	seen := map[string]bool{}
	if parts, ok := wire.SplitForm(raw, boundary); ok {
		for _, p := range parts {
			problems = s.takePart(c, seen, p, problems)
		}
		c.req.Files = c.files
		return problems
	}
	mr := multipart.NewReader(bytes.NewReader(raw), boundary)
	sp := partBufs.Get().(*[]byte)
	defer partBufs.Put(sp)
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			return append(problems, "multipart: "+err.Error())
		}
		*sp, err = wire.ReadAll(*sp, part, int64(len(raw)), maxBody)
		if err != nil {
			return append(problems, "multipart: "+err.Error())
		}
		// *sp is reused for the next part: takePart copies what it keeps.
		p := wire.FormPart{Name: part.FormName(), Filename: part.FileName(), ContentType: part.Header.Get("Content-Type"), Data: *sp}
		problems = s.takePart(c, seen, p, problems)
	}
	c.req.Files = c.files
	return problems
}

// takePart takes one part into c (payload_json as its body, files[N] as a
// file, copied where they are kept) and appends its problems.
func (s *Server) takePart(c *call, seen map[string]bool, p wire.FormPart, problems []string) []string {
	name, data := p.Name, p.Data
	if seen[name] {
		problems = append(problems, fmt.Sprintf("multipart part %q appears twice", name))
	}
	seen[name] = true
	index, isFile := wire.FileIndex(name)
	switch {
	case name == "payload_json":
		if !json.Valid(data) {
			return append(problems, "payload_json is not valid JSON")
		}
		c.req.Body = bytes.Clone(data)
	case isFile:
		f := File{Field: name, Index: index, Filename: p.Filename, ContentType: p.ContentType, size: len(data)}
		if !s.opts.Lean { // Lean keeps no file's bytes
			f.Data = bytes.Clone(data)
		}
		if strings.HasPrefix(f.ContentType, "image/") {
			f.width, f.height = wire.ImageSize(data)
		}
		if f.Filename == "" {
			problems = append(problems, fmt.Sprintf("multipart part %q has no filename", name))
		}
		c.files = append(c.files, f)
	default:
		problems = append(problems, fmt.Sprintf("unexpected multipart part %q (want payload_json or files[N])", name))
	}
	return problems
}

// serveAttachment serves the bytes of an uploaded file.
func (s *Server) serveAttachment(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	var found *Attachment
	for _, m := range s.world.channelMsgs[r.PathValue("channel_id")] {
		for i := range m.Attachments {
			if m.Attachments[i].ID == r.PathValue("attachment_id") {
				found = &m.Attachments[i]
			}
		}
	}
	s.mu.Unlock()
	if found == nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", found.ContentType)
	_, _ = w.Write(found.Data)
}
