package discordtest

import (
	"bytes"
	"context"
	_ "embed" // Discord's OpenAPI description
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"
)

// specJSON is Discord's OpenAPI 3.1 description (discord/discord-api-spec,
// MIT; see testdata/discord-openapi/SOURCE.md and LICENSE).
//
//go:embed testdata/discord-openapi/openapi.json
var specJSON []byte

// specServer is the server URL of the description; requests are mapped to it.
const specServer = "https://discord.com/api/v10"

var spec struct {
	once   sync.Once
	router routers.Router
	took   time.Duration
	err    error
}

// LoadSpec parses Discord's OpenAPI description and builds its router, once
// per process, and reports how long that took (about 0.3 s; a few times more
// under -race). Start calls it unless validation is off; call it early (e.g.
// in TestMain or in a goroutine) to take the cost off the first test.
func LoadSpec() (time.Duration, error) {
	spec.once.Do(func() {
		start := time.Now()
		doc, err := openapi3.NewLoader().LoadFromData(specJSON)
		if err != nil {
			spec.err = fmt.Errorf("discordtest: loading Discord's OpenAPI description: %w", err)
			return
		}
		spec.router, err = gorillamux.NewRouter(doc)
		if err != nil {
			spec.err = fmt.Errorf("discordtest: routing Discord's OpenAPI description: %w", err)
			return
		}
		spec.took = time.Since(start)
	})
	return spec.took, spec.err
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

// validate checks a request against the OpenAPI description and the limits
// it misses (limits.go). Multipart bodies are validated through their
// payload_json part, sent as an application/json body to the same path.
func (s *Server) validate(c *call) []string {
	problems := validateSpec(c.req)
	return append(problems, checkLimits(c)...)
}

func validateSpec(r *Request) []string {
	if _, err := LoadSpec(); err != nil {
		return []string{err.Error()}
	}
	ctx := context.Background()
	u := specServer + r.APIPath()
	if q := r.Query.Encode(); q != "" {
		u += "?" + q
	}
	req, err := http.NewRequestWithContext(ctx, r.Method, u, bytes.NewReader(r.Body))
	if err != nil {
		return []string{"building request for validation: " + err.Error()}
	}
	if r.Body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	route, params, err := spec.router.FindRoute(req)
	if err != nil {
		return []string{fmt.Sprintf("%s %s is not in Discord's OpenAPI description: %v", r.Method, r.APIPath(), err)}
	}
	err = openapi3filter.ValidateRequest(ctx, &openapi3filter.RequestValidationInput{
		Request:    req,
		PathParams: params,
		Route:      route,
		Options: &openapi3filter.Options{
			AuthenticationFunc: openapi3filter.NoopAuthenticationFunc,
			MultiError:         true,
		},
	})
	if err == nil {
		return nil
	}
	var out []string
	if me, ok := err.(openapi3.MultiError); ok {
		for _, e := range me {
			out = append(out, tidySpecError(e))
		}
		return out
	}
	return []string{tidySpecError(err)}
}

// tidySpecError keeps the first line of a kin-openapi error (the rest dumps
// the schema and the value) and folds its repeated "validation failed due to".
func tidySpecError(err error) string {
	msg, _, _ := strings.Cut(err.Error(), "\n")
	const rep = "validation failed due to: "
	for strings.Contains(msg, rep+rep) {
		msg = strings.ReplaceAll(msg, rep+rep, rep)
	}
	return "OpenAPI: " + clip(msg, 1000)
}
