package bot

import (
	"strings"
	"testing"
)

// A DM's game number may be typed as a Japanese IME types it, full-width
// (＃, １２, an ideographic space); "#1" with no move after it says how the
// prefix is written instead of refusing an empty move.
func TestDMGamePrefixForms(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.startGame("standard")
	for _, c := range []struct{ name, user, text, want string }{
		{"alone", e.alice, "#1", "its number, a space, then the move"},
		{"alone with space", e.alice, "#1 ", "its number, a space, then the move"},
		{"ideographic space", e.alice, "#1\u30007g7f", "You played"},
		{"full-width hash", e.bob, "＃1 3c3d", "You played"},
		{"full-width digits and space", e.alice, "＃１\u3000２六歩", "You played"},
		{"not a number", e.bob, "#x 8c8d", "its number, a space, then the move"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := e.dm(c.user, c.text).Content; !strings.Contains(got, c.want) {
				t.Errorf("%q: %q, want %q", c.text, got, c.want)
			}
		})
	}
}

// TestDMPictureGetsHelp: a DM with a file and no text (a photo of the
// board) is answered with how moves are written, and changes nothing.
func TestDMPictureGetsHelp(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	id := e.startGame("standard")
	e.settle()
	n := len(e.botDMs(e.alice))
	if _, err := e.srv.SendDMFile(e.alice, "", "board.png", "image/png", []byte("\x89PNG\r\n\x1a\n")); err != nil {
		t.Fatal(err)
	}
	e.waitUntil("a reply to the picture", func() bool { return len(e.botDMs(e.alice)) > n })
	e.settle()
	if got := e.botDMs(e.alice)[n].Content; !strings.Contains(got, "Send your move here") {
		t.Fatalf("the picture's answer: %q", got)
	}
	if g := e.game(id); g.LastSeq != 0 {
		t.Fatalf("seq %d: a picture changed the game", g.LastSeq)
	}
}
