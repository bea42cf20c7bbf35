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
