package bot

import (
	"errors"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/commands"
	"shinpan/bot/discordtest"
	"shinpan/bot/interact"
	"shinpan/store"
)

// TestServerNotation: a server that chooses USI for its public posts gets USI
// moves on the game card (text and board), in the thread's announcements and
// in the reveal (the revealed board and the move list), while each player's
// DMs and boards keep their own notation. The choice is fixed onto the game
// when it is challenged.
func TestServerNotation(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	out := e.admin(e.carol, "settings", discordtest.StringOption("notation", "usi"), discordtest.StringOption("threads", "on"))
	if !strings.Contains(out, "Saved") || !strings.Contains(out, "Notation of public posts: USI (7g7f)") {
		t.Fatalf("settings answer: %q", out)
	}
	id := e.startGame("standard")
	if g := e.game(id); g.PublicNotation != store.NotationUSI {
		t.Fatalf("the game's public notation %q", g.PublicNotation)
	}
	e.waitUntil("the thread", func() bool { return e.game(id).ThreadID != "" })
	e.play("7g7f", "3c3d")
	e.slash(e.bob, "settings", discordtest.StringOption("language", "ja"))
	if reply := e.dm(e.alice, "8h2b+"); !strings.Contains(reply.Content, "Bx2b+") {
		t.Fatalf("alice's DM: %q", reply.Content)
	}
	if got := lastMoveIn(t, e.lastBoard(e.alice)); got != "Bx2b+" {
		t.Errorf("alice's board writes %q", got)
	}
	if got := lastMoveIn(t, e.lastBoard(e.bob)); got != "☗２二角成" {
		t.Errorf("bob's board writes %q", got)
	}
	card := e.card()
	if got := lastMoveIn(t, card.Attachments[0].Description); got != "8h2b+" {
		t.Errorf("the card's board writes %q", got)
	}
	if !strings.Contains(card.Content, "8h2b+") || strings.Contains(card.Content, "Bx2b+") {
		t.Errorf("the card's text: %q", card.Content)
	}
	thread := e.srv.BotMessages(e.game(id).ThreadID)
	if n := len(thread); n == 0 {
		t.Error("no announcement in the thread")
	} else if last := thread[n-1].Content; !strings.Contains(last, "8h2b+") {
		t.Errorf("the thread's announcement: %q", last)
	}
	e.slash(e.bob, "resign")
	e.settle()
	if got := lastMoveIn(t, boardAlt(t, []discordtest.Message{e.endPost()}, "board.png")); got != "8h2b+" {
		t.Errorf("the revealed board writes %q", got)
	}
	list := false
	for _, p := range e.channelPosts() {
		list = list || strings.Contains(p.Content, "1.7g7f 2.3c3d 3.8h2b+")
	}
	if !list {
		t.Error("the reveal's move list is not in USI")
	}
	// The players' own words, after the game as during it.
	if got := lastMoveIn(t, e.lastBoard(e.alice)); got != "Bx2b+" {
		t.Errorf("alice's last board writes %q", got)
	}
	// A rematch keeps its game's public notation, as its language, whatever
	// the server chose since.
	e.admin(e.carol, "settings", discordtest.StringOption("notation", "default"))
	e.click(e.bob, e.endPost(), "rematch:")
	rematch := e.rematchCard("#2")
	e.click(e.alice, rematch, "accept:")
	e.waitUntil("the rematch", func() bool { gs, _ := e.st.ActiveGamesOf(e.alice); return len(gs) == 1 })
	if gs, _ := e.st.ActiveGamesOf(e.alice); gs[0].PublicNotation != store.NotationUSI {
		t.Errorf("the rematch's public notation %q", gs[0].PublicNotation)
	}
}

// TestServerNotationRefused: a notation Discord does not offer is refused by
// the stand-in, as by Discord, and by the bot itself (a client with stale
// commands): nothing of the request is kept.
func TestServerNotationRefused(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.admin(e.carol, "settings", discordtest.StringOption("notation", "usi"))
	_, err := e.srv.SlashCommand(e.carol, e.ch, commands.AdminName, discordtest.Subcommand("settings", discordtest.StringOption("notation", "kif")))
	if !errors.Is(err, discordtest.ErrBadOption) {
		t.Fatalf("the stand-in took notation kif: %v", err)
	}
	guild := e.srv.GuildID()
	opt := func(name, v string) *discordgo.ApplicationCommandInteractionDataOption {
		return &discordgo.ApplicationCommandInteractionDataOption{Name: name, Type: discordgo.ApplicationCommandOptionString, Value: v}
	}
	r := &interact.Req{I: &discordgo.InteractionCreate{Interaction: &discordgo.Interaction{GuildID: guild}}, User: e.carol, Lang: "en",
		Opts: interact.Opts{"notation": opt("notation", "kif"), "threads": opt("threads", "on")}}
	a, err := e.b.cmds.ServerSettings(r)
	if err != nil || !strings.Contains(a.Text, "no notation “kif”") {
		t.Fatalf("the bot's answer: %q %v", a.Text, err)
	}
	gs, err := e.st.GetGuildSettings(guild)
	if err != nil || gs.Notation != store.NotationUSI || gs.Threads != "" {
		t.Fatalf("after a refused notation: %+v %v", gs, err)
	}
	// Back to the language's notation.
	if out := e.admin(e.carol, "settings", discordtest.StringOption("notation", "default")); !strings.Contains(out, "the language's: Western (P-7f)") {
		t.Fatalf("after default: %q", out)
	}
}
