package discordtest

import (
	"fmt"
	"net/url"
	"shinpan/bot/discordtest/wire"
	"strings"
)

// A Spec checks a REST request against a description of Discord's API and
// returns its problems (none if it is valid). Package
// shinpan/bot/discordtest/openapi checks against Discord's own OpenAPI
// description; it is kept out of this package so that a program using the
// stand-in does not link it, and only tests import it.
type Spec interface {
	// Check takes the path without the "/api/vN" prefix (e.g.
	// "/channels/12/messages") and the JSON body, or the payload_json part of
	// a multipart body (nil if none).
	Check(method, path string, query url.Values, body []byte) []string
}

// ValidationError is a REST request that failed validation.
type ValidationError struct {
	Seq      int // Request.Seq
	Method   string
	Path     string
	Problems []string
}

func (e ValidationError) Error() string {
	return fmt.Sprintf("request #%d %s %s: %s", e.Seq, e.Method, e.Path, strings.Join(e.Problems, "; "))
}

// ValidationErrors lists the requests that failed validation, in order.
func (s *Server) ValidationErrors() []ValidationError {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []ValidationError
	for _, r := range s.rec.requests {
		if len(r.Problems) > 0 {
			out = append(out, ValidationError{Seq: r.Seq, Method: r.Method, Path: r.Path, Problems: append([]string(nil), r.Problems...)})
		}
	}
	return out
}

// validate checks a request against Options.Spec, if any, and the limits
// that Discord's description misses (limits.go).
func (s *Server) validate(c *call) []string {
	var problems []string
	if s.opts.Spec != nil {
		problems = s.opts.Spec.Check(c.req.Method, c.req.APIPath(), c.req.Query, c.req.Body)
	}
	return append(problems, wire.Check(c.req.Route, c.req.Method, c.req.Body, c.body, len(c.files))...)
}
