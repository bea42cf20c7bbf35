package bot

import (
	"strings"
	"testing"

	"shinpan/bot/discordtest"
	"shinpan/referee/view"
	"shinpan/store"
)

// TestFullGames plays a complete game in each variant: challenge → accept →
// moves by DM → the end, with the revealed board and the record in the channel.
func TestFullGames(t *testing.T) {
	t.Parallel()
	for _, v := range []string{"tsuitate", "standard"} {
		t.Run(v, func(t *testing.T) {
			e := newEnv(t)
			id := e.startGame(v)
			e.play(g24(t)...)
			g := e.game(id)
			if g.Status != store.StatusFinished || g.Result == nil || g.Result.Reason != view.ReasonCheckmate {
				t.Fatalf("game %+v", g)
			}
			end := e.endPost()
			if !strings.Contains(end.Content, "Checkmate") || len(end.Attachments) != 2 {
				t.Fatalf("final post %q with %d files", end.Content, len(end.Attachments))
			}
			if !strings.HasSuffix(end.Attachments[1].Filename, ".kif") || !strings.Contains(string(end.Attachments[1].Data), "まで37手") {
				t.Errorf("record attachment %s:\n%s", end.Attachments[1].Filename, end.Attachments[1].Data)
			}
			for _, u := range []string{e.alice, e.bob} {
				dm := e.lastDM(u)
				if len(dm.Attachments) != 1 || !strings.Contains(dm.Attachments[0].Description, "Revealed") {
					t.Errorf("%s's last DM has no revealed board: %q", u, dm.Content)
				}
			}
		})
	}
	t.Run("masked", func(t *testing.T) {
		e := newEnv(t)
		id := e.startGame("masked")
		if r := e.dm(e.alice, "8h"); !strings.Contains(r.Content, "mask") {
			t.Fatalf("mask reply %q", r.Content)
		}
		e.dm(e.bob, "2b")
		if !strings.Contains(e.lastPost().Content, "commitment") {
			t.Fatalf("no commitments in the channel: %q", e.lastPost().Content)
		}
		e.play("7g7f", "3c3d", "2g2f", "2b8h+")
		g := e.game(id)
		if g.Result == nil || g.Result.Reason != view.ReasonMaskCaptured || g.Result.Winner.String() != "white" {
			t.Fatalf("result %+v", g.Result)
		}
	})
	t.Run("dark", func(t *testing.T) {
		e := newEnv(t)
		id := e.startGame("dark")
		e.play("7g7f", "3c3d")
		if out := e.slash(e.bob, "resign"); !strings.Contains(out, "resigned") {
			t.Fatalf("resign answer %q", out)
		}
		g := e.game(id)
		if g.Result == nil || g.Result.Reason != view.ReasonResignation || g.Result.Winner.String() != "black" {
			t.Fatalf("result %+v", g.Result)
		}
		if !strings.Contains(e.endPost().Content, "resign") {
			t.Fatalf("end post %q", e.endPost().Content)
		}
	})
}

// TestFoulsAndTheTenthFoul: a Tsuitate foul is told to the fouler, and (by
// default) to the opponent and the channel with the count; the tenth loses.
func TestFoulsAndTheTenthFoul(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	id := e.startGame("tsuitate")
	e.play("7g7f", "8c8d")
	for n := 1; n <= 10; n++ {
		r := e.dm(e.alice, "8h2b+") // through the hidden pawn on 3c
		if !strings.Contains(r.Content, "Foul") {
			t.Fatalf("foul %d: %q", n, r.Content)
		}
		if n < 10 && !strings.Contains(e.lastDM(e.bob).Content, "foul (") {
			t.Fatalf("bob was not told of foul %d: %q", n, e.lastDM(e.bob).Content)
		}
		if n < 10 && !strings.Contains(e.lastPost().Content, "foul (") {
			t.Fatalf("channel was not told of foul %d: %q", n, e.lastPost().Content)
		}
	}
	g := e.game(id)
	if g.Result == nil || g.Result.Reason != view.ReasonFoulLimit || g.Result.Winner.String() != "white" {
		t.Fatalf("result %+v", g.Result)
	}
	if g.LastSeq != 12 {
		t.Fatalf("log has %d actions, want 2 moves + 10 fouls", g.LastSeq)
	}
}

// TestBadInput: a refusal, a move out of turn, garbage, and a stranger: each is
// answered to that person only and changes nothing.
func TestBadInput(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	card := e.challenge("tsuitate")
	if out := e.click(e.carol, card, "accept:"); !strings.Contains(out, "not for you") {
		t.Fatalf("stranger's accept: %q", out)
	}
	if out := e.click(e.carol, card, "decline:"); !strings.Contains(out, "not for you") {
		t.Fatalf("stranger's decline: %q", out)
	}
	e.click(e.bob, card, "accept:")
	e.waitUntil("the game card", func() bool { return strings.Contains(e.lastPost().Content, "Game #") })
	posts := len(e.channelPosts())
	id := e.st
	_ = id
	if r := e.dm(e.alice, "2h2a"); !strings.Contains(r.Content, "blocked") {
		t.Fatalf("own-board refusal: %q", r.Content)
	}
	if r := e.dm(e.bob, "3c3d"); !strings.Contains(r.Content, "not your turn") {
		t.Fatalf("out of turn: %q", r.Content)
	}
	if r := e.dm(e.alice, "hello there"); !strings.Contains(r.Content, "7g7f") {
		t.Fatalf("garbage: %q", r.Content)
	}
	if r := e.dm(e.carol, "7g7f"); !strings.Contains(r.Content, "no game") {
		t.Fatalf("stranger's move: %q", r.Content)
	}
	if out := e.slash(e.carol, "resign"); !strings.Contains(out, "no game") {
		t.Fatalf("stranger's resign: %q", out)
	}
	if n := len(e.channelPosts()); n != posts {
		t.Fatalf("bad input caused %d channel posts", n-posts)
	}
	gs, _ := e.st.ActiveGamesOf(e.alice)
	if len(gs) != 1 || gs[0].LastSeq != 0 {
		t.Fatalf("bad input changed the game: %+v", gs)
	}
	e.play("7g7f")
}

// TestDMsClosed: the game does not start and the channel says what to change.
func TestDMsClosed(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	if err := e.srv.Faults().SetDMsClosed(e.bob, true); err != nil {
		t.Fatal(err)
	}
	card := e.challenge("tsuitate")
	out := e.click(e.bob, card, "accept:")
	if !strings.Contains(out, "did not start") {
		t.Fatalf("accept answer %q", out)
	}
	if p := e.lastPost(); !strings.Contains(p.Content, "Direct Messages") || !strings.Contains(p.Content, "<@"+e.bob+">") {
		t.Fatalf("channel note %q", p.Content)
	}
	if gs, _ := e.st.ActiveGamesOf(e.bob); len(gs) != 0 {
		t.Fatal("a game started")
	}
	// Once bob opens his DMs, the same challenge can be accepted.
	e.srv.Faults().SetDMsClosed(e.bob, false)
	e.click(e.bob, card, "accept:")
	e.waitUntil("the game", func() bool { gs, _ := e.st.ActiveGamesOf(e.bob); return len(gs) == 1 })
	_ = discordtest.Option{}
}
