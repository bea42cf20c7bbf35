package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestBinaryLinksNoValidator fails if the shipped binary links the stand-in's
// request validator (package openapi, its libraries and Discord's 1.2 MB
// description), which only tests may import.
func TestBinaryLinksNoValidator(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}", "shinpan").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	seen := map[string]bool{}
	for _, d := range strings.Fields(string(out)) {
		seen[d] = true
		for _, bad := range []string{"shinpan/bot/discordtest/openapi", "github.com/getkin/kin-openapi/",
			"github.com/santhosh-tekuri/jsonschema/", "github.com/gorilla/mux", "go.yaml.in/yaml/"} {
			if strings.HasPrefix(d, bad) {
				t.Errorf("the binary links %s", d)
			}
		}
	}
	if !seen["shinpan/bot/discordtest"] {
		t.Error("shinpan/bot/discordtest missing from the dependencies: is go list answering for the right module?")
	}
}
