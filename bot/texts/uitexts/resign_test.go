package uitexts

import (
	"strings"
	"testing"

	"shinpan/bot/texts"
)

// TestIsResignWord: words of resignation are known; moves and other words
// are not.
func TestIsResignWord(t *testing.T) {
	for _, c := range []struct {
		in   string
		want bool
	}{
		{"resign", true}, {"Resign.", true}, {"I resign!", true}, {"投了", true}, {"投了。", true},
		{"降参", true}, {"負けました", true}, {" まいりました ", true},
		{"7g7f", false}, {"７六歩", false}, {"help", false}, {"resignation is near", false}, {"", false},
	} {
		t.Run(c.in, func(t *testing.T) {
			if got := IsResignWord(c.in); got != c.want {
				t.Errorf("IsResignWord(%q) = %v", c.in, got)
			}
		})
	}
	for _, l := range texts.Langs {
		if s := DMResignHow(l); !strings.Contains(s, "`/shogi resign`") {
			t.Errorf("%s: %q names no command", l, s)
		}
	}
}
