package bot

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/commands"
	"shinpan/bot/discordtest"
	"shinpan/bot/texts"
	"shinpan/bot/texts/uitexts"
)

// Every name, description and choice of /shogi and /shogiadmin has its Japanese words (the
// stand-in checks them against Discord's rules when the bot registers them).
func TestCommandsHaveJapanese(t *testing.T) {
	var walk func(where string, opts []*discordgo.ApplicationCommandOption)
	walk = func(where string, opts []*discordgo.ApplicationCommandOption) {
		for _, o := range opts {
			at := where + " " + o.Name
			if o.NameLocalizations[discordgo.Japanese] == "" || o.DescriptionLocalizations[discordgo.Japanese] == "" {
				t.Errorf("%s: no Japanese name or description", at)
			}
			for _, c := range o.Choices {
				if c.NameLocalizations[discordgo.Japanese] == "" {
					t.Errorf("%s: choice %v has no Japanese name", at, c.Value)
				}
			}
			walk(at, o.Options)
		}
	}
	for _, c := range commands.Definitions() {
		want := map[string]string{commands.CmdName: "将棋", commands.AdminName: "将棋管理"}[c.Name]
		if c.NameLocalizations == nil || (*c.NameLocalizations)[discordgo.Japanese] != want || c.DescriptionLocalizations == nil {
			t.Errorf("/%s: no Japanese name or description", c.Name)
		}
		walk("/"+c.Name, c.Options)
	}
}

// A user's language is their Discord locale until they choose one; it is
// kept for the DMs the bot sends them later.
func TestLanguageFromLocale(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	if err := e.srv.SetLocale(e.bob, "ja"); err != nil {
		t.Fatal(err)
	}
	if got := e.slash(e.bob, "help"); got != e.commandIDs().Mention(uitexts.Help(texts.JA), texts.MaxEmbed) {
		t.Fatalf("help for a ja client: %q", got)
	}
	if got := e.slash(e.alice, "help"); got != e.commandIDs().Mention(uitexts.Help(texts.EN), texts.MaxEmbed) {
		t.Fatalf("help for an en-US client: %q", got)
	}
	card := e.challenge("tsuitate")
	if !strings.Contains(card.Content, "Tsuitate") {
		t.Fatalf("card in an en-US server: %q", card.Content)
	}
	e.click(e.bob, card, "accept:")
	e.waitUntil("bob's board", func() bool { return strings.Contains(e.lastDM(e.bob).Content, "衝立将棋") })
	if a := e.lastDM(e.alice).Content; !strings.Contains(a, "Tsuitate") {
		t.Fatalf("alice's DM: %q", a)
	}
	e.slash(e.bob, "settings", discordtest.StringOption("language", "en"))
	if got := e.slash(e.bob, "help"); got != e.commandIDs().Mention(uitexts.Help(texts.EN), texts.MaxEmbed) {
		t.Fatalf("help after choosing English on a ja client: %q", got)
	}
}

// Public posts are in the server's locale (guild_locale), whoever
// challenged, until a moderator picks a language (TestAdminSettings).
func TestPublicPostsInGuildLocale(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.srv.SetGuildLocale("ja")
	card := e.challenge("tsuitate")
	if !strings.Contains(card.Content, "衝立将棋") {
		t.Fatalf("challenge card in a ja server: %q", card.Content)
	}
	e.click(e.bob, card, "accept:")
	e.waitUntil("the game card in Japanese", func() bool { return strings.Contains(e.lastPost().Content, "衝立将棋") })
	if a := e.lastDM(e.alice).Content; !strings.Contains(a, "Tsuitate") {
		t.Fatalf("alice's own DM follows her client, not the server: %q", a)
	}
}
