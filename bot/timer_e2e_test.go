package bot

import (
	"strings"
	"testing"
	"time"

	"shinpan/bot/discordtest"
	"shinpan/referee/view"
)

// TestTurnTimeout: the player to move sees the deadline and loses on time; a
// foul does not buy time.
func TestTurnTimeout(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	id := e.startGame("tsuitate", discordtest.IntegerOption("turn_seconds", 30))
	if !strings.Contains(e.lastDM(e.alice).Content, "⏱ <t:") {
		t.Fatalf("no deadline in %q", e.lastDM(e.alice).Content)
	}
	e.play("7g7f")
	if !strings.Contains(e.lastDM(e.bob).Content, "⏱ <t:") || strings.Contains(e.lastDM(e.alice).Content, "⏱") {
		t.Fatal("the deadline went to the wrong player")
	}
	dl := e.game(id).Deadline
	e.offset.Store(int64(10 * time.Second))
	e.dm(e.bob, "8b8a") // own-board refusal: no change
	if e.game(id).Deadline.Turn != dl.Turn {
		t.Fatal("a refusal moved the deadline")
	}
	e.offset.Store(int64(31 * time.Second))
	e.waitUntil("the timeout", func() bool { return e.game(id).Result != nil })
	if r := e.game(id).Result; r.Reason != view.ReasonTimeout || r.Winner.String() != "black" {
		t.Fatalf("result %+v", r)
	}
	e.settle()
	if !strings.Contains(strings.ToLower(e.endPost().Content), "time") {
		t.Fatalf("channel: %q", e.endPost().Content)
	}
}

// TestTimerSurvivesRestart: the deadline is stored; a bot started after it
// passed ends the game at once.
func TestTimerSurvivesRestart(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	id := e.startGame("standard", discordtest.IntegerOption("turn_seconds", 20))
	e.play("7g7f")
	e.stop()
	e.offset.Store(int64(25 * time.Second))
	e.start()
	e.waitUntil("the timeout after the restart", func() bool { return e.game(id).Result != nil })
	if r := e.game(id).Result; r.Reason != view.ReasonTimeout || r.Winner.String() != "black" {
		t.Fatalf("result %+v", r)
	}
}
