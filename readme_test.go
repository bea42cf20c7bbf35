package main

import (
	"os"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot"
	"shinpan/bot/texts/uitexts"
)

// The README's invite URL is the bot's (no Embed Links), and its table of
// Japanese command names matches the names Discord is given.
func TestReadmeInviteAndJapaneseNames(t *testing.T) {
	b, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	if !strings.Contains(readme, bot.InviteURL("APP_ID")) {
		t.Errorf("the README lacks the invite URL %s", bot.InviteURL("APP_ID"))
	}
	if bot.InvitePermissions&discordgo.PermissionEmbedLinks != 0 {
		t.Error("the invite asks for Embed Links, which the bot never uses")
	}
	for _, sub := range []string{"shogi", "challenge", "accept", "decline", "cancel", "resign", "declare", "board", "status",
		"games", "rules", "help", "note", "reach", "draw", "abort", "rematch", "rating", "leaderboard", "history",
		"record", "review", "watch", "settings", "tournament", "tournament.create", "tournament.join", "tournament.standings", "admin:shogiadmin", "admin:end", "admin:settings", "admin:defaults"} {
		w, ok := uitexts.CommandJA(sub)
		if !ok {
			t.Errorf("%s has no Japanese name", sub)
			continue
		}
		if !strings.Contains(readme, "`"+w.Name+"`") && !strings.Contains(readme, "`/"+w.Name+"`") {
			t.Errorf("the README does not show %s's Japanese name %s", sub, w.Name)
		}
	}
}
