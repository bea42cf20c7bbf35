package bot

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"shinpan/bot/discordtest"
)

// quick runs an interaction-making call and waits only for the interaction
// to be answered (the stand-in refuses an answer after Discord's 3 s), not
// for the outbox, which a fault may be holding up.
func (e *env) quick(what string, start func() (string, error)) string {
	e.t.Helper()
	id, err := start()
	if err != nil {
		e.t.Fatalf("%s: %v", what, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	in, err := e.srv.WaitInteraction(ctx, id, discordtest.Answered)
	if err != nil {
		e.t.Fatalf("%s was not answered in time: %v", what, err)
	}
	return shown(in)
}

func (e *env) quickSlash(user, sub string, opts ...discordtest.Option) string {
	return e.quick("/shogi "+sub, func() (string, error) {
		return e.srv.SlashCommand(user, e.ch, "shogi", discordtest.Subcommand(sub, opts...))
	})
}

// lastCard is the newest message in the channel with an Accept button.
func (e *env) lastCard() discordtest.Message {
	e.t.Helper()
	ms := e.srv.BotMessages(e.ch)
	for k := len(ms) - 1; k >= 0; k-- {
		if strings.Contains(string(ms[k].Components), "accept:") {
			return ms[k]
		}
	}
	e.t.Fatal("no challenge card")
	return discordtest.Message{}
}

func (e *env) quickClick(user string, m discordtest.Message, prefix string) string {
	return e.quick("button "+prefix, func() (string, error) {
		for _, part := range strings.Split(string(m.Components), "\"") {
			if strings.HasPrefix(part, prefix) {
				return e.srv.ClickButton(user, m.ChannelID, m.ID, part)
			}
		}
		e.t.Fatalf("no %s button on %q", prefix, m.Content)
		return "", nil
	})
}

// TestRepliesNeverWait: while every post and edit in the channel is rate
// limited for seconds at a time, every command and button is still answered
// within Discord's 3 seconds; once the limit lifts, the channel gets each
// post once, in order (the results: a move is no post, only the card's edit).
func TestRepliesNeverWait(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	for _, p := range []string{"/channels/" + e.ch + "/messages", "/channels/" + e.ch + "/messages/*"} {
		e.srv.Faults().Inject(discordtest.Fault{Path: p, Times: 1000, Status: http.StatusTooManyRequests, RetryAfter: 2500 * time.Millisecond})
	}
	opp := discordtest.UserOption("opponent", e.bob)
	black := discordtest.StringOption("color", "black")
	ts := discordtest.StringOption("variant", "tsuitate")

	e.quickSlash(e.alice, "challenge", ts, opp, black)
	e.quickClick(e.bob, e.lastCard(), "accept:")
	e.quickSlash(e.alice, "draw")
	e.quickSlash(e.bob, "draw") // accepted: the game ends, its result waits for the channel
	e.quickSlash(e.alice, "challenge", ts, opp, black)
	e.quickClick(e.bob, e.lastCard(), "decline:")
	e.quickSlash(e.alice, "challenge", ts, opp, black)
	e.quickSlash(e.alice, "cancel")
	e.quickSlash(e.alice, "challenge", ts, opp, black)
	e.quickSlash(e.bob, "accept")
	e.waitUntil("alice's board", func() bool { return strings.Contains(string(e.lastDM(e.alice).Components), "move:") })
	board := e.lastDM(e.alice)
	e.quickClick(e.alice, board, "move:")
	e.quick("the move modal", func() (string, error) {
		return e.srv.SubmitModal(e.alice, board.ChannelID, "movemodal:2", map[string]string{"move": "7g7f"})
	})
	e.quickSlash(e.bob, "resign")

	e.srv.Faults().Clear()
	e.settle()
	seen := map[string]bool{}
	var moved, results int
	for _, p := range e.channelPosts() {
		if seen[p.Nonce] && p.Nonce != "" {
			t.Fatalf("posted twice: %q", p.Content)
		}
		seen[p.Nonce] = true
		if strings.Contains(p.Content, "moved (move 1)") {
			moved++
		}
		if strings.Contains(p.Content, "resigns") || strings.Contains(p.Content, "draw") {
			results++
		}
	}
	if moved != 0 || results < 2 {
		t.Fatalf("after the limit: %d move posts, %d results", moved, results)
	}
}

// TestFailingChannelDelaysNoOther: while every message to bob's DMs fails
// with a 500, alice's DM and the channel's post of the same move arrive; once
// bob's DMs work again he gets his message once.
func TestFailingChannelDelaysNoOther(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.startGame("tsuitate")
	bobDM := e.dmChannel(e.bob)
	e.srv.Faults().Inject(discordtest.Fault{Path: "/channels/" + bobDM + "/messages", Times: 1000, Status: http.StatusInternalServerError})
	before := len(e.botDMs(e.bob))
	if _, err := e.srv.SendDM(e.alice, "7g7f"); err != nil {
		t.Fatal(err)
	}
	e.waitUntil("the channel's post while bob's DMs fail", func() bool {
		return strings.Contains(e.lastPost().Content, "moved (move 1)")
	})
	e.waitUntil("alice's answer", func() bool { return strings.Contains(e.lastDM(e.alice).Content, "You played") })
	if n := len(e.botDMs(e.bob)); n != before {
		t.Fatalf("bob got %d DMs through a failing channel", n-before)
	}
	e.srv.Faults().Clear()
	e.waitUntil("bob's DM after the fault", func() bool { return len(e.botDMs(e.bob)) > before })
	e.settle()
	if ms := e.botDMs(e.bob); len(ms) != before+1 || !strings.Contains(ms[len(ms)-1].Content, "moved (move 1)") {
		t.Fatalf("bob's DMs after the fault: %d new", len(ms)-before)
	}
}
