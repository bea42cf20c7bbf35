package interact

import (
	"encoding/json"
	"errors"
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
}

// ErrDeferredMeanwhile is a replier's answer when a deferral was sent in the
// handler's place (the HTTP endpoint defers a handler that is late for the
// 3-second deadline): the answer must follow up instead.
var ErrDeferredMeanwhile = errors.New("the interaction was deferred meanwhile")

// restReplier answers a gateway interaction: POST /interactions/{id}/{token}/callback.
type restReplier struct {
	rest      *outbox.REST
	id, token string
}

func (rr restReplier) reply(contentType string, body []byte) error {
	return rr.rest.InteractionCallback(rr.id, rr.token, contentType, body)
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
