package bot

import (
	"bytes"
	"fmt"
	"image/gif"
	"strings"
	"testing"

	"shinpan/bot/discordtest"
	"shinpan/bot/texts"
	"shinpan/bot/texts/uitexts"
	"shinpan/store"
)

// boardsSent returns the boards a user was sent by DM, in order.
func (e *env) boardsSent(user string) [][]byte {
	var out [][]byte
	for _, m := range e.botDMs(user) {
		for _, a := range m.Attachments {
			if a.Filename == "board.png" {
				out = append(out, a.Data)
			}
		}
	}
	return out
}

// reviewMsg returns the review message an interaction answered with.
func (e *env) reviewMsg(iid string) discordtest.Message {
	e.t.Helper()
	in, _ := e.srv.Interaction(iid)
	if in.Original == nil {
		e.t.Fatalf("interaction %s has no message", iid)
	}
	m, _ := e.srv.Message(in.Original.ID)
	return m
}

// press clicks the component with exactly this custom id on m (or picks
// values in it) and returns the message as it stands after the answer.
func (e *env) press(user string, m discordtest.Message, id string, values ...string) discordtest.Message {
	e.t.Helper()
	if !strings.Contains(string(m.Components), `"`+id+`"`) {
		e.t.Fatalf("no component %s on %q", id, m.Content)
	}
	var iid string
	var err error
	if values != nil {
		iid, err = e.srv.SelectMenu(user, m.ChannelID, m.ID, id, values...)
	} else {
		iid, err = e.srv.ClickButton(user, m.ChannelID, m.ID, id)
	}
	if err != nil {
		e.t.Fatal(err)
	}
	e.answer(iid)
	out, _ := e.srv.Message(m.ID)
	return out
}

func boardOf(t *testing.T, m discordtest.Message) []byte {
	t.Helper()
	for _, a := range m.Attachments {
		if a.Filename == "board.png" {
			return a.Data
		}
	}
	t.Fatalf("no board on %q (%d files)", m.Content, len(m.Attachments))
	return nil
}

// TestReviewShowsWhatEachSideWasSent plays a game of each variant (a foul in
// Tsuitate, masks in Masked) to a resignation, then steps through the review
// with ⏮ and ▶ from each side's point of view: at every move k the board is, byte
// for byte, the one that side was sent at move k. The foul attempt shows at
// its move with its reason; the whole board is another image.
func TestReviewShowsWhatEachSideWasSent(t *testing.T) {
	t.Parallel()
	for _, v := range []string{"tsuitate", "dark", "masked", "standard"} {
		t.Run(v, func(t *testing.T) {
			e := newEnv(t)
			id := e.startGame(v)
			skip := 0 // boards sent before the review's step 0
			if v == "masked" {
				e.dm(e.alice, "8h")
				e.dm(e.bob, "2b")
				skip = 1 // the board before the masks were chosen
			}
			e.play("7g7f", "8c8d")
			if v == "tsuitate" {
				if r := e.dm(e.alice, "8h2b+"); !strings.Contains(r.Content, "Foul") {
					t.Fatalf("foul: %q", r.Content)
				}
			}
			e.play("2g2f", "8d8e", "2f2e")
			if out := e.slash(e.alice, "review", discordtest.IntegerOption("game", int64(id))); !strings.Contains(out, "can be reviewed once") {
				t.Fatalf("review of a live game: %q", out)
			}
			e.slash(e.bob, "resign")
			const moves = 5
			sent := [2][][]byte{e.boardsSent(e.alice)[skip:], e.boardsSent(e.bob)[skip:]}
			for c := range sent {
				if len(sent[c]) != moves+2 { // the start, each move, the reveal
					for _, m := range e.botDMs([]string{e.alice, e.bob}[c]) {
						t.Logf("%.60q %d files, %d edits", m.Content, len(m.Attachments), m.Edits)
					}
					t.Fatalf("side %d was sent %d boards", c, len(sent[c]))
				}
			}
			e.slash(e.carol, "review", discordtest.IntegerOption("game", int64(id)))
			m := e.reviewMsg(e.lastInteraction(e.carol).ID)
			if !m.Ephemeral() || !strings.Contains(m.Content, fmt.Sprintf("move %d of %d", moves, moves)) {
				t.Fatalf("review: %q ephemeral %v", m.Content, m.Ephemeral())
			}
			for _, f := range []string{"kif", "ki2", "csa"} {
				if !strings.Contains(string(m.Components), fmt.Sprintf(`"rvrec:%d:%s"`, id, f)) {
					t.Errorf("no %s button", f)
				}
			}
			g := uint64(id)
			for c, pov := range []string{"b", "w"} {
				m = e.press(e.carol, m, fmt.Sprintf("rvpov:%d:%d", g, moves), pov)
				m = e.press(e.carol, m, fmt.Sprintf("rvgo:%d:0:%s:0", g, pov))
				for k := 0; k <= moves; k++ {
					if !strings.Contains(m.Content, fmt.Sprintf("move %d of %d", k, moves)) {
						t.Fatalf("%s at %d: %q", pov, k, m.Content)
					}
					if !bytes.Equal(boardOf(t, m), sent[c][k]) {
						t.Errorf("%s's view at move %d is not the board they were sent", pov, k)
					}
					at := fmt.Sprintf(", after move %d,", k) // the moves played (RULES.md §3)
					if k == 0 {
						at = ", start position,"
					}
					if len(m.Attachments) != 1 || !strings.Contains(m.Attachments[0].Description+",", at) {
						t.Errorf("%d files at move %d (alt %q)", len(m.Attachments), k, m.Attachments[0].Description)
					}
					hasFoul := strings.Contains(m.Content, "Foul attempts")
					if want := v == "tsuitate" && k == 2; hasFoul != want {
						t.Errorf("move %d: foul lines %v: %q", k, hasFoul, m.Content)
					}
					if hasFoul && (!strings.Contains(m.Content, "8h2b+") || !strings.Contains(m.Content, "the path is blocked")) {
						t.Errorf("foul line: %q", m.Content)
					}
					if k < moves {
						m = e.press(e.carol, m, fmt.Sprintf("rvgo:%d:%d:%s:2", g, k+1, pov))
					}
				}
			}
			m = e.press(e.carol, m, fmt.Sprintf("rvpov:%d:%d", g, moves), "t")
			if !bytes.Equal(boardOf(t, m), sent[0][moves+1]) {
				t.Errorf("the whole board at the end is not the revealed board the players were sent: %q", m.Content)
			}
		})
	}
}

// TestReviewAcrossARestart: the review and the Review button work from the
// stored log after the bot restarts; the GIF has a frame per move and the
// start, and the records come as files.
func TestReviewAcrossARestart(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	id := e.startGame("standard")
	moves := g24(t)
	e.play(moves...)
	end := e.endPost()
	if !strings.Contains(string(end.Components), fmt.Sprintf(`"review:%d"`, id)) {
		t.Fatalf("no Review button on the result: %s", end.Components)
	}
	e.stop()
	e.start()
	m := e.reviewFromButton(end)
	if !strings.Contains(m.Content, fmt.Sprintf("move %d of %d", len(moves), len(moves))) || !strings.Contains(m.Content, "Checkmate") && !strings.Contains(m.Content, "whole board") {
		t.Fatalf("review after restart: %q", m.Content)
	}
	m = e.press(e.alice, m, fmt.Sprintf("rvgo:%d:%d:t:1", id, len(moves)-1))
	if !strings.Contains(m.Content, fmt.Sprintf("move %d of %d", len(moves)-1, len(moves))) {
		t.Fatalf("◀: %q", m.Content)
	}
	out := e.slash(e.carol, "record", discordtest.IntegerOption("game", int64(id)), discordtest.StringOption("format", "gif"))
	a, ok := fileOf(e.lastInteraction(e.carol))
	if !ok {
		t.Fatalf("gif answer %q", out)
	}
	g, err := gif.DecodeAll(bytes.NewReader(a.Data))
	if err != nil || len(g.Image) != len(moves)+1 || !strings.HasSuffix(a.Filename, ".gif") {
		t.Fatalf("gif %s: %v, %d frames for %d moves", a.Filename, err, len(g.Image), len(moves))
	}
	e.press(e.alice, m, fmt.Sprintf("rvrec:%d:csa", id))
	if a, ok := fileOf(e.lastInteraction(e.alice)); !ok || !strings.HasSuffix(a.Filename, ".csa") || !strings.Contains(string(a.Data), "%TORYO") && !strings.Contains(string(a.Data), "%") {
		t.Fatalf("csa from the review: %+v", a.Filename)
	}
}

// fileOf returns the one file an interaction answered with (a deferred
// answer's first follow-up edits the original).
func fileOf(in discordtest.Interaction) (discordtest.Attachment, bool) {
	msg := in.Original
	if len(in.Followups) > 0 {
		msg = &in.Followups[0]
	}
	if msg == nil || len(msg.Attachments) != 1 {
		return discordtest.Attachment{}, false
	}
	return msg.Attachments[0], true
}

// reviewFromButton presses Review under the result post and returns the
// ephemeral review.
func (e *env) reviewFromButton(end discordtest.Message) discordtest.Message {
	e.t.Helper()
	e.click(e.alice, end, "review:")
	return e.reviewMsg(e.lastInteraction(e.alice).ID)
}

func TestReviewRefusals(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	id := e.startGame("tsuitate")
	if out := e.slash(e.carol, "review", discordtest.IntegerOption("game", int64(id))); !strings.Contains(out, "once it is over") {
		t.Fatalf("review of a live game: %q", out)
	}
	if out := e.slash(e.carol, "review", discordtest.IntegerOption("game", 999)); out != uitexts.UI(texts.EN, uitexts.NoGame) {
		t.Fatalf("review of no game: %q", out)
	}
}

// TestResultGIF: a server that wants it gets the game's GIF with the result,
// one frame for the start and one per move; with gif_foul_frames, one more
// per Tsuitate foul attempt.
func TestResultGIF(t *testing.T) {
	t.Parallel()
	t.Run("moves", func(t *testing.T) {
		e := newEnv(t, func(e *env) { e.cfg.ResultGIF = true })
		id := e.startGame("tsuitate")
		moves := g24(t)
		e.play(moves...)
		checkResultGIF(t, e, id, len(moves)+1)
	})
	t.Run("fouls", func(t *testing.T) {
		e := newEnv(t, func(e *env) { e.cfg.ResultGIF, e.cfg.GIFFoulFrames = true, true })
		id := e.startGame("tsuitate")
		e.play("7g7f", "8c8d")
		if r := e.dm(e.alice, "8h2b+"); !strings.Contains(r.Content, "Foul") {
			t.Fatalf("foul: %q", r.Content)
		}
		e.play("2g2f")
		e.slash(e.bob, "resign")
		checkResultGIF(t, e, id, 3+1+1)
	})
	t.Run("server", func(t *testing.T) { // the server's choices, the configuration's defaults off
		e := newEnv(t)
		e.admin(e.carol, "settings", discordtest.StringOption("result_gif", "on"), discordtest.StringOption("gif_foul_frames", "on"))
		id := e.startGame("tsuitate")
		e.play("7g7f", "8c8d")
		if r := e.dm(e.alice, "8h2b+"); !strings.Contains(r.Content, "Foul") {
			t.Fatalf("foul: %q", r.Content)
		}
		e.play("2g2f")
		e.slash(e.bob, "resign")
		checkResultGIF(t, e, id, 3+1+1)
	})
}

// checkResultGIF finds the GIF on game id's result post and checks it
// decodes with frames frames.
func checkResultGIF(t *testing.T, e *env, id store.GameID, frames int) {
	t.Helper()
	end := e.endPost()
	var found bool
	for _, a := range end.Attachments {
		if a.Filename != fmt.Sprintf("shinpan-%d.gif", id) {
			continue
		}
		found = true
		g, err := gif.DecodeAll(bytes.NewReader(a.Data))
		if err != nil || len(g.Image) != frames {
			t.Fatalf("result gif: %v, %d frames, want %d", err, len(g.Image), frames)
		}
	}
	if !found {
		t.Fatalf("no GIF with the result: %d files", len(end.Attachments))
	}
}
