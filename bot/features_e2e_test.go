package bot

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"shinpan/referee/record"

	"shinpan/bot/discordtest"
	"shinpan/referee/view"
	"shinpan/store"
)

// TestNotesAreTheirOwnersOnly: alice's "?" mark is drawn on her board only;
// bob's images are byte for byte those of a game without the note.
func TestNotesAreTheirOwnersOnly(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	g1 := e.startGame("tsuitate")
	g2 := e.startGame("tsuitate")
	_ = g2
	prefix := func(id store.GameID) string { return "#" + itoa(uint64(id)) + " " }
	before := e.lastDM(e.alice)
	r := e.dm(e.alice, prefix(g1)+"?5e")
	if !strings.Contains(r.Content, "5e") || len(r.Attachments) != 1 || bytes.Equal(r.Attachments[0].Data, before.Attachments[0].Data) {
		t.Fatalf("note reply %q (%d files)", r.Content, len(r.Attachments))
	}
	// The same move in both games: bob's boards must be identical.
	e.dm(e.alice, prefix(g1)+"7g7f")
	b1 := e.lastDM(e.bob)
	e.dm(e.alice, prefix(g2)+"7g7f")
	b2 := e.lastDM(e.bob)
	if len(b1.Attachments) != 1 || !bytes.Equal(b1.Attachments[0].Data, b2.Attachments[0].Data) {
		t.Fatal("bob's board depends on alice's note")
	}
	// Alice's boards differ between the games: the note is on hers.
	a := e.botDMs(e.alice)
	if bytes.Equal(a[len(a)-1].Attachments[0].Data, a[len(a)-2].Attachments[0].Data) {
		t.Fatal("alice's note is not drawn")
	}
	if r := e.dm(e.alice, prefix(g1)+"?5e"); !strings.Contains(r.Content, "removed") {
		t.Fatalf("removing the note: %q", r.Content)
	}
}

// TestReachableSquares: a board with the piece's squares; the option off.
func TestReachableSquares(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.startGame("tsuitate")
	r := e.dm(e.alice, "2h?")
	if !strings.Contains(r.Content, "rook") || len(r.Attachments) != 1 {
		t.Fatalf("reach: %q", r.Content)
	}
	if out := e.slash(e.alice, "reach", discordtest.StringOption("square", "5e")); !strings.Contains(out, "no piece") {
		t.Fatalf("reach of an empty square: %q", out)
	}
	f := newEnv(t)
	f.startGame("tsuitate", discordtest.BooleanOption("show_reachable", false))
	if r := f.dm(f.alice, "2h?"); !strings.Contains(r.Content, "turned off") {
		t.Fatalf("reach with the option off: %q", r.Content)
	}
}

// TestRematchSwapsColours: the Rematch button under the result offers the same
// game with colours swapped; a stranger may not press it.
func TestRematchSwapsColours(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	id := e.startGame("dark", discordtest.IntegerOption("move_limit", 80))
	e.slash(e.bob, "resign")
	end := e.endPost()
	if out := e.click(e.carol, end, "rematch:"); !strings.Contains(out, "Only the players") {
		t.Fatalf("stranger's rematch: %q", out)
	}
	e.click(e.bob, end, "rematch:")
	card := e.rematchCard("#2")
	e.click(e.alice, card, "accept:")
	e.waitUntil("the rematch", func() bool { gs, _ := e.st.ActiveGamesOf(e.alice); return len(gs) == 1 })
	gs, _ := e.st.ActiveGamesOf(e.alice)
	old := e.game(id)
	if gs[0].Players[0] != old.Players[1] || gs[0].Players[1] != old.Players[0] || gs[0].Options.MoveLimit != 80 || gs[0].Variant != view.Dark {
		t.Fatalf("rematch %+v after %+v", gs[0], old)
	}
}

// TestRatings: a ranked win and loss, then a draw, update Glicko-2 ratings.
func TestRatings(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.startGame("tsuitate", discordtest.BooleanOption("ranked", true))
	e.slash(e.bob, "resign")
	e.settle()
	ra, err := e.st.GetRating(e.srv.GuildID(), view.Tsuitate, e.alice)
	rb, err2 := e.st.GetRating(e.srv.GuildID(), view.Tsuitate, e.bob)
	if err != nil || err2 != nil {
		t.Fatalf("no ratings: %v %v", err, err2)
	}
	if math.Abs(ra.Rating-1662.3) > 0.5 || math.Abs(rb.Rating-1337.7) > 0.5 || ra.Wins != 1 || rb.Losses != 1 {
		t.Fatalf("after a win: %+v / %+v", ra, rb)
	}
	if out := e.slash(e.carol, "rating", discordtest.UserOption("user", e.alice)); !strings.Contains(out, "1662") {
		t.Fatalf("rating: %q", out)
	}
	if out := e.slash(e.bob, "leaderboard", discordtest.StringOption("variant", "tsuitate")); !strings.Contains(out, "1. <@"+e.alice+">") || !strings.Contains(out, "place: 2") {
		t.Fatalf("leaderboard: %q", out)
	}
	// A draw by agreement: the lower-rated bob gains, alice loses a little.
	e.startGame("tsuitate", discordtest.BooleanOption("ranked", true))
	if out := e.slash(e.alice, "draw"); !strings.Contains(out, "offer sent") {
		t.Fatalf("offer: %q", out)
	}
	if !strings.Contains(e.lastDM(e.bob).Content, "offers a draw") {
		t.Fatalf("bob not told: %q", e.lastDM(e.bob).Content)
	}
	e.slash(e.bob, "draw")
	e.settle()
	ra2, _ := e.st.GetRating(e.srv.GuildID(), view.Tsuitate, e.alice)
	rb2, _ := e.st.GetRating(e.srv.GuildID(), view.Tsuitate, e.bob)
	if ra2.Draws != 1 || rb2.Draws != 1 || ra2.Rating >= ra.Rating || rb2.Rating <= rb.Rating {
		t.Fatalf("after a draw: %+v / %+v", ra2, rb2)
	}
	// Unranked games change nothing.
	e.startGame("tsuitate")
	e.slash(e.alice, "resign")
	e.settle()
	if ra3, _ := e.st.GetRating(e.srv.GuildID(), view.Tsuitate, e.alice); ra3.Games != 2 {
		t.Fatalf("an unranked game was rated: %+v", ra3)
	}
	if out := e.slash(e.alice, "history"); strings.Count(out, "\n") != 2 {
		t.Fatalf("history: %q", out)
	}
}

// TestSettings: notation, language (Japanese texts), orientation, board
// theme and piece set.
func TestSettings(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.startGame("tsuitate")
	if out := e.slash(e.alice, "settings"); !strings.Contains(out, "Your settings") || strings.Contains(out, "Saved") {
		t.Fatalf("settings without an option: %q", out)
	}
	e.slash(e.alice, "settings", discordtest.StringOption("notation", "usi"))
	if r := e.dm(e.alice, "7g7f"); !strings.Contains(r.Content, "7g7f") {
		t.Fatalf("usi notation: %q", r.Content)
	}
	light := e.lastDM(e.bob).Attachments[0].Data
	e.slash(e.bob, "settings", discordtest.StringOption("language", "ja"), discordtest.StringOption("board", "contrast"))
	r := e.dm(e.bob, "３四歩")
	if !strings.Contains(r.Content, "指しました") {
		t.Fatalf("japanese: %q", r.Content)
	}
	if bytes.Equal(r.Attachments[0].Data, light) {
		t.Fatal("the contrast theme changed nothing")
	}
	contrast := r.Attachments[0].Data
	out := e.slash(e.bob, "settings", discordtest.StringOption("board", "wood"), discordtest.StringOption("pieces", "koma"))
	if !strings.Contains(out, "盤：木") || !strings.Contains(out, "駒：") {
		t.Fatalf("board and pieces not echoed: %q", out)
	}
	e.slash(e.bob, "board")
	if wood := e.lastDM(e.bob).Attachments[0].Data; bytes.Equal(wood, contrast) || bytes.Equal(wood, light) {
		t.Fatal("the wood board and koma changed nothing")
	}
	before := e.lastDM(e.alice).Attachments[0].Data
	e.slash(e.alice, "settings", discordtest.StringOption("orientation", "flip"))
	e.slash(e.alice, "board")
	if after := e.lastDM(e.alice).Attachments[0].Data; bytes.Equal(after, before) {
		t.Fatal("flipping changed nothing")
	}
}

// TestAbort: an abort before both sides moved, no result; not after
// (a moderator's end is TestAdminEnd).
func TestAbort(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	id := e.startGame("standard")
	e.play("7g7f")
	if out := e.slash(e.bob, "abort"); out != "Game #1 is aborted: no result, no rating." {
		t.Fatalf("abort: %q", out)
	}
	if g := e.game(id); g.Status != store.StatusAborted {
		t.Fatalf("status %s", g.Status)
	}
	id2 := e.startGame("standard")
	e.play("7g7f", "3c3d")
	if out := e.slash(e.alice, "abort"); !strings.Contains(out, "only before") {
		t.Fatalf("late abort: %q", out)
	}
	if !e.game(id2).Status.Live() {
		t.Fatal("a late abort ended the game")
	}
}

// TestRecordNamesAndStart: a finished game's KIF (/shogi record), CSA
// (the review's button) and the KIF of the result post (from the names
// kept when it started) name both players by their display names, on one
// line however the name is written, and give the start in Japan's time;
// each reads back with its header.
func TestRecordNamesAndStart(t *testing.T) {
	t.Parallel()
	e := newEnvWith(t, func(o *discordtest.Options) { o.Users[0].GlobalName = "Alice\n先手：Eve" })
	id := e.startGame("standard")
	e.play("7g7f", "3c3d")
	e.slash(e.bob, "resign")
	start := e.game(id).CreatedAt.In(time.FixedZone("JST", 9*3600)).Format("2006/01/02 15:04:05")
	files := map[string]discordtest.Attachment{}
	e.slash(e.carol, "record", discordtest.IntegerOption("game", int64(id)))
	files["kif"], _ = fileOf(e.lastInteraction(e.carol))
	e.slash(e.carol, "review", discordtest.IntegerOption("game", int64(id)))
	m := e.reviewMsg(e.lastInteraction(e.carol).ID)
	e.press(e.carol, m, fmt.Sprintf("rvrec:%d:csa", id))
	files["csa"], _ = fileOf(e.lastInteraction(e.carol))
	for _, a := range e.endPost().Attachments { // the names kept at the start: no request at the end
		if strings.HasSuffix(a.Filename, ".kif") {
			files["result"] = a
		}
	}
	for _, tc := range []struct{ name, format, lines string }{
		{"kif", "kif", "開始日時：" + start + "\n棋戦：shinpan #1 standard\n先手：Alice 先手：Eve\n後手：bob\n"},
		{"csa", "csa", "N+Alice 先手：Eve\nN-bob\n$START_TIME:" + start + "\n"},
		{"result", "kif", "開始日時：" + start + "\n棋戦：shinpan #1 standard\n先手：Alice 先手：Eve\n後手：bob\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := files[tc.name]
			if !strings.HasSuffix(a.Filename, "."+tc.format) || !strings.Contains(string(a.Data), tc.lines) {
				t.Fatalf("%q, want the lines\n%s\nin:\n%s", a.Filename, tc.lines, a.Data)
			}
			rec, err := record.Parse(a.Data, a.Filename)
			if err != nil || len(rec.Moves) != 2 {
				t.Fatalf("reads back as %v %+v", err, rec)
			}
			want := map[string]string{"先手": "Alice 先手：Eve", "後手": "bob", "開始日時": start}
			for _, h := range rec.Header {
				if w, ok := want[h.Key]; ok && h.Value == w {
					delete(want, h.Key)
				}
			}
			if len(want) != 0 {
				t.Fatalf("the header %+v lacks %v", rec.Header, want)
			}
		})
	}
}

// TestRecordOnlyWhenOver: the KIF with hidden information only after the end.
func TestRecordOnlyWhenOver(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	id := e.startGame("tsuitate")
	e.play("7g7f", "8c8d")
	e.dm(e.alice, "8h2b+") // a foul: listed in the record at the end
	if out := e.slash(e.bob, "record", discordtest.IntegerOption("game", int64(id))); !strings.Contains(out, "once the game is over") {
		t.Fatalf("record too early: %q", out)
	}
	e.slash(e.alice, "resign")
	iid, _ := e.srv.SlashCommand(e.carol, e.ch, "shogi", discordtest.Subcommand("record", discordtest.IntegerOption("game", int64(id))))
	e.answer(iid)
	in, _ := e.srv.Interaction(iid)
	msg := in.Original // the first follow-up fills the deferred reply
	if len(in.Followups) > 0 {
		msg = &in.Followups[0]
	}
	if msg == nil || len(msg.Attachments) != 1 || !strings.Contains(string(msg.Attachments[0].Data), "foul black") {
		t.Fatalf("record: %q %+v", shown(in), in.Followups)
	}
	// KI2 and CSA on request: each reads back to the game's moves and result.
	for _, f := range []struct{ format, mark string }{{"ki2", "▲７六歩"}, {"csa", "+7776FU"}, {"kif", "７六歩(77)"}} {
		iid, _ := e.srv.SlashCommand(e.carol, e.ch, "shogi", discordtest.Subcommand("record",
			discordtest.IntegerOption("game", int64(id)), discordtest.StringOption("format", f.format)))
		e.answer(iid)
		in, _ := e.srv.Interaction(iid)
		msg := in.Original
		if len(in.Followups) > 0 {
			msg = &in.Followups[0]
		}
		if msg == nil || len(msg.Attachments) != 1 || msg.Attachments[0].Filename != fmt.Sprintf("shinpan-%d.%s", id, f.format) {
			t.Fatalf("record %s: %q %+v", f.format, shown(in), in.Followups)
		}
		data := msg.Attachments[0].Data
		rec, err := record.Parse(data, msg.Attachments[0].Filename)
		if err != nil || !strings.Contains(string(data), f.mark) || len(rec.Moves) != 2 ||
			rec.Result != (record.Result{Reason: record.ReasonResignation, Winner: record.WinnerWhite}) || rec.Variant != "tsuitate" {
			t.Fatalf("record %s reads back as %v %+v:\n%s", f.format, err, rec, data)
		}
	}
}
