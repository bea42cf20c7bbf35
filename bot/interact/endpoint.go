package interact

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Discord's Interactions Endpoint: Discord POSTs each interaction, signed
// with the application's Ed25519 key, and reads the initial response from the
// HTTP response within 3 s. DMs still come over the gateway.

const (
	// maxInteractionBody bounds an interaction's body (resolved users,
	// channels and messages make it a few kB; this only protects the bot).
	maxInteractionBody = 1 << 20
	// signatureMaxAge is how far a signature's timestamp may be from now,
	// either way: an older request is a replay.
	signatureMaxAge = 5 * time.Minute
	// DeferAfter is when the endpoint defers an interaction whose handler
	// has not answered yet, well inside Discord's 3 s (Router.DeferAfter).
	DeferAfter = 2500 * time.Millisecond
)

// InteractionsHandler serves the Interactions Endpoint at any path: a
// request without a valid signature by key, fresh, gets 401; PING gets PONG;
// every other interaction goes through the route table, as from the gateway.
func (rt *Router) InteractionsHandler(key ed25519.PublicKey) http.Handler {
	return &endpoint{rt: rt, key: key, now: time.Now, deferAfter: rt.DeferAfter}
}

type endpoint struct {
	rt         *Router
	key        ed25519.PublicKey
	now        func() time.Time // the wall clock (not the bot's, which tests move)
	deferAfter time.Duration
}

func (e *endpoint) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		http.Error(w, "POST only", http.StatusMethodNotAllowed)
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, maxInteractionBody+1))
	if err != nil || len(body) > maxInteractionBody {
		http.Error(w, "body unreadable or too large", http.StatusRequestEntityTooLarge)
		return
	}
	if !e.verify(r.Header, body) {
		http.Error(w, "invalid request signature", http.StatusUnauthorized)
		return
	}
	var in discordgo.Interaction
	if err := json.Unmarshal(body, &in); err != nil {
		http.Error(w, "not an interaction", http.StatusBadRequest)
		return
	}
	if in.Type == discordgo.InteractionPing {
		writeJSON(w, []byte(`{"type":1}`))
		return
	}
	h := newHTTPReply(&in)
	// deferAfter <= 0 (tests): every handler is late, decided before it runs.
	late := e.deferAfter <= 0 && h.settle(deferred) == waiting
	go func() {
		defer h.finish()
		e.rt.Interact(&discordgo.InteractionCreate{Interaction: &in}, h)
	}()
	if late {
		writeJSON(w, h.late)
		return
	}
	h.serve(w, r, e.deferAfter, e.rt.Log)
}

// verify checks the Ed25519 signature of timestamp+body and that the
// timestamp is recent.
func (e *endpoint) verify(hd http.Header, body []byte) bool {
	sig, err := hex.DecodeString(hd.Get("X-Signature-Ed25519"))
	if err != nil || len(sig) != ed25519.SignatureSize {
		return false
	}
	ts := hd.Get("X-Signature-Timestamp")
	secs, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return false
	}
	if age := e.now().Sub(time.Unix(secs, 0)); age > signatureMaxAge || age < -signatureMaxAge {
		return false
	}
	msg := make([]byte, 0, len(ts)+len(body))
	msg = append(append(msg, ts...), body...)
	return ed25519.Verify(e.key, msg, sig)
}

func writeJSON(w http.ResponseWriter, body []byte) {
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(body)
}

// httpReply hands the handler's initial response to the waiting HTTP
// request; if none comes in time it sends a deferral in its place.
type httpReply struct {
	replyStatus
	out     chan response // the handler's response, to the request
	written chan error    // the request's write, back to the handler
	none    chan struct{} // closed when the handler ended without a response
}

type replyState int

const (
	waiting   replyState = iota
	replied              // the handler gave its response
	deferred             // a deferral was written in its place
	unhandled            // the handler ended without one
	gone                 // the HTTP request ended first
)

type response struct {
	contentType string
	body        []byte
}

var errRequestGone = errors.New("the interaction's HTTP request ended before its response")

func newHTTPReply(in *discordgo.Interaction) *httpReply {
	return &httpReply{out: make(chan response, 1), written: make(chan error, 1), none: make(chan struct{}), replyStatus: replyStatus{late: lateResponse(in)}}
}

// lateResponse is what is sent in a late handler's place: a deferral that
// keeps what the answer replaces. A component's (or a form's opened from
// one) is a deferred update, so its message stays the interaction's
// original, which a move's update edits; an autocomplete gets no choices.
func lateResponse(in *discordgo.Interaction) []byte {
	switch {
	case in.Type == discordgo.InteractionApplicationCommandAutocomplete:
		return noChoices
	case in.Type == discordgo.InteractionMessageComponent, in.Type == discordgo.InteractionModalSubmit && in.Message != nil:
		return deferUpdate
	}
	return deferral
}

// replyStatus is where an initial response stands: the handler's, or a
// deferral sent in its place (httpReply, restReplier), and which deferral.
type replyStatus struct {
	mu    sync.Mutex
	state replyState
	late  []byte // sent in a late handler's place (lateResponse, or public)
}

// public makes the late response a public deferral (Route.Public), unless
// one was sent already or the interaction takes another kind.
func (r *replyStatus) public() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.state == waiting && bytes.Equal(r.late, deferral) {
		r.late = publicDeferral
	}
}

// deferredPublic says whether a public deferral was sent.
func (r *replyStatus) deferredPublic() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.state == deferred && bytes.Equal(r.late, publicDeferral)
}

// settle moves a waiting reply to state and returns the state before.
func (r *replyStatus) settle(state replyState) replyState {
	r.mu.Lock()
	defer r.mu.Unlock()
	was := r.state
	if was == waiting {
		r.state = state
	}
	return was
}

// reply is the handler's side: it returns once the response is written.
func (h *httpReply) reply(contentType string, body []byte) error {
	switch h.settle(replied) {
	case waiting:
		h.out <- response{contentType, body}
		return <-h.written
	case gone:
		return errRequestGone
	}
	return ErrDeferredMeanwhile
}

// finish is called when the handler is done: a request still waiting then
// gets an error answer (no route, or the bot is closing).
func (h *httpReply) finish() {
	if h.settle(unhandled) == waiting {
		close(h.none)
	}
}

// serve is the request's side: write the handler's response, or a deferral
// once deferAfter has passed, or an error when the handler gave none.
func (h *httpReply) serve(w http.ResponseWriter, r *http.Request, deferAfter time.Duration, log *slog.Logger) {
	t := time.NewTimer(deferAfter)
	defer t.Stop()
	was := unhandled
	select {
	case resp := <-h.out:
		h.write(w, resp)
		return
	case <-h.none:
	case <-t.C:
		was = h.settle(deferred)
	case <-r.Context().Done():
		was = h.settle(gone)
	}
	switch {
	case was == replied: // the response came at the same moment
		h.write(w, <-h.out)
	case was == waiting && r.Context().Err() == nil: // now deferred
		log.Warn("interaction deferred: its handler took too long", "after", deferAfter)
		writeJSON(w, h.late)
	case was == unhandled:
		http.Error(w, "interaction not handled", http.StatusServiceUnavailable)
	}
}

// deferral is the response written for a late handler: an ephemeral
// "thinking…"; an autocomplete cannot be deferred and gets no choices.
var (
	deferral       = []byte(`{"type":5,"data":{"flags":64}}`)
	publicDeferral = []byte(`{"type":5}`) // a Route.Public's: its answer replaces it
	deferUpdate    = []byte(`{"type":6}`) // a component's (lateResponse)
	noChoices      = []byte(`{"type":8,"data":{"choices":[]}}`)
)

// write sends the response and tells the handler once it has left (flushed:
// Discord may still take a moment to act on it).
func (h *httpReply) write(w http.ResponseWriter, resp response) {
	w.Header().Set("Content-Type", resp.contentType)
	w.Header().Set("Content-Length", strconv.Itoa(len(resp.body)))
	_, err := w.Write(resp.body)
	if err == nil {
		err = http.NewResponseController(w).Flush()
	}
	h.written <- err
}
