package bot

import (
	"fmt"
	"log/slog"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/discordtest"
	"shinpan/store"
	"shinpan/store/postgres"
	"shinpan/tournament"
)

// tnPlayers are eight users with fixed ids, so that two runs compare.
func tnPlayers(o *discordtest.Options) {
	o.Users = nil
	for i := range 8 {
		o.Users = append(o.Users, discordtest.User{ID: fmt.Sprintf("20000000000000000%d", i+1), Username: fmt.Sprintf("p%d", i+1)})
	}
}

// tnCmd runs /shogi tournament <sub> as user and returns what they were shown.
func (e *env) tnCmd(user, sub string, opts ...discordtest.Option) string {
	e.t.Helper()
	id, err := e.srv.SlashCommand(user, e.ch, "shogi", discordtest.SubcommandGroup("tournament", discordtest.Subcommand(sub, opts...)))
	if err != nil {
		e.t.Fatal(err)
	}
	return e.answer(id)
}

func (e *env) tournament(id uint64) store.Tournament {
	e.t.Helper()
	t, err := e.st.GetTournament(id)
	if err != nil {
		e.t.Fatal(err)
	}
	return t
}

// tnLoser is who loses a pairing in the scripted Swiss: the player listed
// later, except on every third board-and-round, where the upset happens.
func tnLoser(users []string, p tournament.Pairing) string {
	b, w := slices.Index(users, p.Black), slices.Index(users, p.White)
	strong, weak := p.Black, p.White
	if w < b {
		strong, weak = weak, strong
	}
	if (p.Round+p.Board)%3 == 0 {
		return strong
	}
	return weak
}

// runSwiss plays a 4-round Swiss of 8 players to its end, each game ended
// by the scripted loser's resignation; restart restarts the bot in the
// middle of round 2 (two of its games over, two going on). It returns the
// final standings.
// With two, a second process runs on the same store (PostgreSQL): each
// round is paired, and its games made, once.
func runSwiss(t *testing.T, restart, two bool) []tournament.Standing {
	var mods []func(*env)
	if two {
		if storeBackend.name != "postgres" {
			t.Skip("two processes share a PostgreSQL store only (the PostgreSQL pass runs this)")
		}
		mods = append(mods, overHTTP, func(e *env) { e.cluster = true }) // interactions to the first process only
	}
	e := newEnvWith(t, tnPlayers, mods...)
	if two {
		e.secondClusterProcess("tn-2")
	}
	var users []string
	names := map[string]string{}
	for _, u := range e.srv.Users() {
		users = append(users, u.ID)
		names[u.ID] = u.Username
	}
	if got := e.tnCmd(users[0], "create", discordtest.StringOption("variant", "tsuitate"), discordtest.StringOption("format", "swiss"),
		discordtest.IntegerOption("rounds", 4), discordtest.StringOption("name", "Winter Cup"), discordtest.BooleanOption("ranked", true)); !strings.Contains(got, "Winter Cup") {
		t.Fatalf("create: %q", got)
	}
	ts, err := e.st.GuildTournaments(e.srv.Guilds()[0].ID, 1)
	if err != nil || len(ts) != 1 {
		t.Fatalf("tournaments: %v %v", ts, err)
	}
	id := ts[0].ID
	card := e.lastPost()
	for i, u := range users {
		var got string
		if i == 1 {
			got = e.click(u, card, "tjoin:") // the card's button
		} else {
			got = e.tnCmd(u, "join")
		}
		if !strings.Contains(got, "You joined") {
			t.Fatalf("%s joins: %q", u, got)
		}
	}
	if got := e.tnCmd(users[0], "start"); !strings.Contains(got, "has started") {
		t.Fatalf("start: %q", got)
	}
	for round := 1; round <= 4; round++ {
		var tn store.Tournament
		e.waitUntil(fmt.Sprintf("round %d's games", round), func() bool {
			tn = e.tournament(id)
			if tn.State.Round != round {
				return false
			}
			for _, p := range tn.State.RoundPairings(round) {
				if p.Game == 0 {
					return false
				}
			}
			return true
		})
		ps := tn.State.RoundPairings(round)
		if len(ps) != 4 {
			t.Fatalf("round %d: %d pairings", round, len(ps))
		}
		for _, p := range ps { // the result's record names the players, as they joined
			if got, want := e.game(store.GameID(p.Game)).Names, [2]string{names[p.Black], names[p.White]}; got != want {
				t.Errorf("round %d board %d: the game's names %q, want %q", round, p.Board, got, want)
			}
		}
		if round == 1 && !restart { // fair play: another player may not watch it
			p := ps[0]
			other := ps[1].Black
			if got := e.slash(other, "watch", discordtest.IntegerOption("game", int64(p.Game))); !strings.Contains(got, "tournament game") {
				t.Errorf("watching a tournament game: %q", got)
			}
		}
		for k, p := range ps {
			if restart && round == 2 && k == 2 {
				e.stop()
				e.start()
			}
			loser := tnLoser(users, p)
			if got := e.slash(loser, "resign", discordtest.IntegerOption("game", int64(p.Game))); got == "" {
				t.Fatalf("round %d board %d: no answer to resign", round, p.Board)
			}
		}
	}
	var final store.Tournament
	e.waitUntil("the end", func() bool { final = e.tournament(id); return final.Over() })
	e.settle()
	if final.State.Status != tournament.StatusFinished {
		t.Fatalf("status %s", final.State.Status)
	}
	posts := e.channelPosts()
	if last := posts[len(posts)-1]; !strings.Contains(last.Content, "Final standings of Winter Cup") {
		t.Errorf("the last post: %q", last.Content)
	}
	e.waitUntil("the card's last edit", func() bool {
		m, ok := e.srv.Message(card.ID)
		return ok && strings.Contains(m.Content, "Finished")
	})
	if got := e.tnCmd(users[3], "standings", discordtest.StringOption("format", "csv")); !strings.Contains(got, "Winter Cup") {
		t.Errorf("standings as CSV: %q", got)
	}
	for _, u := range users { // ranked: four rated games each
		if r, err := e.st.GetRating(e.srv.Guilds()[0].ID, "tsuitate", u); err != nil || r.Games != 4 {
			t.Errorf("%s's rating: %+v %v, want 4 games", u, r, err)
		}
	}
	for _, u := range users { // one game a round each, however many processes
		gs, err := e.st.RecentGames(u, 20)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, g := range gs {
			if g.Tournament != nil && g.Tournament.ID == id {
				n++
			}
		}
		if n != 4 {
			t.Errorf("%s played %d games of the tournament, want 4", u, n)
		}
	}
	m, _ := e.srv.Message(card.ID)
	t.Logf("the card:\n%s\nthe final post:\n%s", m.Content, posts[len(posts)-1].Content)
	return final.State.Standings()
}

// TestTournamentSwissRestart: a Swiss of 8 players run by the bot from
// sign-up to its end gives the same standings when the bot restarts in the
// middle of round 2.
func TestTournamentSwissRestart(t *testing.T) {
	t.Parallel()
	var plain, restarted, two []tournament.Standing
	t.Run("plain", func(t *testing.T) { plain = runSwiss(t, false, false) })
	t.Run("restart", func(t *testing.T) { restarted = runSwiss(t, true, false) })
	t.Run("two processes", func(t *testing.T) { two = runSwiss(t, false, true) })
	if len(plain) != 8 {
		t.Fatalf("%d standings", len(plain))
	}
	if !reflect.DeepEqual(plain, restarted) {
		t.Errorf("standings differ:\nplain     %+v\nrestarted %+v", plain, restarted)
	}
	if two != nil && !reflect.DeepEqual(plain, two) {
		t.Errorf("standings differ:\nplain         %+v\ntwo processes %+v", plain, two)
	}
	if plain[0].Points < 3 {
		t.Errorf("the winner has %v points", plain[0].Points)
	}
}

// secondClusterProcess starts another process of a cluster on e's
// PostgreSQL store (stopped at the end of the test).
func (e *env) secondClusterProcess(name string) *Bot {
	e.t.Helper()
	st, err := storeBackend.open(e.loc)
	if err != nil {
		e.t.Fatal(err)
	}
	s, _ := discordgo.New("Bot test")
	s.ShouldRetryOnRateLimit = true
	e.srv.Configure(s)
	log := slog.New(slog.NewTextHandler(testWriter{e.t}, &slog.HandlerOptions{Level: slog.LevelWarn}))
	cfg := e.cfg
	cfg.HTTPAddr, cfg.PublicKey = "", "" // the second serves no endpoint
	b := mustNew(e.t, cfg, st, s, WithLogger(log), noIdentifyGap,
		WithCluster(st.(*postgres.Store).Cluster(postgres.LeaseOptions{Process: fmt.Sprintf("%s-%p", name, e), Logger: log})))
	if err := b.Start(); err != nil {
		e.t.Fatal(err)
	}
	e.t.Cleanup(func() {
		b.Close()
		st.Close()
	})
	return b
}
