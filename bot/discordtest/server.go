package discordtest

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	"shinpan/bot/discordtest/gateway"
	"shinpan/bot/discordtest/ratelimit"
	"shinpan/bot/discordtest/rest"
	"shinpan/bot/discordtest/world"
)

// Server is the Discord stand-in. Create it with New, then Start it. All
// methods are safe for concurrent use.
//
// It is a facade over its parts, which share one World and its lock
// (package world): the gateway (package gateway), the REST API and the
// Interactions Endpoint (package rest), Discord's rate limits (package
// ratelimit). Faults, Limits and Endpoint hand out the methods that
// inject faults, read the limits and drive the endpoint.
type Server struct {
	w   *world.World
	gw  *gateway.Gateway
	api *rest.API
	ep  *rest.Endpoint

	ln   net.Listener
	addr address // ln's address
	hs   *http.Server
}

// New builds a server from opts; nothing listens until Start.
func New(opts Options) *Server {
	w := world.New(opts)
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
	s := &Server{w: w, gw: gateway.New(w)}
	s.api = rest.New(w, s.gw, ratelimit.New(limits, w.Logf))
	s.ep = s.api.Endpoint()
	return s
}

// Start listens on the loopback address and serves REST under /api/v9/ and
// /api/v10/ and the gateway under /ws/. It fails for a non-loopback address.
func (s *Server) Start() error {
	host, _, err := net.SplitHostPort(s.w.Opts.Addr)
	if err != nil {
		return fmt.Errorf("discordtest: bad address %q: %w", s.w.Opts.Addr, err)
	}
	if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return fmt.Errorf("discordtest: address %q is not a loopback address", s.w.Opts.Addr)
	}
	ln, err := net.Listen("tcp", s.w.Opts.Addr)
	if err != nil {
		return fmt.Errorf("discordtest: listen: %w", err)
	}
	s.w.Lock()
	if s.w.Started {
		s.w.Unlock()
		ln.Close()
		return errors.New("discordtest: server already started")
	}
	s.w.Started = true
	s.ln = ln
	addr := ln.Addr().String()
	s.addr.set(addr)
	s.w.Addr = addr
	s.w.BaseURL = "http://" + addr
	s.hs = &http.Server{Handler: s.api.Handler(), ReadHeaderTimeout: 10 * time.Second}
	s.w.Unlock()
	go func() { _ = s.hs.Serve(ln) }()
	s.w.Logf("discordtest: listening on %s", s.w.BaseURL)
	return nil
}

// Close drops every gateway connection, stops the HTTP server and ends the
// subscriber goroutines after they have delivered what was queued.
func (s *Server) Close() error {
	s.w.Lock()
	if s.w.Closed || !s.w.Started {
		s.w.Closed = true
		s.w.Unlock()
		return nil
	}
	s.w.Closed = true
	subs := s.w.Rec.Subs
	s.w.Rec.Subs = nil
	s.w.Unlock()
	s.gw.DropAll()
	s.ep.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	err := s.hs.Shutdown(ctx)
	for _, sub := range subs {
		sub.Close()
	}
	return err
}

// URL is the server's base URL, "http://127.0.0.1:PORT" (empty before Start).
func (s *Server) URL() string {
	s.w.Lock()
	defer s.w.Unlock()
	return s.w.BaseURL
}

// GatewayURL is the URL that GET /gateway returns: "ws://127.0.0.1:PORT/ws".
func (s *Server) GatewayURL() string {
	s.w.Lock()
	defer s.w.Unlock()
	return s.w.GatewayURL()
}
