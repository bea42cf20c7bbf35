package discordtest

import (
	"context"
	"crypto/ed25519"
	"errors"
	"fmt"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"shinpan/bot/discordtest/ratelimit"
)

// ValidationMode says what the server does with a REST request whose body or
// query does not satisfy Options.Spec or the extra limits.
type ValidationMode int

const (
	// ValidateReject records the problems and answers 400
	// {"code":50035,"message":"Invalid Form Body"} without acting (default).
	ValidateReject ValidationMode = iota
	// ValidateRecord records the problems and then serves the request anyway.
	ValidateRecord
	// ValidateOff skips validation.
	ValidateOff
)

// DefaultHeartbeatInterval is the heartbeat interval Discord announces in HELLO.
const DefaultHeartbeatInterval = 41250 * time.Millisecond

// Options configure a Server. The zero value is usable: it makes one
// application whose id equals the bot user's id (as for every modern Discord
// application), a guild "shinpan-test" with one text channel "general", no
// users, Discord's heartbeat interval and strict validation of the limits
// (but no Spec).
type Options struct {
	// Addr is the address to listen on; it must be a loopback address.
	// Default "127.0.0.1:0" (a random free port).
	Addr string
	// Token, when set, is the exact Authorization header and IDENTIFY token
	// expected (e.g. "Bot test"); otherwise any non-empty token is accepted.
	Token string

	AppID       string // default: BotUserID
	BotUserID   string // default: a fresh snowflake
	BotUsername string // default "referee"
	GuildID     string // default: a fresh snowflake
	GuildName   string // default "shinpan-test"

	// Channels are the guild's text channels; IDs are filled in when empty.
	// Default: one channel named "general".
	Channels []Channel
	// Users are the simulated users, members of the guild; IDs are filled in when empty.
	Users []User

	// HeartbeatInterval is announced in HELLO. Default DefaultHeartbeatInterval.
	HeartbeatInterval time.Duration
	// Validation selects what happens to invalid requests. Default ValidateReject.
	Validation ValidationMode
	// Spec, when set, checks each REST request against a description of
	// Discord's API (tests pass package openapi's); otherwise only the
	// limits that description misses are checked.
	Spec Spec
	// AckDeadline, when positive, makes interaction callbacks that arrive
	// later than this after the interaction was created fail with
	// 404 code 10062 (Discord's deadline is 3 s). Zero: no deadline.
	AckDeadline time.Duration
	// InteractionsKey is the application's Ed25519 key that signs the
	// interactions POSTed to the endpoint (SetInteractionsEndpoint); default
	// a fresh one. PublicKey gives its public half.
	InteractionsKey ed25519.PrivateKey
	// CallbackLag is how long after reading the endpoint's answer the
	// server acts on it: until then the interaction is unacknowledged and its
	// webhook unknown, as Discord's sometimes is (discord-api-docs#7220).
	CallbackLag time.Duration
	// LooseCommands lets SlashCommand invoke commands that the bot has not
	// registered and skips checking options against the registration.
	LooseCommands bool
	// ReplayBuffer is how many dispatches per gateway session are kept for
	// RESUME. Default 1000.
	ReplayBuffer int
	// ResumeWindow is how long a disconnected gateway session stays
	// resumable (and keeps its dispatches); past it a RESUME gets op 9.
	// Default 3 minutes.
	ResumeWindow time.Duration
	// RequiredShards, when above 1, is the fewest shards an IDENTIFY may
	// ask for (fewer: close 4011 "Sharding required", as Discord answers a
	// bot in too many guilds) and the "shards" GET /gateway/bot recommends.
	RequiredShards int
	// Logf, when set, receives a line for each gateway happening and REST request.
	Logf func(format string, args ...any)
	// RateLimits are the rate limits enforced, per bot token (all the
	// clients that use one token, in any number of processes, share them)
	// and, for the invalid-request ban, per IP (every client). Default
	// (nil): DiscordRateLimits() if DiscordLimitsByDefault, else none. A
	// zero field turns that limit off, and &RateLimits{} all of them.
	RateLimits *RateLimits
	// GlobalLimit, when positive, is the global limit in requests per
	// second instead of that of RateLimits (a shorthand: with the limits
	// off, the only one).
	GlobalLimit int
	// Clock is the stand-in's time for its rate limits and its messages'
	// timestamps (a test may move it on instead of sleeping). Default time.Now.
	Clock func() time.Time
	// Lean keeps no request log and no dispatch log (Requests, Dispatches,
	// WaitFor and the failures list see nothing; Subscribe still sees every
	// request and dispatch, but a request's files without their bytes) and
	// no attachment bytes, so a long load test does not grow the stand-in's
	// memory.
	Lean bool
}

// Server is the Discord stand-in. Create it with New, then Start it. All
// methods are safe for concurrent use.
type Server struct {
	opts Options
	ids  snowflakes

	mu      sync.Mutex
	changed chan struct{} // closed whenever recorded state changes (nil: nobody waits)
	world   world
	gw      gateway
	rec     recorder
	faults  []*Fault
	rl      *ratelimit.Limiter // Options.RateLimits or the default
	ep      endpoint           // the Interactions Endpoint (endpoint.go)

	// ctx ends at Close: interactions still being POSTed stop; posts counts them.
	ctx            context.Context
	cancel         context.CancelFunc
	posts          sync.WaitGroup
	endpointClient *http.Client

	ln      net.Listener
	lnAddr  atomic.Pointer[string] // ln's address, read without mu by every request's client
	hs      *http.Server
	baseURL string
	started bool
	closed  bool
}

// New builds a server from opts; nothing listens until Start.
func New(opts Options) *Server {
	if opts.Addr == "" {
		opts.Addr = "127.0.0.1:0"
	}
	if opts.HeartbeatInterval <= 0 {
		opts.HeartbeatInterval = DefaultHeartbeatInterval
	}
	if opts.ReplayBuffer <= 0 {
		opts.ReplayBuffer = 1000
	}
	if opts.ResumeWindow <= 0 {
		opts.ResumeWindow = 3 * time.Minute
	}
	if opts.Clock == nil {
		opts.Clock = time.Now
	}
	s := &Server{opts: opts}
	var limits RateLimits
	switch {
	case opts.RateLimits != nil:
		limits = *opts.RateLimits
	case DiscordLimitsByDefault:
		limits = DiscordRateLimits()
	}
	if opts.GlobalLimit > 0 {
		limits.Global = opts.GlobalLimit
	}
	s.rl = ratelimit.New(limits, s.logf)
	s.ctx, s.cancel = context.WithCancel(context.Background())
	s.endpointClient = &http.Client{Transport: &http.Transport{Proxy: nil, DialContext: loopbackOnly}}
	s.ep.init(opts.InteractionsKey)
	s.initWorld()
	s.gw.init()
	return s
}

// Start listens on the loopback address and serves REST under /api/v9/ and
// /api/v10/ and the gateway under /ws/. It fails for a non-loopback address.
func (s *Server) Start() error {
	host, _, err := net.SplitHostPort(s.opts.Addr)
	if err != nil {
		return fmt.Errorf("discordtest: bad address %q: %w", s.opts.Addr, err)
	}
	if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return fmt.Errorf("discordtest: address %q is not a loopback address", s.opts.Addr)
	}
	ln, err := net.Listen("tcp", s.opts.Addr)
	if err != nil {
		return fmt.Errorf("discordtest: listen: %w", err)
	}
	s.mu.Lock()
	if s.started {
		s.mu.Unlock()
		ln.Close()
		return errors.New("discordtest: server already started")
	}
	s.started = true
	s.ln = ln
	addr := ln.Addr().String()
	s.lnAddr.Store(&addr)
	s.baseURL = "http://" + ln.Addr().String()
	s.hs = &http.Server{Handler: s.routes(), ReadHeaderTimeout: 10 * time.Second}
	s.mu.Unlock()
	go func() { _ = s.hs.Serve(ln) }()
	s.logf("discordtest: listening on %s", s.baseURL)
	return nil
}

// Close drops every gateway connection, stops the HTTP server and ends the
// subscriber goroutines after they have delivered what was queued.
func (s *Server) Close() error {
	s.mu.Lock()
	if s.closed || !s.started {
		s.closed = true
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	conns := s.gw.liveConns()
	subs := s.rec.subs
	s.rec.subs = nil
	s.mu.Unlock()
	for _, c := range conns {
		c.drop()
	}
	s.cancel()
	s.posts.Wait()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	err := s.hs.Shutdown(ctx)
	for _, sub := range subs {
		sub.close()
	}
	return err
}

// URL is the server's base URL, "http://127.0.0.1:PORT" (empty before Start).
func (s *Server) URL() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.baseURL
}

// GatewayURL is the URL that GET /gateway returns: "ws://127.0.0.1:PORT/ws".
func (s *Server) GatewayURL() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.gatewayURLLocked()
}

func (s *Server) gatewayURLLocked() string {
	if s.ln == nil {
		return ""
	}
	return "ws://" + s.ln.Addr().String() + "/ws"
}

// touch wakes every waiter; callers hold s.mu. The channel is made by a
// waiter (wait), not at every change (several a request).
func (s *Server) touch() {
	if s.changed != nil {
		close(s.changed)
		s.changed = nil
	}
}

// wait blocks until cond (called with s.mu held) returns true or ctx ends.
func (s *Server) wait(ctx context.Context, cond func() bool) error {
	for {
		s.mu.Lock()
		ok := cond()
		if s.changed == nil {
			s.changed = make(chan struct{})
		}
		ch := s.changed
		s.mu.Unlock()
		if ok {
			return nil
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// now is the stand-in's clock (Options.Clock).
func (s *Server) now() time.Time { return s.opts.Clock() }

func (s *Server) logf(format string, args ...any) {
	if s.opts.Logf != nil {
		s.opts.Logf(format, args...)
	}
}
