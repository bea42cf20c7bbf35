package discordtest

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// TestEnforceNonce: a create with the nonce of a recent message from the same
// author in the same channel, and enforce_nonce, returns that message and
// makes none (as Discord does); without enforce_nonce, in another channel or
// with another nonce, a new message is made.
func TestEnforceNonce(t *testing.T) {
	t.Parallel()
	b := startBot(t, Options{})
	dm := must[*discordgo.Channel](t)(b.s.UserChannelCreate(b.alice.ID))
	post := func(ch, content, nonce string, enforce bool) string {
		t.Helper()
		body := map[string]any{"content": content, "nonce": nonce}
		if enforce {
			body["enforce_nonce"] = true
		}
		ep := discordgo.EndpointChannelMessages(ch)
		raw, err := b.s.RequestWithBucketID(http.MethodPost, ep, body, ep)
		if err != nil {
			t.Fatal(err)
		}
		var m discordgo.Message
		if err := json.Unmarshal(raw, &m); err != nil {
			t.Fatal(err)
		}
		return m.ID
	}
	first := post(dm.ID, "Hello!", "n1", true)
	if again := post(dm.ID, "Hello!", "n1", true); again != first {
		t.Fatalf("a re-send with the same nonce made message %s, want the first, %s", again, first)
	}
	if n := len(b.srv.BotMessages(dm.ID)); n != 1 {
		t.Fatalf("%d messages after a deduplicated re-send, want 1", n)
	}
	var dedup int
	for _, r := range b.srv.Requests() {
		if r.Deduplicated {
			dedup++
		}
	}
	if dedup != 1 {
		t.Fatalf("%d requests marked deduplicated, want 1", dedup)
	}
	if other := post(b.channel, "Hello!", "n1", true); other == first {
		t.Fatal("the same nonce in another channel returned the DM")
	}
	if loose := post(dm.ID, "Hello!", "n1", false); loose == first {
		t.Fatal("without enforce_nonce the nonce deduplicated")
	}
	if fresh := post(dm.ID, "Hello!", "n2", true); fresh == first {
		t.Fatal("another nonce returned the first message")
	}
	if n := len(b.srv.BotMessages(dm.ID)); n != 3 {
		t.Fatalf("%d messages in the DM, want 3", n)
	}
	b.srv.AssertClean(t)
}
