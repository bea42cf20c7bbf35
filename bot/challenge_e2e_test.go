package bot

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

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
	if !strings.Contains(out, "2 open challenges") || !strings.Contains(out, e.mention("shogi cancel")) {
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

// TestAcceptHoldsUpNoOtherChallenge: while an Accept waits on its DM probe
// (bob's welcome answered 429, retried after 10 s), another person's
// challenge is answered at once: the lock an Accept holds is its
// challenge's, not every challenge's.
func TestAcceptHoldsUpNoOtherChallenge(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	card := e.challenge("tsuitate")
	bobDM := e.dmChannel(e.bob)
	e.srv.Faults().Inject(discordtest.Fault{Method: "POST", Path: "/channels/" + bobDM + "/messages", Status: http.StatusTooManyRequests,
		RetryAfter: 10 * time.Second, Scope: "shared"})
	accept := ""
	for _, part := range strings.Split(string(card.Components), "\"") {
		if strings.HasPrefix(part, "accept:") {
			accept = part
		}
	}
	iid, err := e.srv.ClickButton(e.bob, card.ChannelID, card.ID, accept)
	if err != nil {
		t.Fatal(err)
	}
	e.waitUntil("bob's welcome refused for now", func() bool {
		for _, r := range e.srv.Requests() {
			if r.Status == http.StatusTooManyRequests && strings.HasSuffix(r.Path, "/channels/"+bobDM+"/messages") {
				return true
			}
		}
		return false
	})
	out := e.slash(e.carol, "challenge", discordtest.StringOption("variant", "dark"), discordtest.UserOption("opponent", e.alice))
	if !strings.Contains(out, "challenge") && !strings.Contains(out, "Challenge") {
		t.Fatalf("carol's challenge answered %q", out)
	}
	if gs, _ := e.st.ActiveGamesOf(e.bob); len(gs) != 0 {
		t.Fatal("bob's game started before carol's challenge was answered: her challenge waited for his Accept")
	}
	if out := e.answer(iid); !strings.Contains(out, "Game #") {
		t.Errorf("bob's Accept answered %q, want his game once his welcome went", out)
	}
}

// TestAcceptBeforeTheCardIsKnown: the challenge card's message id is read
// back after the card is posted; when that read fails (or an Accept comes
// first), the card's own Accept button still has it edited to say the game
// is on, its buttons gone.
func TestAcceptBeforeTheCardIsKnown(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.srv.Faults().FailNext("GET", "/webhooks/*/*/messages/@original", 1, http.StatusInternalServerError)
	card := e.challenge("tsuitate")
	e.click(e.bob, card, "accept:")
	e.waitUntil("the card edited", func() bool {
		m, _ := e.srv.Message(card.ID)
		return strings.Contains(m.Content, "Challenge accepted") && !strings.Contains(string(m.Components), "accept:")
	})
}
