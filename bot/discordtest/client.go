package discordtest

import (
	"context"
	"net"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// rewriter sends every request to the stand-in, whatever host it names.
type rewriter struct {
	addr *address
	base http.RoundTripper
}

func (rt *rewriter) RoundTrip(req *http.Request) (*http.Response, error) {
	addr := rt.addr.get()
	if addr == "" {
		return nil, ErrNotStarted
	}
	r := req.Clone(req.Context())
	r.URL.Scheme = "http"
	r.URL.Host = addr
	r.Host = addr
	return rt.base.RoundTrip(r)
}

// address is the address the server listens on, read without the World's
// lock, as every request's client reads it.
type address struct{ p atomic.Pointer[string] }

func (a *address) set(addr string) { a.p.Store(&addr) }

// get is the address ("" before Start).
func (a *address) get() string {
	if p := a.p.Load(); p != nil {
		return *p
	}
	return ""
}

// dial dials the stand-in whatever address is asked for.
func (a *address) dial(ctx context.Context, network, _ string) (net.Conn, error) {
	addr := a.get()
	if addr == "" {
		return nil, ErrNotStarted
	}
	var d net.Dialer
	return d.DialContext(ctx, network, addr)
}

// Transport returns an http.RoundTripper that rewrites the scheme and host of
// every request to this server (so "https://discord.com/api/v9/..." reaches
// it) and can only connect to it.
func (s *Server) Transport() http.RoundTripper {
	return &rewriter{addr: &s.addr, base: &http.Transport{
		Proxy:       nil,
		DialContext: s.addr.dial,
		// A sender per destination: hundreds of requests at once under load.
		// Discord speaks HTTP/2, which carries them on a few connections;
		// over this HTTP/1.1 server each needs its own, and a pool smaller
		// than the senders would close and redial them all the time.
		MaxIdleConnsPerHost: 4096,
		IdleConnTimeout:     30 * time.Second,
	}}
}

// HTTPClient is an http.Client using Transport, with discordgo's 20 s timeout.
func (s *Server) HTTPClient() *http.Client {
	return &http.Client{Transport: s.Transport(), Timeout: 20 * time.Second}
}

// Configure points a discordgo session at this server: Session.Client
// becomes HTTPClient() and Session.Dialer a websocket dialer that can only
// reach this server. In discordgo v0.29.0 every REST call, GET /gateway
// included, goes through Session.Client (RequestWithLockedBucket is the only
// caller of http.Client.Do), and the gateway is dialled with Session.Dialer
// at the URL that GET /gateway returned, which is this server's /ws. So no
// package-level Endpoint* variable needs changing, and tests with separate
// servers may run in parallel. Call it before Open.
func (s *Server) Configure(sess *discordgo.Session) {
	sess.Client = s.HTTPClient()
	sess.Dialer = &websocket.Dialer{
		Proxy:            nil,
		NetDialContext:   s.addr.dial,
		HandshakeTimeout: 10 * time.Second,
	}
}
