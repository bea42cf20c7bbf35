package bot

import (
	"strings"
	"testing"
	"time"

	"shinpan/bot/discordtest"
)

// TestChallengeExpires: the card is edited to say so and accepting fails.
func TestChallengeExpires(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	card := e.challenge("dark")
	e.offset.Store(int64(11 * time.Minute))
	e.waitUntil("the card edit", func() bool {
		m, _ := e.srv.Message(card.ID)
		return strings.Contains(m.Content, "expired")
	})
	if m, _ := e.srv.Message(card.ID); strings.Contains(string(m.Components), "accept:") {
		t.Fatal("the expired card still has its buttons")
	}
	if out := e.slash(e.bob, "accept", discordtest.IntegerOption("challenge", 1)); !strings.Contains(out, "no longer open") {
		t.Fatalf("accept after expiry: %q", out)
	}
}

// TestThreads: with threads on, a game's announcements go to a thread under
// its challenge message.
func TestThreads(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(e *env) { e.cfg.Threads = true })
	id := e.startGame("tsuitate")
	e.waitUntil("the thread", func() bool { return e.game(id).ThreadID != "" })
	th := e.game(id).ThreadID
	e.play("7g7f")
	posts := e.srv.BotMessages(th)
	if len(posts) == 0 || !strings.Contains(posts[len(posts)-1].Content, "moved (move 1)") {
		t.Fatalf("thread posts %+v", posts)
	}
}

// TestChannelLostAndDMsClosedMidGame: without permission in the channel the
// game goes on by DM and the players are told once; a player whose DMs close
// is named in the channel once and the game waits for them.
func TestChannelLostAndDMsClosedMidGame(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	id := e.startGame("tsuitate")
	e.play("7g7f", "3c3d")
	e.srv.Faults().SetDMsClosed(e.bob, true)
	if _, err := e.srv.SendDM(e.alice, "2g2f"); err != nil {
		t.Fatal(err)
	}
	e.waitUntil("the channel note", func() bool { return strings.Contains(e.lastPost().Content, "can no longer DM you") })
	e.srv.Faults().SetDMsClosed(e.bob, false)
	e.dm(e.bob, "8c8d")
	notes := 0
	for _, p := range e.channelPosts() {
		if strings.Contains(p.Content, "can no longer DM") {
			notes++
		}
	}
	if notes != 1 {
		t.Fatalf("%d channel notes about closed DMs", notes)
	}
	e.srv.Faults().SetMissingPermissions(e.ch, true)
	e.dm(e.alice, "2f2e")
	e.waitUntil("the players are told", func() bool {
		return e.countDMs(e.alice, "can no longer post") == 1 && e.countDMs(e.bob, "can no longer post") == 1
	})
	if r := e.dm(e.bob, "8d8e"); !strings.Contains(r.Content, "You played") {
		t.Fatalf("the game did not go on by DM: %q", r.Content)
	}
	if e.countDMs(e.alice, "can no longer post") != 1 || !e.game(id).ChannelGone {
		t.Fatal("players told more than once, or the game not marked")
	}
}

// TestSeveralGames: a player in two games picks one with #N, is asked which
// otherwise, and the last-used game is then the default.
func TestSeveralGames(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	g1 := e.startGame("tsuitate")
	g2 := e.startGame("standard")
	r := e.dm(e.alice, "7g7f")
	if !strings.Contains(r.Content, "several games") {
		t.Fatalf("ambiguous DM: %q", r.Content)
	}
	e.dm(e.alice, "#"+itoa(uint64(g2))+" 7g7f")
	if e.game(g2).LastSeq != 1 || e.game(g1).LastSeq != 0 {
		t.Fatal("the prefixed move went to the wrong game")
	}
	e.dm(e.bob, "#"+itoa(uint64(g2))+" 3c3d")
	if r := e.dm(e.alice, "2g2f"); !strings.Contains(r.Content, "You played") || e.game(g2).LastSeq != 3 {
		t.Fatalf("default game: %q", r.Content)
	}
}

// TestNewGameAsksWhich: a game that starts while its players play another
// makes their next move without a number ask which game, rather than go to
// the last one used; a game their typed moves do not go to is named in the
// updates of the opponent's moves, and a refusal from the default game among
// several names it.
func TestNewGameAsksWhich(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	g1 := e.startGame("standard")
	e.dm(e.alice, "7g7f")
	e.dm(e.bob, "3c3d")
	if r := e.dm(e.alice, "2g2f"); !strings.HasPrefix(r.Content, "You played") {
		t.Fatalf("the default game named: %q", r.Content)
	}
	g2 := e.startGame("standard")
	n1, n2 := "#"+itoa(uint64(g1)), "#"+itoa(uint64(g2))
	if r := e.dm(e.bob, "8c8d"); !strings.Contains(r.Content, "several games") || e.game(g1).LastSeq != 3 {
		t.Fatalf("a bare move after a new game: %q, game %s at %d", r.Content, n1, e.game(g1).LastSeq)
	}
	if r := e.dm(e.alice, n2+" 7g7f"); !strings.HasPrefix(r.Content, "You played") {
		t.Fatalf("the answer to a numbered move: %q", r.Content)
	}
	// Alice's moves now go to game 2, where it is Bob's turn.
	if r := e.dm(e.alice, "5g5f"); !strings.HasPrefix(r.Content, "Game "+n2+" · ") || e.game(g1).LastSeq != 3 {
		t.Fatalf("refusal in the default game among several: %q", r.Content)
	}
	before := len(e.botDMs(e.alice))
	e.dm(e.bob, n1+" 8c8d")
	e.waitUntil("alice's update", func() bool { return len(e.botDMs(e.alice)) > before })
	if c := e.botDMs(e.alice)[before].Content; !strings.HasPrefix(c, "Game "+n1+" · ") {
		t.Fatalf("update of a game alice's moves do not go to: %q", c)
	}
	before = len(e.botDMs(e.alice))
	e.dm(e.bob, n2+" 3c3d")
	e.waitUntil("alice's update", func() bool { return len(e.botDMs(e.alice)) > before })
	if c := e.botDMs(e.alice)[before].Content; strings.HasPrefix(c, "Game ") {
		t.Fatalf("update of alice's default game named: %q", c)
	}
	// A move typed without a number, played in her default game among
	// several: the answer says which game it went to.
	if r := e.dm(e.alice, "2g2f"); !strings.HasPrefix(r.Content, "Game "+n2+" · You played") || e.game(g2).LastSeq != 3 {
		t.Fatalf("the answer to a move played in the default game among several: %q", r.Content)
	}
}

// TestMaskSelectMenu: a mask chosen from the menu; a stranger's choice refused.
func TestMaskSelectMenu(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	id := e.startGame("masked")
	var menu discordtest.Message
	for _, m := range e.botDMs(e.alice) {
		if strings.Contains(string(m.Components), "k:2h") { // the tap menu (tapmove.go)
			menu = m
		}
	}
	if menu.ID == "" {
		t.Fatal("no mask menu")
	}
	iid, err := e.srv.SelectMenu(e.alice, menu.ChannelID, menu.ID, "tap:"+itoa(uint64(id))+":1:s0", "k:2h")
	if err != nil {
		t.Fatal(err)
	}
	e.answer(iid)
	if e.game(id).LastSeq != 1 {
		t.Fatal("mask not set")
	}
	if r := e.dm(e.alice, "5i"); !strings.Contains(r.Content, "king") {
		t.Fatalf("king as mask: %q", r.Content)
	}
}

// TestRefusalsByDM: a refusal quotes the typed text as typed (a full-width
// space stays one) and a written-out drop gets its own-board reason.
func TestRefusalsByDM(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.startGame("tsuitate")
	if r := e.dm(e.alice, "同\u3000歩"); !strings.HasPrefix(r.Content, "“同\u3000歩” is not a possible move here") {
		t.Fatalf("同　歩: %q", r.Content)
	}
	if r := e.dm(e.alice, "５五歩打"); r.Content != "“５五歩打”: you have no such piece in hand." {
		t.Fatalf("５五歩打: %q", r.Content)
	}
}
