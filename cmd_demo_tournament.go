//go:build !production

package main

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot"
	"shinpan/bot/discordtest"
	"shinpan/referee"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/store"
	"shinpan/store/bolt"
	"shinpan/tournament"
)

// demoPlayers are the tournament demo's eight players.
var demoPlayers = []string{"akira", "botan", "chiyo", "daiki", "emi", "fumio", "gen", "hana"}

// demoTournamentWait bounds the whole tournament demo.
const demoTournamentWait = 15 * time.Minute

// runDemoTournament runs a 4-round Swiss of eight players through the whole
// bot on the stand-in: akira creates it, everyone joins, akira starts it;
// the players are away from their first turn (away_seconds:1), so the CPU
// plays every seat at its think time. It prints each round's pairings, the
// results and the final standings.
func runDemoTournament(v view.Variant, level string, moveMS, moveLimit int) error {
	w := demoOut
	var users []discordtest.User
	for _, n := range demoPlayers {
		users = append(users, discordtest.User{Username: n})
	}
	srv := discordtest.New(discordtest.Options{Users: users})
	if err := srv.Start(); err != nil {
		return err
	}
	defer srv.Close()
	tmp, err := os.MkdirTemp("", "shinpan-demo-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	dbPath := filepath.Join(tmp, "shinpan.db")
	st, err := bolt.Open(dbPath, nil)
	if err != nil {
		return err
	}
	defer st.Close()
	s, _ := discordgo.New("Bot demo-token")
	srv.Configure(s)
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	b, err := bot.New(bot.Config{DataPath: dbPath, CPULevel: level, CPUMoveMillis: moveMS}, st, s, bot.WithLogger(quiet))
	if err != nil {
		return err
	}
	if err := b.Start(); err != nil {
		return err
	}
	defer b.Close()

	ch := srv.Channels()[0].ID
	names := map[string]string{}
	var ids []string
	for _, u := range srv.Users() {
		names[u.ID] = u.Username
		ids = append(ids, u.ID)
	}
	name := func(id string) string {
		if n, ok := names[id]; ok {
			return n
		}
		return id
	}
	cmd := func(user, line string, sub discordtest.Option) error {
		fmt.Fprintf(w, "@%s > %s\n", name(user), line)
		id, err := srv.SlashCommand(user, ch, "shogi", discordtest.SubcommandGroup("tournament", sub))
		if err != nil {
			return err
		}
		for range 500 {
			if in, ok := srv.Interaction(id); ok && discordtest.Answered(in) {
				return nil
			}
			time.Sleep(10 * time.Millisecond)
		}
		return fmt.Errorf("%q was not answered", line)
	}
	start := time.Now()
	if err := cmd(ids[0], fmt.Sprintf("/shogi tournament create variant:%s format:swiss rounds:4 away_seconds:1 move_limit:%d name:Demo Cup", v, moveLimit),
		discordtest.Subcommand("create", discordtest.StringOption("variant", string(v)), discordtest.StringOption("format", "swiss"),
			discordtest.IntegerOption("rounds", 4), discordtest.IntegerOption("away_seconds", 1),
			discordtest.IntegerOption("move_limit", int64(moveLimit)), discordtest.StringOption("name", "Demo Cup"))); err != nil {
		return err
	}
	ts, err := st.GuildTournaments(srv.Guilds()[0].ID, 1)
	if err != nil || len(ts) == 0 {
		return fmt.Errorf("no tournament was created: %v", err)
	}
	id := ts[0].ID
	for _, u := range ids {
		if err := cmd(u, "/shogi tournament join", discordtest.Subcommand("join")); err != nil {
			return err
		}
	}
	if err := cmd(ids[0], "/shogi tournament start", discordtest.Subcommand("start")); err != nil {
		return err
	}
	deadline := time.Now().Add(demoTournamentWait)
	var t store.Tournament
	for round := 1; round <= 4; round++ {
		for {
			if t, err = st.GetTournament(id); err != nil {
				return err
			}
			if t.State.Round >= round && allLinked(t.State.RoundPairings(round)) || t.Over() {
				break
			}
			if time.Now().After(deadline) {
				return fmt.Errorf("round %d was not paired", round)
			}
			time.Sleep(20 * time.Millisecond)
		}
		fmt.Fprintf(w, "\n== Round %d\n", round)
		for _, p := range t.State.RoundPairings(round) {
			if p.IsBye() {
				fmt.Fprintf(w, "  board %d: %s has a bye\n", p.Board, name(p.Black))
				continue
			}
			fmt.Fprintf(w, "  board %d: ☗ %s – ☖ %s (game #%d)\n", p.Board, name(p.Black), name(p.White), p.Game)
		}
		for {
			if t, err = st.GetTournament(id); err != nil {
				return err
			}
			if !pendingIn(t.State.RoundPairings(round)) {
				break
			}
			if time.Now().After(deadline) {
				return fmt.Errorf("round %d did not end", round)
			}
			time.Sleep(50 * time.Millisecond)
		}
		fmt.Fprintf(w, "results:\n")
		for _, p := range t.State.RoundPairings(round) {
			if p.IsBye() {
				continue
			}
			g, err := st.GetGame(store.GameID(p.Game))
			if err != nil {
				return err
			}
			fmt.Fprintf(w, "  board %d: ☗ %s – ☖ %s  %s  (%s, %d moves)\n", p.Board, name(p.Black), name(p.White),
				demoScore(p.Result), demoReason(g), demoPlies(st, g))
		}
	}
	for !t.Over() && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
		if t, err = st.GetTournament(id); err != nil {
			return err
		}
	}
	if t.State.Status != tournament.StatusFinished {
		return errors.New("the tournament did not finish")
	}
	fmt.Fprintf(w, "\n== Final standings of Demo Cup (Swiss, 4 rounds; tie-breaks Buchholz, then Sonneborn–Berger)\n")
	fmt.Fprintf(w, "  %-4s %-7s %6s %5s %6s  %s\n", "rank", "player", "points", "Bh", "SB", "+ = −")
	for _, s := range t.State.Standings() {
		fmt.Fprintf(w, "  %-4d %-7s %6s %5s %6s  %d %d %d\n", s.Rank, name(s.Player), demoPts(s.Points), demoPts(s.Buchholz),
			demoPts(s.SonnebornBerger), s.Wins, s.Draws, s.Losses)
	}
	card := ""
	for wait := time.Now().Add(10 * time.Second); time.Now().Before(wait); time.Sleep(20 * time.Millisecond) { // its last edit (at most one every 3 s)
		if m, ok := srv.Message(t.MessageID); ok {
			if card = m.Content; strings.Contains(card, "Finished") {
				break
			}
		}
	}
	for id, n := range names {
		card = strings.ReplaceAll(card, "<@"+id+">", "@"+n)
	}
	fmt.Fprintf(w, "\nThe tournament's card in #general, as last edited:\n%s\n", indent(card))
	fmt.Fprintf(w, "\n16 games in %.1f s\n", time.Since(start).Seconds())
	return nil
}

func allLinked(ps []tournament.Pairing) bool {
	for _, p := range ps {
		if !p.IsBye() && p.Game == 0 {
			return false
		}
	}
	return len(ps) > 0
}

func pendingIn(ps []tournament.Pairing) bool {
	for _, p := range ps {
		if p.Result == tournament.Pending {
			return true
		}
	}
	return false
}

func demoScore(r tournament.Result) string {
	switch r {
	case tournament.BlackWins:
		return "1–0"
	case tournament.WhiteWins:
		return "0–1"
	case tournament.Draw:
		return "½–½"
	}
	return string(r)
}

// demoReason is how a game ended, in a word.
func demoReason(g store.Game) string {
	if g.Result == nil {
		return "no result"
	}
	why := string(g.Result.Reason)
	if w := g.Result.Winner; w != nil {
		side := "☗"
		if *w == shogi.White {
			side = "☖"
		}
		return side + " by " + why
	}
	return why
}

// demoPlies counts a finished game's moves, from its log.
func demoPlies(st store.Store, g store.Game) int {
	entries, err := st.Log(g.ID, 1)
	if err != nil {
		return 0
	}
	rg, err := referee.New("demo", g.Variant, g.StartSFEN, g.Options.Options)
	if err != nil {
		return 0
	}
	for _, e := range entries {
		rg.Apply(e.Action)
	}
	return len(rg.Moves())
}

func demoPts(p float64) string { return fmt.Sprint(p) }

func indent(s string) string { return "  " + strings.ReplaceAll(s, "\n", "\n  ") }
