package discordtest_test

import (
	"context"
	"fmt"
	"time"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/discordtest"
	"shinpan/bot/discordtest/openapi"
)

// A bot under test answers /start with a deferred ephemeral reply and a
// follow-up; the test plays the user and checks what the bot said.
func Example() {
	spec, err := openapi.Load() // Discord's own description of its API
	if err != nil {
		panic(err)
	}
	srv := discordtest.New(discordtest.Options{Spec: spec})
	if err := srv.Start(); err != nil {
		panic(err)
	}
	defer srv.Close()
	alice := srv.AddUser(discordtest.User{Username: "alice"})
	stop := srv.Subscribe(func(e discordtest.Event) { fmt.Println(e) }) // live transcript
	defer stop()

	s, _ := discordgo.New("Bot test")
	s.Identify.Intents = discordgo.IntentsGuilds | discordgo.IntentsDirectMessages
	srv.Configure(s) // REST and gateway now reach only the stand-in
	s.AddHandler(func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		_ = s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral},
		})
		_, _ = s.FollowupMessageCreate(i.Interaction, true, &discordgo.WebhookParams{Content: "Game started"})
	})
	if err := s.Open(); err != nil {
		panic(err)
	}
	defer s.Close()
	_, _ = s.ApplicationCommandBulkOverwrite(srv.AppID(), srv.GuildID(), []*discordgo.ApplicationCommand{
		{Name: "start", Description: "Start a game"},
	})

	id, err := srv.SlashCommand(alice.ID, srv.DefaultChannelID(), "start")
	if err != nil {
		panic(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	in, err := srv.WaitInteraction(ctx, id, discordtest.Answered)
	if err != nil {
		panic(err)
	}
	fmt.Println(in.Original.Content, in.Original.Ephemeral(), srv.Failures())
}
