package interact

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/discordtest"
	"shinpan/bot/outbox"
	"shinpan/bot/texts"
)

// TestGatewayDefersALateHandler: an interaction from the gateway whose
// handler has not answered after DeferAfter is deferred over REST in its
// place, and the answer follows; one answered in time is not deferred.
func TestGatewayDefersALateHandler(t *testing.T) {
	srv := discordtest.New(discordtest.Options{LooseCommands: true})
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	alice := srv.AddUser(discordtest.User{Username: "alice"})
	s, _ := discordgo.New("Bot test")
	srv.Configure(s)
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	release := make(chan struct{})
	rt := &Router{
		Table: Table{Command: "shogi", Slash: map[string]Route{
			"late":   {Run: func(r *Req) (Answer, error) { <-release; return Say("late answer"), nil }},
			"prompt": {Run: func(r *Req) (Answer, error) { return Say("prompt answer"), nil }},
		}},
		REST:       outbox.NewREST(s, nil, quiet),
		Log:        quiet,
		DeferAfter: 2 * time.Second, // the prompt handler answers well within it
		Hooks: Hooks{
			Begin:     func() bool { return true },
			End:       func() {},
			Lang:      func(string, discordgo.Locale) texts.Lang { return texts.EN },
			ErrorText: func(texts.Lang, error) string { return "error" },
		},
	}
	s.AddHandler(func(_ *discordgo.Session, i *discordgo.InteractionCreate) { go rt.OnInteraction(s, i) })
	if err := s.Open(); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for _, tc := range []struct {
		sub      string
		deferred bool
		want     string
	}{{"late", true, "late answer"}, {"prompt", false, "prompt answer"}} {
		t.Run(tc.sub, func(t *testing.T) {
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
				close(release)
			}
			in, err := srv.WaitInteraction(ctx, id, discordtest.Answered)
			if err != nil {
				t.Fatal(err)
			}
			deferred := in.Callback.Type == discordgo.InteractionResponseDeferredChannelMessageWithSource
			if deferred != tc.deferred || in.Original == nil || in.Original.Content != tc.want {
				t.Errorf("deferred %v, answer %+v; want deferred %v and %q", deferred, in.Original, tc.deferred, tc.want)
			}
		})
	}
	if f := srv.Failures(); len(f) > 0 {
		t.Errorf("the stand-in saw failures: %v", f)
	}
}
