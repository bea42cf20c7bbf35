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

// TestSlowLanguageKeepsACardPublic: when reading the user's language (a
// store read) outlasts DeferAfter, a public route's deferral is still
// public, so its card is seen by all.
func TestSlowLanguageKeepsACardPublic(t *testing.T) {
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
			"card": {Run: func(*Req) (Answer, error) { return Answer{Text: "the card", Public: true}, nil }, Public: true},
		}},
		REST:       outbox.NewREST(s, nil, quiet),
		Log:        quiet,
		DeferAfter: 50 * time.Millisecond,
		Hooks: Hooks{
			Begin:     func() bool { return true },
			End:       func() {},
			Lang:      func(string, discordgo.Locale) texts.Lang { <-release; return texts.EN },
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
	id, err := srv.SlashCommand(alice.ID, srv.DefaultChannelID(), "shogi", discordtest.Subcommand("card"))
	if err != nil {
		t.Fatal(err)
	}
	// The deferral goes out while the language is being read.
	in, err := srv.WaitInteraction(ctx, id, func(in discordtest.Interaction) bool { return in.Callback != nil })
	close(release)
	if err != nil {
		t.Fatal(err)
	}
	if in.Original == nil || in.Original.Ephemeral() {
		t.Fatalf("the card's deferral %+v, want a public one", in.Original)
	}
	in, err = srv.WaitInteraction(ctx, id, func(in discordtest.Interaction) bool { return in.Original != nil && !in.Original.Loading() })
	if err != nil {
		t.Fatal(err)
	}
	if in.Original.Content != "the card" || in.Original.Ephemeral() {
		t.Errorf("the card %+v, want it public", in.Original)
	}
}
