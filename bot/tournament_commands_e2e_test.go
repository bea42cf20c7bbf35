package bot

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/commands"
	"shinpan/bot/discordtest"
	"shinpan/store"
)

// /shogi stays within Discord's limits with its tournament group: 25
// options a level, 8000 characters of names, descriptions and choices (the
// longest localization of each counted).
func TestTournamentCommandLimits(t *testing.T) {
	longest := func(en string, loc map[discordgo.Locale]string) int {
		n := utf8.RuneCountInString(en)
		for _, s := range loc {
			n = max(n, utf8.RuneCountInString(s))
		}
		return n
	}
	var size func(where string, opts []*discordgo.ApplicationCommandOption) int
	size = func(where string, opts []*discordgo.ApplicationCommandOption) int {
		if len(opts) > 25 {
			t.Errorf("%s: %d options, Discord takes 25", where, len(opts))
		}
		n := 0
		for _, o := range opts {
			n += longest(o.Name, o.NameLocalizations) + longest(o.Description, o.DescriptionLocalizations)
			for _, c := range o.Choices {
				n += longest(c.Name, c.NameLocalizations) + utf8.RuneCountInString(c.Value.(string))
			}
			n += size(where+" "+o.Name, o.Options)
		}
		return n
	}
	for _, c := range commands.Definitions() {
		if n := len(c.Name) + len(c.Description) + size("/"+c.Name, c.Options); n > 8000 {
			t.Errorf("/%s: %d characters, Discord takes 8000", c.Name, n)
		}
	}
}

// The refusals of /shogi tournament.
func TestTournamentRefusals(t *testing.T) {
	t.Parallel()
	e := newEnvWith(t, func(o *discordtest.Options) {
		o.Users[2].Permissions = "3072" // carol: view channel and send messages, no moderator
	})
	swiss := []discordtest.Option{discordtest.StringOption("variant", "standard"), discordtest.StringOption("format", "swiss"),
		discordtest.IntegerOption("rounds", 3), discordtest.IntegerOption("players", 2)}
	for _, c := range []struct {
		name, user, sub string
		opts            []discordtest.Option
		want            string
	}{
		{"create: not a moderator", e.carol, "create", swiss, "only moderators create tournaments"},
		{"create: Swiss without rounds", e.alice, "create", []discordtest.Option{discordtest.StringOption("variant", "standard"),
			discordtest.StringOption("format", "swiss")}, "needs `rounds`"},
		{"create: rounds in an arena", e.alice, "create", []discordtest.Option{discordtest.StringOption("variant", "standard"),
			discordtest.StringOption("format", "arena"), discordtest.IntegerOption("minutes", 30), discordtest.IntegerOption("rounds", 3)}, "do not make a tournament"},
		{"create: cpu_bye in a round robin", e.alice, "create", []discordtest.Option{discordtest.StringOption("variant", "standard"),
			discordtest.StringOption("format", "roundrobin"), discordtest.BooleanOption("cpu_bye", true)}, "do not make a tournament"},
		{"join: none here", e.bob, "join", nil, "No such tournament"},
		{"create", e.alice, "create", swiss, "Sign-up open"},
		{"start: too few", e.alice, "start", nil, "needs at least 2 players"},
		{"join", e.alice, "join", nil, "You joined"},
		{"join: twice", e.alice, "join", nil, "in Tournament #1 already"},
		{"join: bob", e.bob, "join", nil, "You joined"},
		{"join: full", e.carol, "join", nil, "is full"},
		{"pause: not running", e.alice, "pause", nil, "is not running"},
		{"resume: not paused", e.alice, "resume", nil, "is not paused"},
		{"start: not the organiser", e.carol, "start", nil, "Only the organiser or a moderator"},
		{"kick: not a moderator", e.carol, "kick", []discordtest.Option{discordtest.UserOption("user", e.bob)}, "Only a moderator"},
		{"result: not a moderator", e.carol, "result", []discordtest.Option{discordtest.IntegerOption("round", 1),
			discordtest.IntegerOption("board", 1), discordtest.StringOption("result", "black")}, "Only a moderator"},
		{"start", e.alice, "start", nil, "has started"},
		{"leave: started", e.bob, "leave", nil, "has started: use " + e.mention("shogi tournament withdraw")},
		{"start: again", e.alice, "start", nil, "sign-up of Tournament #1 is closed"},
		{"withdraw: not in it", e.carol, "withdraw", nil, "You are not in Tournament #1"},
		{"result: no such board", e.alice, "result", []discordtest.Option{discordtest.IntegerOption("round", 1),
			discordtest.IntegerOption("board", 7), discordtest.StringOption("result", "black")}, "no game on board 7 of round 1"},
		{"other number", e.alice, "join", []discordtest.Option{discordtest.IntegerOption("tournament", 99)}, "No such tournament"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := e.tnCmd(c.user, c.sub, c.opts...); !strings.Contains(got, c.want) {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
	// The server lets everyone create: carol may.
	if _, err := e.st.UpdateGuildSettings(e.srv.Guilds()[0].ID, func(gs *store.GuildSettings) { gs.TournamentCreate = store.TournamentsByEveryone }); err != nil {
		t.Fatal(err)
	}
	if got := e.tnCmd(e.carol, "create", swiss...); !strings.Contains(got, "Sign-up open") {
		t.Errorf("carol creates where everyone may: %q", got)
	}
	// bob withdraws from the running one: his game is resigned, alice wins it.
	ts, _ := e.st.GuildTournaments(e.srv.Guilds()[0].ID, 2)
	var running store.Tournament
	for _, tn := range ts {
		if tn.ID == 1 {
			running = tn
		}
	}
	game := running.State.RoundPairings(1)[0].Game
	if got := e.tnCmd(e.bob, "withdraw", discordtest.IntegerOption("tournament", 1)); !strings.Contains(got, "You withdrew") {
		t.Fatalf("withdraw: %q", got)
	}
	e.waitUntil("the game resigned", func() bool { return !e.game(store.GameID(game)).Status.Live() })
	var over store.Tournament
	e.waitUntil("the tournament over", func() bool { over = e.tournament(1); return over.Over() })
	if st := over.State.Standings(); st[0].Player != e.alice || st[0].Points != 1 {
		t.Errorf("standings after bob withdrew: %+v", st)
	}
}
