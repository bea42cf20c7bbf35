package interact

import (
	"encoding/json"
	"errors"
	"log/slog"
	"time"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/outbox"
)

// An interaction's initial response (its "callback") goes back the way the
// interaction came: over REST for one from the gateway, as the body of the
// HTTP response for one POSTed to the Interactions Endpoint (endpoint.go).
// Everything after it (follow-ups, edits) goes over REST either way, so the
// routes and their handlers never know which way an interaction came.

// replier sends an interaction's initial response: a JSON body, or a
// multipart one when it carries files.
type replier interface {
	reply(contentType string, body []byte) error
	// public makes the deferral sent should the handler be late a public
	// one (Route.Public), unless one was sent already.
	public()
	// deferredPublic says whether a public deferral was sent in the
	// handler's place.
	deferredPublic() bool
}

// ErrDeferredMeanwhile is a replier's answer when a deferral was sent in the
// handler's place (the HTTP endpoint defers a handler that is late for the
// 3-second deadline): the answer must follow up instead.
var ErrDeferredMeanwhile = errors.New("the interaction was deferred meanwhile")

// restReplier answers a gateway interaction: POST
// /interactions/{id}/{token}/callback. As the HTTP endpoint does, it sends a
// deferral in the handler's place when the handler has not answered after
// deferAfter (Discord fails an interaction unanswered in 3 s: a handler
// waiting on a lock or the store, or one slowed by the host).
type restReplier struct {
	rest      *outbox.REST
	id, token string
	log       *slog.Logger
	timer     *time.Timer   // the deferral's, nil when none is due
	sent      chan struct{} // closed once the deferral's call returned
	replyStatus
}

// newRESTReplier answers interaction i; a deferAfter of 0 or less sends no
// deferral, nor does an autocomplete (it cannot be deferred); the deferral is
// lateResponse's.
func newRESTReplier(rest *outbox.REST, i *discordgo.InteractionCreate, deferAfter time.Duration, log *slog.Logger) *restReplier {
	rr := &restReplier{rest: rest, id: i.ID, token: i.Token, log: log, sent: make(chan struct{}),
		replyStatus: replyStatus{late: lateResponse(i.Interaction)}}
	if deferAfter > 0 && i.Type != discordgo.InteractionApplicationCommandAutocomplete {
		rr.timer = time.AfterFunc(deferAfter, func() { rr.deferNow(deferAfter) })
	}
	return rr
}

func (rr *restReplier) reply(contentType string, body []byte) error {
	if rr.settle(replied) == deferred {
		<-rr.sent // the answer follows up once Discord has the deferral
		return ErrDeferredMeanwhile
	}
	rr.stop()
	return rr.rest.InteractionCallback(rr.id, rr.token, contentType, body)
}

// deferNow sends the deferral if the handler has not answered yet.
func (rr *restReplier) deferNow(after time.Duration) {
	if rr.settle(deferred) != waiting {
		return
	}
	defer close(rr.sent)
	rr.log.Warn("interaction deferred: its handler took too long", "after", after)
	rr.mu.Lock()
	body := rr.late
	rr.mu.Unlock()
	if err := rr.rest.InteractionCallback(rr.id, rr.token, "application/json", body); err != nil {
		rr.log.Warn("interaction defer", "err", err)
	}
}

// finish is called when the handler is done: no deferral after it.
func (rr *restReplier) finish() {
	rr.stop()
	rr.settle(unhandled)
}

func (rr *restReplier) stop() {
	if rr.timer != nil {
		rr.timer.Stop()
	}
}

// encodeResponse writes an interaction response as discordgo's
// InteractionRespond would send it: multipart when it has files, else JSON.
func encodeResponse(resp *discordgo.InteractionResponse) (string, []byte, error) {
	if resp.Data != nil && len(resp.Data.Files) > 0 {
		return discordgo.MultipartBodyWithJSON(resp, resp.Data.Files)
	}
	body, err := json.Marshal(resp)
	return "application/json", body, err
}

// Reply sends resp as r's initial response.
func (r *Req) Reply(resp *discordgo.InteractionResponse) error {
	ct, body, err := encodeResponse(resp)
	if err != nil {
		return err
	}
	return r.rp.reply(ct, body)
}

// ReplyRaw sends an encoded initial response (a multipart body the caller
// wrote itself).
func (r *Req) ReplyRaw(contentType string, body []byte) error { return r.rp.reply(contentType, body) }

// UntilKnown runs a webhook call (a follow-up, reading the response) again
// while Discord does not know the interaction's response yet: over HTTP it
// acts on the response a moment after the endpoint wrote it, and the
// interaction's webhook is unknown until then (discord/discord-api-docs#7220).
func UntilKnown[T any](r *Req, call func() (T, error)) (T, error) {
	wait := 25 * time.Millisecond
	for {
		v, err := call()
		var rest *discordgo.RESTError
		if !r.overHTTP || !errors.As(err, &rest) || rest.Message == nil || wait > 2*time.Second ||
			(rest.Message.Code != discordgo.ErrCodeUnknownWebhook && rest.Message.Code != discordgo.ErrCodeUnknownMessage) {
			return v, err
		}
		time.Sleep(wait)
		wait *= 2
	}
}
