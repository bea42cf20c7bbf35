package bot

import (
	"crypto/sha256"
	"encoding/hex"
	"regexp"
	"strings"
	"testing"

	"shinpan/referee/view"
)

// TestMoveAndResignButtons: the Move button opens a modal whose text is played;
// Resign asks first; buttons of a finished game say it is over.
func TestMoveAndResignButtons(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	id := e.startGame("tsuitate")
	board := e.lastDM(e.alice)
	if out := e.click(e.alice, board, "move:"); out != "[modal]" {
		t.Fatalf("move button: %q", out)
	}
	iid, err := e.srv.SubmitModal(e.alice, board.ChannelID, "movemodal:"+itoa(uint64(id)), map[string]string{"move": "７六歩"})
	if err != nil {
		t.Fatal(err)
	}
	// Its update replaces the board the box was opened from (no new DM).
	if out := e.answer(iid); !strings.Contains(out, "You played") || e.game(id).LastSeq != 1 || e.lastDM(e.alice).ID != board.ID {
		t.Fatalf("modal move: %q", out)
	}
	bob := e.lastDM(e.bob)
	out := e.click(e.bob, bob, "resign:")
	if !strings.Contains(out, "Resign game #") || e.game(id).Result != nil {
		t.Fatalf("resign button: %q", out)
	}
	in := e.lastInteraction(e.bob)
	if in.Original == nil {
		t.Fatal("no confirmation message")
	}
	e.click(e.bob, *in.Original, "resignok:")
	if r := e.game(id).Result; r == nil || r.Reason != view.ReasonResignation {
		t.Fatalf("after confirming: %+v", r)
	}
	if out := e.click(e.bob, bob, "move:"); !strings.Contains(out, "over") {
		t.Fatalf("a finished game's button: %q", out)
	}
}

// TestMaskCommitmentsOpenAtTheReveal: the channel gets each mask's commitment
// when both are chosen; the reveal's square and salt hash to it.
func TestMaskCommitmentsOpenAtTheReveal(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	id := e.startGame("masked")
	e.dm(e.alice, "8h")
	e.dm(e.bob, "2b")
	hex64 := regexp.MustCompile("[0-9a-f]{64}")
	var commits []string
	for _, p := range e.channelPosts() {
		commits = append(commits, hex64.FindAllString(p.Content, -1)...)
	}
	if len(commits) != 2 {
		t.Fatalf("commitments in the channel: %v", commits)
	}
	e.play("7g7f", "3c3d")
	e.slash(e.alice, "resign")
	var reveal string
	for _, p := range e.channelPosts() {
		reveal += p.Content + "\n"
	}
	pre := regexp.MustCompile("shinpan-mask\\|" + itoa(uint64(id)) + "\\|(black|white)\\|[1-9][a-i]\\|[0-9a-f]+")
	opens := pre.FindAllString(reveal, -1)
	if len(opens) != 2 {
		t.Fatalf("openings in the reveal: %v\n%s", opens, reveal)
	}
	for i, o := range opens {
		sum := sha256.Sum256([]byte(o))
		if hex.EncodeToString(sum[:]) != commits[i] {
			t.Fatalf("%q does not hash to the commitment %s", o, commits[i])
		}
	}
	if !strings.Contains(opens[0], "|8h|") || !strings.Contains(opens[1], "|2b|") {
		t.Fatalf("wrong squares opened: %v", opens)
	}
}
