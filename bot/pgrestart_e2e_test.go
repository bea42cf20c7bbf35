package bot

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"shinpan/bot/discordtest"
	"shinpan/bot/texts"
	"shinpan/bot/texts/uitexts"
	"shinpan/referee"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/store"
	"shinpan/store/pgtest"
)

// TestPostgresRestartedUnderPlay restarts the real PostgreSQL server under a
// running bot while three games are played by DM: stopped (fast and
// immediate shutdowns) and killed (SIGKILL to the postmaster), each down for
// about a second. Every move sent is answered: "You played" once it is
// stored, else uitexts.StoreDown (nothing recorded: the player sends it again)
// or uitexts.StoreUnsure (the player looks at the game, as the text says).
// At the end each game's log holds each acknowledged move once, in order,
// and no answer went out twice; the gateway stays up throughout, /readyz
// follows the store, and the bot takes moves again soon after each start,
// without a restart of its own (the time is logged; the goal of 5 s is
// measured by the load run, docs/OPERATIONS.md).
func TestPostgresRestartedUnderPlay(t *testing.T) {
	if storeBackend.name != "postgres" {
		t.Skip("PostgreSQL's pass only")
	}
	if testing.Short() {
		t.Skip("restarts a PostgreSQL server (about 30 s)")
	}
	t.Parallel()
	plan := pgFaultPlan(t)
	pg, err := pgtest.StartOwn()
	if err != nil {
		if pgtest.Skippable(err) {
			t.Skip(err)
		}
		t.Fatal(err)
	}
	t.Cleanup(pg.Stop) // after the bot's cleanup (LIFO)
	games := plan.games
	users := []discordtest.User{{Username: "alice"}, {Username: "bob"}, {Username: "carol"}}
	for i := 0; i < 2*games; i++ {
		users = append(users, discordtest.User{Username: fmt.Sprintf("p%d", i)})
	}
	e := newEnvWith(t, func(o *discordtest.Options) { o.Users = users }, func(e *env) { e.loc = pg.NewDB(t) })
	us := e.srv.Users()[3:]
	type game struct {
		id      store.GameID
		players [2]string
		acked   int // plies acknowledged
	}
	gs := make([]*game, games)
	for k := range gs {
		black, white := us[2*k].ID, us[2*k+1].ID
		e.slash(black, "challenge", discordtest.StringOption("variant", "tsuitate"),
			discordtest.UserOption("opponent", white), discordtest.StringOption("color", "black"))
		var card discordtest.Message
		for _, m := range e.srv.BotMessages(e.ch) {
			if strings.Contains(string(m.Components), "accept:") && strings.Contains(m.Content, black) {
				card = m
			}
		}
		e.click(white, card, "accept:")
		e.waitUntil("the game started", func() bool { a, err := e.st.ActiveGamesOf(black); return err == nil && len(a) == 1 })
		a, _ := e.st.ActiveGamesOf(black)
		gs[k] = &game{id: a[0].ID, players: [2]string{black, white}}
	}
	moves := quietMoves(t, plan.plies) // no capture, no check, no repetition: the games go on
	down, unsure := uitexts.UI(texts.EN, uitexts.StoreDown), uitexts.UI(texts.EN, uitexts.StoreUnsure)
	var refused, unsettled, acks atomic.Int64
	var lastAck atomic.Int64 // unix ns of the newest acknowledgement
	// answer waits for the answer to the DM that sent ply n: its
	// acknowledgement, or a refusal that came after the DM (seen: the bot's
	// DMs to the user before it).
	answer := func(user string, seen, n int) (string, error) {
		played := fmt.Sprintf("(move %d)", n)
		deadline := time.Now().Add(30 * time.Second)
		for time.Now().Before(deadline) {
			ms := e.botDMs(user)
			for _, m := range ms {
				if strings.Contains(m.Content, "You played") && strings.Contains(m.Content, played) {
					return "played", nil
				}
			}
			for _, m := range ms[min(seen, len(ms)):] {
				switch m.Content {
				case down:
					return "down", nil
				case unsure:
					return "unsure", nil
				}
			}
			time.Sleep(10 * time.Millisecond)
		}
		return "", fmt.Errorf("no answer to ply %d from %s in 30 s", n, user)
	}
	var wg sync.WaitGroup
	errs := make(chan error, games)
	for _, g := range gs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for g.acked < len(moves) {
				n := g.acked + 1
				user := g.players[g.acked%2]
				seen := len(e.botDMs(user))
				if _, err := e.srv.SendDM(user, moves[g.acked]); err != nil {
					errs <- err
					return
				}
				what, err := answer(user, seen, n)
				if err != nil {
					errs <- err
					return
				}
				switch what {
				case "played":
					g.acked++
					acks.Add(1)
					lastAck.Store(time.Now().UnixNano())
					time.Sleep(plan.think) // players think a little
				case "down":
					refused.Add(1)
					time.Sleep(200 * time.Millisecond) // and try again
				case "unsure": // look at the game once the store answers
					unsettled.Add(1)
					for {
						sg, err := e.st.GetGame(g.id)
						if err == nil {
							if sg.LastSeq == uint64(n) {
								g.acked++
							}
							break
						}
						time.Sleep(200 * time.Millisecond)
					}
				}
			}
		}()
	}
	faults := plan.faults(pg)
	var back []time.Duration
	for _, f := range faults {
		time.Sleep(time.Second) // play goes on
		if err := f.stop(); err != nil {
			t.Fatalf("%s: %v", f.name, err)
		}
		e.waitUntil("/readyz says the store is down", func() bool { return e.b.StoreReady() != nil })
		time.Sleep(time.Second)
		if !e.b.gatewayReady() {
			t.Errorf("%s: the gateway went down with the store", f.name)
		}
		if err := pg.Start(); err != nil {
			t.Fatalf("start after %s: %v", f.name, err)
		}
		up := time.Now()
		deadline := up.Add(20 * time.Second)
		for lastAck.Load() < up.UnixNano() {
			if acks.Load() == int64(games*len(moves)) {
				t.Fatalf("the games ended before the faults did (after %s)", f.name)
			}
			if time.Now().After(deadline) {
				t.Fatalf("no move taken within 20 s of the server's start after %s", f.name)
			}
			time.Sleep(5 * time.Millisecond)
		}
		back = append(back, time.Duration(lastAck.Load()-up.UnixNano()))
		if err := e.b.StoreReady(); err != nil {
			t.Errorf("a move was taken but the store is not ready: %v", err)
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	e.settle()
	t.Logf("%d answers sent again (dropped by their nonce)", e.resent())
	slices.Sort(back)
	t.Logf("%d faults: %v", len(faults), names(faults))
	t.Logf("%d moves acknowledged, %d refused (store down), %d unsure; first move taken after each start: median %v, max %v", acks.Load(), refused.Load(), unsettled.Load(), back[len(back)/2], back[len(back)-1])
	if refused.Load() == 0 {
		t.Error("no move was refused: the faults came between the moves")
	}
	for _, g := range gs {
		log, err := e.st.Log(g.id, 1)
		if err != nil {
			t.Fatal(err)
		}
		if len(log) != len(moves) {
			t.Errorf("game %d: %d actions stored, %d acknowledged", g.id, len(log), len(moves))
		}
		for i, en := range log {
			if i < len(moves) && en.Action.Text != moves[i] {
				t.Errorf("game %d: ply %d stored %q, sent %q", g.id, i+1, en.Action.Text, moves[i])
			}
		}
		for c, user := range g.players {
			for n := c + 1; n <= len(moves); n += 2 {
				played := fmt.Sprintf("(move %d)", n)
				k := 0
				for _, m := range e.botDMs(user) {
					if strings.Contains(m.Content, "You played") && strings.Contains(m.Content, played) {
						k++
					}
				}
				if k != 1 {
					t.Errorf("game %d: %s told %d times of their ply %d", g.id, user, k, n)
				}
			}
		}
	}
	if err := e.b.Ready(); err != nil {
		t.Errorf("not ready at the end: %v", err)
	}
}

// pgPlan is what TestPostgresRestartedUnderPlay does: the CI's run, or
// the load run SHINPAN_PG_FAULTS asks for (docs/OPERATIONS.md), e.g.
// SHINPAN_PG_FAULTS=restarts=10,kills=5,games=20.
type pgPlan struct {
	games, plies    int
	restarts, kills int
	think           time.Duration
}

func pgFaultPlan(t *testing.T) pgPlan {
	p := pgPlan{games: 3, plies: 34, restarts: 3, kills: 2, think: 700 * time.Millisecond}
	spec := os.Getenv("SHINPAN_PG_FAULTS")
	if spec == "" {
		return p
	}
	for _, kv := range strings.Split(spec, ",") {
		k, v, _ := strings.Cut(kv, "=")
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			t.Fatalf("SHINPAN_PG_FAULTS: %q", kv)
		}
		switch k {
		case "restarts":
			p.restarts = n
		case "kills":
			p.kills = n
		case "games":
			p.games = n
		case "think_ms":
			p.think = time.Duration(n) * time.Millisecond
		default:
			t.Fatalf("SHINPAN_PG_FAULTS: unknown %q (restarts, kills, games, think_ms)", k)
		}
	}
	// Enough moves to play through every fault (about 3.5 s each).
	p.plies = max(p.plies, int(time.Duration(p.restarts+p.kills)*3500*time.Millisecond/(p.think+50*time.Millisecond))+10)
	return p
}

type pgFault struct {
	name string
	stop func() error
}

// faults are the restarts (fast and immediate shutdowns in turn) and the
// kills (SIGKILL to the postmaster), interleaved.
func (p pgPlan) faults(pg *pgtest.Server) []pgFault {
	var fs []pgFault
	total, r, k := p.restarts+p.kills, 0, 0
	for i := range total {
		if k < p.kills && (r == p.restarts || i%(total/p.kills) == total/p.kills-1) {
			fs = append(fs, pgFault{"SIGKILL", pg.Kill})
			k++
			continue
		}
		mode := []string{"fast", "immediate"}[r%2]
		fs = append(fs, pgFault{mode + " shutdown", func() error { return pg.Shutdown(mode) }})
		r++
	}
	return fs
}

// quietMoves is a game of n plies in USI that captures nothing, gives no
// check and repeats no position (the same for every run).
func quietMoves(t *testing.T, n int) []string {
	g, err := referee.New("0", view.Tsuitate, shogi.StartSFEN, referee.DefaultOptions(view.Tsuitate))
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(38, 1))
	seen := map[uint64]bool{}
	var out []string
	for len(out) < n {
		p := g.TruePosition()
		ms := p.LegalMoves(nil)
		rng.Shuffle(len(ms), func(i, j int) { ms[i], ms[j] = ms[j], ms[i] })
		found := false
		for _, m := range ms {
			if !m.IsDrop() && p.At(m.To()) != shogi.NoPiece {
				continue
			}
			q := p.Clone()
			q.MakeMove(m)
			if q.InCheck() || !q.HasLegalMove() || seen[q.Key()] {
				continue
			}
			c := g.Clone()
			if _, err := c.Apply(referee.Action{Kind: referee.ActMove, Player: g.Turn(), Text: m.USI()}); err != nil || c.Over() {
				continue
			}
			g, found = c, true
			seen[q.Key()] = true
			out = append(out, m.USI())
			break
		}
		if !found {
			t.Fatalf("no quiet move after %d plies", len(out))
		}
	}
	return out
}

func names(fs []pgFault) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.name)
	}
	return out
}
