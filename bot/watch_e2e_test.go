package bot

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"shinpan/bot/compose"
	"shinpan/bot/discordtest"
	"shinpan/bot/review"
	"shinpan/referee"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/render"
	"shinpan/store"
)

// watchDM returns the watcher's DM of game id (the one the bot edits).
func (e *env) watchDM(user string, id store.GameID) discordtest.Message {
	e.t.Helper()
	ref, err := e.st.GetMessageRef(id, review.WatchPrefix+user)
	if err != nil {
		e.t.Fatalf("no watch message: %v", err)
	}
	m, _ := e.srv.Message(ref.MessageID)
	return m
}

// waitWatch waits until the watcher's DM says the game is at move now.
func (e *env) waitWatch(user string, id store.GameID, now int) discordtest.Message {
	e.t.Helper()
	var m discordtest.Message
	e.waitUntil(fmt.Sprintf("the watcher's board at move %d", now), func() bool {
		m = e.watchDM(user, id)
		return strings.Contains(m.Content, fmt.Sprintf("(the game is at move %d)", now))
	})
	return m
}

func intPtr(n int) *int { return &n }

// TestWatchDelay: a watcher gets nothing until the game is 10 moves in, then
// the whole board exactly 10 moves behind at every move (the image of the
// true position then, masks hidden), the revealed board at the end; a player
// cannot watch their own game; the command again stops it.
func TestWatchDelay(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	id := e.startGame("tsuitate")
	game := discordtest.IntegerOption("game", int64(id))
	if out := e.slash(e.alice, "watch", game); !strings.Contains(out, "cannot watch their own") {
		t.Fatalf("a player watching: %q", out)
	}
	if out := e.slash(e.carol, "watch", game); !strings.Contains(out, "10 moves behind") {
		t.Fatalf("watch: %q", out)
	}
	moves := g24(t)
	for k, m := range moves[:14] {
		e.play1(k, m)
		w := e.watchDM(e.carol, id)
		if k+1 < 10 {
			if len(w.Attachments) != 0 || !strings.Contains(w.Content, "10 moves in") {
				t.Fatalf("move %d: the watcher sees %q with %d files", k+1, w.Content, len(w.Attachments))
			}
			continue
		}
		w = e.waitWatch(e.carol, id, k+1)
		shown := k + 1 - 10
		if !strings.Contains(w.Content, fmt.Sprintf("at move %d ", shown)) || len(w.Attachments) != 1 {
			t.Fatalf("move %d: %q", k+1, w.Content)
		}
		meta, entries, _ := e.st.LoadGame(id)
		steps, _ := review.Timeline(meta, entries)
		want, err := compose.RenderFor(review.WatchView(steps[shown].True), e.b.readers.Reader(e.carol), render.Options{CacheScope: "test"})
		if err != nil || !bytes.Equal(w.Attachments[0].Data, compose.DrawFiles(e.b.log, []compose.File{want})[0].Data) {
			t.Fatalf("move %d: the watcher's board is not the whole board of move %d", k+1, shown)
		}
	}
	if out := e.slash(e.carol, "watch", game); !strings.Contains(out, "no longer watch") {
		t.Fatalf("stop: %q", out)
	}
	before := e.srv.BotMessages(e.dmChannel(e.carol))
	e.play1(14, moves[14])
	e.settle()
	if after := e.srv.BotMessages(e.dmChannel(e.carol)); len(after) != len(before) {
		t.Fatalf("a stopped watcher got %d DMs more", len(after)-len(before))
	}
	// Watching again, to the end: the revealed board, then watching stops.
	e.slash(e.carol, "watch", game)
	for k, m := range moves[15:] {
		e.play1(15+k, m)
	}
	e.waitUntil("the watcher's final board", func() bool {
		_, err := e.st.GetMessageRef(id, review.WatchPrefix+e.carol)
		return err != nil
	})
	var last discordtest.Message
	for _, m := range e.srv.BotMessages(e.dmChannel(e.carol)) {
		last = m
	}
	if !strings.Contains(last.Content, "is over") || len(last.Attachments) != 1 || !strings.Contains(last.Attachments[0].Description, "Revealed") {
		t.Fatalf("final watch DM %q", last.Content)
	}
	if out := e.slash(e.carol, "watch", game); !strings.Contains(out, e.mention("shogi review")) {
		t.Fatalf("watching a finished game: %q", out)
	}
}

// play1 plays move k (0-based) of a game between alice (Black) and bob.
func (e *env) play1(k int, m string) {
	e.t.Helper()
	u := e.alice
	if k%2 == 1 {
		u = e.bob
	}
	if r := e.dm(u, m); !strings.Contains(r.Content, "You played") {
		e.t.Fatalf("move %d %s: %q", k+1, m, r.Content)
	}
}

// TestWatchSettings: ranked games cannot be watched unless the server allows
// it, and then never less than 10 moves behind; a delay of 0 holds for
// unranked games only; -1 turns watching off.
func TestWatchSettings(t *testing.T) {
	t.Parallel()
	ranked := discordtest.BooleanOption("ranked", true)
	t.Run("default", func(t *testing.T) {
		e := newEnv(t)
		id := e.startGame("standard", ranked)
		if out := e.slash(e.carol, "watch", discordtest.IntegerOption("game", int64(id))); !strings.Contains(out, "is ranked") {
			t.Fatalf("watching a ranked game: %q", out)
		}
	})
	t.Run("zero", func(t *testing.T) {
		e := newEnv(t, func(e *env) { e.cfg.WatchDelay, e.cfg.WatchRanked = intPtr(0), true })
		id := e.startGame("dark")
		if out := e.slash(e.carol, "watch", discordtest.IntegerOption("game", int64(id))); !strings.Contains(out, "0 moves behind") {
			t.Fatalf("watch: %q", out)
		}
		e.play1(0, "7g7f")
		if w := e.waitWatch(e.carol, id, 1); !strings.Contains(w.Content, "at move 1 ") {
			t.Fatalf("live watch: %q", w.Content)
		}
		// A ranked game is 10 moves behind all the same.
		e.slash(e.bob, "resign", discordtest.IntegerOption("game", int64(id)))
		id2 := e.startGame("dark", ranked)
		if out := e.slash(e.carol, "watch", discordtest.IntegerOption("game", int64(id2))); !strings.Contains(out, "10 moves behind") {
			t.Fatalf("watch a ranked game: %q", out)
		}
	})
	t.Run("off", func(t *testing.T) {
		e := newEnv(t, func(e *env) { e.cfg.WatchDelay = intPtr(-1) })
		id := e.startGame("standard")
		if out := e.slash(e.carol, "watch", discordtest.IntegerOption("game", int64(id))); !strings.Contains(out, "not allowed") {
			t.Fatalf("watch with watching off: %q", out)
		}
	})
}

// TestWatchersChangeNothingForPlayers: the same game played with and without
// a watcher sends the players and the channel the same messages, byte for
// byte, in the same order.
func TestWatchersChangeNothingForPlayers(t *testing.T) {
	t.Parallel()
	moves := g24(t)[:16]
	run := func(watch bool) (out []string) {
		e := newEnv(t, func(e *env) { e.cfg.WatchDelay = intPtr(2) })
		id := e.startGame("tsuitate")
		if watch {
			e.slash(e.carol, "watch", discordtest.IntegerOption("game", int64(id)))
		}
		for k, m := range moves {
			e.play1(k, m)
		}
		e.settle()
		defer func() { // user and command ids differ between stand-ins
			r := e.idNames()
			for k := range out {
				out[k] = r.Replace(out[k])
			}
		}()
		for _, u := range []string{e.alice, e.bob} {
			for _, m := range e.botDMs(u) {
				out = append(out, fmt.Sprintf("%s %s %q %d", u, m.Content, m.Components, m.Edits))
				for _, a := range m.Attachments {
					out = append(out, a.Description+string(a.Data))
				}
			}
		}
		for _, m := range e.channelPosts() {
			out = append(out, fmt.Sprintf("%s %q %d", m.Content, m.Components, m.Edits))
			for _, a := range m.Attachments {
				out = append(out, a.Description+string(a.Data))
			}
		}
		return out
	}
	a, b := run(false), run(true)
	if len(a) != len(b) {
		t.Fatalf("%d messages and files without a watcher, %d with", len(a), len(b))
	}
	for k := range a {
		if a[k] != b[k] {
			t.Fatalf("message %d differs with a watcher:\n%.300s\n%.300s", k, a[k], b[k])
		}
	}
}

// TestWatchAcrossARestart: a watcher is stored with the game, so the boards
// keep coming after the bot restarts.
func TestWatchAcrossARestart(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(e *env) { e.cfg.WatchDelay = intPtr(1) })
	id := e.startGame("dark")
	e.slash(e.carol, "watch", discordtest.IntegerOption("game", int64(id)))
	e.play1(0, "7g7f")
	e.stop()
	e.start()
	e.play1(1, "3c3d")
	if w := e.waitWatch(e.carol, id, 2); !strings.Contains(w.Content, "at move 1 ") || len(w.Attachments) != 1 {
		t.Fatalf("after a restart: %q", w.Content)
	}
}

// TestWatcherNeverSeesAMask: two Masked games alike but for the masks give a
// watcher the same image; the revealed board at the end does show them.
func TestWatcherNeverSeesAMask(t *testing.T) {
	boards := map[string][]byte{}
	for _, masks := range [][2]string{{"8h", "2b"}, {"2h", "8b"}} {
		g, err := referee.New("m", view.Masked, "", referee.DefaultOptions(view.Masked))
		if err != nil {
			t.Fatal(err)
		}
		acts := []referee.Action{{Kind: referee.ActMask, Player: shogi.Black, Text: masks[0], Salt: "a"},
			{Kind: referee.ActMask, Player: shogi.White, Text: masks[1], Salt: "b"},
			{Kind: referee.ActMove, Player: shogi.Black, Text: "7g7f"}}
		steps, err := referee.Timeline(g, acts)
		if err != nil {
			t.Fatal(err)
		}
		img, err := render.Render(review.WatchView(steps[1].True), render.Options{})
		if err != nil {
			t.Fatal(err)
		}
		boards[masks[0]] = img.PNG
		if steps[1].True.Masks[shogi.Black].String() != masks[0] {
			t.Fatalf("the true board does not hold the mask: %v", steps[1].True.Masks)
		}
	}
	if !bytes.Equal(boards["8h"], boards["2h"]) {
		t.Fatal("a watcher's board shows the masks")
	}
}

// TestWatchEditsOnlyForMoves: a watcher's DM is edited when the game moves,
// never after a private action (a foul the channel is not told of), whose
// time an edit would tell; a watcher who stops and starts again at the same
// move gets the board at once.
func TestWatchEditsOnlyForMoves(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(e *env) { e.cfg.WatchDelay = intPtr(1) })
	id := e.startGame("tsuitate", discordtest.BooleanOption("announce_fouls", false))
	game := discordtest.IntegerOption("game", int64(id))
	e.slash(e.carol, "watch", game)
	e.play("7g7f", "8c8d")
	before := e.waitWatch(e.carol, id, 2)
	if r := e.dm(e.alice, "8h2b+"); !strings.Contains(r.Content, "Foul") {
		t.Fatalf("foul: %q", r.Content)
	}
	e.b.reviews.KickWatchers(id) // as the foul did: an update, waited for
	e.b.reviews.WaitWatchers()
	if after := e.watchDM(e.carol, id); after.Edits != before.Edits {
		t.Fatalf("the watcher's DM was edited %d times after a private foul", after.Edits-before.Edits)
	}
	e.slash(e.carol, "watch", game) // stop
	e.slash(e.carol, "watch", game)
	if w := e.watchDM(e.carol, id); w.ID == before.ID {
		t.Fatal("watching again edits the old DM")
	}
	e.b.reviews.WaitWatchers()
	if w := e.watchDM(e.carol, id); !strings.Contains(w.Content, "at move 1 ") || len(w.Attachments) != 1 {
		t.Fatalf("watching again: %q with %d files", w.Content, len(w.Attachments))
	}
	e.play1(2, "2g2f")
	e.waitWatch(e.carol, id, 3)
}

// TestWatchServerSettings: the watch settings are a server's: a server that
// chose no delay and ranked watching gets them, another server keeps the
// configuration's (10 moves, no ranked games); a ranked game stays at least
// 10 moves behind and a player still cannot watch; a server's -1 turns
// watching off there alone.
func TestWatchServerSettings(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	far := e.srv.AddGuild(discordtest.Guild{Name: "far"})
	ranked := discordtest.BooleanOption("ranked", true)
	out := e.admin(e.carol, "settings", discordtest.IntegerOption("watch_delay", 0), discordtest.StringOption("watch_ranked", "on"))
	if !strings.Contains(out, "Saved") || !strings.Contains(out, "live (0 moves behind)") {
		t.Fatalf("settings answer: %q", out)
	}
	watch := func(ch string, id store.GameID) string {
		return e.slashIn(e.carol, ch, "watch", discordtest.IntegerOption("game", int64(id)))
	}
	home := e.startGame("dark")
	if out := watch(e.ch, home); !strings.Contains(out, "0 moves behind") {
		t.Fatalf("watch in the server with no delay: %q", out)
	}
	e.play1(0, "7g7f")
	if w := e.waitWatch(e.carol, home, 1); !strings.Contains(w.Content, "at move 1 ") {
		t.Fatalf("live watch: %q", w.Content)
	}
	if out := e.slash(e.alice, "watch", discordtest.IntegerOption("game", int64(home))); !strings.Contains(out, "cannot watch their own") {
		t.Fatalf("a player watching with no delay: %q", out)
	}
	homeRanked := e.startGame("standard", ranked)
	if out := watch(e.ch, homeRanked); !strings.Contains(out, "10 moves behind") {
		t.Fatalf("a ranked game with no delay: %q", out)
	}

	e.ch = far.ChannelID // the other server: the configuration's defaults
	away := e.startGame("dark")
	if e.game(away).GuildID != far.ID {
		t.Fatalf("the game is in server %s, not %s", e.game(away).GuildID, far.ID)
	}
	if out := watch(far.ChannelID, away); !strings.Contains(out, "10 moves behind") {
		t.Fatalf("watch in the other server: %q", out)
	}
	if out := watch(far.ChannelID, e.startGame("standard", ranked)); !strings.Contains(out, "is ranked") {
		t.Fatalf("a ranked game in the other server: %q", out)
	}
	if out := e.admin(e.carol, "settings"); !strings.Contains(out, "the bot's default (10 moves behind the game)") ||
		!strings.Contains(out, "Ranked games watched (`watch_ranked`): the bot's default (off)") {
		t.Fatalf("the other server's settings: %q", out)
	}
	e.admin(e.carol, "settings", discordtest.IntegerOption("watch_delay", -1))
	if out := watch(far.ChannelID, away); !strings.Contains(out, "no longer watch") {
		t.Fatalf("stopping: %q", out)
	}
	if out := watch(far.ChannelID, away); !strings.Contains(out, "not allowed") {
		t.Fatalf("watch with watching off in the server: %q", out)
	}
	e.ch = e.srv.DefaultChannelID()
	if out := watch(e.ch, homeRanked); !strings.Contains(out, "no longer watch") {
		t.Fatalf("the first server is not changed by the other: %q", out)
	}
	// Back to the configuration's delay.
	if out := e.admin(e.carol, "settings", discordtest.BooleanOption("watch_delay_reset", true)); !strings.Contains(out, "the bot's default (10 moves behind the game)") {
		t.Fatalf("after the reset: %q", out)
	}
}
