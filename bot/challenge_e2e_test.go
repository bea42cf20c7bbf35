package bot

import (
	"fmt"
	"strings"
	"testing"

	"shinpan/bot/discordtest"
)

// TestOpenChallengeLimit: one person may have max_open_challenges open on a
// server; one more is refused, changes nothing and says how to withdraw one.
// Withdrawing and declining answer with the challenge's number.
func TestOpenChallengeLimit(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(e *env) { e.cfg.MaxOpenChallenges = 2 })
	e.challenge("tsuitate")
	e.challenge("dark")
	out := e.slash(e.alice, "challenge", discordtest.StringOption("variant", "masked"), discordtest.UserOption("opponent", e.bob))
	if !strings.Contains(out, "2 open challenges") || !strings.Contains(out, "/shogi cancel") {
		t.Fatalf("a third challenge: %q", out)
	}
	cs, _ := e.st.Challenges()
	if len(cs) != 2 {
		t.Fatalf("%d challenges stored, want 2", len(cs))
	}
	// Another person is not limited by alice's.
	if out := e.slash(e.bob, "challenge", discordtest.StringOption("variant", "masked")); strings.Contains(out, "open challenges") {
		t.Fatalf("bob's challenge: %q", out)
	}
	if out := e.slash(e.alice, "cancel"); out != fmt.Sprintf("Challenge #%d withdrawn.", cs[1].ID) {
		t.Fatalf("cancel: %q", out)
	}
	if out := e.slash(e.bob, "decline", discordtest.IntegerOption("challenge", int64(cs[0].ID))); out != fmt.Sprintf("Challenge #%d declined.", cs[0].ID) {
		t.Fatalf("decline: %q", out)
	}
	e.challenge("masked") // room again
}

// TestDMGamePrefixMistakes: "#17g7f" (no space) and "#0" get how the prefix
// is written, and nothing is played.
func TestDMGamePrefixMistakes(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	id := e.startGame("standard")
	for _, text := range []string{"#17g7f", "#0 7g7f", "#x 7g7f"} {
		if got := e.dm(e.alice, text).Content; !strings.Contains(got, "`#12 7g7f`") || !strings.Contains(got, "Nothing was played") {
			t.Fatalf("%q: %q", text, got)
		}
	}
	if g := e.game(id); g.LastSeq != 0 {
		t.Fatalf("the game changed: %+v", g)
	}
}
