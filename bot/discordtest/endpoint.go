package discordtest

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
	"shinpan/bot/discordtest/wire"
	"strconv"
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

// endpoint is the Interactions Endpoint state; guarded by Server.mu.
type endpoint struct {
	url        string
	key        ed25519.PrivateKey
	forge      []Forgery
	deliveries []*Delivery
	inFlight   int
}

func (e *endpoint) init(key ed25519.PrivateKey) {
	if key == nil {
		_, key, _ = ed25519.GenerateKey(rand.Reader)
	}
	e.key = key
}

// PublicKey is the application's public key, hex, as the Developer Portal
// shows it (the bot's public_key).
func (s *Server) PublicKey() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return hex.EncodeToString(s.ep.key.Public().(ed25519.PublicKey))
}

// SetInteractionsEndpoint sets the Interactions Endpoint URL, checking it as
// the Developer Portal does: a signed PING must get 200 {"type":1} and a PING
// with a bad signature 401. The URL must be on loopback. "" goes back to
// interactions over the gateway.
func (s *Server) SetInteractionsEndpoint(endpointURL string) error {
	if endpointURL != "" {
		u, err := url.Parse(endpointURL)
		if err != nil || u.Scheme != "http" {
			return fmt.Errorf("discordtest: endpoint %q: want http://127.0.0.1:PORT/PATH", endpointURL)
		}
		if ip := net.ParseIP(u.Hostname()); u.Hostname() != "localhost" && (ip == nil || !ip.IsLoopback()) {
			return fmt.Errorf("discordtest: endpoint %q is not on loopback", endpointURL)
		}
		for _, f := range []Forgery{Genuine, ForgeBadSignature} {
			if err := s.checkPing(endpointURL, f); err != nil {
				return err
			}
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.ep.url = endpointURL
	return nil
}

// checkPing sends a PING as the Developer Portal does when the URL is saved.
func (s *Server) checkPing(endpointURL string, f Forgery) error {
	s.mu.Lock()
	id := s.ids.next()
	body := wire.MustJSON(obj{"id": id, "application_id": s.world.app, "type": int(discordgo.InteractionPing),
		"token": tokenPrefix + randomToken(48), "version": 1, "entitlements": []any{}, "user": userJSON(&s.world.bot)})
	d := s.newDeliveryLocked(id, discordgo.InteractionPing, f)
	s.mu.Unlock()
	status, ct, raw, err := s.post(endpointURL, body, f, d)
	s.mu.Lock()
	s.endDeliveryLocked(d, status, err)
	s.mu.Unlock()
	switch {
	case err != nil:
		return fmt.Errorf("discordtest: endpoint PING (%s): %w", f, err)
	case f != Genuine && status != http.StatusUnauthorized:
		return fmt.Errorf("discordtest: endpoint answered %d to a PING with a %s, want 401", status, f)
	case f == Genuine && (status != http.StatusOK || wire.Parse(raw).Int("type") != int64(discordgo.InteractionResponsePong)):
		return fmt.Errorf("discordtest: endpoint answered %d %s %q to a PING, want 200 {\"type\":1}", status, ct, clip(string(raw), 80))
	}
	return nil
}

// ForgeNext makes the next interaction delivered to the endpoint forged
// that way (once per call, in order).
func (s *Server) ForgeNext(f Forgery) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.ep.forge = append(s.ep.forge, f)
}

// Deliveries lists the interactions POSTed to the endpoint, PINGs included.
func (s *Server) Deliveries() []Delivery {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Delivery, len(s.ep.deliveries))
	for i, d := range s.ep.deliveries {
		out[i] = *d
	}
	return out
}

// DeliveriesInFlight is how many POSTs to the endpoint await their answer.
func (s *Server) DeliveriesInFlight() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.ep.inFlight
}

// deliverLocked sends a new interaction to the bot: over the gateway, or
// POSTed to the endpoint when one is set.
func (s *Server) deliverLocked(in *interaction, payload obj) {
	if s.ep.url == "" {
		s.dispatchLocked(newDispatch("INTERACTION_CREATE", payload, 0).in(in.GuildID))
		return
	}
	if s.closed {
		return
	}
	f := Genuine
	if len(s.ep.forge) > 0 {
		f, s.ep.forge = s.ep.forge[0], s.ep.forge[1:]
	}
	d := s.newDeliveryLocked(in.ID, in.Type, f)
	body, endpointURL := wire.MustJSON(payload), s.ep.url
	s.posts.Add(1)
	go func() {
		defer s.posts.Done()
		status, ct, raw, err := s.post(endpointURL, body, f, d)
		s.mu.Lock()
		s.endDeliveryLocked(d, status, err)
		s.mu.Unlock()
		if err == nil && status == http.StatusOK {
			s.takeResponse(in.ID, d, ct, raw)
		}
	}()
}

func (s *Server) newDeliveryLocked(id string, t discordgo.InteractionType, f Forgery) *Delivery {
	d := &Delivery{InteractionID: id, Type: t, Forgery: f, Sent: time.Now()}
	s.ep.deliveries = append(s.ep.deliveries, d)
	s.ep.inFlight++
	s.touch()
	return d
}

func (s *Server) endDeliveryLocked(d *Delivery, status int, err error) {
	d.Took, d.Status = time.Since(d.Sent), status
	if err != nil {
		d.Err = err.Error()
	}
	s.ep.inFlight--
	line := fmt.Sprintf("POST interaction %s (type %d, %s) -> %d in %s", d.InteractionID, d.Type, d.Forgery, status, d.Took.Round(time.Millisecond))
	if d.Err != "" {
		line += " (" + d.Err + ")"
	}
	s.rec.publish(Event{Kind: EventEndpoint, Note: line})
	s.touch()
	s.logf("discordtest: %s", line)
}

// post signs (or forges) and POSTs body to the endpoint, waiting at most the
// interaction deadline, and returns the answer.
func (s *Server) post(endpointURL string, body []byte, f Forgery, d *Delivery) (int, string, []byte, error) {
	s.mu.Lock()
	key, deadline := s.ep.key, s.opts.AckDeadline
	s.mu.Unlock()
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
	ctx, cancel := context.WithTimeout(s.ctx, deadline)
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
	resp, err := s.endpointClient.Do(req)
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
func (s *Server) takeResponse(id string, d *Delivery, contentType string, raw []byte) {
	arrived := time.Now()
	if lag := s.opts.CallbackLag; lag > 0 {
		select {
		case <-time.After(lag):
		case <-s.ctx.Done():
			return
		}
	}
	s.mu.Lock()
	in := s.world.interactions[id]
	s.mu.Unlock()
	path := "/api/v10/interactions/" + id + "/" + in.Token + "/callback"
	r := &http.Request{Method: http.MethodPost, URL: &url.URL{Path: path}}
	r.SetPathValue("interaction_id", id)
	r.SetPathValue("interaction_token", in.Token)
	c := &call{r: r, req: &Request{Time: arrived, Method: http.MethodPost, Path: path, Route: callbackRoute,
		Query: url.Values{}, ContentType: contentType, Endpoint: true}}
	problems := s.readBody(c, raw)
	if s.opts.Validation != ValidateOff {
		problems = append(problems, s.validate(c)...)
	}
	s.mu.Lock()
	s.recordLocked(c.req)
	d.RequestSeq = c.req.Seq
	c.req.Problems = problems
	if len(problems) > 0 {
		s.rec.failures = append(s.rec.failures, fmt.Sprintf("invalid endpoint response #%d to interaction %s: %v", c.req.Seq, id, problems))
	}
	var status int
	var body any
	var aerr *APIError
	if len(problems) == 0 || s.opts.Validation == ValidateRecord {
		status, body, aerr = s.interactionCallback(c)
	} else {
		aerr = errFormBody()
	}
	s.mu.Unlock()
	if aerr != nil {
		status, body = aerr.Status, aerr
	}
	s.finish(discardWriter{}, c.req, status, body, aerr, "")
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
