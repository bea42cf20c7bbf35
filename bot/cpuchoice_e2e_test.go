package bot

import (
	"strings"
	"testing"
	"time"

	"shinpan/bot/discordtest"
	"shinpan/bot/texts"
	"shinpan/bot/texts/uitexts"
	"shinpan/player"
	"shinpan/referee/shogi"
	"shinpan/store"
)

// level: and think: choose how the CPU plays a game against the bot; the
// choice is stored with the game, so it survives a restart.
func TestChallengeTheCPUWithLevelAndThink(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(e *env) { e.cfg.CPULevel, e.cfg.CPUMaxMoveMillis = "strong", 2000 })
	cpu := e.srv.BotUser().ID
	out := e.slash(e.alice, "challenge", discordtest.StringOption("variant", "standard"),
		discordtest.UserOption("opponent", cpu), discordtest.StringOption("color", "black"),
		discordtest.StringOption("level", "random"), discordtest.IntegerOption("think", 150))
	if !strings.Contains(out, "starts") {
		t.Fatalf("challenge the CPU: %q", out)
	}
	gs, _ := e.st.ActiveGamesOf(e.alice)
	if len(gs) != 1 || gs[0].CPU == nil || *gs[0].CPU != (store.CPUChoice{Level: "random", MoveMillis: 150}) {
		t.Fatalf("games %+v", gs)
	}
	id := gs[0].ID
	e.stop()
	e.start()
	meta := e.game(id)
	if l := e.b.cpu.LevelOf(meta, shogi.White); l != player.Random {
		t.Errorf("the CPU's seat after a restart plays at %s, want random", l)
	}
	if d := e.b.cpu.MoveTime(meta, shogi.White); d != 150*time.Millisecond {
		t.Errorf("the CPU's think time after a restart %v, want 150ms", d)
	}
	if l := e.b.cpu.LevelOf(meta, shogi.Black); l != player.Strong {
		t.Errorf("alice's seat, if the CPU ever takes it, plays at %s, want the configured strong", l)
	}
	e.dm(e.alice, "7g7f")
	e.waitUntil("the CPU's reply", func() bool { return e.game(id).LastSeq >= 2 })
	// A rematch plays the CPU the same way.
	e.slash(e.alice, "resign", discordtest.IntegerOption("game", int64(id)))
	e.slash(e.alice, "rematch", discordtest.IntegerOption("game", int64(id)))
	gs, _ = e.st.ActiveGamesOf(e.alice)
	if len(gs) != 1 || gs[0].ID == id || gs[0].CPU == nil || *gs[0].CPU != (store.CPUChoice{Level: "random", MoveMillis: 150}) {
		t.Fatalf("the rematch: %+v", gs)
	}
}

// think: over the configured maximum, and level: or think: against a
// person, are refused and start nothing.
func TestCPUChoiceRefusals(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(e *env) { e.cfg.CPUMaxMoveMillis = 2000 })
	cpu := e.srv.BotUser().ID
	out := e.slash(e.alice, "challenge", discordtest.StringOption("variant", "standard"),
		discordtest.UserOption("opponent", cpu), discordtest.IntegerOption("think", 2001))
	if out != uitexts.ThinkMax(texts.EN, 2000) {
		t.Fatalf("think over the maximum: %q", out)
	}
	out = e.slash(e.alice, "challenge", discordtest.StringOption("variant", "standard"),
		discordtest.UserOption("opponent", e.bob), discordtest.StringOption("level", "greedy"))
	if out != uitexts.CPUOnly(texts.EN) {
		t.Fatalf("level against a person: %q", out)
	}
	if gs, _ := e.st.ActiveGamesOf(e.alice); len(gs) != 0 {
		t.Fatalf("a refused challenge started %d games", len(gs))
	}
	if cs, _ := e.st.Challenges(); len(cs) != 0 {
		t.Fatalf("a refused challenge was stored: %+v", cs)
	}
}
