package bot

import (
	"strings"
	"testing"

	"shinpan/bot/discordtest"
	"shinpan/store"
)

// Playing several games at once (RULES.md §3, "Several games at once"):
// what a player who plays two or three games is answered.

// twoGames starts two standard games of alice (Black) against bob and has
// alice move in the second by its number, so that her moves without one go
// there; it returns both games.
func (e *env) twoGames() (store.GameID, store.GameID) {
	e.t.Helper()
	g1 := e.startGame("standard")
	e.play("7g7f") // bob to move in the first
	g2 := e.startGame("standard")
	if r := e.dm(e.alice, "#"+itoa(uint64(g2))+" 7g7f"); !strings.Contains(r.Content, "You played") {
		e.t.Fatalf("the numbered move: %q", r.Content)
	}
	return g1, g2
}

// TestSeveralResignSaysWhich: /shogi resign without a game resigns the
// default game among several; its answer names that game, in English and
// in Japanese.
func TestSeveralResignSaysWhich(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	g1, g2 := e.twoGames()
	e.slash(e.bob, "settings", discordtest.StringOption("language", "ja"))
	if r := e.dm(e.bob, "#"+itoa(uint64(g1))+" 3c3d"); !strings.Contains(r.Content, "と指しました") {
		t.Fatalf("bob's numbered move: %q", r.Content)
	}
	if out := e.slash(e.alice, "resign"); !strings.Contains(out, "game #"+itoa(uint64(g2))) {
		t.Fatalf("alice's resignation does not say which game: %q", out)
	}
	if e.game(g2).Result == nil || e.game(g1).Result != nil {
		t.Fatal("the resignation did not end game 2 alone")
	}
	if out := e.slash(e.bob, "resign"); !strings.Contains(out, "対局 #"+itoa(uint64(g1))) {
		t.Fatalf("bob's resignation does not say which game: %q", out)
	}
}
