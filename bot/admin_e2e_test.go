package bot

import (
	"errors"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/commands"
	"shinpan/bot/discordtest"
	"shinpan/referee/view"
	"shinpan/store"
)

// admin runs /shogiadmin <sub> and returns what the user was shown.
func (e *env) admin(user, sub string, opts ...discordtest.Option) string {
	e.t.Helper()
	id, err := e.srv.SlashCommand(user, e.ch, commands.AdminName, discordtest.Subcommand(sub, opts...))
	if err != nil {
		e.t.Fatal(err)
	}
	return e.answer(id)
}

// /shogiadmin is registered for Manage Server, in servers only.
func TestAdminCommandRegistered(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	var admin *discordgo.ApplicationCommand
	for _, c := range e.srv.Commands(e.cfg.DevGuild) {
		if c.Name == commands.AdminName {
			admin = c
		}
	}
	if admin == nil {
		t.Fatal("no /shogiadmin registered")
	}
	if admin.DefaultMemberPermissions == nil || *admin.DefaultMemberPermissions != discordgo.PermissionManageGuild {
		t.Errorf("default_member_permissions %v", admin.DefaultMemberPermissions)
	}
	if admin.Contexts == nil || len(*admin.Contexts) != 1 || (*admin.Contexts)[0] != discordgo.InteractionContextGuild {
		t.Errorf("contexts %v", admin.Contexts)
	}
	if (*admin.NameLocalizations)[discordgo.Japanese] != "将棋管理" {
		t.Errorf("Japanese name %v", admin.NameLocalizations)
	}
	for _, c := range e.srv.Commands(e.cfg.DevGuild) {
		for _, o := range c.Options {
			if c.Name == commands.CmdName && o.Name == "end" {
				t.Error("/shogi still offers end")
			}
		}
	}
}

// Ending a game is /shogiadmin end: Discord does not offer it to a member
// without Manage Server unless the server grants it to them (an override in
// its integration settings), and then the bot lets them.
func TestAdminEnd(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	id := e.startGame("standard")
	e.play("7g7f", "3c3d")
	dave := e.srv.AddUser(discordtest.User{Username: "dave", Permissions: "0"})
	if _, err := e.srv.SlashCommand(dave.ID, e.ch, commands.AdminName, discordtest.Subcommand("end", discordtest.IntegerOption("game", int64(id)))); !errors.Is(err, discordtest.ErrNoPermission) {
		t.Fatalf("a member without Manage Server was offered /shogiadmin: %v", err)
	}
	if got := e.typingIn(commands.AdminName, e.carol, e.ch, "end", "game", ""); len(got) != 1 || !strings.Contains(got[0], "@alice vs @bob") {
		t.Fatalf("the games a moderator may end: %q", got)
	}
	if !e.game(id).Status.Live() {
		t.Fatal("a member without Manage Server ended the game")
	}
	e.srv.AllowCommand(commands.AdminName, dave.ID) // the server grants dave the command
	if out := e.admin(dave.ID, "end", discordtest.IntegerOption("game", int64(id))); out != "Game #"+itoa(uint64(id))+" is ended: no result." {
		t.Fatalf("end by a member the server granted /shogiadmin: %q", out)
	}
	if g := e.game(id); g.Status != store.StatusFinished || g.Result.Reason != view.ReasonModerator {
		t.Fatalf("after the moderator: %+v", g)
	}
}

// A server's settings: the language of public posts, threads and the games
// channel apply to the next game; a non-moderator changes nothing.
func TestAdminSettings(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	games := e.srv.AddChannel(discordtest.Channel{Name: "shogi-games", Type: discordgo.ChannelTypeGuildText})
	dave := e.srv.AddUser(discordtest.User{Username: "dave", Permissions: "0"})
	if _, err := e.srv.SlashCommand(dave.ID, e.ch, commands.AdminName, discordtest.Subcommand("settings", discordtest.StringOption("language", "ja"))); !errors.Is(err, discordtest.ErrNoPermission) {
		t.Fatalf("a member without Manage Server was offered /shogiadmin settings: %v", err)
	}
	if _, err := e.st.GetGuildSettings(e.srv.GuildID()); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("settings stored without the command: %v", err)
	}
	out := e.admin(e.carol, "settings", discordtest.StringOption("language", "ja"), discordtest.StringOption("threads", "on"),
		discordtest.ChannelOption("channel", games.ID))
	if !strings.Contains(out, "Saved") || !strings.Contains(out, "日本語") || !strings.Contains(out, "<#"+games.ID+">") {
		t.Fatalf("settings answer: %q", out)
	}
	card := e.challenge("tsuitate")
	if !strings.Contains(card.Content, "衝立将棋") {
		t.Fatalf("the challenge card is not in the server's language: %q", card.Content)
	}
	e.click(e.bob, card, "accept:")
	var gameCard discordtest.Message
	e.waitUntil("the game card in the games channel", func() bool {
		for _, m := range e.srv.BotMessages(games.ID) {
			if strings.Contains(m.Content, "衝立将棋") {
				gameCard = m
				return true
			}
		}
		return false
	})
	gs, err := e.st.ActiveGamesOf(e.alice)
	if err != nil || len(gs) != 1 {
		t.Fatalf("games %v %v", gs, err)
	}
	id := gs[0].ID
	e.waitUntil("the thread", func() bool { return e.game(id).ThreadID != "" })
	if m, _ := e.srv.Message(card.ID); !strings.Contains(m.Content, "<#"+games.ID+">") {
		t.Fatalf("the accepted challenge does not say where the game is: %q", m.Content)
	}
	if e.game(id).ChannelID != games.ID || gameCard.ID == "" {
		t.Fatalf("the game is in %s, not the games channel", e.game(id).ChannelID)
	}
	// Back to the channel of each challenge, without threads.
	out = e.admin(e.carol, "settings", discordtest.BooleanOption("channel_reset", true), discordtest.StringOption("threads", "off"),
		discordtest.StringOption("language", "server"))
	if !strings.Contains(out, "the channel of each challenge") || !strings.Contains(out, "Threads: off") {
		t.Fatalf("after the reset: %q", out)
	}
}

// A server's defaults per variant: a challenge starts from them, an option
// given wins, defaults that make no valid game are refused and not kept.
func TestAdminDefaults(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	out := e.admin(e.carol, "defaults", discordtest.StringOption("variant", "tsuitate"),
		discordtest.IntegerOption("foul_limit", 3), discordtest.BooleanOption("announce_fouls", false))
	if !strings.Contains(out, "foul_limit 3") || !strings.Contains(out, "announce_fouls off") {
		t.Fatalf("defaults answer: %q", out)
	}
	if out := e.admin(e.carol, "defaults", discordtest.StringOption("variant", "tsuitate"), discordtest.IntegerOption("move_limit", 10)); !strings.Contains(out, "must be") || strings.Contains(out, "Saved") {
		t.Fatalf("a bad default: %q", out)
	}
	id := e.startGame("tsuitate")
	if o := e.game(id).Options; o.FoulLimit != 3 || o.AnnounceFouls || o.MoveLimit == 10 {
		t.Fatalf("the game's options %+v", o)
	}
	id2 := e.startGame("tsuitate", discordtest.IntegerOption("foul_limit", 5))
	if o := e.game(id2).Options; o.FoulLimit != 5 || o.AnnounceFouls {
		t.Fatalf("the challenge's own option: %+v", o)
	}
	if id3 := e.startGame("dark"); e.game(id3).Options.FoulLimit == 3 {
		t.Fatal("Tsuitate's defaults reached Dark")
	}
	// A clock as the server's default; a challenge's own clock replaces it whole.
	e.admin(e.carol, "defaults", discordtest.StringOption("variant", "dark"),
		discordtest.IntegerOption("main_minutes", 5), discordtest.IntegerOption("byoyomi_seconds", 30))
	if o := e.game(e.startGame("dark")).Options; o.MainMinutes != 5 || o.ByoyomiSeconds != 30 {
		t.Fatalf("the server's clock: %+v", o)
	}
	if o := e.game(e.startGame("dark", discordtest.IntegerOption("turn_seconds", 60))).Options; o.MainMinutes != 0 || o.ByoyomiSeconds != 0 || o.TurnSeconds != 60 {
		t.Fatalf("the challenge's own clock: %+v", o)
	}
	out = e.admin(e.carol, "defaults", discordtest.StringOption("variant", "tsuitate"), discordtest.BooleanOption("reset", true))
	if strings.Contains(out, "foul_limit") {
		t.Fatalf("after the reset: %q", out)
	}
}

// A client that still offers /shogi end is told where it went.
func TestOldEndSaysWhereItWent(t *testing.T) {
	t.Parallel()
	e := newEnvWith(t, func(o *discordtest.Options) { o.LooseCommands = true })
	id := e.startGame("standard")
	if out := e.slash(e.carol, "end", discordtest.IntegerOption("game", int64(id))); !strings.Contains(out, "/shogiadmin end") {
		t.Fatalf("the old /shogi end: %q", out)
	}
	if !e.game(id).Status.Live() {
		t.Fatal("the old path ended the game")
	}
}

// The watch and GIF settings: shown in the summary (the bot's defaults
// until the server chooses), and a value out of range is refused with a
// clear message and changes nothing, even beside good ones.
func TestAdminWatchAndGIFSettings(t *testing.T) {
	t.Parallel()
	e := newEnvWith(t, func(o *discordtest.Options) { o.LooseCommands = true }, // values Discord's client would not send
		func(e *env) { e.cfg.ResultGIF = true })
	out := e.admin(e.carol, "settings")
	for _, want := range []string{"Watching (`watch_delay`): the bot's default (10 moves behind the game)",
		"Ranked games watched (`watch_ranked`): the bot's default (off)", "GIF with the result (`result_gif`): the bot's default (on)",
		"GIF frames for Tsuitate fouls (`gif_foul_frames`): the bot's default (off)"} {
		if !strings.Contains(out, want) {
			t.Errorf("summary lacks %q: %q", want, out)
		}
	}
	for _, bad := range [][]discordtest.Option{
		{discordtest.IntegerOption("watch_delay", 301), discordtest.StringOption("result_gif", "off")},
		{discordtest.IntegerOption("watch_delay", -2)},
		{discordtest.StringOption("result_gif", "maybe"), discordtest.IntegerOption("watch_delay", 5)},
		{discordtest.StringOption("watch_ranked", "yes")},
	} {
		out := e.admin(e.carol, "settings", bad...)
		if strings.Contains(out, "Saved") || !strings.Contains(out, "Nothing was changed") {
			t.Fatalf("a bad value: %q", out)
		}
		if _, err := e.st.GetGuildSettings(e.srv.GuildID()); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("settings stored after a bad value: %v", err)
		}
	}
	if out := e.admin(e.carol, "settings", discordtest.IntegerOption("watch_delay", 301)); !strings.Contains(out, "1 to 300 moves, not 301") {
		t.Fatalf("the range is not said: %q", out)
	}
	out = e.admin(e.carol, "settings", discordtest.IntegerOption("watch_delay", 25), discordtest.StringOption("watch_ranked", "on"),
		discordtest.StringOption("result_gif", "off"), discordtest.StringOption("gif_foul_frames", "on"))
	for _, want := range []string{"Saved", "Watching (`watch_delay`): 25 moves behind the game", "Ranked games watched (`watch_ranked`): on",
		"GIF with the result (`result_gif`): off", "GIF frames for Tsuitate fouls (`gif_foul_frames`): on"} {
		if !strings.Contains(out, want) {
			t.Errorf("summary lacks %q: %q", want, out)
		}
	}
	gs, err := e.st.GetGuildSettings(e.srv.GuildID())
	if err != nil || gs.WatchDelay == nil || *gs.WatchDelay != 25 || gs.WatchRanked != "on" || gs.ResultGIF != "off" || gs.GIFFoulFrames != "on" {
		t.Fatalf("stored %+v %v", gs, err)
	}
	// The server's "off" wins over the configuration's result_gif = true.
	e.startGame("standard")
	e.slash(e.bob, "resign")
	for _, a := range e.endPost().Attachments {
		if strings.HasSuffix(a.Filename, ".gif") {
			t.Fatal("a GIF with the result in a server that turned it off")
		}
	}
}
