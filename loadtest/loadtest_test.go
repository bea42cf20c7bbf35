package loadtest

import (
	"context"
	"math/rand/v2"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"shinpan/internal/cputime"
	"shinpan/internal/testkit"
	"shinpan/referee"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/store/pgtest"
)

// TestMovesNeverEndAGame: 300 plies of pickMove in every variant keep the
// game going, repeat no position and capture nothing while a quiet move exists.
func TestMovesNeverEndAGame(t *testing.T) {
	for i, v := range variants {
		opts := referee.DefaultOptions(v)
		opts.MoveLimit = 0
		g := &game{seen: map[uint64]bool{}, rng: rand.New(rand.NewPCG(7, uint64(i)))}
		var err error
		if g.ref, err = referee.New("1", v, shogi.StartSFEN, opts); err != nil {
			t.Fatal(err)
		}
		if v == view.Masked {
			for c, sq := range []string{"2h", "8b"} {
				if err := g.apply(referee.Action{Kind: referee.ActMask, Player: shogi.Color(c), Text: sq, Salt: salt()}); err != nil {
					t.Fatal(err)
				}
			}
		}
		for ply := 0; ply < 300; ply++ {
			m := pickMove(g.ref, g.seen, g.rng)
			if m == shogi.NoMove {
				t.Fatalf("%s: no move at ply %d", v, ply)
			}
			before := len(g.seen)
			if err := g.apply(moveAction(g.ref, m)); err != nil {
				t.Fatalf("%s ply %d: %v", v, ply, err)
			}
			if len(g.seen) != before+1 {
				t.Fatalf("%s ply %d: %s repeats a position", v, ply, m)
			}
		}
	}
}

var lineRE = regexp.MustCompile(`^loadtest: games=3 rate=20/s moves=\d+ done=\d+ p50=[\d.]+ms p99=[\d.]+ms max=[\d.]+ms cpu=\d+% heap=[\d.]+MiB warmup=300ms warmup_p99=[\d.]+ms$`)

// TestRunSmall: a short run in every variant gives every game a move, sees
// each move's three messages answered, times the moves of the warm-up
// apart, and prints the one line. (How many moves fit in the second depends
// on the machine: not checked.)
func TestRunSmall(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a bot")
	}
	// (Longer under -race, so that moves come after the warm-up.)
	r, err := Run(context.Background(), Config{Games: 3, Rate: 20, Duration: testkit.Slack(time.Second), Warmup: 300 * time.Millisecond, Variant: "mix", Plies: 4, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if r.Moves < 3 || r.Done != r.Moves || r.Retired != 0 || r.Stray != 0 || r.Reconnects != 0 {
		t.Fatalf("moves %d, done %d, retired %d, stray %d, reconnects %d", r.Moves, r.Done, r.Retired, r.Stray, r.Reconnects)
	}
	if r.WarmupDone < 1 || r.WarmupDone >= r.Done || r.WarmupP99 <= 0 || len(r.Windows) == 0 {
		t.Fatalf("warm-up: %d of %d moves, p99 %v; windows %v", r.WarmupDone, r.Done, r.WarmupP99, r.Windows)
	}
	if !(0 < r.P50 && r.P50 <= r.P99 && r.P99 <= r.Max) {
		t.Fatalf("latencies p50 %v p99 %v max %v", r.P50, r.P99, r.Max)
	}
	if _, ok := cputime.ReadMachine(); ok && (len(r.WindowSteal) != 1 || r.WindowSteal[0] < 0 || r.WindowSteal[0] > 100) {
		t.Fatalf("steal by window %v, want one share of 0-100%% for 1 s of sending", r.WindowSteal)
	}
	if n := r.Routes["POST /channels/{channel_id}/messages 200"]; n != 2*r.Moves {
		t.Fatalf("%d messages posted for %d moves, want 2 each (the DMs)", n, r.Moves)
	}
	if n := r.Routes["PATCH /channels/{channel_id}/messages/{message_id} 200"]; n != r.Moves {
		t.Fatalf("%d card edits for %d moves, want 1 each", n, r.Moves)
	}
	if !lineRE.MatchString(r.String()) {
		t.Fatalf("line %q", r.String())
	}
}

// TestRestartSmall: the bot starts on a filled store and the line says so.
func TestRestartSmall(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a bot")
	}
	r, err := Restart(context.Background(), Config{Games: 8, Variant: "mix", Plies: 6})
	if err != nil {
		t.Fatal(err)
	}
	if r.Games != 8 || r.Ready <= 0 || r.HeapMiB <= 0 {
		t.Fatalf("%+v", r)
	}
	if !regexp.MustCompile(`^loadtest: restart games=8 ready=[\d.]+ms heap=[\d.]+MiB$`).MatchString(r.String()) {
		t.Fatalf("line %q", r.String())
	}
}

func TestMain(m *testing.M) { os.Exit(pgtest.Run(m)) }

// TestRunProcesses: three bots sharing a PostgreSQL store play every move
// sent by DM (over the gateway, each seen by all three, applied once by the
// game's owner) and answer each with exactly its three messages.
func TestRunProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("starts three bots and PostgreSQL")
	}
	url := pgtest.Get(t).NewDB(t)
	r, err := Run(context.Background(), Config{Games: 6, Rate: 20, Duration: time.Second, Variant: "mix", Plies: 4, Seed: 5,
		DatabaseURL: url, Processes: 3, Grace: 20 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if r.Moves < 6 || r.Done != r.Moves || r.Stray != 0 || r.Processes != 3 {
		t.Fatalf("moves %d, done %d, stray %d, processes %d; requests %v", r.Moves, r.Done, r.Stray, r.Processes, r.Routes)
	}
	if n := r.Routes["POST /channels/{channel_id}/messages 200"]; n != 2*r.Moves {
		t.Fatalf("%d messages posted for %d moves, want 2 each (the DMs): a move applied twice or a message sent twice", n, r.Moves)
	}
	if !strings.HasSuffix(r.String(), " store=postgres processes=3") {
		t.Fatalf("line %q", r.String())
	}
	// A database in use is refused.
	if _, err := Run(context.Background(), Config{Games: 1, Rate: 1, Duration: time.Second, DatabaseURL: url, Processes: 3}); err == nil || !strings.Contains(err.Error(), "holds games") {
		t.Fatalf("a second run on the same database: %v", err)
	}
}

// TestRunRefusesWarmup: a warm-up that leaves no move to time is refused
// before anything starts.
func TestRunRefusesWarmup(t *testing.T) {
	for _, w := range []time.Duration{-time.Second, time.Second, 2 * time.Second} {
		if _, err := Run(context.Background(), Config{Games: 1, Rate: 1, Duration: time.Second, Warmup: w}); err == nil || !strings.Contains(err.Error(), "--warmup") {
			t.Fatalf("warmup %v: %v", w, err)
		}
	}
}

// TestConfigChecked: settings that would measure something else than asked
// are refused, naming the flag, before anything starts; Restart checks them
// too.
func TestConfigChecked(t *testing.T) {
	ok := Config{Games: 1, Rate: 1, Duration: time.Second, Variant: "tsuitate"}
	for flag, bad := range map[string]func(*Config){
		"--games":        func(c *Config) { c.Games = 0 },
		"--plies":        func(c *Config) { c.Plies = -1 },
		"--global-limit": func(c *Config) { c.GlobalLimit = -1 },
		"--processes":    func(c *Config) { c.Processes = 3 }, // without a database
		"--gateways":     func(c *Config) { c.Gateways = 2 },
		"--variant":      func(c *Config) { c.Variant = "nonsense" },
		"--restart-at":   func(c *Config) { c.RestartAt = 2 * time.Second }, // past --duration
		"--dms-closed":   func(c *Config) { c.DMsClosed = 1.5 },
		"--fouls":        func(c *Config) { c.Fouls = -0.1 },
		"--resign":       func(c *Config) { c.Resign = 2 },
	} {
		cfg := ok
		bad(&cfg)
		if _, err := Run(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), flag) {
			t.Errorf("%s: Run gave %v", flag, err)
		}
		if _, err := Restart(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), flag) {
			t.Errorf("%s: Restart gave %v", flag, err)
		}
	}
	if err := ok.check(); err != nil {
		t.Fatalf("a good config: %v", err)
	}
	mix := ok
	mix.Variant = "mix"
	if err := mix.check(); err != nil {
		t.Fatalf("--variant mix: %v", err)
	}
}

// TestRunTaps: with --taps every move after a game's first is picked from
// the menus under the mover's board (two picks for a move that needs no
// promotion choice, three at most), each pick answered by the message
// updated; the mover's update is that answer, so a tapped move posts one
// message (the opponent's), a typed one two.
func TestRunTaps(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a bot")
	}
	r, err := Run(context.Background(), Config{Games: 2, Think: 100 * time.Millisecond, Duration: 4 * time.Second,
		Warmup: time.Second, Plies: 4, Seed: 5, TapShare: 1})
	if err != nil {
		t.Fatal(err)
	}
	if r.Done != r.Moves || r.Stray != 0 || r.Typed != 2 || r.TapMoves < 2 || r.TapMoves+r.Typed != r.Moves {
		t.Fatalf("moves %d, done %d, stray %d: typed %d, tapped %d", r.Moves, r.Done, r.Stray, r.Typed, r.TapMoves)
	}
	if r.PicksPerMove < 2 || r.PicksPerMove > 3 || r.PickP50 <= 0 || r.PickP99 < r.PickP50 {
		t.Fatalf("picks a move %.2f, p50 %v, p99 %v", r.PicksPerMove, r.PickP50, r.PickP99)
	}
	if n, want := r.Routes["POST /channels/{channel_id}/messages 200"], 2*r.Typed+r.TapMoves; n != want {
		t.Fatalf("%d messages posted for %d typed and %d tapped moves, want %d", n, r.Typed, r.TapMoves, want)
	}
	if n := r.Routes["POST /interactions/{interaction_id}/{interaction_token}/callback 204"]; n < 2*r.TapMoves {
		t.Fatalf("%d interaction answers for %d tapped moves", n, r.TapMoves)
	}
	if !strings.Contains(r.Realism.String(), " tap_moves=") {
		t.Fatalf("line %q", r.Realism.String())
	}
}

// TestCapacitySearch: the search finds the threshold within its tolerance,
// whatever it is, and says 0 when the first probe fails.
func TestCapacitySearch(t *testing.T) {
	for _, c := range []struct {
		name                    string
		start, limit, threshold int
	}{
		{"far above the start", 100, 5000, 730},
		{"just above the start", 100, 5000, 120},
		{"at the limit", 100, 800, 5000},
		{"below the start", 100, 5000, 50},
	} {
		t.Run(c.name, func(t *testing.T) {
			probes := 0
			got, err := search(func(n int) (bool, error) { probes++; return n <= c.threshold, nil }, c.start, c.limit)
			if err != nil {
				t.Fatal(err)
			}
			want := min(c.threshold, c.limit)
			switch {
			case c.threshold < c.start:
				if got != 0 {
					t.Fatalf("found %d, want 0", got)
				}
			case got > want || want-got > max(25, got/10):
				t.Fatalf("found %d for a threshold of %d", got, want)
			}
			if probes > 12 {
				t.Fatalf("%d probes", probes)
			}
		})
	}
}

// TestRunTraffic: with players whose DMs are closed, fouls, resignations
// and new challenges, and a restart in the middle, every move sent is
// answered, the games of the closed players wait, each resignation gives a
// new game played on (but one cut short by the end), nothing acknowledged is lost, the store's moves are
// those sent, nothing shows twice, and the bot's DMs refused are counted.
func TestRunTraffic(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a bot")
	}
	// (Longer under -race, so that a resignation's new game starts.)
	r, err := Run(context.Background(), Config{Games: 10, Think: 150 * time.Millisecond, Duration: testkit.Slack(6 * time.Second),
		Warmup: time.Second, Plies: 4, Seed: 11, PerChannel: 4, DMsClosed: 0.35, Fouls: 0.3, Resign: 0.08, RestartAt: 3 * time.Second,
		Grace: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	tr := r.Traffic
	t.Logf("%v\n%v", r.Realism, tr)
	switch {
	case r.Done != r.Moves || r.Stray != 0:
		t.Fatalf("moves %d, done %d, stray %d", r.Moves, r.Done, r.Stray)
	case tr.ClosedPlayers == 0 || tr.Waiting == 0 || tr.DMRefused == 0:
		t.Fatalf("closed players %d, games waiting %d, DMs refused %d", tr.ClosedPlayers, tr.Waiting, tr.DMRefused)
	case tr.Fouls+tr.Refusals == 0:
		t.Fatal("no illegal move typed")
	// (A challenge under way at the end is cut short.)
	case tr.Started == 0 || tr.Started > tr.Challenged || tr.Challenged > tr.Resigned || tr.GaveUp != 0:
		t.Fatalf("resigned %d, challenged %d, started %d, gave up %d", tr.Resigned, tr.Challenged, tr.Started, tr.GaveUp)
	// Each game started has its start measured: its first DMs, its card,
	// the challenge's card accepted, none before the click.
	case tr.StartDMP50 <= 0 || tr.StartDMP99 < tr.StartDMP50 || tr.StartCardP50 <= 0 || tr.StartAcceptedP50 <= 0:
		t.Fatalf("start: first DMs p50 %v p99 %v, card p50 %v, accepted p50 %v", tr.StartDMP50, tr.StartDMP99, tr.StartCardP50, tr.StartAcceptedP50)
	case tr.RestartAt != 3*time.Second || tr.RestartTook <= 0:
		t.Fatalf("restart at %v took %v", tr.RestartAt, tr.RestartTook)
	case tr.Acked < r.Moves || tr.Lost != 0 || tr.Diverged != 0 || tr.Twice != 0:
		t.Fatalf("acknowledged %d (moves %d), lost %d, diverged %d, shown twice %d", tr.Acked, r.Moves, tr.Lost, tr.Diverged, tr.Twice)
	// (The restarted bot learns the buckets again: a 429 of scope user on
	// each bucket the old one had spent is Discord's answer to any restart.)
	case tr.PeakPerSec == 0 || r.TooMany["global"] != 0:
		t.Fatalf("peak %d requests a second; 429s %v", tr.PeakPerSec, r.TooMany)
	}
	if !regexp.MustCompile(`^dms_closed=0.35 closed_players=\d+ .* start_dm_p50=[\d.]+ms .* starts_open=\d+ restart_at=3s restart_took=[\d.]+ms invalid_after_restart=\d+$`).MatchString(tr.String()) {
		t.Fatalf("line %q", tr.String())
	}
}

// TestRunProcessesShareTheBudget: three processes on one token, under
// Discord's limits and far more moves than the global limit carries, the
// first process restarted mid-run (it stops, a new one starts and takes
// its share back), never pass the global limit together: the stand-in
// answers no 429 of scope global, and it received at most 50 budgeted
// requests in any second, over the three. Nothing acknowledged is lost,
// nothing is shown twice. (It found the shares adding up to more than the
// budget while a process restarts: 52 in one second, docs/PERFORMANCE.md.)
func TestRunProcessesShareTheBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PostgreSQL and four bots")
	}
	url := pgtest.Get(t).NewDB(t)
	r, err := Run(context.Background(), Config{Games: 60, Think: 200 * time.Millisecond, Duration: 8 * time.Second,
		Warmup: time.Second, Plies: 4, Seed: 5, PerChannel: 20, DatabaseURL: url, Processes: 3, RestartAt: 4 * time.Second,
		DMsClosed: 0.1, Fouls: 0.1, Grace: 60 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	tr := r.Traffic
	t.Logf("%v\n%v\n%v", r, r.Realism, tr)
	switch {
	case r.TooMany["global"] != 0:
		t.Fatalf("%d answers of scope global", r.TooMany["global"])
	case tr.PeakPerSec > 50:
		t.Fatalf("%d budgeted requests in one second, over the global 50", tr.PeakPerSec)
	case tr.PeakPerSec == 0:
		t.Fatal("no budgeted request counted")
	case tr.RestartTook <= 0:
		t.Fatal("no restart")
	case r.Done != r.Moves || tr.Lost != 0 || tr.Diverged != 0 || tr.Twice != 0:
		t.Fatalf("moves %d, done %d; lost %d, diverged %d, shown twice %d", r.Moves, r.Done, tr.Lost, tr.Diverged, tr.Twice)
	}
}
