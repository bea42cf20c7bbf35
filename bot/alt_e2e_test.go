package bot

import (
	"strings"
	"testing"

	"shinpan/bot/discordtest"
)

// lastBoard returns the alt text of the newest board DM'd to user.
func (e *env) lastBoard(user string) string {
	e.t.Helper()
	ms := e.botDMs(user)
	for k := len(ms) - 1; k >= 0; k-- {
		for _, a := range ms[k].Attachments {
			if a.Filename == "board.png" {
				return a.Description
			}
		}
	}
	e.t.Fatalf("no board DM'd to %s", user)
	return ""
}

// TestBoardAltFollowsLanguage: each player's board is described in their own
// language, and the description of the opponent's board says nothing of a
// move they may not see.
func TestBoardAltFollowsLanguage(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.slash(e.bob, "settings", discordtest.StringOption("language", "ja"))
	e.startGame("tsuitate")
	if alt := e.lastBoard(e.alice); !strings.HasPrefix(alt, "Your board (Black, Tsuitate), Black to move") {
		t.Errorf("alice's first board: %q", alt)
	}
	if alt := e.lastBoard(e.bob); !strings.HasPrefix(alt, "あなたの盤面（後手、衝立将棋）、先手の手番") {
		t.Errorf("bob's first board: %q", alt)
	}
	e.dm(e.alice, "7g7f")
	if alt := e.lastBoard(e.alice); !strings.Contains(alt, "White to move") || !strings.Contains(alt, "last move 7g7f") {
		t.Errorf("alice after her move: %q", alt)
	}
	alt := e.lastBoard(e.bob)
	if !strings.HasPrefix(alt, "あなたの盤面（後手、衝立将棋）、後手の手番、2手目") || strings.Contains(alt, "7g7f") || strings.Contains(alt, "最終手") {
		t.Errorf("bob after alice's move: %q", alt)
	}
}
