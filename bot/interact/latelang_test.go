package interact

import (
	"context"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/discordtest"
	"shinpan/bot/texts"
)

// TestSlowLanguageKeepsACardPublic: when reading the user's language (a
// store read) outlasts DeferAfter, a public route's deferral is still
// public, so its card is seen by all.
func TestSlowLanguageKeepsACardPublic(t *testing.T) {
	release := make(chan struct{})
	srv, alice, _ := gatewayRouter(t, Table{Command: "shogi", Slash: map[string]Route{
		"card": {Run: func(*Req) (Answer, error) { return Answer{Text: "the card", Public: true}, nil }, Public: true},
	}}, 50*time.Millisecond, func(string, discordgo.Locale) texts.Lang { <-release; return texts.EN })
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
