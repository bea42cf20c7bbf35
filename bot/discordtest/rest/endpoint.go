package rest

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"shinpan/bot/discordtest/gateway"
	"shinpan/bot/discordtest/wire"
	"shinpan/bot/discordtest/world"
	"strconv"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// The Interactions Endpoint mode. Once SetInteractionsEndpoint names the
// bot's URL (the Developer Portal's "Interactions Endpoint URL"), every
// interaction a simulated user starts is POSTed there instead of being
// dispatched over the gateway, signed with the application's Ed25519 key
// (headers X-Signature-Ed25519 and X-Signature-Timestamp, over timestamp +
// body), and the HTTP response is taken as the interaction's callback: it
// must come within 3 s (Options.AckDeadline when set), with status 200 and a
// JSON or multipart body shaped as for POST .../callback. That response is
// recorded as a Request on the callback's route with Endpoint set, validated
// like one, and acted on Options.CallbackLag later; follow-ups and edits go
// over REST as for the gateway. DMs keep coming over the gateway.

// Forgery spoils the next interaction POSTed to the endpoint as an attacker
// would (the bot must answer 401 and do nothing).
type Forgery int

const (
	// Genuine: signed with the application's key, now.
	Genuine Forgery = iota
	// ForgeBadSignature: signed with another key.
	ForgeBadSignature
	// ForgeNoSignature: no signature headers.
	ForgeNoSignature
	// ForgeStaleTimestamp: properly signed, with a timestamp 10 minutes old.
	ForgeStaleTimestamp
	// ForgeTamperedBody: properly signed, then the body changed.
	ForgeTamperedBody
)

func (f Forgery) String() string {
	return [...]string{"genuine", "bad signature", "no signature", "stale timestamp", "tampered body"}[f]
}

// Delivery is one interaction POSTed to the endpoint and how it went.
type Delivery struct {
	InteractionID string
	Type          discordgo.InteractionType
	Forgery       Forgery
	Sent          time.Time
	Took          time.Duration
	// Status is the HTTP status; 0 when none came (Err says why: the 3-s
	// deadline, a refused connection).
	Status int
	Err    string
	// RequestSeq is the Request recording the response taken as the
	// callback (0: none).
	RequestSeq int
}

// Endpoint is the Interactions Endpoint: where interactions are POSTed
// when it is set, and how they went. Its state is guarded by the World's
// lock.
type Endpoint struct {
	w   *world.World
	gw  *gateway.Gateway
	api *API

	url        string
	key        ed25519.PrivateKey
	forge      []Forgery
	deliveries []*Delivery
	inFlight   int

	// ctx ends at Close: interactions still being POSTed stop; posts counts them.
	ctx    context.Context
	cancel context.CancelFunc
	posts  sync.WaitGroup
	client *http.Client
}

func newEndpoint(api *API) *Endpoint {
	key := api.w.Opts.InteractionsKey
	if key == nil {
		_, key, _ = ed25519.GenerateKey(rand.Reader)
	}
	e := &Endpoint{w: api.w, gw: api.gw, api: api, key: key}
	e.ctx, e.cancel = context.WithCancel(context.Background())
	e.client = &http.Client{Transport: &http.Transport{Proxy: nil, DialContext: loopbackOnly}}
	return e
}

// Close stops the interactions being POSTed and waits for them.
func (e *Endpoint) Close() {
	e.cancel()
	e.posts.Wait()
}

// PublicKey is the application's public key, hex, as the Developer Portal
// shows it (the bot's public_key).
func (e *Endpoint) PublicKey() string {
	e.w.Lock()
	defer e.w.Unlock()
	return hex.EncodeToString(e.key.Public().(ed25519.PublicKey))
}

// SetURL sets the Interactions Endpoint URL, checking it as
// the Developer Portal does: a signed PING must get 200 {"type":1} and a PING
// with a bad signature 401. The URL must be on loopback. "" goes back to
// interactions over the gateway.
func (e *Endpoint) SetURL(endpointURL string) error {
	if endpointURL != "" {
		u, err := url.Parse(endpointURL)
		if err != nil || u.Scheme != "http" {
			return fmt.Errorf("discordtest: endpoint %q: want http://127.0.0.1:PORT/PATH", endpointURL)
		}
		if ip := net.ParseIP(u.Hostname()); u.Hostname() != "localhost" && (ip == nil || !ip.IsLoopback()) {
			return fmt.Errorf("discordtest: endpoint %q is not on loopback", endpointURL)
		}
		for _, f := range []Forgery{Genuine, ForgeBadSignature} {
			if err := e.checkPing(endpointURL, f); err != nil {
				return err
			}
		}
	}
	e.w.Lock()
	defer e.w.Unlock()
	e.url = endpointURL
	return nil
}

// checkPing sends a PING as the Developer Portal does when the URL is saved.
func (e *Endpoint) checkPing(endpointURL string, f Forgery) error {
	e.w.Lock()
	id := e.w.IDs.Next()
	body := wire.MustJSON(obj{"id": id, "application_id": e.w.App, "type": int(discordgo.InteractionPing),
		"token": world.TokenPrefix + world.RandomToken(48), "version": 1, "entitlements": []any{}, "user": world.UserJSON(&e.w.Bot)})
	d := e.newDeliveryLocked(id, discordgo.InteractionPing, f)
	e.w.Unlock()
	status, ct, raw, err := e.post(endpointURL, body, f, d)
	e.w.Lock()
	e.endDeliveryLocked(d, status, err)
	e.w.Unlock()
	switch {
	case err != nil:
		return fmt.Errorf("discordtest: endpoint PING (%s): %w", f, err)
	case f != Genuine && status != http.StatusUnauthorized:
		return fmt.Errorf("discordtest: endpoint answered %d to a PING with a %s, want 401", status, f)
	case f == Genuine && (status != http.StatusOK || wire.Parse(raw).Int("type") != int64(discordgo.InteractionResponsePong)):
		return fmt.Errorf("discordtest: endpoint answered %d %s %q to a PING, want 200 {\"type\":1}", status, ct, world.Clip(string(raw), 80))
	}
	return nil
}

// ForgeNext makes the next interaction delivered to the endpoint forged
// that way (once per call, in order).
func (e *Endpoint) ForgeNext(f Forgery) {
	e.w.Lock()
	defer e.w.Unlock()
	e.forge = append(e.forge, f)
}

// Deliveries lists the interactions POSTed to the endpoint, PINGs included.
func (e *Endpoint) Deliveries() []Delivery {
	e.w.Lock()
	defer e.w.Unlock()
	out := make([]Delivery, len(e.deliveries))
	for i, d := range e.deliveries {
		out[i] = *d
	}
	return out
}

// WaitLast waits until cond holds for the last interaction POSTed to
// the endpoint and returns it.
func (e *Endpoint) WaitLast(ctx context.Context, cond func(Delivery) bool) (Delivery, error) {
	var d Delivery
	err := e.w.Wait(ctx, func() bool {
		if len(e.deliveries) == 0 {
			return false
		}
		d = *e.deliveries[len(e.deliveries)-1]
		return cond(d)
	})
	return d, err
}

// InFlight is how many POSTs to the endpoint await their answer.
func (e *Endpoint) InFlight() int {
	e.w.Lock()
	defer e.w.Unlock()
	return e.inFlight
}

// DeliverLocked sends a new interaction to the bot: over the gateway, or
// POSTed to the endpoint when one is set.
func (e *Endpoint) DeliverLocked(in *world.InteractionState, payload obj) {
	if e.url == "" {
		e.gw.Send(gateway.NewEvent("INTERACTION_CREATE", payload, 0).In(in.GuildID))
		return
	}
	if e.w.Closed {
		return
	}
	f := Genuine
	if len(e.forge) > 0 {
		f, e.forge = e.forge[0], e.forge[1:]
	}
	d := e.newDeliveryLocked(in.ID, in.Type, f)
	body, endpointURL := wire.MustJSON(payload), e.url
	e.posts.Add(1)
	go func() {
		defer e.posts.Done()
		status, ct, raw, err := e.post(endpointURL, body, f, d)
		e.w.Lock()
		e.endDeliveryLocked(d, status, err)
		e.w.Unlock()
		if err == nil && status == http.StatusOK {
			e.takeResponse(in.ID, d, ct, raw)
		}
	}()
}

func (e *Endpoint) newDeliveryLocked(id string, t discordgo.InteractionType, f Forgery) *Delivery {
	d := &Delivery{InteractionID: id, Type: t, Forgery: f, Sent: time.Now()}
	e.deliveries = append(e.deliveries, d)
	e.inFlight++
	e.w.Touch()
	return d
}

func (e *Endpoint) endDeliveryLocked(d *Delivery, status int, err error) {
	d.Took, d.Status = time.Since(d.Sent), status
	if err != nil {
		d.Err = err.Error()
	}
	e.inFlight--
	line := fmt.Sprintf("POST interaction %s (type %d, %s) -> %d in %s", d.InteractionID, d.Type, d.Forgery, status, d.Took.Round(time.Millisecond))
	if d.Err != "" {
		line += " (" + d.Err + ")"
	}
	e.w.Rec.Publish(world.Event{Kind: world.EventEndpoint, Note: line})
	e.w.Touch()
	e.w.Logf("discordtest: %s", line)
}

// post signs (or forges) and POSTs body to the endpoint, waiting at most the
// interaction deadline, and returns the answer.
func (e *Endpoint) post(endpointURL string, body []byte, f Forgery, d *Delivery) (int, string, []byte, error) {
	e.w.Lock()
	key, deadline := e.key, e.w.Opts.AckDeadline
	e.w.Unlock()
	if deadline <= 0 {
		deadline = 3 * time.Second
	}
	ts := d.Sent
	switch f {
	case ForgeBadSignature:
		_, key, _ = ed25519.GenerateKey(rand.Reader)
	case ForgeStaleTimestamp:
		ts = ts.Add(-10 * time.Minute)
	}
	stamp := strconv.FormatInt(ts.Unix(), 10)
	sig := ed25519.Sign(key, append([]byte(stamp), body...))
	if f == ForgeTamperedBody {
		body = append([]byte(`{"tampered":true,`), body[1:]...)
	}
	ctx, cancel := context.WithTimeout(e.ctx, deadline)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpointURL, bytes.NewReader(body))
	if err != nil {
		return 0, "", nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "Discord-Interactions/1.0 (+https://discord.com)")
	if f != ForgeNoSignature {
		req.Header.Set("X-Signature-Ed25519", hex.EncodeToString(sig))
		req.Header.Set("X-Signature-Timestamp", stamp)
	}
	resp, err := e.client.Do(req)
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			err = fmt.Errorf("no answer within %s", deadline)
		}
		return 0, "", nil, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, maxBody))
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			err = fmt.Errorf("no whole answer within %s", deadline)
		}
		return 0, "", nil, err
	}
	return resp.StatusCode, resp.Header.Get("Content-Type"), raw, nil
}

// takeResponse acts on the endpoint's answer as on POST .../callback, after
// Options.CallbackLag: it is recorded, validated and applied the same way.
func (e *Endpoint) takeResponse(id string, d *Delivery, contentType string, raw []byte) {
	arrived := time.Now()
	if lag := e.w.Opts.CallbackLag; lag > 0 {
		select {
		case <-time.After(lag):
		case <-e.ctx.Done():
			return
		}
	}
	e.w.Lock()
	in := e.w.Interactions[id]
	e.w.Unlock()
	path := "/api/v10/interactions/" + id + "/" + in.Token + "/callback"
	r := &http.Request{Method: http.MethodPost, URL: &url.URL{Path: path}}
	r.SetPathValue("interaction_id", id)
	r.SetPathValue("interaction_token", in.Token)
	c := &call{r: r, req: &world.Request{Time: arrived, Method: http.MethodPost, Path: path, Route: callbackRoute,
		Query: url.Values{}, ContentType: contentType, Endpoint: true}}
	problems := e.api.readBody(c, raw)
	if e.w.Opts.Validation != world.ValidateOff {
		problems = append(problems, e.api.validate(c)...)
	}
	e.w.Lock()
	e.api.recordLocked(c.req)
	d.RequestSeq = c.req.Seq
	c.req.Problems = problems
	if len(problems) > 0 {
		e.w.Rec.Failures = append(e.w.Rec.Failures, fmt.Sprintf("invalid endpoint response #%d to interaction %s: %v", c.req.Seq, id, problems))
	}
	var status int
	var body any
	var aerr *wire.APIError
	if len(problems) == 0 || e.w.Opts.Validation == world.ValidateRecord {
		status, body, aerr = e.api.h.interactionCallback(c)
	} else {
		aerr = errFormBody()
	}
	e.w.Unlock()
	if aerr != nil {
		status, body = aerr.Status, aerr
	}
	e.api.finish(discardWriter{}, c.req, status, body, aerr, "")
}

// callbackRoute is the route of an interaction's callback, however it came.
const callbackRoute = "POST /interactions/{interaction_id}/{interaction_token}/callback"

// discardWriter drops what finish writes for an endpoint response (nobody waits for it).
type discardWriter struct{}

func (discardWriter) Header() http.Header         { return http.Header{} }
func (discardWriter) Write(p []byte) (int, error) { return len(p), nil }
func (discardWriter) WriteHeader(int)             {}

// loopbackOnly dials only loopback addresses (the endpoint's client).
func loopbackOnly(ctx context.Context, network, addr string) (net.Conn, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, err
	}
	if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return nil, fmt.Errorf("discordtest: %s is not on loopback", addr)
	}
	var dl net.Dialer
	return dl.DialContext(ctx, network, addr)
}
