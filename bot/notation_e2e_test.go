package bot

import (
	"bytes"
	"strings"
	"testing"

	"shinpan/bot/discordtest"
)

// lastMoveIn returns the part of an alt text that writes the last move.
func lastMoveIn(t *testing.T, alt string) string {
	t.Helper()
	for _, p := range strings.FieldsFunc(alt, func(r rune) bool { return r == ',' || r == '、' }) {
		p = strings.TrimSpace(p)
		if m, ok := strings.CutPrefix(p, "last move "); ok {
			return m
		}
		if m, ok := strings.CutPrefix(p, "最終手 "); ok {
			return m
		}
	}
	t.Fatalf("no last move in %q", alt)
	return ""
}

// boardAlt returns the alt text of the newest attachment named name in ms.
func boardAlt(t *testing.T, ms []discordtest.Message, name string) string {
	t.Helper()
	for k := len(ms) - 1; k >= 0; k-- {
		for _, a := range ms[k].Attachments {
			if a.Filename == name {
				return a.Description
			}
		}
	}
	t.Fatalf("no %s", name)
	return ""
}

// TestOneNotationPerReader: a capture is written the same in the mover's DM,
// the mover's board, the opponent's board and the channel's boards (the card
// and the revealed board): the reader's notation, on the board they saw
// before the move.
func TestOneNotationPerReader(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.startGame("standard")
	e.play("7g7f", "3c3d")
	e.slash(e.bob, "settings", discordtest.StringOption("language", "ja"))
	reply := e.dm(e.alice, "8h2b+")
	if !strings.Contains(reply.Content, "Bx2b+") {
		t.Fatalf("alice's DM: %q", reply.Content)
	}
	if got := lastMoveIn(t, e.lastBoard(e.alice)); got != "Bx2b+" {
		t.Errorf("alice's board writes %q, her DM Bx2b+", got)
	}
	if got := lastMoveIn(t, e.lastBoard(e.bob)); got != "☗２二角成" {
		t.Errorf("bob's board writes %q", got)
	}
	if got := lastMoveIn(t, boardAlt(t, e.channelPosts(), "public.png")); got != "Bx2b+" {
		t.Errorf("the channel's board writes %q", got)
	}
	e.slash(e.bob, "resign")
	e.settle()
	if got := lastMoveIn(t, boardAlt(t, []discordtest.Message{e.endPost()}, "board.png")); got != "Bx2b+" {
		t.Errorf("the revealed board writes %q", got)
	}
	// The review writes it in its reader's notation too.
	for _, c := range []struct{ user, want string }{{e.alice, "— ☗ Bx2b+"}, {e.bob, "☗２二角成"}} {
		e.click(c.user, e.endPost(), "review:")
		if m := e.reviewMsg(e.lastInteraction(c.user).ID); !strings.Contains(m.Content, c.want) {
			t.Errorf("the review for %s: %q, want %q", c.user, m.Content, c.want)
		}
	}
}

// TestLostPieceKeepsItsMove: a Tsuitate player whose moved piece was then
// captured still reads their last move in their notation, as their DM wrote it.
func TestLostPieceKeepsItsMove(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.startGame("tsuitate")
	e.play("7g7f", "3c3d")
	reply := e.dm(e.alice, "8h2b+")
	if !strings.Contains(reply.Content, "B-2b+") {
		t.Fatalf("alice's DM: %q", reply.Content)
	}
	e.dm(e.bob, "3a2b")
	if got := lastMoveIn(t, e.lastBoard(e.alice)); got != "B-2b+" {
		t.Errorf("alice's board after losing the horse writes %q, her DM B-2b+", got)
	}
}

// TestBoardImageInReadersLanguage: the same board is drawn with other words
// (labels, ranks) once its compose.Reader switches to Japanese: the picture itself,
// not only its alt text, follows the reader's language.
func TestBoardImageInReadersLanguage(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.startGame("standard")
	e.play("7g7f")
	board := func() []byte {
		n := len(e.boardsSent(e.alice))
		e.slash(e.alice, "board")
		e.waitUntil("alice's board", func() bool { return len(e.boardsSent(e.alice)) > n })
		sent := e.boardsSent(e.alice)
		return sent[len(sent)-1]
	}
	en := board()
	if again := board(); !bytes.Equal(en, again) {
		t.Fatal("the same board was drawn twice differently")
	}
	e.slash(e.alice, "settings", discordtest.StringOption("language", "ja"))
	if ja := board(); bytes.Equal(en, ja) {
		t.Error("the board's picture did not change with the reader's language")
	}
}
