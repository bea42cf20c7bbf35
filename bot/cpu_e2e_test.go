package bot

import (
	"strings"
	"testing"
	"time"

	"shinpan/bot/discordtest"
	"shinpan/referee/shogi"
	"shinpan/store"
)

func fastCPU(e *env) { e.cfg.CPULevel, e.cfg.CPUMoveMillis = "random", 10 }

// TestGameAgainstTheCPUToItsEnd: alice challenges the bot itself; she is
// away from the start, so after a second the CPU takes her seat too and the
// game is played to its end through the whole bot, unrated.
func TestGameAgainstTheCPUToItsEnd(t *testing.T) {
	t.Parallel()
	e := newEnv(t, fastCPU)
	out := e.slash(e.alice, "challenge", discordtest.StringOption("variant", "tsuitate"),
		discordtest.UserOption("opponent", e.srv.BotUser().ID), discordtest.StringOption("color", "white"),
		discordtest.IntegerOption("away_seconds", 1), discordtest.BooleanOption("ranked", true))
	if !strings.Contains(out, "starts") {
		t.Fatalf("challenge the CPU: %q", out)
	}
	gs, _ := e.st.ActiveGamesOf(e.alice)
	if len(gs) != 1 || gs[0].Players[0] != store.CPU {
		t.Fatalf("games %+v", gs)
	}
	id := gs[0].ID
	deadline := time.Now().Add(90 * time.Second)
	for e.game(id).Status.Live() && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	g := e.game(id)
	if g.Status != store.StatusFinished || g.Result == nil || g.Rated {
		t.Fatalf("game %+v", g)
	}
	var away bool
	for _, p := range e.channelPosts() {
		away = away || strings.Contains(p.Content, "is away")
	}
	if !away || !g.Away[1].CPU {
		t.Fatal("the channel was not told the CPU took alice's seat")
	}
	if _, err := e.st.GetRating(e.srv.GuildID(), g.Variant, e.alice); err == nil {
		t.Fatal("a game against the CPU was rated")
	}
	t.Logf("ended after %d actions: %s", g.LastSeq, g.Result.Reason)
}

// TestAwayAndBack: bob is away on his turn; the CPU plays for him and the
// channel is told; his next message takes the seat back, and his next turn is
// his own: no CPU in his seat, a full away time ahead, his move taken as his.
func TestAwayAndBack(t *testing.T) {
	t.Parallel()
	e := newEnv(t, fastCPU)
	id := e.startGame("standard", discordtest.IntegerOption("away_seconds", 60))
	e.play("7g7f")
	e.offset.Store(int64(61 * time.Second)) // bob has been away for his turn's 60 s
	e.waitUntil("the CPU's move for bob", func() bool { return e.game(id).LastSeq >= 2 })
	if !e.game(id).Away[1].CPU {
		t.Fatal("bob's seat not marked away")
	}
	e.dm(e.alice, "2g2f")
	e.waitUntil("the CPU's second move", func() bool { return e.game(id).LastSeq >= 4 })
	e.dm(e.bob, "help") // anything from bob brings him back
	e.waitUntil("bob back", func() bool { return !e.game(id).Away[1].CPU })
	e.settle()
	var back bool
	for _, p := range e.channelPosts() {
		back = back || strings.Contains(p.Content, "is back")
	}
	if !back {
		t.Fatal("the channel was not told bob is back")
	}
	seq := e.game(id).LastSeq
	if r := e.dm(e.alice, "6i7h"); !strings.Contains(r.Content, "You played") {
		t.Fatalf("alice: %q", r.Content)
	}
	lg, err := e.b.games.Get(id)
	if err != nil {
		t.Fatal(err)
	}
	lg.Mu.Lock()
	cpu, turn := lg.CPU[shogi.White], lg.G.Turn()
	moves := lg.G.TruePosition().LegalMoves(nil)
	lg.Mu.Unlock()
	if cpu != nil || turn != shogi.White {
		t.Fatalf("after alice's move: the CPU holds bob's seat: %v, turn %v", cpu != nil, turn)
	}
	g := e.game(id)
	if dl := g.Deadline; dl == nil || dl.Player != shogi.White || dl.Away.Before(time.Now().Add(61*time.Second+50*time.Second)) {
		t.Fatalf("bob's turn has no fresh away time: %+v", dl)
	}
	if len(moves) == 0 {
		t.Fatal("bob has no legal move")
	}
	if r := e.dm(e.bob, moves[0].USI()); !strings.Contains(r.Content, "You played") {
		t.Fatalf("bob's own move %s: %q", moves[0].USI(), r.Content)
	}
	if g := e.game(id); g.LastSeq != seq+2 || g.Away[1].CPU {
		t.Fatalf("after alice's and bob's moves: %d actions (want %d), away %+v", g.LastSeq, seq+2, g.Away[1])
	}
}

// TestCPUDrawAndRematch: the CPU plays on when offered a draw; a rematch
// against the CPU starts a new game at once.
func TestCPUDrawAndRematch(t *testing.T) {
	t.Parallel()
	e := newEnv(t, fastCPU)
	e.slash(e.alice, "challenge", discordtest.StringOption("variant", "standard"),
		discordtest.UserOption("opponent", e.srv.BotUser().ID), discordtest.StringOption("color", "black"))
	if out := e.slash(e.alice, "draw"); !strings.Contains(out, "plays on") {
		t.Fatalf("draw offered to the CPU: %q", out)
	}
	e.slash(e.alice, "resign")
	if out := e.slash(e.alice, "rematch"); !strings.Contains(out, "starts") {
		t.Fatalf("rematch against the CPU: %q", out)
	}
	gs, _ := e.st.ActiveGamesOf(e.alice)
	if len(gs) != 1 || gs[0].Players[1] != e.alice {
		t.Fatalf("rematch %+v", gs)
	}
}
