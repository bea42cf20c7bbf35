package bot

import (
	"bytes"
	"context"
	"fmt"
	"mime"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/discordtest"
	"shinpan/referee/view"
	"shinpan/store"
)

// moveBoard is the newest DM to user that carries the Move button.
func (e *env) moveBoard(user string) discordtest.Message {
	e.t.Helper()
	ms := e.botDMs(user)
	for k := len(ms) - 1; k >= 0; k-- {
		if strings.Contains(string(ms[k].Components), `"move:`) {
			return ms[k]
		}
	}
	e.t.Fatalf("no DM with a Move button to %s", user)
	return discordtest.Message{}
}

// TestGameOverHTTP plays a real game (37 plies, checkmate) with every
// interaction POSTed to the Interactions Endpoint: the challenge (slash
// command), its acceptance (button, deferred), an autocomplete, each move through the Move
// button and its modal; then a review, whose board goes in a multipart HTTP
// response, and a step back in it (the message updated with a new board).
// Nothing comes over the gateway but DMs; every delivery is answered within
// Discord's 3 s; every callback is the endpoint's HTTP answer.
func TestGameOverHTTP(t *testing.T) {
	t.Parallel()
	e := newEnv(t, overHTTP)
	id := e.startGame("standard")
	if got := e.typing(e.alice, e.ch, "resign", "game", ""); len(got) != 1 || !strings.HasPrefix(got[0], fmt.Sprintf("#%d vs @bob", id)) {
		t.Fatalf("autocomplete: %q", got)
	}
	for k, mv := range g24(t) {
		u := []string{e.alice, e.bob}[k%2]
		if out := e.click(u, e.moveBoard(u), "move:"); out != "[modal]" {
			t.Fatalf("move %d: the Move button answered %q", k+1, out)
		}
		iid, err := e.srv.SubmitModal(u, e.dmChannel(u), fmt.Sprintf("movemodal:%d", id), map[string]string{"move": mv})
		if err != nil {
			t.Fatal(err)
		}
		if out := e.answer(iid); !strings.Contains(out, "You played") {
			t.Fatalf("move %d %s: %q", k+1, mv, out)
		}
	}
	g := e.game(id)
	if g.Status != store.StatusFinished || g.Result == nil || g.Result.Reason != view.ReasonCheckmate || g.LastSeq != 37 {
		t.Fatalf("game %+v", g)
	}
	if !strings.Contains(e.endPost().Content, "Checkmate") {
		t.Fatalf("final post %q", e.endPost().Content)
	}

	e.slash(e.carol, "review", discordtest.IntegerOption("game", int64(id)))
	rv := e.reviewMsg(e.lastInteraction(e.carol).ID)
	if !rv.Ephemeral() || !strings.Contains(rv.Content, "move 37 of 37") || len(rv.Attachments) != 1 {
		t.Fatalf("review: %q, %d files", rv.Content, len(rv.Attachments))
	}
	back := e.press(e.carol, rv, fmt.Sprintf("rvgo:%d:0:t:0", id))
	if !strings.Contains(back.Content, "move 0 of 37") || len(back.Attachments) != 1 || back.Attachments[0].ID == rv.Attachments[0].ID {
		t.Fatalf("review at the start: %q, %+v", back.Content, back.Attachments)
	}

	for _, d := range e.srv.Dispatches() {
		if d.Type == "INTERACTION_CREATE" {
			t.Fatalf("an interaction came over the gateway: %s", d.Data)
		}
	}
	ds := e.srv.Endpoint().Deliveries()
	if n := 1 + 1 + 1 + 2*37 + 2; len(ds) != n+2 { // the portal's two PINGs first
		t.Errorf("%d deliveries, want %d", len(ds), n+2)
	}
	for _, d := range ds[2:] {
		if d.Status != 200 || d.Took >= 3*time.Second || d.RequestSeq == 0 {
			t.Errorf("delivery %+v", d)
		}
	}
	multipart := 0
	for _, r := range e.srv.Requests() {
		if strings.HasSuffix(r.Route, "/callback") {
			if !r.Endpoint {
				t.Errorf("a callback over REST: #%d %s", r.Seq, r.Path)
			}
			if mt, _, _ := mime.ParseMediaType(r.ContentType); mt == "multipart/form-data" && len(r.Files) == 1 {
				multipart++
			}
		}
	}
	if multipart != 2+37 {
		t.Errorf("%d multipart answers with a board, want 39 (each move's update in its board's place, the review and its step)", multipart)
	}
}

// TestEndpointRefusesForgeries: a request with another key's signature, none,
// a stale timestamp or a body changed after signing gets 401 and changes
// nothing (no challenge, no message, no request from the bot); the genuine
// request after them goes through. The Developer Portal's PINGs, made when
// the URL was set, got PONG and (the bad one) 401.
func TestEndpointRefusesForgeries(t *testing.T) {
	t.Parallel()
	e := newEnv(t, overHTTP)
	ds := e.srv.Endpoint().Deliveries()
	if len(ds) != 2 || ds[0].Type != discordgo.InteractionPing || ds[0].Status != 200 || ds[1].Forgery != discordtest.ForgeBadSignature || ds[1].Status != 401 {
		t.Fatalf("the portal's PINGs: %+v", ds)
	}
	e.settle()
	before := len(e.srv.Requests())
	challenge := discordtest.Subcommand("challenge", discordtest.StringOption("variant", "tsuitate"), discordtest.UserOption("opponent", e.bob))
	for _, f := range []discordtest.Forgery{discordtest.ForgeBadSignature, discordtest.ForgeNoSignature,
		discordtest.ForgeStaleTimestamp, discordtest.ForgeTamperedBody} {
		e.srv.Endpoint().ForgeNext(f)
		iid, err := e.srv.SlashCommand(e.alice, e.ch, "shogi", challenge)
		if err != nil {
			t.Fatal(err)
		}
		d := e.delivery(iid)
		if d.Forgery != f || d.Status != 401 || d.RequestSeq != 0 {
			t.Errorf("%s: %+v", f, d)
		}
		if in, _ := e.srv.Interaction(iid); in.Acknowledged() {
			t.Errorf("%s: the interaction was answered", f)
		}
	}
	e.settle()
	if cs, err := e.st.Challenges(); err != nil || len(cs) != 0 {
		t.Fatalf("forged requests made challenges: %v %v", cs, err)
	}
	if rs := e.srv.Requests(); len(rs) != before {
		t.Fatalf("forged requests made the bot act: %+v", rs[before:])
	}
	if ms := e.srv.BotMessages(e.ch); len(ms) != 0 {
		t.Fatalf("forged requests made messages: %+v", ms)
	}
	iid, err := e.srv.SlashCommand(e.alice, e.ch, "shogi", challenge)
	if err != nil {
		t.Fatal(err)
	}
	e.answer(iid)
	if d := e.delivery(iid); d.Status != 200 {
		t.Fatalf("genuine: %+v", d)
	}
	if cs, _ := e.st.Challenges(); len(cs) != 1 {
		t.Fatalf("the genuine request made %d challenges", len(cs))
	}
}

// delivery waits for the endpoint's answer to an interaction.
func (e *env) delivery(iid string) discordtest.Delivery {
	e.t.Helper()
	var out discordtest.Delivery
	e.waitUntil("the endpoint's answer to "+iid, func() bool {
		for _, d := range e.srv.Endpoint().Deliveries() {
			if d.InteractionID == iid && (d.Status != 0 || d.Err != "") {
				out = d
				return true
			}
		}
		return false
	})
	return out
}

// TestEndpointWhileDiscordLags: Discord may act on the endpoint's answer a
// moment after reading it, and until then the interaction's webhook is
// unknown; the follow-up of a deferral (accepting a challenge) and reading
// the challenge card's message wait for it, and the game starts.
func TestEndpointWhileDiscordLags(t *testing.T) {
	t.Parallel()
	e := newEnvWith(t, func(o *discordtest.Options) { o.CallbackLag = 300 * time.Millisecond }, overHTTP)
	card := e.challenge("tsuitate")
	e.waitUntil("the card's message id kept", func() bool {
		cs, _ := e.st.Challenges()
		return len(cs) == 1 && cs[0].MessageID == card.ID
	})
	e.click(e.bob, card, "accept:")
	e.waitUntil("the game card", func() bool { return strings.Contains(e.lastPost().Content, "Game #") })
	unknown := 0
	for _, r := range e.srv.Requests() {
		if r.Error != nil && (r.Error.Code == discordgo.ErrCodeUnknownWebhook || r.Error.Code == discordgo.ErrCodeUnknownMessage) {
			unknown++
		}
	}
	if unknown == 0 {
		t.Error("no webhook call came before Discord knew the answer: the lag was not exercised")
	}
}

// TestEndpointDefersALateHandler: a handler that has not answered by the
// endpoint's limit is deferred in time, and its answer follows up; a late
// autocomplete is answered as one.
func TestEndpointDefersALateHandler(t *testing.T) {
	t.Parallel()
	e := newEnv(t, overHTTP, func(e *env) { e.opts = append(e.opts, func(b *Bot) { b.deferAfter = 0 }) })
	iid, err := e.srv.SlashCommand(e.alice, e.ch, "shogi", discordtest.Subcommand("challenge",
		discordtest.StringOption("variant", "tsuitate"), discordtest.UserOption("opponent", e.bob)))
	if err != nil {
		t.Fatal(err)
	}
	out := e.answer(iid)
	in, _ := e.srv.Interaction(iid)
	if in.Callback == nil || in.Callback.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
		t.Fatalf("callback %+v", in.Callback)
	}
	if !strings.Contains(out, "challenge") {
		t.Fatalf("the follow-up: %q", out)
	}
	// An autocomplete cannot be deferred: a late one gets its choices or none,
	// always as an autocomplete result (typing checks the callback's type).
	e.typing(e.alice, e.ch, "resign", "game", "")
}

// TestEndpointLateForm: a form cannot follow a deferral, so a Move button
// whose handler was deferred asks to try again, and nothing changes.
func TestEndpointLateForm(t *testing.T) {
	t.Parallel()
	e := newEnv(t, overHTTP)
	id := e.startGame("tsuitate")
	board := e.moveBoard(e.alice)
	e.stop()
	e.opts = append(e.opts, func(b *Bot) { b.deferAfter = 0 })
	e.start()
	if out := e.click(e.alice, board, "move:"); !strings.Contains(out, "try again") {
		t.Fatalf("the Move button after a deferral: %q", out)
	}
	if g := e.game(id); g.LastSeq != 0 {
		t.Fatalf("the game changed: %+v", g)
	}
}

// TestEndpointLateReview: a review whose handler was deferred in its place
// still shows its board, not "try again": from the Review button, as a
// private follow-up (the public result it was pressed under unchanged); a
// step (◀) edits that review in place; /shogi review fills its
// "thinking…".
func TestEndpointLateReview(t *testing.T) {
	t.Parallel()
	e := newEnv(t, overHTTP)
	id := e.startGame("standard")
	e.play("7g7f", "3c3d")
	e.slash(e.bob, "resign")
	end := e.endPost()
	e.stop()
	e.opts = append(e.opts, func(b *Bot) { b.deferAfter = 0 })
	e.start()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	isReview := func(t *testing.T, what string, m *discordtest.Message, move int) {
		t.Helper()
		if m == nil {
			t.Fatalf("%s: no message", what)
		}
		if !m.Ephemeral() || !strings.Contains(m.Content, fmt.Sprintf("move %d of 2", move)) ||
			!strings.Contains(string(m.Components), fmt.Sprintf(`"rvpov:%d:%d"`, id, move)) ||
			len(m.Attachments) != 1 || m.Attachments[0].Filename != "board.png" || m.Attachments[0].Description == "" {
			t.Fatalf("%s: %q ephemeral %v, %d files, components %s", what, m.Content, m.Ephemeral(), len(m.Attachments), m.Components)
		}
	}

	t.Run("button", func(t *testing.T) {
		iid, err := e.srv.ClickButton(e.alice, end.ChannelID, end.ID, fmt.Sprintf("review:%d", id))
		if err != nil {
			t.Fatal(err)
		}
		in, err := e.srv.WaitInteraction(ctx, iid, discordtest.HasFollowups(1))
		if err != nil {
			t.Fatalf("no follow-up: %v", err)
		}
		if in.Callback.Type != discordgo.InteractionResponseDeferredMessageUpdate {
			t.Fatalf("callback of type %d, want a deferred update (6)", in.Callback.Type)
		}
		isReview(t, "the review", &in.Followups[0], 2)
		e.settle()
		if after, _ := e.srv.Message(end.ID); after.Content != end.Content || string(after.Components) != string(end.Components) ||
			after.Edits != end.Edits || len(after.Attachments) != len(end.Attachments) {
			t.Errorf("the public result changed: %q, %d edits (was %d)", after.Content, after.Edits, end.Edits)
		}

		review, _ := e.srv.Message(in.Followups[0].ID)
		iid, err = e.srv.ClickButton(e.alice, review.ChannelID, review.ID, fmt.Sprintf("rvgo:%d:1:t:1", id))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.srv.WaitInteraction(ctx, iid, discordtest.Answered); err != nil {
			t.Fatalf("◀ not answered: %v", err)
		}
		e.settle()
		in, _ = e.srv.Interaction(iid)
		if in.Callback.Type != discordgo.InteractionResponseDeferredMessageUpdate || len(in.Followups) != 0 {
			t.Fatalf("◀: callback %d, %d follow-ups; want its message edited after a deferred update", in.Callback.Type, len(in.Followups))
		}
		stepped, _ := e.srv.Message(review.ID)
		isReview(t, "◀", &stepped, 1)
		if bytes.Equal(boardOf(t, stepped), boardOf(t, review)) {
			t.Error("◀ kept the board of move 2")
		}
	})

	t.Run("command", func(t *testing.T) {
		iid, err := e.srv.SlashCommand(e.carol, e.ch, "shogi", discordtest.Subcommand("review", discordtest.IntegerOption("game", int64(id))))
		if err != nil {
			t.Fatal(err)
		}
		e.answer(iid)
		in, _ := e.srv.Interaction(iid)
		if in.Callback.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource || len(in.Followups) != 0 {
			t.Fatalf("callback %d, %d follow-ups; want the deferral's message filled", in.Callback.Type, len(in.Followups))
		}
		isReview(t, "/shogi review", in.Original, 2)
	})
}
