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

// TestSeveralResignSaysWhich: /shogi resign without a game among several
// asks which and ends nothing (a resignation cannot be undone, so the last
// game used is no default for it); with game: it resigns that one and names
// it, in English and in Japanese.
func TestSeveralResignSaysWhich(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	g1, g2 := e.twoGames()
	e.slash(e.bob, "settings", discordtest.StringOption("language", "ja"))
	if r := e.dm(e.bob, "#"+itoa(uint64(g1))+" 3c3d"); !strings.Contains(r.Content, "と指しました") {
		t.Fatalf("bob's numbered move: %q", r.Content)
	}
	if out := e.slash(e.alice, "resign"); !strings.Contains(out, "several games") || e.game(g1).Result != nil || e.game(g2).Result != nil {
		t.Fatalf("a bare resignation among several games: %q", out)
	}
	if out := e.slash(e.alice, "resign", discordtest.IntegerOption("game", int64(g2))); !strings.Contains(out, "game #"+itoa(uint64(g2))) {
		t.Fatalf("alice's resignation does not say which game: %q", out)
	}
	if e.game(g2).Result == nil || e.game(g1).Result != nil {
		t.Fatal("the resignation did not end game 2 alone")
	}
	if out := e.slash(e.bob, "resign"); !strings.Contains(out, "対局 #"+itoa(uint64(g1))) {
		t.Fatalf("bob's resignation in his only game does not say which game: %q", out)
	}
}

// TestSeveralDrawSaysWhich: a draw offered in one game tells how to accept
// it in that game (the command still in code alone, so that it shows as a
// clickable mention); a bare /shogi draw among several games asks which;
// an offer's answer names its game.
func TestSeveralDrawSaysWhich(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	g1, g2 := e.twoGames()
	n1, n2 := itoa(uint64(g1)), itoa(uint64(g2))
	e.dm(e.bob, "#"+n1+" 3c3d")
	if out := e.slash(e.bob, "draw", discordtest.IntegerOption("game", int64(g1))); !strings.Contains(out, "game #"+n1) {
		t.Fatalf("bob's offer does not say which game: %q", out)
	}
	if c := e.lastDM(e.alice).Content; !strings.Contains(c, e.mention("shogi draw")+" `game:"+n1+"`") {
		t.Fatalf("alice is not told how to accept in game %s: %q", n1, c)
	}
	e.slash(e.bob, "settings", discordtest.StringOption("language", "ja"))
	// A bare /shogi draw among several games asks which: it could accept a
	// draw in one game while meant for the other.
	if out := e.slash(e.alice, "draw"); !strings.Contains(out, "several games") || e.game(g1).DrawOffer == nil || e.game(g2).DrawOffer != nil {
		t.Fatalf("alice's bare draw among several games: %q", out)
	}
	if out := e.slash(e.alice, "draw", discordtest.IntegerOption("game", int64(g2))); !strings.Contains(out, "game #"+n2) {
		t.Fatalf("alice's draw offer does not say which game: %q", out)
	}
	if c := e.lastDM(e.bob).Content; !strings.Contains(c, "対局 #"+n2) || !strings.Contains(c, e.mention("shogi draw")+" `game:"+n2+"`") {
		t.Fatalf("bob is not told how to accept in game %s: %q", n2, c)
	}
}

// TestSeveralShortcutRefusalSaysWhich: "7g?" and "?5x" typed without a
// number go to the default game among several, and their refusals name
// it, as a move's do.
func TestSeveralShortcutRefusalSaysWhich(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	_, g2 := e.twoGames()
	n2 := "#" + itoa(uint64(g2))
	for _, s := range []string{"7g?", "?5x", "5e？"} {
		if r := e.dm(e.alice, s); !strings.HasPrefix(r.Content, "Game "+n2+" · ") {
			t.Errorf("%q: %q", s, r.Content)
		}
	}
	if r := e.dm(e.alice, n2+" 7g?"); strings.HasPrefix(r.Content, "Game ") {
		t.Errorf("a numbered shortcut's refusal named again: %q", r.Content)
	}
}

// TestOnlyGameNewsUnnamed: news of the opponent's move in a player's only
// game is not headed with its number (their typed moves go there), in their
// first game and in a later one, before they have acted in it; with two
// games going on, it is.
func TestOnlyGameNewsUnnamed(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	g1 := e.startGame("standard")
	e.play("7g7f")
	if c := e.lastDM(e.bob).Content; !strings.HasPrefix(c, "☗ P-7f (move 1)") {
		t.Fatalf("bob's first game: %q", c)
	}
	e.slash(e.bob, "resign")
	if e.game(g1).Result == nil {
		t.Fatal("bob's resignation did not end the game")
	}
	g2 := e.startGame("tsuitate")
	e.play("7g7f")
	if c := e.lastDM(e.bob).Content; !strings.HasPrefix(c, "☗ moved (move 1)") {
		t.Fatalf("bob's next game: %q", c)
	}
	g3 := e.startGame("standard")
	e.dm(e.alice, "#"+itoa(uint64(g3))+" 7g7f")
	if c := e.lastDM(e.bob).Content; !strings.HasPrefix(c, "Game #"+itoa(uint64(g3))+" · ") {
		t.Fatalf("bob in games %d and %d: %q", g2, g3, c)
	}
}

// TestMoveBoxGameNumber: the Move box under a game's board takes a move
// written with that game's number, as a DM does ("＃２　２六歩"); with
// another game's number it plays nothing and says which game the box is for.
func TestMoveBoxGameNumber(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	g1, g2 := e.twoGames()
	n1, n2 := itoa(uint64(g1)), itoa(uint64(g2))
	e.dm(e.bob, "#"+n2+" 3c3d")
	board := e.lastDM(e.alice)
	submit := func(mv string) string {
		if out := e.click(e.alice, board, "move:"); out != "[modal]" {
			t.Fatalf("move button: %q", out)
		}
		iid, err := e.srv.SubmitModal(e.alice, board.ChannelID, "movemodal:"+n2, map[string]string{"move": mv})
		if err != nil {
			t.Fatal(err)
		}
		return e.answer(iid)
	}
	if out := submit("#" + n1 + " 2g2f"); !strings.Contains(out, "game #"+n2) || e.game(g1).LastSeq != 1 || e.game(g2).LastSeq != 2 {
		t.Fatalf("another game's number: %q", out)
	}
	wide := strings.Map(func(r rune) rune { return r - '0' + '０' }, n2) // as a Japanese IME types it
	if out := submit("＃" + wide + "　２六歩"); !strings.Contains(out, "You played") || e.game(g2).LastSeq != 3 {
		t.Fatalf("the box's own number: %q", out)
	}
}

// TestResignButtonSaysWhich: Resign under an older board, which may not
// carry its game's number, asks to confirm naming the game it resigns, in
// English and in Japanese.
func TestResignButtonSaysWhich(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	g1, g2 := e.twoGames()
	e.slash(e.bob, "settings", discordtest.StringOption("language", "ja"))
	for _, c := range []struct {
		user string
		game store.GameID
		want string
	}{
		{e.alice, g1, "Resign game #" + itoa(uint64(g1)) + "?"},
		{e.bob, g2, "本当に対局 #" + itoa(uint64(g2)) + " を投了しますか"},
	} {
		var board discordtest.Message
		for _, m := range e.botDMs(c.user) {
			if strings.Contains(string(m.Components), `"resign:`+itoa(uint64(c.game))+`"`) {
				board = m
			}
		}
		if out := e.click(c.user, board, "resign:"); !strings.Contains(out, c.want) {
			t.Errorf("Resign under %q: %q, want %q", board.Content, out, c.want)
		}
	}
}

// TestThreeGamesInJapanese: a Japanese player in a game against a person,
// one against the CPU and a Masked one: the CPU's news and the other games'
// are headed with their number; moves and a mask without a number are asked
// which game, listing them, and change nothing; a numbered mask is chosen;
// once a game ends, the question lists the others.
func TestThreeGamesInJapanese(t *testing.T) {
	t.Parallel()
	e := newEnv(t, fastCPU)
	e.slash(e.alice, "settings", discordtest.StringOption("language", "ja"))
	g1 := e.startGame("standard")
	if r := e.dm(e.alice, "７六歩"); !strings.HasPrefix(r.Content, "☗７六歩と指しました") {
		t.Fatalf("a move in her only game: %q", r.Content)
	}
	before := len(e.botDMs(e.alice))
	out := e.slash(e.alice, "challenge", discordtest.StringOption("variant", "dark"),
		discordtest.UserOption("opponent", e.srv.BotUser().ID), discordtest.StringOption("color", "white"))
	var g2 store.GameID
	gs, _ := e.st.ActiveGamesOf(e.alice)
	for _, g := range gs {
		if g.ID != g1 {
			g2 = g.ID
		}
	}
	n1, n2 := itoa(uint64(g1)), itoa(uint64(g2))
	if g2 == 0 || !strings.Contains(out, "#"+n2) {
		t.Fatalf("the CPU game: %q", out)
	}
	cpuNews := func() bool {
		for _, m := range e.botDMs(e.alice)[before:] {
			if strings.HasPrefix(m.Content, "対局 #"+n2+"・☗が指しました（1手目）") {
				return true
			}
		}
		return false
	}
	e.waitUntil("the CPU's first move, named", cpuNews)
	e.dm(e.bob, "3c3d")
	if c := e.lastDM(e.alice).Content; !strings.HasPrefix(c, "対局 #"+n1+"・☖３四歩") {
		t.Fatalf("bob's move in game %s: %q", n1, c)
	}
	if r := e.dm(e.alice, "２六歩"); !strings.Contains(r.Content, "（#"+n1+"、#"+n2+"）") || e.game(g1).LastSeq != 2 || e.game(g2).LastSeq != 1 {
		t.Fatalf("a move without a number: %q", r.Content)
	}
	g3 := e.startGame("masked")
	n3 := itoa(uint64(g3))
	if r := e.dm(e.alice, "２八飛"); !strings.Contains(r.Content, "（#"+n1+"、#"+n2+"、#"+n3+"）") || e.game(g1).LastSeq != 2 {
		t.Fatalf("a mask without a number: %q", r.Content)
	}
	if r := e.dm(e.alice, "＃"+n3+"　２八飛"); !strings.Contains(r.Content, "２八の飛") {
		t.Fatalf("a numbered mask: %q", r.Content)
	}
	if out := e.slash(e.alice, "resign", discordtest.IntegerOption("game", int64(g1))); out != "対局 #"+n1+" を投了しました。" {
		t.Fatalf("resigning game %s: %q", n1, out)
	}
	// Her default is now the game she resigned: a move without a number asks.
	if r := e.dm(e.alice, "８四歩"); !strings.Contains(r.Content, "（#"+n2+"、#"+n3+"）") {
		t.Fatalf("after game %s ended: %q", n1, r.Content)
	}
}

// TestWelcomeNamesItsGame: the start's DM shows how to write a move for
// this game when several are on, with this game's number.
func TestWelcomeNamesItsGame(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	id := e.startGame("standard")
	want := "`#" + itoa(uint64(id)) + " 7g7f`"
	for _, u := range []string{e.alice, e.bob} {
		found := false
		for _, m := range e.botDMs(u) {
			found = found || strings.Contains(m.Content, want)
		}
		if !found {
			t.Errorf("%s's DMs do not show %s", u, want)
		}
	}
}
