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

// TestChallengeOptionRefused: an option out of range is refused in the
// challenger's language, named as the slash command shows it.
func TestChallengeOptionRefused(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.slash(e.bob, "settings", discordtest.StringOption("language", "ja"))
	for _, c := range []struct{ user, want string }{
		{e.alice, `move\_limit must be 0 (none) or from 50 to 1000, not 20.`},
		{e.bob, `move\_limit は 0（なし）か 50〜1000 で指定してください（20 は範囲外です）。`},
	} {
		got := e.slash(c.user, "challenge", discordtest.StringOption("variant", "dark"),
			discordtest.IntegerOption("move_limit", 20))
		if got != c.want {
			t.Errorf("got %q, want %q", got, c.want)
		}
	}
	if cs, _ := e.st.Challenges(); len(cs) != 0 {
		t.Errorf("challenges %v", cs)
	}
}
