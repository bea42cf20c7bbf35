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
	if alt := e.lastBoard(e.alice); !strings.Contains(alt, "White to move") || !strings.Contains(alt, "last move P-7f") {
		t.Errorf("alice after her move: %q", alt)
	}
	alt := e.lastBoard(e.bob)
	if !strings.HasPrefix(alt, "あなたの盤面（後手、衝立将棋）、後手の手番、1手目") || strings.Contains(alt, "7g7f") || strings.Contains(alt, "最終手") {
		t.Errorf("bob after alice's move: %q", alt)
	}
}

// TestBoardAltFollowsNotation: the board's alt text writes the last move in
// the player's notation: Western by default in English, Japanese by default
// in Japanese, and whatever /shogi settings notation chose.
func TestBoardAltFollowsNotation(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.slash(e.bob, "settings", discordtest.StringOption("language", "ja"))
	e.startGame("standard")
	e.dm(e.alice, "7g7f")
	if alt := e.lastBoard(e.alice); !strings.Contains(alt, "last move P-7f") {
		t.Errorf("alice (English, Western): %q", alt)
	}
	if alt := e.lastBoard(e.bob); !strings.Contains(alt, "最終手 ☗７六歩") {
		t.Errorf("bob (Japanese, Japanese): %q", alt)
	}
	e.slash(e.alice, "settings", discordtest.StringOption("notation", "japanese"))
	e.slash(e.bob, "settings", discordtest.StringOption("notation", "western"))
	e.dm(e.bob, "3c3d")
	if alt := e.lastBoard(e.alice); !strings.Contains(alt, "last move ☖３四歩") {
		t.Errorf("alice (English, Japanese): %q", alt)
	}
	if alt := e.lastBoard(e.bob); !strings.Contains(alt, "最終手 P-3d") {
		t.Errorf("bob (Japanese, Western): %q", alt)
	}
	e.slash(e.alice, "settings", discordtest.StringOption("notation", "usi"))
	e.dm(e.alice, "6i5h")
	if alt := e.lastBoard(e.alice); !strings.Contains(alt, "last move 6i5h") {
		t.Errorf("alice (USI): %q", alt)
	}
	if alt := e.lastBoard(e.bob); !strings.Contains(alt, "最終手 G6i-5h") {
		t.Errorf("bob (Western, two golds): %q", alt)
	}
}
