package bot

import (
	"strings"
	"testing"
	"time"

	"shinpan/bot/discordtest"
	"shinpan/bot/tournaments"
	"shinpan/store"
	"shinpan/tournament"
)

// tnCardEdits are the times the bot edited message id.
func (e *env) tnCardEdits(id string) []time.Time {
	var out []time.Time
	for _, r := range e.srv.Requests() {
		if r.Method == "PATCH" && strings.HasSuffix(r.Path, "/messages/"+id) {
			out = append(out, r.Time)
		}
	}
	return out
}

// TestTournamentArena: an arena pairs the players who are free; one playing
// a game elsewhere is busy until it ends, then paired at once; two last
// opponents are not paired again while others play; a server that allows
// it lets its games be watched; at the end the standings
// freeze and the games going on count for nothing. The card is edited at
// most once every tournaments.CardGap.
func TestTournamentArena(t *testing.T) {
	t.Parallel()
	e := newEnvWith(t, tnPlayers)
	var u []string
	for _, x := range e.srv.Users() {
		u = append(u, x.ID)
	}
	guild := e.srv.Guilds()[0].ID
	if _, err := e.st.UpdateGuildSettings(guild, func(gs *store.GuildSettings) { gs.TournamentWatch = "on" }); err != nil {
		t.Fatal(err)
	}
	// p3 and p4 play an ordinary game.
	e.slash(u[2], "challenge", discordtest.StringOption("variant", "standard"), discordtest.UserOption("opponent", u[3]))
	var challengeCard discordtest.Message
	for _, m := range e.srv.BotMessages(e.ch) {
		if strings.Contains(string(m.Components), "accept:") {
			challengeCard = m
		}
	}
	e.click(u[3], challengeCard, "accept:")
	e.waitUntil("the ordinary game", func() bool { gs, _ := e.st.ActiveGamesOf(u[2]); return len(gs) == 1 })
	ordinary, _ := e.st.ActiveGamesOf(u[2])

	e.tnCmd(u[0], "create", discordtest.StringOption("variant", "standard"), discordtest.StringOption("format", "arena"),
		discordtest.IntegerOption("minutes", 60))
	card := e.lastPost()
	for _, p := range u[:4] {
		if got := e.tnCmd(p, "join"); !strings.Contains(got, "You joined") {
			t.Fatalf("join: %q", got)
		}
	}
	e.tnCmd(u[0], "start")
	tn := e.tournament(1)
	if ps := tn.State.RoundPairings(1); len(ps) != 1 || !ps[0].Has(u[0]) || !ps[0].Has(u[1]) {
		t.Fatalf("the first pairings: %+v (p3 and p4 are busy)", ps)
	}
	first := tn.State.RoundPairings(1)[0]
	if got := e.slash(u[5], "watch", discordtest.IntegerOption("game", int64(first.Game))); !strings.Contains(got, "You are watching") {
		t.Errorf("watching where the server allows it: %q", got)
	}
	e.slash(u[2], "resign", discordtest.IntegerOption("game", int64(ordinary[0].ID)))
	e.waitUntil("p3 and p4 paired once free", func() bool {
		tn = e.tournament(1)
		ps := tn.State.RoundPairings(2)
		return len(ps) == 1 && ps[0].Has(u[2]) && ps[0].Has(u[3]) && ps[0].Game != 0
	})
	e.slash(u[1], "resign", discordtest.IntegerOption("game", int64(first.Game))) // p1 wins: 2 points
	// p1 and p2 are free, but each other's last opponent: not paired again.
	time.Sleep(2 * tournaments.Tick)
	if tn = e.tournament(1); tn.State.Round != 2 {
		t.Fatalf("paired while only two last opponents were free: %+v", tn.State.RoundPairings(3))
	}
	third := tn.State.RoundPairings(2)[0]
	e.slash(third.White, "resign", discordtest.IntegerOption("game", int64(third.Game)))
	e.waitUntil("four free players paired", func() bool { tn = e.tournament(1); return len(tn.State.RoundPairings(3)) == 2 })
	e.offset.Store(int64(61 * time.Minute)) // the arena's time is up
	e.waitUntil("the end", func() bool { tn = e.tournament(1); return tn.Over() })
	st := tn.State.Standings()
	if st[0].Points != 2 || st[1].Points != 2 || st[2].Points != 0 {
		t.Errorf("standings: %+v", st)
	}
	for _, p := range tn.State.Pairings {
		if p.Round == 3 && p.Result != tournament.Void {
			t.Errorf("round %d's game went on at the end: %s, want void", p.Round, p.Result)
		}
	}
	e.waitUntil("the card's last edit", func() bool {
		m, _ := e.srv.Message(card.ID)
		return strings.Contains(m.Content, "Finished")
	})
	edits := e.tnCardEdits(card.ID)
	for i := 1; i < len(edits); i++ {
		if gap := edits[i].Sub(edits[i-1]); gap < tournaments.CardGap-100*time.Millisecond {
			t.Errorf("card edits %d and %d %v apart", i, i+1, gap)
		}
	}
}

// TestTournamentCPUBye: with cpu_bye, the player with the bye plays the
// CPU meanwhile, unranked; the round does not wait for that game.
func TestTournamentCPUBye(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.tnCmd(e.alice, "create", discordtest.StringOption("variant", "standard"), discordtest.StringOption("format", "swiss"),
		discordtest.IntegerOption("rounds", 1), discordtest.BooleanOption("cpu_bye", true))
	for _, p := range []string{e.alice, e.bob, e.carol} {
		e.tnCmd(p, "join")
	}
	e.tnCmd(e.alice, "start")
	tn := e.tournament(1)
	var bye, game tournament.Pairing
	for _, p := range tn.State.RoundPairings(1) {
		if p.IsBye() {
			bye = p
		} else {
			game = p
		}
	}
	if bye.Black == "" || game.Game == 0 {
		t.Fatalf("round 1: %+v", tn.State.RoundPairings(1))
	}
	var cpuGame store.Game
	e.waitUntil("the bye's game against the CPU", func() bool {
		gs, _ := e.st.ActiveGamesOf(bye.Black)
		for _, g := range gs {
			if g.Players[1] == store.CPU {
				cpuGame = g
			}
		}
		return cpuGame.ID != 0
	})
	if cpuGame.Ranked || cpuGame.Tournament != nil {
		t.Errorf("the CPU game: ranked %v, tournament %+v", cpuGame.Ranked, cpuGame.Tournament)
	}
	if got := strings.Join(dmTexts(e, bye.Black), "\n"); !strings.Contains(got, "you have a bye") {
		t.Errorf("no bye DM in %q", got)
	}
	e.slash(game.White, "resign", discordtest.IntegerOption("game", int64(game.Game)))
	e.waitUntil("the end", func() bool { tn = e.tournament(1); return tn.Over() })
	if st := tn.State.Standings(); st[0].Points != 1 || st[1].Points != 1 {
		t.Errorf("standings: %+v", st)
	}
}

func dmTexts(e *env, user string) []string {
	var out []string
	for _, m := range e.botDMs(user) {
		out = append(out, m.Content)
	}
	return out
}
