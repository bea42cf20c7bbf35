package bot

import (
	"context"
	"strings"
	"testing"
	"time"

	"shinpan/bot/discordtest"
	"shinpan/referee"
	"shinpan/referee/shogi"
	"shinpan/store"
)

// countMoveDMs counts the bot's DMs to user whose text contains s.
func (e *env) countDMs(user, s string) int {
	n := 0
	for _, m := range e.botDMs(user) {
		if strings.Contains(m.Content, s) {
			n++
		}
	}
	return n
}

// TestRateLimitAndServerErrorDuringAMove: a 429 on the first message and 500s
// on the next: every notice arrives once, the move is applied once.
func TestRateLimitAndServerErrorDuringAMove(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	id := e.startGame("tsuitate")
	e.srv.Faults().RateLimitNext("POST", "/channels/*/messages", 1, 150*time.Millisecond)
	e.srv.Faults().FailNext("POST", "/channels/*/messages", 2, 500)
	if _, err := e.srv.SendDM(e.alice, "7g7f"); err != nil {
		t.Fatal(err)
	}
	e.waitUntil("every notice", func() bool {
		return e.countDMs(e.alice, "You played") == 1 && e.countDMs(e.bob, "moved (move 1)") == 1 &&
			strings.Contains(e.lastPost().Content, "moved (move 1)")
	})
	e.settle()
	if g := e.game(id); g.LastSeq != 1 {
		t.Fatalf("log has %d actions", g.LastSeq)
	}
	if n := e.countDMs(e.alice, "You played"); n != 1 {
		t.Fatalf("alice told %d times", n)
	}
	if r := e.dm(e.bob, "3c3d"); !strings.Contains(r.Content, "You played") {
		t.Fatalf("the game did not go on: %q", r.Content)
	}
}

// TestGatewayDropAndInvalidResume: the gateway drops, the RESUME is answered
// with an invalid session and the missed dispatch is gone, while alice types
// her move; after the re-IDENTIFY the bot reads her DM history and plays it.
func TestGatewayDropAndInvalidResume(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	id := e.startGame("tsuitate")
	e.srv.Faults().DiscardMissedEvents(true)
	e.srv.Faults().InvalidateNextResume()
	e.srv.Faults().SetGatewayDown(true)
	if _, err := e.srv.SendDM(e.alice, "7g7f"); err != nil {
		t.Fatal(err)
	}
	before := e.srv.Gateway()
	e.srv.Faults().SetGatewayDown(false)
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	if _, err := e.srv.WaitGateway(ctx, func(s discordtest.GatewayStats) bool { return s.Identifies > before.Identifies }); err != nil {
		t.Fatalf("no re-IDENTIFY: %v", err)
	}
	e.waitUntil("the caught-up move", func() bool { return e.game(id).LastSeq == 1 })
	e.settle()
	if n := e.countDMs(e.alice, "You played"); n != 1 {
		t.Fatalf("alice told %d times", n)
	}
	if r := e.dm(e.bob, "3c3d"); !strings.Contains(r.Content, "You played") {
		t.Fatalf("the game did not go on: %q", r.Content)
	}
}

// TestCrashAfterCommit: the action is committed but Discord is unreachable and
// the bot stops before sending; the notices go out after the restart.
func TestCrashAfterCommit(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	id := e.startGame("tsuitate")
	e.srv.Faults().FailNext("POST", "/channels/*/messages", 1000, 503)
	if _, err := e.srv.SendDM(e.alice, "7g7f"); err != nil {
		t.Fatal(err)
	}
	e.waitUntil("the commit", func() bool { g, _ := e.st.GetGame(id); return g.LastSeq == 1 })
	e.stop()
	e.srv.Faults().Clear()
	if n := e.countDMs(e.alice, "You played"); n != 0 {
		t.Fatalf("notice sent before the restart")
	}
	e.start()
	e.waitUntil("the notices", func() bool {
		return e.countDMs(e.alice, "You played") == 1 && e.countDMs(e.bob, "moved (move 1)") == 1
	})
}

// TestRestartMidGame: the bot restarts on the same store between moves and
// the game goes on to its end.
func TestRestartMidGame(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	id := e.startGame("tsuitate")
	moves := g24(t)
	e.play(moves[:10]...)
	e.stop()
	e.start()
	e.play(moves[10:]...)
	if g := e.game(id); g.Result == nil || g.Result.Reason != "checkmate" || g.LastSeq != uint64(len(moves)) {
		t.Fatalf("after the restart: %+v", g)
	}
}

// TestDrawOfferSurvivesRestart: a draw offer made before a restart stands
// after it, and the opponent accepts it.
func TestDrawOfferSurvivesRestart(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	id := e.startGame("tsuitate")
	e.play("7g7f")
	if out := e.slash(e.alice, "draw"); !strings.Contains(out, "offer sent") {
		t.Fatalf("offer: %q", out)
	}
	e.stop()
	e.start()
	if out := e.slash(e.bob, "draw"); out != "Draw agreed: game #1 ends in a draw." {
		t.Fatalf("accepting after the restart: %q", out)
	}
	if g := e.game(id); g.Result == nil || g.Result.Reason != "draw_agreed" || g.DrawOffer != nil {
		t.Fatalf("after the acceptance: %+v", g)
	}
}

// TestDrawOfferDeclinedAfterRestart: the opponent declines a standing offer by
// playing on after a restart; their own /shogi draw is then a new offer.
func TestDrawOfferDeclinedAfterRestart(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	id := e.startGame("tsuitate")
	e.play("7g7f")
	e.slash(e.alice, "draw")
	e.stop()
	e.start()
	e.dm(e.bob, "3c3d")
	if g := e.game(id); g.DrawOffer != nil {
		t.Fatalf("a move left the offer standing: %+v", g.DrawOffer)
	}
	if out := e.slash(e.bob, "draw"); !strings.Contains(out, "offer sent") {
		t.Fatalf("bob's draw after declining: %q", out)
	}
	if g := e.game(id); g.Result != nil || g.DrawOffer == nil || g.DrawOffer.By != 1 || g.DrawOffer.Moves != 2 {
		t.Fatalf("bob's offer: %+v", g)
	}
}

// TestOnePlayersDMsInOrder: two DMs sent at once by one player are handled in
// the order sent: the first is played, the second is out of turn.
func TestOnePlayersDMsInOrder(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	id := e.startGame("standard")
	firsts := []string{"7g7f", "2g2f", "6g6f", "1g1f", "9g9f"}
	replies := []string{"9c9d", "9d9e", "1c1d", "1d1e", "8c8d"}
	for round, first := range firsts {
		n := len(e.botDMs(e.alice))
		e.srv.SendDM(e.alice, "#"+itoa(uint64(id))+" "+first)
		e.srv.SendDM(e.alice, "#"+itoa(uint64(id))+" 5i5h")
		e.waitUntil("two answers", func() bool { return len(e.botDMs(e.alice)) >= n+2 })
		e.settle()
		ms := e.botDMs(e.alice)[n:]
		if !strings.Contains(ms[0].Content, "You played") || !strings.Contains(ms[1].Content, "not your turn") {
			t.Fatalf("round %d: %q then %q", round, ms[0].Content, ms[1].Content)
		}
		_, entries, _ := e.st.LoadGame(id)
		if got := entries[len(entries)-1].Action.Text; !strings.HasSuffix(got, first) {
			t.Fatalf("round %d: played %q, want %q", round, got, first)
		}
		if r := e.dm(e.bob, replies[round]); !strings.Contains(r.Content, "You played") {
			t.Fatalf("bob: %q", r.Content)
		}
	}
}

// TestDrawAcceptanceAfterWithdrawal: an acceptance checked against an offer
// that a move withdrew before the acceptance was applied (the two raced: the
// accepting command answers Discord between its check and the action) does
// not end the game.
func TestDrawAcceptanceAfterWithdrawal(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	id := e.startGame("tsuitate")
	if out := e.slash(e.alice, "draw"); !strings.Contains(out, "offer sent") {
		t.Fatalf("offer: %q", out)
	}
	e.play("7g7f") // withdraws alice's offer
	// bob's /shogi draw saw the offer standing just before alice's move.
	if _, done := e.b.act(id, e.bob, referee.Action{Kind: referee.ActDraw, Player: shogi.White}, "late-accept"); done {
		t.Fatal("a withdrawn offer was accepted")
	}
	if g := e.game(id); g.Result != nil || !g.Status.Live() {
		t.Fatalf("the game ended: %+v", g)
	}
}

// TestMissedDMsAfterRestart: moves typed while the bot is down are read back
// after the start, in the background, and a DM typed right after the start
// is handled after the missed ones, each once.
func TestMissedDMsAfterRestart(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	id := e.startGame("tsuitate")
	e.play("7g7f")
	e.stop()
	if _, err := e.srv.SendDM(e.bob, "3c3d"); err != nil {
		t.Fatal(err)
	}
	if _, err := e.srv.SendDM(e.bob, "?5e"); err != nil { // a private note after his move
		t.Fatal(err)
	}
	e.start()
	if _, err := e.srv.SendDM(e.bob, "?5e"); err != nil { // live, at once: the note goes off again
		t.Fatal(err)
	}
	e.waitUntil("the missed move", func() bool { return e.game(id).LastSeq == 2 })
	e.waitUntil("both notes", func() bool { return e.countDMs(e.bob, "5e") >= 2 })
	e.settle()
	var order []string
	for _, m := range e.botDMs(e.bob) {
		switch {
		case strings.Contains(m.Content, "You played"):
			order = append(order, "move")
		case strings.Contains(m.Content, "5e"):
			order = append(order, "note")
		}
	}
	if got := strings.Join(order, ","); got != "move,note,note" {
		t.Fatalf("bob's answers: %s", got)
	}
	if r := e.dm(e.alice, "2g2f"); !strings.Contains(r.Content, "You played") {
		t.Fatalf("the game did not go on: %q", r.Content)
	}
}

// TestCPUResumesAfterRestart: a game against the CPU that waits for the CPU's
// move when the bot stops gets it after the start.
func TestCPUResumesAfterRestart(t *testing.T) {
	t.Parallel()
	e := newEnv(t, fastCPU)
	e.slash(e.alice, "challenge", discordtest.StringOption("variant", "standard"),
		discordtest.UserOption("opponent", e.srv.BotUser().ID), discordtest.StringOption("color", "black"))
	gs, _ := e.st.ActiveGamesOf(e.alice)
	if len(gs) != 1 {
		t.Fatalf("games %+v", gs)
	}
	id := gs[0].ID
	e.play("7g7f")
	e.waitUntil("the CPU's reply", func() bool { return e.game(id).LastSeq == 2 })
	e.stop()
	// Alice's move went into the store just before the stop: the CPU's turn.
	st, err := storeBackend.open(e.loc)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.AppendAction(id, store.Entry{Action: referee.Action{Kind: referee.ActMove, Player: shogi.Black, Text: "2g2f"},
		UserID: e.alice, Key: "late-move"}, nil, nil); err != nil {
		t.Fatal(err)
	}
	st.Close()
	e.start()
	e.waitUntil("the CPU's move after the restart", func() bool { return e.game(id).LastSeq == 4 })
}
