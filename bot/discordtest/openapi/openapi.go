// Package openapi checks REST requests against Discord's own OpenAPI
// description, for the Discord stand-in: pass [Load]'s *Spec as
// discordtest.Options.Spec. It lives apart from package discordtest so that a
// program using the stand-in (shinpan demo) does not link the validator, its
// dependencies and the 1.2 MB description; only tests import it.
package openapi

import (
	"bytes"
	"context"
	_ "embed" // Discord's OpenAPI description
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// specJSON is Discord's OpenAPI 3.1 description (discord/discord-api-spec,
// MIT; see testdata/discord-openapi/SOURCE.md and LICENSE).
//
//go:embed testdata/discord-openapi/openapi.json
var specJSON []byte

// specServer is the server URL of the description; requests are mapped to it.
const specServer = "https://discord.com/api/v10"

// specURL names the description for the JSON Schema compiler.
const specURL = "https://discord.com/openapi.json"

// spec is the parsed description: kin-openapi's router (operations, path
// and query parameters) and a JSON Schema 2020-12 compiler over the same
// document for request bodies. kin-openapi v0.153.0 recompiles a 3.1 schema
// on every validation (about 18 ms per message, 300 ms under -race), so bodies
// are validated with schemas compiled once per operation instead.
var spec struct {
	once     sync.Once
	router   routers.Router
	compiler *jsonschema.Compiler
	took     time.Duration
	err      error

	mu     sync.Mutex
	bodies map[string]*jsonschema.Schema // by JSON pointer
}

// Spec is Discord's OpenAPI description, loaded; it is a discordtest.Spec.
type Spec struct {
	took time.Duration
}

// Load parses Discord's OpenAPI description and builds its router, once per
// process (about 0.4 s; a few times more under -race). Call it early (e.g. in
// TestMain or in a goroutine) to take the cost off the first test.
func Load() (*Spec, error) {
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
		raw, err := jsonschema.UnmarshalJSON(bytes.NewReader(specJSON))
		if err != nil {
			spec.err = fmt.Errorf("discordtest: decoding Discord's OpenAPI description: %w", err)
			return
		}
		spec.compiler = jsonschema.NewCompiler()
		spec.compiler.DefaultDraft(jsonschema.Draft2020)
		if err := spec.compiler.AddResource(specURL, raw); err != nil {
			spec.err = fmt.Errorf("discordtest: Discord's OpenAPI description as JSON Schema: %w", err)
			return
		}
		spec.bodies = map[string]*jsonschema.Schema{}
		spec.took = time.Since(start)
	})
	if spec.err != nil {
		return nil, spec.err
	}
	return &Spec{took: spec.took}, nil
}

// LoadTime is how long the first Load took.
func (s *Spec) LoadTime() time.Duration { return s.took }

// bodySchema compiles (once) the application/json request body schema of
// the operation at a description path such as "/channels/{channel_id}/messages".
func bodySchema(path, method string) (*jsonschema.Schema, error) {
	esc := strings.NewReplacer("~", "~0", "/", "~1")
	ptr := "#/paths/" + esc.Replace(path) + "/" + strings.ToLower(method) + "/requestBody/content/application~1json/schema"
	spec.mu.Lock()
	defer spec.mu.Unlock()
	if sch, ok := spec.bodies[ptr]; ok {
		return sch, nil
	}
	sch, err := spec.compiler.Compile(specURL + ptr)
	if err != nil {
		return nil, err
	}
	spec.bodies[ptr] = sch
	return sch, nil
}

// Check returns the problems of a REST request to path (without the
// "/api/vN" prefix, e.g. "/channels/12/messages") with a JSON body (nil if
// none; for a multipart body its payload_json part): the operation must be in
// the description and its parameters and body must satisfy it.
func (*Spec) Check(method, path string, query url.Values, body []byte) []string {
	ctx := context.Background()
	u := specServer + path
	if q := query.Encode(); q != "" {
		u += "?" + q
	}
	req, err := http.NewRequestWithContext(ctx, method, u, http.NoBody)
	if err != nil {
		return []string{"building request for validation: " + err.Error()}
	}
	route, params, err := spec.router.FindRoute(req)
	if err != nil {
		return []string{fmt.Sprintf("%s %s is not in Discord's OpenAPI description: %v", method, path, err)}
	}
	var out []string
	err = openapi3filter.ValidateRequest(ctx, &openapi3filter.RequestValidationInput{
		Request:    req,
		PathParams: params,
		Route:      route,
		Options: &openapi3filter.Options{
			AuthenticationFunc: openapi3filter.NoopAuthenticationFunc,
			ExcludeRequestBody: true,
			MultiError:         true,
		},
	})
	if me, ok := err.(openapi3.MultiError); ok {
		for _, e := range me {
			out = append(out, tidySpecError(e))
		}
	} else if err != nil {
		out = append(out, tidySpecError(err))
	}
	return append(out, validateBody(route, body)...)
}

// validateBody checks a JSON body (or payload_json) against the operation's
// application/json schema.
func validateBody(route *routers.Route, body []byte) []string {
	rb := route.Operation.RequestBody
	switch {
	case rb == nil || rb.Value == nil:
		if body != nil {
			return []string{"OpenAPI: this operation takes no request body"}
		}
		return nil
	case body == nil:
		if rb.Value.Required {
			return []string{"OpenAPI: request body is required"}
		}
		return nil
	case rb.Value.Content.Get("application/json") == nil:
		return []string{"OpenAPI: this operation takes no JSON body"}
	}
	sch, err := bodySchema(route.Path, route.Method)
	if err != nil {
		return []string{"OpenAPI: compiling body schema: " + err.Error()}
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(body))
	if err != nil {
		return []string{"body is not valid JSON: " + err.Error()}
	}
	err = sch.Validate(inst)
	var verr *jsonschema.ValidationError
	if !errors.As(err, &verr) {
		if err != nil {
			return []string{"OpenAPI: " + err.Error()}
		}
		return nil
	}
	return schemaProblems(verr)
}

var printer = message.NewPrinter(language.English)

// schemaProblems reports the failures of a validation error that matter.
// With anyOf/oneOf unions (interaction callbacks, components) every branch
// fails: branches rejected for their "type" constant are dropped, and of the
// failures left, those deepest in the value are kept.
func schemaProblems(verr *jsonschema.ValidationError) []string {
	leaves := meantLeaves(verr)
	depth := 0
	for _, l := range leaves {
		depth = max(depth, len(l.InstanceLocation))
	}
	var out []string
	seen := map[string]bool{}
	for _, l := range leaves {
		if len(l.InstanceLocation) != depth {
			continue
		}
		msg := fmt.Sprintf("OpenAPI: at /%s: %s", strings.Join(l.InstanceLocation, "/"), l.ErrorKind.LocalizedString(printer))
		if !seen[msg] {
			seen[msg] = true
			out = append(out, msg)
		}
	}
	if len(out) > 3 {
		out = append(out[:3], fmt.Sprintf("OpenAPI: and %d more problems at the same depth", len(out)-3))
	}
	return out
}

// meantLeaves collects the leaf errors, skipping the branches of a union
// that do not match the value's "type" (unless no branch does).
func meantLeaves(e *jsonschema.ValidationError) []*jsonschema.ValidationError {
	if len(e.Causes) == 0 {
		return []*jsonschema.ValidationError{e}
	}
	causes := e.Causes
	switch e.ErrorKind.(type) {
	case *kind.OneOf, *kind.AnyOf:
		typeLoc := strings.Join(append(append([]string(nil), e.InstanceLocation...), "type"), "/")
		var keep []*jsonschema.ValidationError
		for _, c := range causes {
			if !failsOn(c, typeLoc) {
				keep = append(keep, c)
			}
		}
		if len(keep) > 0 {
			causes = keep
		}
	}
	var out []*jsonschema.ValidationError
	for _, c := range causes {
		out = append(out, meantLeaves(c)...)
	}
	return out
}

// failsOn reports whether a const or enum check at instance location loc
// failed somewhere in e.
func failsOn(e *jsonschema.ValidationError, loc string) bool {
	if len(e.Causes) == 0 {
		switch e.ErrorKind.(type) {
		case *kind.Const, *kind.Enum:
			return strings.Join(e.InstanceLocation, "/") == loc
		}
		return false
	}
	for _, c := range e.Causes {
		if failsOn(c, loc) {
			return true
		}
	}
	return false
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

// clip shortens s to at most n runes.
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n]) + "…"
}
