package rest

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

	"shinpan/bot/discordtest/gateway"
	"shinpan/bot/discordtest/ratelimit"
	"shinpan/bot/discordtest/wire"
	"shinpan/bot/discordtest/world"
)

// maxBody bounds a request body (Discord's largest upload tier is far above
// anything the bot sends; this only protects the test process).
const maxBody = 64 << 20

// obj is a JSON object under construction.
type obj = map[string]any

// API is the stand-in's REST API: it reads, records, validates and
// rate-limits every request, applies the injected faults, and hands the
// request to its route's handler. Its state (the faults, the limiter) is
// guarded by the World's lock.
type API struct {
	w      *world.World
	gw     *gateway.Gateway
	rl     *ratelimit.Limiter
	h      *handlers
	ep     *Endpoint
	faults []*Fault
}

// handlers serve the routes (handler) on the World, under its lock.
type handlers struct {
	w  *world.World
	gw *gateway.Gateway
}

// New returns the REST API of w, whose events gw dispatches, limited by
// rl (use its Handler).
func New(w *world.World, gw *gateway.Gateway, rl *ratelimit.Limiter) *API {
	a := &API{w: w, gw: gw, rl: rl, h: &handlers{w: w, gw: gw}}
	a.ep = newEndpoint(a)
	return a
}

// Endpoint is the Interactions Endpoint.
func (a *API) Endpoint() *Endpoint { return a.ep }

// call is one REST request being served.
type call struct {
	r     *http.Request
	req   *world.Request
	body  wire.Payload // top-level fields of Body
	files []world.File
	// aborted: the client went away before its body was all sent (a
	// request cancelled mid-send); Discord never sees such a request.
	aborted bool
}

func (c *call) param(name string) string { return c.r.PathValue(name) }

// handler serves a call with the World's lock held and returns the status and JSON
// body, or an error answer.
type handler func(c *call) (status int, body any, err *wire.APIError)

// route is one REST endpoint: method and path pattern after /api/vN.
type route struct {
	method  string
	pattern string
	noAuth  bool           // interaction callbacks and webhooks are authorised by their token
	limit   ratelimit.Kind // the bucket it spends
	h       handler
}

func (h *handlers) routeTable() []route {
	return []route{
		{method: "GET", pattern: "/gateway", h: h.getGateway},
		{method: "GET", pattern: "/gateway/bot", h: h.getGatewayBot},

		{method: "GET", pattern: "/users/@me", h: h.getMe},
		{method: "GET", pattern: "/users/{user_id}", h: h.getUser},
		{method: "POST", pattern: "/users/@me/channels", limit: ratelimit.DMOpen, h: h.createDM},
		{method: "GET", pattern: "/guilds/{guild_id}/members/{user_id}", h: h.getMember},

		{method: "GET", pattern: "/channels/{channel_id}", h: h.getChannel},
		{method: "GET", pattern: "/channels/{channel_id}/messages", h: h.listMessages},
		{method: "POST", pattern: "/channels/{channel_id}/messages", limit: ratelimit.MessageCreate, h: h.createMessage},
		{method: "GET", pattern: "/channels/{channel_id}/messages/{message_id}", h: h.getMessage},
		{method: "PATCH", pattern: "/channels/{channel_id}/messages/{message_id}", limit: ratelimit.MessageEdit, h: h.editChannelMessage},
		{method: "DELETE", pattern: "/channels/{channel_id}/messages/{message_id}", h: h.deleteChannelMessage},
		{method: "POST", pattern: "/channels/{channel_id}/messages/{message_id}/threads", limit: ratelimit.ThreadCreate, h: h.startThreadFromMessage},
		{method: "POST", pattern: "/channels/{channel_id}/threads", limit: ratelimit.ThreadCreate, h: h.startThread},
		{method: "PUT", pattern: "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me", limit: ratelimit.Reactions, h: h.addReaction},
		{method: "DELETE", pattern: "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me", limit: ratelimit.Reactions, h: h.removeReaction},
		{method: "DELETE", pattern: "/channels/{channel_id}/messages/{message_id}/reactions", limit: ratelimit.Reactions, h: h.removeReactions},

		{method: "GET", pattern: "/applications/{application_id}/commands", h: h.listCommands},
		{method: "POST", pattern: "/applications/{application_id}/commands", limit: ratelimit.Commands, h: h.createCommand},
		{method: "PUT", pattern: "/applications/{application_id}/commands", limit: ratelimit.Commands, h: h.overwriteCommands},
		{method: "GET", pattern: "/applications/{application_id}/commands/{command_id}", h: h.getCommand},
		{method: "PATCH", pattern: "/applications/{application_id}/commands/{command_id}", limit: ratelimit.Commands, h: h.editCommand},
		{method: "DELETE", pattern: "/applications/{application_id}/commands/{command_id}", limit: ratelimit.Commands, h: h.deleteCommand},
		{method: "GET", pattern: "/applications/{application_id}/guilds/{guild_id}/commands", h: h.listCommands},
		{method: "POST", pattern: "/applications/{application_id}/guilds/{guild_id}/commands", limit: ratelimit.Commands, h: h.createCommand},
		{method: "PUT", pattern: "/applications/{application_id}/guilds/{guild_id}/commands", limit: ratelimit.Commands, h: h.overwriteCommands},
		{method: "GET", pattern: "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}", h: h.getCommand},
		{method: "PATCH", pattern: "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}", limit: ratelimit.Commands, h: h.editCommand},
		{method: "DELETE", pattern: "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}", limit: ratelimit.Commands, h: h.deleteCommand},

		{method: "POST", pattern: "/interactions/{interaction_id}/{interaction_token}/callback", noAuth: true, h: h.interactionCallback},
		{method: "POST", pattern: "/webhooks/{webhook_id}/{webhook_token}", noAuth: true, limit: ratelimit.Webhook, h: h.executeWebhook},
		{method: "GET", pattern: "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", noAuth: true, limit: ratelimit.Webhook, h: h.getWebhookMessage},
		{method: "PATCH", pattern: "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", noAuth: true, limit: ratelimit.Webhook, h: h.editWebhookMessage},
		{method: "DELETE", pattern: "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", noAuth: true, limit: ratelimit.Webhook, h: h.deleteWebhookMessage},
	}
}

// Handler builds the HTTP handler: the REST API under /api/v9 and /api/v10,
// the gateway under /ws/, uploaded files under /attachments/.
func (a *API) Handler() http.Handler {
	mux := http.NewServeMux()
	for _, rt := range a.h.routeTable() {
		mux.HandleFunc(rt.method+" /api/{version}"+rt.pattern, a.api(rt))
	}
	mux.HandleFunc("/api/", a.unknownRoute)
	mux.HandleFunc("/ws", a.gw.ServeHTTP)
	mux.HandleFunc("/ws/", a.gw.ServeHTTP)
	mux.HandleFunc("GET /attachments/{channel_id}/{attachment_id}/{filename}", a.serveAttachment)
	return mux
}

// api wraps a route: read and record the request, apply injected faults,
// check authorisation, validate, serve, record the answer. The checks that
// need no state (authorisation, validation) run before the lock is taken, so
// that a request takes it once: every request the bot makes passes here, and
// under load a lock taken four times a request (each a hand-over to a
// goroutine that must wait for a thread) queued the bot's senders behind
// each other.
func (a *API) api(rt route) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if v := r.PathValue("version"); v != "v9" && v != "v10" {
			a.unknownRoute(w, r)
			return
		}
		c, problems := a.readCall(r)
		c.req.Route = rt.method + " " + rt.pattern
		if c.aborted { // recorded, not answered nor acted on: the client is gone
			c.req.Fault = "aborted by the client"
			a.w.Lock()
			a.recordLocked(c.req)
			a.w.Unlock()
			return
		}
		authorised := rt.noAuth || a.w.TokenOK(r.Header.Get("Authorization"))
		if authorised && a.w.Opts.Validation != world.ValidateOff {
			problems = append(problems, a.validate(c)...)
		}
		token := r.Header.Get("Authorization")
		a.w.Lock()
		a.recordLocked(c.req)
		now := a.w.Now()
		if a.rl.Banned() {
			out := a.banLocked(w, c.req)
			a.w.Unlock()
			a.writeBanned(w, c.req, out)
			return
		}
		f := a.takeFault(r.Method, c.req.APIPath())
		var lim *ratelimit.Refusal
		if f == nil && authorised {
			lim = a.rateLimitLocked(rt, c, token, now, w.Header())
		}
		var out []byte
		switch {
		case f != nil:
			status, aerr, body := f.answer(w.Header(), now)
			c.req.Scope = f.scope()
			out = a.answerLocked(c.req, status, body, aerr, fmt.Sprintf("injected %d", status))
		case lim != nil:
			c.req.Scope = lim.Scope
			body, aerr := refusalAnswer(lim)
			out = a.answerLocked(c.req, lim.Status, body, aerr, "")
		case !authorised:
			e := errUnauthorized()
			out = a.answerLocked(c.req, e.Status, e, e, "")
		default:
			if len(problems) > 0 {
				c.req.Problems = problems
				a.w.Rec.Failures = append(a.w.Rec.Failures, fmt.Sprintf("invalid request #%d %s %s: %s",
					c.req.Seq, c.req.Method, c.req.Path, strings.Join(problems, "; ")))
			}
			if len(problems) > 0 && a.w.Opts.Validation == world.ValidateReject {
				e := errFormBody()
				e.Errors = wire.MustJSON(obj{"_errors": []any{obj{"code": "DISCORDTEST_INVALID", "message": strings.Join(problems, "; ")}}})
				out = a.answerLocked(c.req, e.Status, e, e, "")
				break
			}
			status, body, aerr := rt.h(c)
			if aerr != nil {
				status, body = aerr.Status, aerr
			}
			out = a.answerLocked(c.req, status, body, aerr, "")
		}
		a.w.Unlock()
		a.write(w, c.req, out)
	}
}

// recordLocked numbers and stores a request; callers hold the World's lock.
func (a *API) recordLocked(req *world.Request) {
	a.w.Rec.Count++
	req.Seq = a.w.Rec.Count
	if !a.w.Opts.Lean {
		a.w.Rec.Requests = append(a.w.Rec.Requests, req)
	}
	a.w.Touch()
}

// finish records the answer, publishes the request and writes the answer.
func (a *API) finish(w http.ResponseWriter, req *world.Request, status int, body any, aerr *wire.APIError, fault string) {
	a.w.Lock()
	out := a.answerLocked(req, status, body, aerr, fault)
	a.w.Unlock()
	a.write(w, req, out)
}

// answerLocked records the answer and publishes the request; it returns the
// answer's JSON (nil for none). Callers hold the World's lock.
func (a *API) answerLocked(req *world.Request, status int, body any, aerr *wire.APIError, fault string) []byte {
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
	if !req.Endpoint && a.rl.Count(req.Status, req.Scope, a.w.Now()) {
		req.Invalid = true
	}
	snap := *req
	a.w.Rec.Publish(world.Event{Kind: world.EventRequest, Request: &snap})
	a.w.Touch()
	return out
}

// write sends a recorded answer.
func (a *API) write(w http.ResponseWriter, req *world.Request, out []byte) {
	a.w.Logf("discordtest: %s %s -> %d", req.Method, req.Path, req.Status)
	if out != nil {
		w.Header().Set("Content-Type", "application/json")
	}
	w.WriteHeader(req.Status)
	if out != nil {
		_, _ = w.Write(out)
	}
}

// unknownRoute answers 404 and records the request as a failure.
func (a *API) unknownRoute(w http.ResponseWriter, r *http.Request) {
	c, _ := a.readCall(r)
	a.w.Lock()
	a.recordLocked(c.req)
	if a.rl.Banned() {
		out := a.banLocked(w, c.req)
		a.w.Unlock()
		a.writeBanned(w, c.req, out)
		return
	}
	a.w.Rec.Failures = append(a.w.Rec.Failures, fmt.Sprintf("unknown route #%d %s %s", c.req.Seq, r.Method, r.URL.Path))
	a.w.Unlock()
	e := errNotFound()
	a.finish(w, c.req, e.Status, e, e, "")
}

// readCall reads the body: JSON, or multipart with a payload_json part and
// files[N] parts. It returns problems with the body's form.
func (a *API) readCall(r *http.Request) (*call, []string) {
	req := &world.Request{
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
	return c, a.readBody(c, raw)
}

// bodyBufs hold multipart bodies as they are read.
var bodyBufs = sync.Pool{New: func() any { return new([]byte) }}

// readBody fills c from a JSON or multipart body of c.req.ContentType.
func (a *API) readBody(c *call, raw []byte) []string {
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
		problems = append(problems, a.readMultipart(c, raw, params["boundary"])...)
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
func (a *API) readMultipart(c *call, raw []byte, boundary string) []string {
	var problems []string
	seen := map[string]bool{}
	if parts, ok := wire.SplitForm(raw, boundary); ok {
		for _, p := range parts {
			problems = a.takePart(c, seen, p, problems)
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
		problems = a.takePart(c, seen, p, problems)
	}
	c.req.Files = c.files
	return problems
}

// takePart takes one part into c (payload_json as its body, files[N] as a
// file, copied where they are kept) and appends its problems.
func (a *API) takePart(c *call, seen map[string]bool, p wire.FormPart, problems []string) []string {
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
		f := world.NewFile(name, index, p.Filename, p.ContentType, data, a.w.Opts.Lean)
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
func (a *API) serveAttachment(w http.ResponseWriter, r *http.Request) {
	a.w.Lock()
	var found *world.Attachment
	for _, m := range a.w.ChannelMsgs[r.PathValue("channel_id")] {
		for i := range m.Attachments {
			if m.Attachments[i].ID == r.PathValue("attachment_id") {
				found = &m.Attachments[i]
			}
		}
	}
	a.w.Unlock()
	if found == nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", found.ContentType)
	_, _ = w.Write(found.Data)
}

// rateLimitLocked applies the rate limits to a request at now, writing the
// bucket's headers to h; it returns the refusal, or nil. Callers hold the World's lock.
func (a *API) rateLimitLocked(rt route, c *call, token string, now time.Time, h http.Header) *ratelimit.Refusal {
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
		if m := a.w.Messages[c.param("message_id")]; m != nil {
			r.Edited = m.Created
		}
	}
	bucket, refused := a.rl.Take(r, now, h)
	c.req.Bucket = bucket
	return refused
}

// refusalAnswer is the body and error of a refusal's answer.
func refusalAnswer(r *ratelimit.Refusal) (body any, aerr *wire.APIError) {
	if r.Code != 0 {
		aerr = wire.NewAPIError(r.Status, r.Code, r.Message)
	}
	if r.Body != nil {
		return r.Body, aerr
	}
	return aerr, aerr
}

// banLocked answers a request of a banned IP as Cloudflare does: 429
// "error code: 1015" in plain text, with Retry-After and no rate-limit
// headers or JSON (discord-api-docs#5385, #1771). Callers hold the World's lock.
func (a *API) banLocked(w http.ResponseWriter, req *world.Request) []byte {
	a.rl.Refuse(w.Header())
	req.Status = http.StatusTooManyRequests
	req.Banned = true
	req.Fault = "banned"
	snap := *req
	a.w.Rec.Publish(world.Event{Kind: world.EventRequest, Request: &snap})
	a.w.Touch()
	return []byte(ratelimit.BanBody)
}

// writeBanned sends banLocked's answer.
func (a *API) writeBanned(w http.ResponseWriter, req *world.Request, out []byte) {
	a.w.Logf("discordtest: %s %s -> 429 (banned IP)", req.Method, req.Path)
	w.Header().Set("Content-Type", "text/plain; charset=UTF-8")
	w.WriteHeader(http.StatusTooManyRequests)
	_, _ = w.Write(out)
}

// validate checks a request against Options.Spec, if any, and the limits
// that Discord's description misses (wire.Check).
func (a *API) validate(c *call) []string {
	var problems []string
	if a.w.Opts.Spec != nil {
		problems = a.w.Opts.Spec.Check(c.req.Method, c.req.APIPath(), c.req.Query, c.req.Body)
	}
	return append(problems, wire.Check(c.req.Route, c.req.Method, c.req.Body, c.body, len(c.files))...)
}
