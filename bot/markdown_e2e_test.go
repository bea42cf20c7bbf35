package bot

import (
	"strings"
	"testing"

	"shinpan/bot/discordtest"
)

// TestRefusalEscapedInDM: what a player typed comes back literally, not as
// Discord markdown, in either language.
func TestRefusalEscapedInDM(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.slash(e.bob, "settings", discordtest.StringOption("language", "ja"))
	e.startGame("standard")
	if r := e.dm(e.alice, "*5e*"); !strings.Contains(r.Content, `“\*5e\*”`) {
		t.Errorf("alice: %q", r.Content)
	}
	e.dm(e.alice, "7g7f")
	if r := e.dm(e.bob, "_x_"); !strings.Contains(r.Content, `「\_x\_」`) {
		t.Errorf("bob: %q", r.Content)
	}
}
