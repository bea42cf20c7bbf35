package bot

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"shinpan/bot/compose"
	"shinpan/bot/discordtest"
	"shinpan/bot/games"
	"shinpan/bot/review"
	"shinpan/bot/texts"
	"shinpan/bot/texts/uitexts"
	"shinpan/referee"
	"shinpan/referee/view"
	"shinpan/render"
)

// TestBoardsInReadersLanguage: every board image is drawn with its reader's
// words (issue 18, item 4): a watcher's DM and a review in the reader's
// language, the game card's board and the result board in the channel's.
// Each is compared byte for byte with the board drawn with that language's
// labels, and the two languages' boards differ (so the comparison tells).
// A side's view in the review is described as that side's, not "your board".
func TestBoardsInReadersLanguage(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(e *env) { e.cfg.WatchDelay = intPtr(1) })
	e.srv.SetGuildLocale("ja") // the channel reads Japanese; alice and bob English
	dave := e.srv.AddUser(discordtest.User{Username: "dave"}).ID
	e.slash(e.carol, "settings", discordtest.StringOption("language", "ja"))
	readers := map[string]texts.Lang{e.carol: texts.JA, dave: texts.EN}

	card := e.challenge("standard")
	e.click(e.bob, card, "accept:")
	gs, err := e.st.ActiveGamesOf(e.alice)
	if err != nil || len(gs) != 1 {
		t.Fatalf("games %v %v", gs, err)
	}
	id := gs[0].ID
	game := discordtest.IntegerOption("game", int64(id))
	for u := range readers {
		e.slash(u, "watch", game)
	}
	e.play("7g7f", "3c3d")

	drawn := func(v view.View, l texts.Lang) []byte {
		t.Helper()
		img, err := render.Render(v, render.Options{Labels: texts.BoardLabels(l, v.Result), CacheScope: "test"}) // banded, as the bot draws boards
		if err != nil {
			t.Fatal(err)
		}
		return img.PNG
	}
	both := func(what string, v view.View, got []byte, l texts.Lang) {
		t.Helper()
		other := texts.EN
		if l == texts.EN {
			other = texts.JA
		}
		if bytes.Equal(drawn(v, l), drawn(v, other)) {
			t.Fatalf("%s: the two languages draw the same board", what)
		}
		if !bytes.Equal(got, drawn(v, l)) {
			t.Errorf("%s: not the board drawn in %s", what, l)
		}
	}
	steps := func() []referee.Step { // the game's steps as stored now
		meta, entries, err := e.st.LoadGame(id)
		if err != nil {
			t.Fatal(err)
		}
		s, err := review.Timeline(meta, entries)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}

	// The watchers' DMs, one move behind.
	for u, l := range readers {
		var w discordtest.Message
		e.waitUntil("the watcher's board of move 1", func() bool {
			w = e.watchDM(u, id)
			return strings.Contains(w.Content, uitexts.WatchBoard(l, uint64(id), 1, 2))
		})
		if len(w.Attachments) != 1 {
			t.Fatalf("watcher %s: %d files", l, len(w.Attachments))
		}
		both("watch "+string(l), review.WatchView(steps()[1].True), w.Attachments[0].Data, l)
	}
	// The card's board, in the channel's language.
	e.waitUntil("the card's board after move 2", func() bool {
		ref, err := e.st.GetMessageRef(id, compose.CardRef)
		if err != nil {
			return false
		}
		m, _ := e.srv.Message(ref.MessageID)
		return len(m.Attachments) == 1 && strings.Contains(m.Attachments[0].Description, "2手目")
	})
	meta, entries, _ := e.st.LoadGame(id)
	g, err := games.Rebuild(meta, entries)
	if err != nil {
		t.Fatal(err)
	}
	ref, _ := e.st.GetMessageRef(id, compose.CardRef)
	c, _ := e.srv.Message(ref.MessageID)
	both("the card", g.PublicView(), c.Attachments[0].Data, texts.JA)

	// The result board, in the channel's language.
	e.slash(e.bob, "resign", game)
	meta, entries, _ = e.st.LoadGame(id)
	if g, err = games.Rebuild(meta, entries); err != nil {
		t.Fatal(err)
	}
	end := e.endPost()
	var result []byte
	for _, a := range end.Attachments {
		if a.Filename == "board.png" {
			result = a.Data
		}
	}
	both("the result board", g.RevealView(), result, texts.JA)

	// The review, in each reader's language: the whole board, then Black's view.
	last := steps()
	for u, l := range readers {
		e.slash(u, "review", game)
		m := e.reviewMsg(e.lastInteraction(u).ID)
		both("review "+string(l), review.Board(last[len(last)-1], review.POVTrue), boardOf(t, m), l)
		m = e.press(u, m, fmt.Sprintf("rvgo:%d:%d:%s:1", id, 1, review.POVTrue)) // ◀
		m = e.press(u, m, fmt.Sprintf("rvpov:%d:%d", id, 1), review.POVBlack)
		both("review, Black's view at move 1, "+string(l), review.Board(last[1], review.POVBlack), boardOf(t, m), l)
		// Its alt text names the side, not "your board": the reviewer need not be Black.
		head := map[texts.Lang]string{texts.EN: "Black's view (", texts.JA: "先手から見た盤面（"}[l]
		if alt := m.Attachments[0].Description; !strings.HasPrefix(alt, head) {
			t.Errorf("review, Black's view, %s: alt %q", l, alt)
		}
	}
}
