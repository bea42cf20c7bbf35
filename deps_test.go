package main

import (
	"os/exec"
	"strings"
	"testing"
)

// deps lists the packages the binary built with the given tags links.
func deps(t *testing.T, tags string) map[string]bool {
	t.Helper()
	out, err := exec.Command("go", "list", "-tags", tags, "-deps", "-f", "{{.ImportPath}}", "shinpan").CombinedOutput()
	if err != nil {
		t.Fatalf("go list -tags %q: %v\n%s", tags, err, out)
	}
	seen := map[string]bool{}
	for _, d := range strings.Fields(string(out)) {
		seen[d] = true
	}
	return seen
}

// TestBinaryLinksNoValidator fails if the shipped binary links the stand-in's
// request validator (package openapi, its libraries and Discord's 1.2 MB
// description), which only tests may import; and if the production binary
// (what the Dockerfile builds: -tags production) links the stand-in, the load
// generator or the arena, which only the dev commands (demo, loadtest, arena) use;
// and if either links Prometheus's client_golang (or its procfs, protobuf,
// ...): its package initialisation cost ~3 ms at every start, so the metrics
// are github.com/VictoriaMetrics/metrics (docs/PERFORMANCE.md).
func TestBinaryLinksNoValidator(t *testing.T) {
	validator := []string{"shinpan/bot/discordtest/openapi", "github.com/getkin/kin-openapi/",
		"github.com/santhosh-tekuri/jsonschema/", "github.com/gorilla/mux", "go.yaml.in/yaml/", "github.com/prometheus/"}
	devOnly := []string{"shinpan/bot/discordtest", "shinpan/loadtest", "shinpan/player/arena"}
	for _, tc := range []struct {
		name, tags string
		bad, want  []string
	}{
		{"dev", "", validator, devOnly},
		{"production", "production", append(validator, devOnly...), []string{"shinpan/bot", "shinpan/store"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			seen := deps(t, tc.tags)
			for d := range seen {
				for _, bad := range tc.bad {
					if d == bad || strings.HasPrefix(d, strings.TrimSuffix(bad, "/")+"/") {
						t.Errorf("the binary links %s", d)
					}
				}
			}
			for _, w := range tc.want {
				if !seen[w] {
					t.Errorf("%s missing from the dependencies: is go list answering for the right module?", w)
				}
			}
		})
	}
}
