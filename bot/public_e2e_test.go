package bot

import (
	"strings"
	"testing"

	"shinpan/bot/discordtest"
)

// card returns the game card as it stands now.
func (e *env) card() discordtest.Message {
	e.t.Helper()
	for _, m := range e.channelPosts() {
		if strings.Contains(m.Content, "Game #") && len(m.Attachments) > 0 && m.Attachments[0].Filename == "public.png" {
			return m
		}
	}
	e.t.Fatal("no game card with the channel's board")
	return discordtest.Message{}
}

// TestPublicBoardOnTheCard: the game card carries the channel's board from the
// start and is edited after each move the channel hears of; a foul the
// channel is not told of (announce_fouls off) leaves it untouched.
func TestPublicBoardOnTheCard(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.startGame("tsuitate", discordtest.BooleanOption("announce_fouls", false))
	c0 := e.card()
	e.play("7g7f", "8c8d")
	c1 := e.card()
	if c1.ID != c0.ID || c1.Edits < c0.Edits+2 || len(c1.Attachments) != 1 {
		t.Fatalf("card edits %d → %d, %d files", c0.Edits, c1.Edits, len(c1.Attachments))
	}
	if !strings.Contains(c1.Attachments[0].Description, "after move 2") {
		t.Errorf("card board alt %q", c1.Attachments[0].Description)
	}
	if r := e.dm(e.alice, "8h2b+"); !strings.Contains(r.Content, "Foul") {
		t.Fatalf("foul: %q", r.Content)
	}
	if c2 := e.card(); c2.Edits != c1.Edits {
		t.Fatalf("the card was edited after a foul the channel was not told of")
	}
}
