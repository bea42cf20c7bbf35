package main

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// standInEnv, for tests only, points serve at a local Discord stand-in
// (bot/discordtest) at host:port, which must be a loopback address: every
// REST request and the gateway go there, whatever host they name. Tests use
// it to run serve as a real process (kill -9, SIGSTOP).
const standInEnv = "SHINPAN_DISCORD_ADDR"

// discordSession is serve's session: Discord's, or the stand-in's when
// standInEnv is set.
func discordSession(token string) (*discordgo.Session, error) {
	s, err := discordgo.New("Bot " + token)
	if err != nil {
		return nil, err
	}
	addr := os.Getenv(standInEnv)
	if addr == "" {
		return s, nil
	}
	if err := checkLoopback(addr); err != nil {
		return nil, fmt.Errorf("%s: %w", standInEnv, err)
	}
	dial := func(ctx context.Context, network, _ string) (net.Conn, error) {
		var d net.Dialer
		return d.DialContext(ctx, network, addr)
	}
	s.Client = &http.Client{Timeout: 20 * time.Second, Transport: standIn{addr: addr, base: &http.Transport{
		Proxy: nil, DialContext: dial, IdleConnTimeout: 30 * time.Second,
		MaxIdleConnsPerHost: 4096, // as discordtest.Server.Transport's
	}}}
	s.Dialer = &websocket.Dialer{Proxy: nil, NetDialContext: dial, HandshakeTimeout: 10 * time.Second}
	return s, nil
}

// checkLoopback accepts host:port whose host is a loopback IP or localhost.
func checkLoopback(addr string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return err
	}
	if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return fmt.Errorf("%q is not a loopback address", addr)
	}
	return nil
}

// standIn sends every request to addr over plain HTTP.
type standIn struct {
	addr string
	base http.RoundTripper
}

func (rt standIn) RoundTrip(req *http.Request) (*http.Response, error) {
	r := req.Clone(req.Context())
	r.URL.Scheme, r.URL.Host, r.Host = "http", rt.addr, rt.addr
	return rt.base.RoundTrip(r)
}
