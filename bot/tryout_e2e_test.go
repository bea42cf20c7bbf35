package bot

import (
	"strings"
	"testing"
	"time"

	"shinpan/bot/discordtest"
	"shinpan/bot/tap"
)

// /shogi status without game: in several games, it asks which (it used to
// say the player had no game going on).
func TestStatusInSeveralGames(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.startGame("standard")
	e.startGame("tsuitate")
	out := e.slash(e.bob, "status")
	if !strings.Contains(out, "#1") || !strings.Contains(out, "#2") {
		t.Fatalf("status in two games: %q", out)
	}
	e.slash(e.bob, "resign", discordtest.IntegerOption("game", 1))
	if out := e.slash(e.bob, "status"); !strings.Contains(out, "Game #2") {
		t.Fatalf("status in one game: %q", out)
	}
}

// A note or a reach names the square as its reader writes squares: ５五 in
// Japanese (they read 5e).
func TestNoteAndReachSquareInJapanese(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.startGame("tsuitate")
	e.slash(e.bob, "settings", discordtest.StringOption("language", "ja"))
	for _, c := range []struct{ user, text, want string }{
		{e.bob, "?5e", "５五 に「？」の印を付けました"},
		{e.bob, "5e?", "５五 に自分の駒はありません"},
		{e.bob, "7c?", "自分の盤で７三の歩が動けるマス"},
		{e.alice, "?5e", "5e"},
	} {
		if got := e.dm(c.user, c.text).Content; !strings.Contains(got, c.want) {
			t.Errorf("%s: %q, want %q", c.text, got, c.want)
		}
	}
	if got := e.slash(e.bob, "note", discordtest.StringOption("square", "5e")); !strings.Contains(got, "DM") {
		t.Errorf("/shogi note: %q", got)
	}
	if got := e.lastDM(e.bob).Content; !strings.Contains(got, "５五 の印を外しました") {
		t.Errorf("/shogi note again: %q", got)
	}
}

// A mask typed on a square without one's piece is refused naming the square
// as the reader's language writes it.
func TestMaskNoPieceSquareInJapanese(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.startGame("masked")
	e.slash(e.bob, "settings", discordtest.StringOption("language", "ja"))
	if got := e.dm(e.bob, "5e").Content; !strings.Contains(got, "５五にあなたの駒はありません") {
		t.Errorf("bob: %q", got)
	}
	if got := e.dm(e.alice, "5e").Content; !strings.Contains(got, "no piece of yours on 5e") {
		t.Errorf("alice: %q", got)
	}
}

// A pick on a board that is out of date shows the current board under the
// current state of the game, not the old message's "your turn".
func TestTapStaleSaysWhereTheGameStands(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.startGame("tsuitate")
	e.play("7g7f", "3c3d")
	pick := func(user string, m discordtest.Message) discordtest.Message {
		t.Helper()
		cs, err := tap.Choices(m.Components)
		if err != nil || len(cs) == 0 {
			t.Fatalf("no menu on %q: %v", m.Content, err)
		}
		iid, err := e.srv.SelectMenu(user, m.ChannelID, m.ID, cs[0].CustomID, cs[0].Value)
		if err != nil {
			t.Fatal(err)
		}
		e.answer(iid)
		after, _ := e.srv.Message(m.ID)
		return after
	}
	old := e.tapMessage(e.alice) // move 3, her turn
	e.play("2g2f")
	after := pick(e.alice, old)
	if strings.Contains(after.Content, "your turn") || !strings.Contains(after.Content, "after move 3, ☖ White to move") {
		t.Errorf("a pick after the game moved on: %q", after.Content)
	}
	old = e.tapMessage(e.bob) // move 4, his turn
	e.slash(e.bob, "resign")
	after = pick(e.bob, old)
	if strings.Contains(after.Content, "your turn") || !strings.Contains(after.Content, "resigned") {
		t.Errorf("a pick after the game ended: %q", after.Content)
	}
	if len(after.Components) > 0 && string(after.Components) != "null" && string(after.Components) != "[]" {
		t.Errorf("menus left on a finished game's board: %s", after.Components)
	}
}

// A player the CPU replaces for being away is told so by DM, before the
// CPU's first move for them reaches them as "You played …"; the opponent
// is told nothing more than the channel.
func TestAwayPlayerToldByDM(t *testing.T) {
	t.Parallel()
	e := newEnv(t, fastCPU)
	id := e.startGame("standard", discordtest.IntegerOption("away_seconds", 60))
	e.play("7g7f")
	before := len(e.botDMs(e.alice))
	e.offset.Store(int64(61 * time.Second)) // bob has been away for his turn's 60 s
	e.waitUntil("the CPU's move for bob", func() bool { return e.game(id).LastSeq >= 2 })
	e.settle()
	ms := e.botDMs(e.bob)
	told := -1
	for i, m := range ms {
		if strings.Contains(m.Content, "the CPU plays your seat in game #1") {
			told = i
		}
	}
	if told < 0 || !strings.Contains(ms[len(ms)-1].Content, "You played") || told > len(ms)-2 {
		var got []string
		for _, m := range ms {
			got = append(got, m.Content)
		}
		t.Fatalf("bob's DMs: %q", got)
	}
	if n := len(e.botDMs(e.alice)); n != before+1 {
		t.Errorf("alice got %d DMs at the takeover, want 1 (the CPU's move)", n-before)
	}
}

// Move on a board when it is not one's turn (an older board, still carrying
// its buttons) says so at once instead of opening a box whose move would
// only be refused.
func TestMoveButtonOffTurn(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.startGame("tsuitate")
	old := e.lastDM(e.alice)
	e.play("7g7f")
	if out := e.click(e.alice, old, "move:"); out != "It is not your turn." {
		t.Errorf("Move off turn: %q", out)
	}
	e.dm(e.bob, "3c3d")
	if out := e.click(e.alice, old, "move:"); out != "[modal]" {
		t.Errorf("Move on her turn again: %q", out)
	}
}

// A game that ends before any move posts no empty move list ("**Moves**
// (0):" alone); the result post says the moves played all the same.
func TestNoEmptyMoveList(t *testing.T) {
	t.Parallel()
	for _, variant := range []string{"standard", "tsuitate"} {
		t.Run(variant, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t)
			e.startGame(variant)
			e.slash(e.bob, "resign")
			e.settle()
			for _, p := range e.channelPosts() {
				if strings.Contains(p.Content, "**Moves** (0)") {
					t.Errorf("posted: %q", p.Content)
				}
			}
			if end := e.endPost(); !strings.Contains(end.Content, "resigned") {
				t.Errorf("result post: %q", end.Content)
			}
		})
	}
}
