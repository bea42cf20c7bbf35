package player

import (
	"os/exec"
	"strings"
	"testing"
)

// allowedDeps are the only packages of this module the player may depend on:
// the rules core and the view types. Neither holds a running game's true
// position; shinpan/referee (the Game, TruePosition, PlayerBoard) does, and so
// do the store and the bot above it.
var allowedDeps = map[string]bool{
	"shinpan/player":        true,
	"shinpan/referee/shogi": true,
	"shinpan/referee/view":  true,
}

// TestImportIsolation fails if package player imports, directly or not,
// anything of this module that could hold the truth of a running game.
func TestImportIsolation(t *testing.T) {
	// go test puts its own go command first on the test's PATH.
	out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}", "shinpan/player").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 5 {
		t.Fatalf("go list gave only %v", deps)
	}
	seen := map[string]bool{}
	for _, d := range deps {
		seen[d] = true
		if d == "shinpan" || strings.HasPrefix(d, "shinpan/") {
			if !allowedDeps[d] {
				t.Errorf("package player depends on %s, which may hold a game's true position", d)
			}
		}
	}
	for _, must := range []string{"shinpan/referee/shogi", "shinpan/referee/view"} {
		if !seen[must] {
			t.Errorf("%s missing from the dependencies: is go list answering for the right module?", must)
		}
	}
	if seen["shinpan/referee"] {
		t.Error("package player imports shinpan/referee (the Game)")
	}
}
