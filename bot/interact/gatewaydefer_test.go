package interact

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/compose"
	"shinpan/bot/discordtest"
	"shinpan/bot/outbox"
	"shinpan/bot/texts"
)

// TestGatewayDefersALateHandler: an interaction from the gateway whose
// handler has not answered after DeferAfter is deferred over REST in its
// place, and the answer follows; one answered in time is not deferred. A
// public route's late deferral is public, so its card is seen by all; a
// private answer to it does not stay public. A late answer with files of
// its own still reaches its user.
func TestGatewayDefersALateHandler(t *testing.T) {
	release := map[string]chan struct{}{"late": make(chan struct{}), "card": make(chan struct{}), "refused": make(chan struct{}),
		"button": make(chan struct{}), "update": make(chan struct{}), "new": make(chan struct{})}
	after := func(sub string, a Answer) func(*Req) (Answer, error) {
		return func(*Req) (Answer, error) { <-release[sub]; return a, nil }
	}
	// withFiles answers after its release with a message and a file of its
	// own (a review's), as response t.
	withFiles := func(sub string, t discordgo.InteractionResponseType) func(*Req) (Answer, error) {
		return func(r *Req) (Answer, error) {
			<-release[sub]
			msg := FilesMessage{Content: "after " + sub, Files: []compose.File{{Name: "board.png", Type: "image/png", Data: []byte("board"), Alt: "the board"}}}
			if t == discordgo.InteractionResponseChannelMessageWithSource {
				msg.Flags = discordgo.MessageFlagsEphemeral
			}
			return Answer{Own: func() error { return r.AnswerWithFiles(t, msg) }}, nil
		}
	}
	srv, alice, s := gatewayRouter(t, Table{Command: "shogi", Slash: map[string]Route{
		"late":    {Run: after("late", Say("late answer"))},
		"card":    {Run: after("card", Answer{Text: "the card", Public: true}), Public: true},
		"refused": {Run: after("refused", Say("not now")), Public: true},
		"prompt":  {Run: func(r *Req) (Answer, error) { return Say("prompt answer"), nil }},
	}, Component: map[string]Route{"button": {Run: after("button", Say("button answer"))},
		"update": {Run: withFiles("update", discordgo.InteractionResponseUpdateMessage)},
		"new":    {Run: withFiles("new", discordgo.InteractionResponseChannelMessageWithSource)}}},
		2*time.Second, // the prompt handler answers well within it
		func(string, discordgo.Locale) texts.Lang { return texts.EN })
	for _, tc := range []struct {
		sub                    string
		deferred, publicDefer  bool
		want                   string
		publicAnswer, original bool // the answer's visibility; whether it is the response itself
	}{
		{"late", true, false, "late answer", false, true},
		{"card", true, true, "the card", true, true},
		{"refused", true, true, "not now", false, false},
		{"prompt", false, false, "prompt answer", false, true},
	} {
		t.Run(tc.sub, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			id, err := srv.SlashCommand(alice.ID, srv.DefaultChannelID(), "shogi", discordtest.Subcommand(tc.sub))
			if err != nil {
				t.Fatal(err)
			}
			if tc.deferred {
				in, err := srv.WaitInteraction(ctx, id, func(in discordtest.Interaction) bool { return in.Callback != nil })
				if err != nil {
					t.Fatal(err)
				}
				if in.Callback.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
					t.Fatalf("the late handler's callback is of type %d, want a deferral (5)", in.Callback.Type)
				}
				if public := in.Original != nil && !in.Original.Ephemeral(); public != tc.publicDefer {
					t.Fatalf("deferral public %v, want %v", public, tc.publicDefer)
				}
				close(release[tc.sub])
			}
			in, err := srv.WaitInteraction(ctx, id, func(in discordtest.Interaction) bool {
				return in.Callback != nil && (tc.original && in.Original != nil && !in.Original.Loading() || len(in.Followups) > 0)
			})
			if err != nil {
				t.Fatal(err)
			}
			deferred := in.Callback.Type == discordgo.InteractionResponseDeferredChannelMessageWithSource
			answer := in.Original
			if !tc.original {
				if in.Original != nil && !in.Original.Deleted {
					t.Errorf("the public deferral stays: %+v", in.Original)
				}
				answer = &in.Followups[0]
			}
			if deferred != tc.deferred || answer == nil || answer.Content != tc.want || answer.Ephemeral() == tc.publicAnswer {
				t.Errorf("deferred %v, answer %+v; want deferred %v, %q, public %v", deferred, answer, tc.deferred, tc.want, tc.publicAnswer)
			}
		})
	}
	// A late button's deferral is a deferred update: its message stays the
	// interaction's original (a move's update edits it), the answer follows.
	t.Run("button", func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		_, id := clickLate(ctx, t, srv, s, alice, "board", "button")
		close(release["button"])
		in, err := srv.WaitInteraction(ctx, id, discordtest.HasFollowups(1))
		if err != nil {
			t.Fatal(err)
		}
		if in.Followups[0].Content != "button answer" || !in.Followups[0].Ephemeral() {
			t.Errorf("the answer %+v, want the ephemeral follow-up", in.Followups[0])
		}
	})
	// A late answer with files of its own (a review's) still comes after
	// the deferred update (AnswerWithFiles): an update edits the button's
	// message, a new message follows up; each with its file and alt text.
	for _, tc := range []struct {
		name     string
		followUp bool // a follow-up, not its message edited
	}{
		{"update", false},
		{"new", true},
	} {
		t.Run("files "+tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			m, id := clickLate(ctx, t, srv, s, alice, "before", tc.name)
			close(release[tc.name])
			in, err := srv.WaitInteraction(ctx, id, discordtest.Answered)
			if err != nil {
				t.Fatal(err)
			}
			answer, _ := srv.Message(m.ID)
			if followUp := len(in.Followups) == 1; followUp != tc.followUp || len(in.Followups) > 1 {
				t.Fatalf("%d follow-ups, want a follow-up %v", len(in.Followups), tc.followUp)
			}
			if tc.followUp {
				answer = in.Followups[0]
				if before, _ := srv.Message(m.ID); before.Content != "before" || before.Edits != 0 {
					t.Errorf("the button's message changed: %q, %d edits", before.Content, before.Edits)
				}
			}
			if answer.Content != "after "+tc.name || answer.Ephemeral() != tc.followUp || len(answer.Attachments) != 1 ||
				answer.Attachments[0].Filename != "board.png" || answer.Attachments[0].Description != "the board" {
				t.Errorf("the answer %q, ephemeral %v, files %+v", answer.Content, answer.Ephemeral(), answer.Attachments)
			}
		})
	}
	if f := srv.Failures(); len(f) > 0 {
		t.Errorf("the stand-in saw failures: %v", f)
	}
}

// clickLate posts a message with a button of verb's and has user click it;
// the click's handler is held, so its callback must be a deferred update.
// It returns the message and the interaction's id.
func clickLate(ctx context.Context, t *testing.T, srv *discordtest.Server, s *discordgo.Session, user discordtest.User, content, verb string) (*discordgo.Message, string) {
	t.Helper()
	m, err := s.ChannelMessageSendComplex(srv.DefaultChannelID(), &discordgo.MessageSend{Content: content,
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "Go", Style: discordgo.PrimaryButton, CustomID: verb + ":1"}}}}})
	if err != nil {
		t.Fatal(err)
	}
	id, err := srv.ClickButton(user.ID, srv.DefaultChannelID(), m.ID, verb+":1")
	if err != nil {
		t.Fatal(err)
	}
	in, err := srv.WaitInteraction(ctx, id, func(in discordtest.Interaction) bool { return in.Callback != nil })
	if err != nil {
		t.Fatal(err)
	}
	if in.Callback.Type != discordgo.InteractionResponseDeferredMessageUpdate {
		t.Fatalf("the late button's callback is of type %d, want a deferred update (6)", in.Callback.Type)
	}
	return m, id
}

// gatewayRouter serves table's routes over the gateway of a stand-in
// started for the test, with a router deferring after deferAfter and
// reading the language with lang; it returns the stand-in, a user and the
// bot's session.
func gatewayRouter(t *testing.T, table Table, deferAfter time.Duration, lang func(string, discordgo.Locale) texts.Lang) (*discordtest.Server, discordtest.User, *discordgo.Session) {
	t.Helper()
	srv := discordtest.New(discordtest.Options{LooseCommands: true})
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	alice := srv.AddUser(discordtest.User{Username: "alice"})
	s, _ := discordgo.New("Bot test")
	srv.Configure(s)
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	rt := &Router{
		Table:      table,
		REST:       outbox.NewREST(s, nil, quiet),
		Log:        quiet,
		DeferAfter: deferAfter,
		Hooks: Hooks{
			Begin:     func() bool { return true },
			End:       func() {},
			Lang:      lang,
			ErrorText: func(texts.Lang, error) string { return "error" },
		},
	}
	s.AddHandler(func(_ *discordgo.Session, i *discordgo.InteractionCreate) { go rt.OnInteraction(s, i) })
	if err := s.Open(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return srv, alice, s
}

// TestLateResponse: what each kind of interaction gets in a late handler's
// place, either way it came.
func TestLateResponse(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   discordgo.Interaction
		want string
	}{
		{"slash command", discordgo.Interaction{Type: discordgo.InteractionApplicationCommand}, string(deferral)},
		{"autocomplete", discordgo.Interaction{Type: discordgo.InteractionApplicationCommandAutocomplete}, string(noChoices)},
		{"button", discordgo.Interaction{Type: discordgo.InteractionMessageComponent, Message: &discordgo.Message{ID: "1"}}, string(deferUpdate)},
		{"form from a button", discordgo.Interaction{Type: discordgo.InteractionModalSubmit, Message: &discordgo.Message{ID: "1"}}, string(deferUpdate)},
		{"form from a command", discordgo.Interaction{Type: discordgo.InteractionModalSubmit}, string(deferral)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := string(lateResponse(&tc.in)); got != tc.want {
				t.Errorf("late response %s, want %s", got, tc.want)
			}
		})
	}
}
