package bot

import (
	"bytes"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"shinpan/bot/discordtest"
)

// TestQuietChannel: a game posts in the channel its card, its result and the
// reveal only; the card is edited with what the channel knows — move, turn,
// the last announcement, captures, fouls, check.
func TestQuietChannel(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.startGame("tsuitate", discordtest.IntegerOption("turn_seconds", 600))
	start := len(e.channelPosts())
	c0 := e.card()
	if !strings.Contains(c0.Content, "Start position · ☗ Black to move · ⏱ <t:") || !strings.Contains(c0.Content, "Fouls: ☗ 0/10 · ☖ 0/10") {
		t.Fatalf("the card at the start: %q", c0.Content)
	}
	e.play("7g7f", "3c3d", "8h2b+") // the bishop takes the bishop
	if r := e.dm(e.bob, "5a4b"); !strings.Contains(r.Content, "You played") {
		t.Fatalf("bob's move: %q", r.Content)
	}
	if r := e.dm(e.alice, "2b3a"); !strings.Contains(r.Content, "Check") { // takes the silver, check
		t.Fatalf("alice's capture: %q", r.Content)
	}
	c := e.card()
	for _, want := range []string{"After move 5 · ☖ White to move · Check!", "Last: ☗ moved (move 5) · ☖'s silver on 3a was captured · Check!",
		"Captured by ☗: bishop, silver", "Captured by ☖: —", "Fouls: ☗ 0/10 · ☖ 0/10"} {
		if !strings.Contains(c.Content, want) {
			t.Errorf("the card lacks %q: %q", want, c.Content)
		}
	}
	if n := len(e.channelPosts()); n != start {
		t.Fatalf("%d posts in the channel during the game", n-start)
	}
	e.slash(e.bob, "resign")
	posts := e.channelPosts()[start:]
	if len(posts) < 1 || !strings.Contains(posts[0].Content, "resigned") || len(posts[0].Attachments) == 0 {
		t.Fatalf("the result: %d posts", len(posts))
	}
	for _, p := range posts {
		if strings.Contains(p.Content, "moved (move") {
			t.Errorf("a move was posted: %q", p.Content)
		}
	}
	if c := e.card(); !strings.Contains(c.Content, "resigned") || strings.Contains(c.Content, "to move") {
		t.Fatalf("the card after the result: %q", c.Content)
	}
}

// TestCardSaysOnlyAnnouncements: two games the channel is told the same
// things about (different hidden moves) get byte for byte the same card
// edits, text and board; a foul the channel is not told of sends the channel
// nothing at all — no request, so no edit and no timing.
func TestCardSaysOnlyAnnouncements(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	g1 := e.startGame("tsuitate", discordtest.BooleanOption("announce_fouls", false))
	g2 := e.startGame("tsuitate", discordtest.BooleanOption("announce_fouls", false))
	prefix := func(id any) string { return fmt.Sprintf("#%v ", id) }
	cards := map[string]discordtest.Message{}
	for _, m := range e.channelPosts() {
		if strings.Contains(m.Content, "Game #") && len(m.Attachments) > 0 {
			cards[m.ID] = m
		}
	}
	e.dm(e.alice, prefix(g1)+"7g7f")
	e.dm(e.alice, prefix(g2)+"2g2f")
	e.dm(e.bob, prefix(g1)+"8c8d")
	e.dm(e.bob, prefix(g2)+"8c8d")
	var now []discordtest.Message
	for id := range cards {
		m, _ := e.srv.Message(id)
		now = append(now, m)
	}
	if len(now) != 2 {
		t.Fatalf("%d cards", len(now))
	}
	num := regexp.MustCompile(`#\d+`)
	if a, b := num.ReplaceAllString(now[0].Content, "#N"), num.ReplaceAllString(now[1].Content, "#N"); a != b {
		t.Fatalf("the cards differ:\n%s\n%s", a, b)
	}
	if !bytes.Equal(now[0].Attachments[0].Data, now[1].Attachments[0].Data) || now[0].Attachments[0].Description != now[1].Attachments[0].Description {
		t.Fatal("the cards' boards differ")
	}
	if !strings.Contains(now[0].Content, "Last: ☖ moved (move 2)") || strings.Contains(now[0].Content, "Fouls") {
		t.Fatalf("the card: %q", now[0].Content)
	}
	channelRequests := func() int {
		n := 0
		for _, r := range e.srv.Requests() {
			if strings.Contains(r.Path, "/channels/"+e.ch+"/") {
				n++
			}
		}
		return n
	}
	before := channelRequests()
	if r := e.dm(e.alice, prefix(g1)+"8h2b+"); !strings.Contains(r.Content, "Foul") { // through the hidden pawn on 3c
		t.Fatalf("foul: %q", r.Content)
	}
	if n := channelRequests(); n != before {
		t.Fatalf("an unannounced foul made %d requests to the channel", n-before)
	}
}

// TestCardEditsCoalesce: while Discord holds the card's edits back, the
// moves' edits pile up and only the newest is sent; the card ends showing
// the last move.
func TestCardEditsCoalesce(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	id := e.startGame("tsuitate")
	c0 := e.card()
	// The card's edits are rate limited until every move is answered, however
	// long the moves take on a loaded machine.
	e.srv.Faults().Inject(discordtest.Fault{Method: http.MethodPatch, Path: "/channels/" + e.ch + "/messages/*", Times: 1 << 20,
		Status: http.StatusTooManyRequests, RetryAfter: 200 * time.Millisecond})
	moves := []string{"7g7f", "3c3d", "2g2f", "8c8d", "2f2e"}
	for i, m := range moves {
		u := e.alice
		if i%2 == 1 {
			u = e.bob
		}
		if _, err := e.srv.SendDM(u, m); err != nil {
			t.Fatal(err)
		}
		// Played, not merely answered: a new DM might be the notice of the
		// opponent's move still arriving.
		e.waitUntil(m+" played", func() bool { return e.game(id).LastSeq == uint64(i+1) })
	}
	e.srv.Faults().Clear()
	e.settle()
	c := e.card()
	if !strings.Contains(c.Content, "After move 5 · ☖ White to move") || !strings.Contains(c.Content, "Last: ☗ moved (move 5)") {
		t.Fatalf("the card after the moves: %q", c.Content)
	}
	if edits := c.Edits - c0.Edits; edits >= len(moves) || edits < 1 {
		t.Fatalf("%d edits for %d moves", edits, len(moves))
	}
}
