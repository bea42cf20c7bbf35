package bot

import (
	"strings"
	"testing"

	"shinpan/bot/discordtest"
	"shinpan/referee"
)

// TestKingVisibleGame: a Tsuitate challenge with king_visible shows each
// side the opponent's king on its real square, after every move, and
// nothing else of the opponent; the record says the game had it.
func TestKingVisibleGame(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	id := e.startGame("tsuitate", discordtest.BooleanOption("king_visible", true))
	if !e.game(id).Options.KingVisible {
		t.Fatal("the game was started without king_visible")
	}
	alt := func(user string) string { return e.lastDM(user).Attachments[0].Description }
	if a := alt(e.alice); !strings.Contains(a, "king seen on 5a") {
		t.Fatalf("alice's start board does not show gote's king: %q", a)
	}
	e.play("7g7f", "5a4b")
	if a := alt(e.alice); !strings.Contains(a, "king seen on 4b") || strings.Contains(a, "5a") {
		t.Fatalf("alice's board after the king moved: %q", a)
	}
	if a := alt(e.bob); !strings.Contains(a, "king seen on 5i") || strings.Contains(a, "7f") {
		t.Fatalf("bob's board shows more than sente's king: %q", a)
	}
	e.slash(e.bob, "resign")
	if g := e.game(id); g.Result == nil {
		t.Fatal("no result after the resignation")
	}
	iid, _ := e.srv.SlashCommand(e.alice, e.ch, "shogi", discordtest.Subcommand("record", discordtest.IntegerOption("game", int64(id))))
	e.answer(iid)
	in, _ := e.srv.Interaction(iid)
	msg := in.Original
	if len(in.Followups) > 0 {
		msg = &in.Followups[0]
	}
	if msg == nil || len(msg.Attachments) != 1 || !strings.Contains(string(msg.Attachments[0].Data), referee.KingVisibleNote) {
		t.Fatalf("the record does not note king_visible: %q", shown(in))
	}
}
