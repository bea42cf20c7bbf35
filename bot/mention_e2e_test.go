package bot

import (
	"strings"
	"testing"
	"unicode/utf8"

	"shinpan/bot/discordtest"
	"shinpan/bot/texts"
	"shinpan/bot/texts/uitexts"
)

// TestCommandMentions: the texts name the commands by their mentions, with
// the ids the bot registered (the stand-in's 19-digit snowflakes, as long as
// Discord's), in English and in Japanese alike, so that a Japanese client
// shows them under their Japanese names: the help (an embed, every command),
// a refusal, the welcome DM (through the outbox) and the DM help.
func TestCommandMentions(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	if err := e.srv.SetLocale(e.bob, "ja"); err != nil {
		t.Fatal(err)
	}
	if id := e.commandIDs()["shogi challenge"]; len(id) != 19 {
		t.Errorf("the stand-in's command id %q: want 19 digits, as Discord's now", id)
	}
	readers := []struct {
		name, user string
		lang       texts.Lang
	}{{"en", e.alice, texts.EN}, {"ja", e.bob, texts.JA}}
	for _, u := range readers {
		t.Run(u.name, func(t *testing.T) {
			help := e.slash(u.user, "help")
			for _, path := range []string{"shogi challenge", "shogi help", "shogi settings", "shogiadmin end", "shogiadmin defaults"} {
				if !strings.Contains(help, e.mention(path)) {
					t.Errorf("the help lacks %s: %q", e.mention(path), help)
				}
			}
			if strings.Contains(help, "`/shogi challenge`") || !strings.Contains(help, "`/shogi tournament`") {
				t.Errorf("the help names a command in code, or mentions a group: %q", help)
			}
			if n := utf8.RuneCountInString(help); n > texts.MaxEmbed {
				t.Errorf("the help has %d characters", n)
			}
			t.Logf("help: %d characters", utf8.RuneCountInString(help))

			// /shogi challenge in a DM is refused: "use /shogi challenge there".
			out := e.slashIn(u.user, "", "challenge", discordtest.StringOption("variant", "dark"))
			want := strings.ReplaceAll(uitexts.UI(u.lang, uitexts.ChallengeInGuild), "`/shogi challenge`", e.mention("shogi challenge"))
			if out != want || out == uitexts.UI(u.lang, uitexts.ChallengeInGuild) {
				t.Errorf("refusal %q, want %q", out, want)
			}
		})
	}
	e.startGame("standard")
	for _, u := range readers {
		t.Run(u.name+" DMs", func(t *testing.T) {
			howTo := uitexts.UI(u.lang, uitexts.DMHelp)
			var welcome string
			for _, m := range e.botDMs(u.user) {
				if strings.Contains(m.Content, e.mention("shogi rules")) {
					welcome = m.Content
				}
			}
			if welcome == "" || !strings.Contains(welcome, e.mention("shogi help")) || strings.Contains(welcome, "`/shogi") {
				t.Errorf("welcome DM without its mentions: %q", welcome)
			}
			got := e.dm(u.user, "help").Content
			for _, path := range []string{"shogi board", "shogi resign", "shogi status", "shogi help"} {
				howTo = strings.ReplaceAll(howTo, "`/"+path+"`", e.mention(path))
			}
			if got != howTo {
				t.Errorf("DM help %q, want %q", got, howTo)
			}
		})
	}
}
