package ops

import (
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Transport wraps an http.RoundTripper (nil: the default) to count Discord
// REST requests by method, route and status, their time, and 429s.
func (m *Metrics) Transport(base http.RoundTripper) http.RoundTripper {
	if base == nil {
		base = http.DefaultTransport
	}
	if m == nil {
		return base
	}
	return &countingTransport{m: m, base: base}
}

type countingTransport struct {
	m    *Metrics
	base http.RoundTripper
}

func (t *countingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	route := Route(r.URL.Path)
	start := time.Now()
	resp, err := t.base.RoundTrip(r)
	t.m.requestSeconds.with(r.Method, route).Update(time.Since(start).Seconds())
	status := "error"
	if err == nil {
		status = strconv.Itoa(resp.StatusCode)
		if resp.StatusCode == http.StatusTooManyRequests {
			t.m.rateLimited.with(route).Inc()
		}
	}
	t.m.requests.with(r.Method, route, status).Inc()
	return resp, err
}

// Route is a REST path without its API version, ids and tokens, so that a
// label has few values and holds no secret: "/api/v10/channels/123/messages"
// is "/channels/{id}/messages"; "/interactions/1/TOKEN/callback" is
// "/interactions/{id}/{token}/callback", and so are webhook tokens.
func Route(path string) string {
	parts := strings.Split(strings.Trim(path, "/"), "/")
	if len(parts) >= 2 && parts[0] == "api" && strings.HasPrefix(parts[1], "v") {
		parts = parts[2:]
	}
	for i, p := range parts {
		switch {
		case p != "" && strings.Trim(p, "0123456789") == "":
			parts[i] = "{id}"
		case i >= 2 && (parts[i-2] == "webhooks" || parts[i-2] == "interactions"):
			parts[i] = "{token}"
		case i > 0 && parts[i-1] == "reactions":
			parts[i] = "{emoji}"
		}
	}
	return "/" + strings.Join(parts, "/")
}
