//go:build unix

package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/jackc/pgx/v5/pgxpool"

	"shinpan/bot/discordtest"
	"shinpan/internal/testkit"
	"shinpan/referee"
	"shinpan/referee/shogi"
	"shinpan/store"
	"shinpan/store/pgtest"
	"shinpan/store/postgres"
)

// TestServeProcessesChaos runs three real `serve` processes (the binary
// TestMain built) on one PostgreSQL schema, behind a load balancer that
// spreads the stand-in's signed interactions over them, and plays games by
// the Move button and its modal while it kills processes with SIGKILL (each
// replaced by a fresh one) and freezes one with SIGSTOP until the others have
// taken its partitions, then resumes it with SIGCONT. Each fault strikes the
// process that holds the most games, when possible in the middle of a move.
// Then every game's log must be gapless and replay, every acknowledged move
// be in it once, no action be applied twice, each move's "You played" DM
// reach its player once, and the resumed processes must have applied nothing
// in the partitions they lost, their late writes (at least one in the run)
// refused: by the lease epoch, or by the server, which ended the transaction
// left open. bot.TestChaos runs the same kind of run in one process, with
// more kinds of fault. SHINPAN_CHAOS_LOG=1 shows the resumed processes' logs.
func TestServeProcessesChaos(t *testing.T) {
	if testing.Short() {
		t.Skip("the processes' chaos run is not short")
	}
	if raceDetector {
		t.Skip("the processes' chaos run is checked without -race (go test ./...)")
	}
	t.Parallel() // its own stand-in, schema and processes; it mostly waits
	seed := uint64(16)
	if s := os.Getenv("SHINPAN_CHAOS_SEED"); s != "" {
		seed, _ = strconv.ParseUint(s, 10, 64)
	}
	w := newProcWorld(t, seed, 6)
	w.run([]string{"kill", "stop", "kill", "kill", "stop", "kill"})
}

// faultRunLimits are the stand-in's limits in the runs about faults (the
// processes' chaos, the kill loop): Discord's, their bucket windows scaled
// 0.1 as in the bot's end-to-end tests (bot/e2e_test.go, e2eWindows), still
// enforced; nil (the default) when SHINPAN_DISCORD_LIMITS=off.
func faultRunLimits() *discordtest.RateLimits {
	if !discordtest.DiscordLimitsByDefault {
		return nil
	}
	l := discordtest.DiscordRateLimits().Scaled(0.1)
	return &l
}

// procTTL is the processes' lease (SHINPAN_LEASE_TTL), renewed every third.
const procTTL = 3 * time.Second

type procWorld struct {
	t    *testing.T
	url  string
	srv  *discordtest.Server
	rd   *postgres.Store
	db   *pgxpool.Pool
	lb   *procBalancer
	ch   string
	seed uint64
	dir  string // the processes' config files

	mu      sync.Mutex
	rng     *rand.Rand
	procs   []*proc // the three serving now
	all     []*proc // every one started
	users   []string
	acked   map[string]store.GameID // acknowledged interaction id → game
	stops   []stopRecord
	kills   int
	busy    int         // faults that struck a process in the middle of a move
	frozen  atomic.Bool // a process is stopped
	thawed  atomic.Int64
	started atomic.Int64
}

// proc is one serve process.
type proc struct {
	name   string // its process name in the leases table
	label  string // p1, p2…
	cmd    *exec.Cmd
	url    string
	logs   *syncBuffer
	exited chan struct{}
	down   atomic.Bool // killed or stopped: the balancer skips it
}

// stopRecord is one SIGSTOP: what the process held, when, and where its log
// resumed.
type stopRecord struct {
	p      *proc
	held   map[uint32]bool
	at     time.Time
	resume int // offset in its log
}

func newProcWorld(t *testing.T, seed uint64, games int) *procWorld {
	pg := pgtest.Get(t)
	users := make([]discordtest.User, 2*games)
	for i := range users {
		users[i] = discordtest.User{Username: fmt.Sprintf("player%02d", i)}
	}
	srv := discordtest.New(discordtest.Options{AckDeadline: 3 * time.Second, Users: users, RateLimits: faultRunLimits()})
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	w := &procWorld{t: t, url: pg.NewDB(t), srv: srv, ch: srv.DefaultChannelID(), seed: seed, dir: t.TempDir(),
		rng: rand.New(rand.NewPCG(seed, 17)), acked: map[string]store.GameID{}}
	for _, u := range srv.Users() {
		w.users = append(w.users, u.ID)
	}
	var err error
	if w.rd, err = postgres.Open(w.url, nil); err != nil { // creates the schema before the processes race to
		t.Fatal(err)
	}
	t.Cleanup(func() { w.rd.Close() })
	if w.db, err = pgxpool.New(context.Background(), w.url); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(w.db.Close)
	w.lb = newProcBalancer(w)
	t.Cleanup(w.lb.close)
	t.Cleanup(w.killAll) // first of the cleanups: no process outlives the test
	return w
}

func (w *procWorld) run(faults []string) {
	t := w.t
	start := time.Now()
	var wg sync.WaitGroup
	for range 3 {
		wg.Add(1)
		go func() { defer wg.Done(); w.startProc() }()
	}
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}
	w.mu.Lock()
	w.procs = slices.Clone(w.all)
	w.mu.Unlock()
	if err := w.srv.Endpoint().SetURL(w.lb.url); err != nil {
		t.Fatal(err)
	}
	games := w.startGames()
	t.Logf("3 processes up and %d games started in %v", len(games), time.Since(start).Round(time.Millisecond))

	ctx, cancel := context.WithCancel(context.Background())
	var players sync.WaitGroup
	for _, id := range games {
		players.Add(1)
		go func() { defer players.Done(); w.play(ctx, id) }()
	}
	for _, f := range faults {
		time.Sleep(2 * time.Second) // moves between faults
		switch f {
		case "kill":
			w.kill(games)
		case "stop":
			w.stop(games)
		}
	}
	// A stop shows the fence only when the resumed process still had a write
	// in hand, and a quick new owner can leave it none: stop again, at most
	// 3 more times, until a late write was refused.
	for extra := 0; extra < 3 && len(w.stops) > 0; extra++ {
		time.Sleep(2 * time.Second)
		if w.lateRefused() > 0 {
			break
		}
		w.stop(games)
	}
	time.Sleep(2 * time.Second)
	cancel()
	players.Wait()
	w.heal()
	w.check(games)
}

// startProc starts a serve process and waits until it serves interactions.
func (w *procWorld) startProc() *proc {
	t := w.t
	for try := 0; ; try++ {
		p, err := w.tryProc(try)
		if err == nil {
			return p
		}
		if try == 2 {
			t.Error(err)
			return nil
		}
		t.Logf("retrying: %v", err)
	}
}

var processName = regexp.MustCompile(`msg="sharing the games with other processes" process=(\S+)`)

// tryProc starts one process; it runs in the test's goroutine or another
// (it may not end the test).
func (w *procWorld) tryProc(try int) (*proc, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	addr := ln.Addr().String()
	ln.Close()
	label := fmt.Sprintf("p%d", w.started.Add(1))
	cfg := filepath.Join(w.dir, fmt.Sprintf("%s-%d.toml", label, try))
	body := fmt.Sprintf("token = \"tok-procs\"\ndatabase_url = %q\npublic_key = %q\nhttp_addr = %q\nadmin_socket = \"off\"\nlog_level = \"debug\"\nshutdown_seconds = 2\n",
		w.url+"&application_name="+label, w.srv.Endpoint().PublicKey(), addr)
	if err := os.WriteFile(cfg, []byte(body), 0o600); err != nil {
		return nil, err
	}
	u, _ := url.Parse(w.srv.URL())
	cmd := exec.Command(bin, "serve", "--config", cfg)
	for _, kv := range os.Environ() {
		switch strings.SplitN(kv, "=", 2)[0] {
		case "DISCORD_TOKEN", "DATABASE_URL", "SHINPAN_METRICS_ADDR", standInEnv, leaseTTLEnv:
		default:
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(cmd.Env, standInEnv+"="+u.Host, leaseTTLEnv+"="+procTTL.String())
	p := &proc{label: label, cmd: cmd, url: "http://" + addr + "/interactions", logs: &syncBuffer{}, exited: make(chan struct{})}
	cmd.Stdout, cmd.Stderr = p.logs, p.logs
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	go func() { _ = cmd.Wait(); close(p.exited) }()
	deadline := time.Now().Add(30 * time.Second)
	for !strings.Contains(p.logs.String(), `msg="interactions endpoint"`) {
		select {
		case <-p.exited:
			return nil, fmt.Errorf("%s exited before serving: %s", p.label, p.logs.String())
		default:
		}
		if time.Now().After(deadline) {
			_ = cmd.Process.Kill()
			<-p.exited
			return nil, fmt.Errorf("%s did not start in 30 s: %s", p.label, p.logs.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	m := processName.FindStringSubmatch(p.logs.String())
	if m == nil {
		_ = cmd.Process.Kill()
		<-p.exited
		return nil, fmt.Errorf("%s does not name itself: %s", p.label, p.logs.String())
	}
	p.name = m[1]
	w.mu.Lock()
	w.all = append(w.all, p)
	w.mu.Unlock()
	return p, nil
}

// killAll ends every process still running (the end of the test).
func (w *procWorld) killAll() {
	w.mu.Lock()
	all := slices.Clone(w.all)
	w.mu.Unlock()
	for _, p := range all {
		select {
		case <-p.exited:
			continue
		default:
		}
		_ = p.cmd.Process.Signal(syscall.SIGCONT)
		_ = p.cmd.Process.Kill()
		<-p.exited
	}
}

// procBalancer spreads interactions over the live processes, as Discord's
// requests to one Interactions Endpoint URL would be; a process that fails
// to answer (killed) passes the request to the next.
type procBalancer struct {
	w   *procWorld
	ln  net.Listener
	url string
	hc  *http.Client
}

func newProcBalancer(w *procWorld) *procBalancer {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		w.t.Fatal(err)
	}
	lb := &procBalancer{w: w, ln: ln, url: "http://" + ln.Addr().String() + "/interactions", hc: &http.Client{Timeout: 5 * time.Second}}
	go http.Serve(ln, lb) //nolint:errcheck // ends with the listener
	return lb
}

func (lb *procBalancer) close() { lb.ln.Close() }

func (lb *procBalancer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	lb.w.mu.Lock()
	var live []*proc
	for _, p := range lb.w.procs {
		if !p.down.Load() {
			live = append(live, p)
		}
	}
	lb.w.rng.Shuffle(len(live), func(i, j int) { live[i], live[j] = live[j], live[i] })
	lb.w.mu.Unlock()
	for _, p := range live {
		req, _ := http.NewRequest(http.MethodPost, p.url, bytes.NewReader(body))
		for k, v := range r.Header {
			req.Header[k] = v
		}
		resp, err := lb.hc.Do(req)
		if err != nil {
			continue
		}
		defer resp.Body.Close()
		for k, v := range resp.Header {
			w.Header()[k] = v
		}
		w.WriteHeader(resp.StatusCode)
		io.Copy(w, resp.Body) //nolint:errcheck // the stand-in reads what came
		return
	}
	http.Error(w, "no backend", http.StatusBadGateway)
}

// startGames challenges and accepts, through the balancer, one game per pair
// of players.
func (w *procWorld) startGames() []store.GameID {
	t := w.t
	var ids []store.GameID
	for g := range len(w.users) / 2 {
		a, b := w.users[2*g], w.users[2*g+1]
		iid, err := w.srv.SlashCommand(a, w.ch, "shogi", discordtest.Subcommand("challenge",
			discordtest.StringOption("variant", "standard"), discordtest.UserOption("opponent", b), discordtest.StringOption("color", "black")))
		if err != nil {
			t.Fatal(err)
		}
		w.answer(iid)
		var card discordtest.Message
		w.until("the challenge card", 15*time.Second, func() bool {
			for _, m := range w.srv.BotMessages(w.ch) {
				if strings.Contains(string(m.Components), "accept:") && strings.Contains(m.Content, a) {
					card = m
				}
			}
			return card.ID != ""
		})
		accept := ""
		for _, part := range strings.Split(string(card.Components), "\"") {
			if strings.HasPrefix(part, "accept:") {
				accept = part
			}
		}
		iid, err = w.srv.ClickButton(b, card.ChannelID, card.ID, accept)
		if err != nil {
			t.Fatal(err)
		}
		w.answer(iid)
		var id store.GameID
		w.until("the game", 15*time.Second, func() bool {
			gs, _ := w.rd.ActiveGamesOf(a)
			if len(gs) > 0 {
				id = gs[0].ID
			}
			return id != 0
		})
		ids = append(ids, id)
	}
	return ids
}

func (w *procWorld) answer(iid string) string {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	in, err := w.srv.WaitInteraction(ctx, iid, discordtest.Answered)
	if err != nil {
		return ""
	}
	return shownAnswer(in)
}

// shownAnswer is what the person who interacted sees.
func shownAnswer(in discordtest.Interaction) string {
	var parts []string
	if in.Original != nil && !in.Original.Loading() {
		parts = append(parts, in.Original.Content)
	}
	for _, f := range in.Followups {
		parts = append(parts, f.Content)
	}
	if in.Callback != nil && in.Callback.Type == discordgo.InteractionResponseModal {
		parts = append(parts, "[modal]")
	}
	return strings.Join(parts, "\n")
}

// until polls cond for up to d: false when it does not hold by then, or
// (what given) the test fails.
func (w *procWorld) until(what string, d time.Duration, cond func() bool) bool {
	w.t.Helper()
	if what != "" {
		testkit.Eventually(w.t, what, d, cond)
		return true
	}
	return testkit.Until(d, cond)
}

// replay rebuilds a game from its log, as the bot does.
func replay(meta store.Game, entries []store.Entry) (*referee.Game, error) {
	g, err := referee.New(strconv.FormatUint(uint64(meta.ID), 10), meta.Variant, meta.StartSFEN, meta.Options.Options)
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		if _, err := g.Apply(e.Action); err != nil {
			return nil, fmt.Errorf("replay of action %d (%s %q): %w", e.Seq, e.Action.Kind, e.Action.Text, err)
		}
	}
	return g, nil
}

// play moves in game id until the run ends or the game does: a legal move of
// the side to move, by the Move button and its modal, then waits for it.
func (w *procWorld) play(ctx context.Context, id store.GameID) {
	rng := rand.New(rand.NewPCG(w.seed, uint64(id)))
	for ctx.Err() == nil {
		meta, log, err := w.rd.LoadGame(id)
		if err != nil {
			time.Sleep(200 * time.Millisecond)
			continue
		}
		if !meta.Status.Live() {
			return
		}
		rg, err := replay(meta, log)
		if err != nil {
			w.t.Errorf("game %d: %v", id, err)
			return
		}
		turn := rg.Turn()
		pos, _ := rg.PlayerBoard(turn)
		legal := pos.LegalMoves(nil)
		if len(legal) == 0 {
			return
		}
		acked := w.moveByButton(id, meta.Players[turn], legal[rng.IntN(len(legal))].USI())
		applied := func() bool {
			g, err := w.rd.GetGame(id)
			return ctx.Err() != nil || err == nil && g.LastSeq > meta.LastSeq
		}
		if acked {
			w.until("", 30*time.Second, applied)
		} else {
			// Not acknowledged: lost with its process, or queued all the same
			// (by a process killed or stopped before it answered), or held in
			// a stopped process's socket. Wait until nothing of this game
			// waits in the inbox and no process is stopped, or the next move,
			// acknowledged, would be rightly refused behind this one.
			settle := time.Now().Add(2 * procTTL)
			w.until("", 30*time.Second, func() bool {
				return applied() || time.Now().After(settle) && !w.anyFrozen() && w.inboxEmpty(ctx, id)
			})
		}
		time.Sleep(150 * time.Millisecond) // a player's pace
	}
}

// anyFrozen says whether a process is stopped, or resumed so lately that a
// request it held may not have been queued yet.
func (w *procWorld) anyFrozen() bool {
	return w.frozen.Load() || time.Since(time.Unix(0, w.thawed.Load())) < 2*time.Second
}

func (w *procWorld) inboxEmpty(ctx context.Context, id store.GameID) bool {
	var n int
	err := w.db.QueryRow(ctx, "SELECT count(*) FROM inbox WHERE game_id = $1", int64(id)).Scan(&n)
	return err == nil && n == 0
}

// moveByButton plays mv by the Move button and its modal and says whether the
// bot acknowledged it.
func (w *procWorld) moveByButton(id store.GameID, user, mv string) bool {
	ch, err := w.srv.DMChannel(user)
	if err != nil {
		return false
	}
	var board discordtest.Message
	for _, m := range w.srv.BotMessages(ch) {
		if strings.Contains(string(m.Components), fmt.Sprintf(`"move:%d"`, id)) {
			board = m
		}
	}
	if board.ID == "" {
		return false // the start DM is not out yet
	}
	iid, err := w.srv.ClickButton(user, ch, board.ID, fmt.Sprintf("move:%d", id))
	if err != nil || w.answer(iid) != "[modal]" {
		return false
	}
	iid, err = w.srv.SubmitModal(user, ch, fmt.Sprintf("movemodal:%d", id), map[string]string{"move": mv})
	if err != nil {
		return false
	}
	out := w.answer(iid)
	if strings.Contains(out, "Move received") || strings.Contains(out, "the result follows") || strings.Contains(out, "You played") {
		w.mu.Lock()
		w.acked[iid] = id
		w.mu.Unlock()
		return true
	}
	return false
}

// victim is the serving process that owns the most live games, and the
// partitions it holds.
func (w *procWorld) victim(games []store.GameID) (*proc, map[uint32]bool) {
	ctx := context.Background()
	owners := map[string]int{}
	for _, id := range games {
		if g, err := w.rd.GetGame(id); err != nil || !g.Status.Live() {
			continue
		}
		var owner string
		if w.db.QueryRow(ctx, "SELECT owner FROM leases WHERE partition = $1", int32(store.PartitionOf(id))).Scan(&owner) == nil {
			owners[owner]++
		}
	}
	w.mu.Lock()
	best := w.procs[w.rng.IntN(len(w.procs))]
	for _, p := range w.procs {
		if owners[p.name] > owners[best.name] {
			best = p
		}
	}
	w.mu.Unlock()
	held := map[uint32]bool{}
	rows, err := w.db.Query(ctx, "SELECT partition FROM leases WHERE owner = $1", best.name)
	if err == nil {
		for rows.Next() {
			var p int32
			if rows.Scan(&p) == nil {
				held[uint32(p)] = true
			}
		}
		rows.Close()
	}
	return best, held
}

// strike waits, for up to 8 s, until p is in the middle of a move of its
// games, then sends it sig. A move's messages are made between its checks and
// its commit: each player's board is drawn right after their notes are read,
// so p is at it when one of its connections (named by application_name) has
// just read notes (store/postgres Notes: keep the pattern below its query's
// start; it was stale for a while, and no fault struck in a move).
func (w *procWorld) strike(p *proc, sig syscall.Signal) time.Time {
	ctx := context.Background()
	deadline := time.Now().Add(8 * time.Second)
	for time.Now().Before(deadline) {
		var n int
		err := w.db.QueryRow(ctx, `SELECT count(*) FROM pg_stat_activity WHERE application_name = $1 AND state = 'idle'
AND query LIKE 'SELECT n.squares FROM games g LEFT JOIN notes %' AND clock_timestamp() - state_change < interval '10 milliseconds'
AND EXISTS (SELECT 1 FROM inbox i JOIN leases l ON l.partition = i.partition WHERE l.owner = $2)`, p.label, p.name).Scan(&n)
		if err == nil && n > 0 {
			w.busy++
			break
		}
		time.Sleep(time.Millisecond)
	}
	p.down.Store(true)
	at := time.Now()
	if err := p.cmd.Process.Signal(sig); err != nil {
		w.t.Fatalf("%s: %v", p.label, err)
	}
	return at
}

// kill sends SIGKILL to the process holding the most games and starts a
// fresh one in its place.
func (w *procWorld) kill(games []store.GameID) {
	p, held := w.victim(games)
	w.strike(p, syscall.SIGKILL)
	<-p.exited
	w.kills++
	fresh := w.startProc()
	if fresh == nil {
		w.t.FailNow()
	}
	w.mu.Lock()
	w.procs[slices.Index(w.procs, p)] = fresh
	w.mu.Unlock()
	w.t.Logf("killed %s (%d partitions), started %s", p.label, len(held), fresh.label)
}

// stop sends SIGSTOP to the process holding the most games, waits until the
// others have taken all its partitions (its lease expired), then SIGCONT: what
// it had in hand it may try to write now, and the lease epoch refuses it.
func (w *procWorld) stop(games []store.GameID) {
	p, held := w.victim(games)
	w.frozen.Store(true)
	at := w.strike(p, syscall.SIGSTOP)
	time.Sleep(200 * time.Millisecond) // what it wrote before the stop reaches its log
	resume := len(p.logs.String())
	ctx := context.Background()
	w.until(p.label+"'s partitions to be taken over", 30*time.Second, func() bool {
		var n int
		err := w.db.QueryRow(ctx, "SELECT count(*) FROM leases WHERE owner = $1", p.name).Scan(&n)
		return err == nil && n == 0
	})
	took := time.Since(at)
	// Resume it when an action of a game it held waits in the inbox (for
	// its new owner): it still believes it owns the game and tries it.
	parts := make([]int32, 0, len(held))
	for q := range held {
		parts = append(parts, int32(q))
	}
	w.until("", 3*time.Second, func() bool {
		var n int
		err := w.db.QueryRow(ctx, "SELECT count(*) FROM inbox WHERE partition = ANY($1)", parts).Scan(&n)
		return err == nil && n > 0
	})
	if err := p.cmd.Process.Signal(syscall.SIGCONT); err != nil {
		w.t.Fatalf("%s: %v", p.label, err)
	}
	w.thawed.Store(time.Now().UnixNano())
	w.frozen.Store(false)
	p.down.Store(false)
	w.stops = append(w.stops, stopRecord{p: p, held: held, at: at, resume: resume})
	w.t.Logf("stopped %s (%d partitions) for %v until all were taken over, then resumed", p.label, len(held), took.Round(time.Millisecond))
}

// stopEnd is where the log of the i-th stop's process ends for that stop:
// at its next stop's resume (whose refusals are that one's), or now.
func (w *procWorld) stopEnd(i int) int {
	s := w.stops[i]
	for _, next := range w.stops[i+1:] {
		if next.p == s.p {
			return next.resume
		}
	}
	return len(s.p.logs.String())
}

// lateRefused counts the late writes refused so far, over every stop.
func (w *procWorld) lateRefused() int {
	n := 0
	for i, s := range w.stops {
		r, _ := w.lateWrites(s, w.stopEnd(i))
		n += r
	}
	return n
}

// heal waits until the inbox and the outbox are empty. The outbox drains at
// each process's share of the global rate (50 a second among three), so a
// long run's backlog takes a while: it fails when nothing went out for 30
// seconds, or after 5 minutes.
func (w *procWorld) heal() {
	left := -1
	start, progress := time.Now(), time.Now()
	ok := w.until("", 5*time.Minute, func() bool {
		out, err := w.rd.PendingOutbox()
		var n int
		if err == nil {
			err = w.db.QueryRow(context.Background(), "SELECT count(*) FROM inbox").Scan(&n)
		}
		if err == nil && (left < 0 || len(out)+n < left) {
			left, progress = len(out)+n, time.Now()
		}
		if time.Since(progress) > 30*time.Second {
			w.t.Logf("%d messages and actions left, none out for 30 s", left)
			return true // stuck: checked below
		}
		return err == nil && len(out) == 0 && n == 0
	})
	if ok && left != 0 {
		ok = false
	}
	if ok {
		w.t.Logf("the inbox and the outbox emptied in %v", time.Since(start).Round(time.Millisecond))
	}
	if !ok {
		w.dumpLogs()
		w.t.Fatal("the inbox or the outbox did not empty")
	}
	time.Sleep(time.Second) // the last sends' echoes
}

func (w *procWorld) dumpLogs() {
	for _, p := range w.all {
		s := p.logs.String()
		w.t.Logf("%s (%s), last of its log:\n%s", p.label, p.name, s[max(0, len(s)-3000):])
	}
}

var (
	youPlayedN = regexp.MustCompile(`You played [^\n]+? \(move (\d+)\)`)
	logAttr    = regexp.MustCompile(`(\w+)=("(?:[^"\\]|\\.)*"|\S+)`)
)

// logLine reads one slog text line into its attributes.
func logLine(l string) map[string]string {
	out := map[string]string{}
	for _, m := range logAttr.FindAllStringSubmatch(l, -1) {
		v := m[2]
		if u, err := strconv.Unquote(v); err == nil {
			v = u
		}
		out[m[1]] = v
	}
	return out
}

// lateWrites reads a resumed process's log from where it resumed: the late
// writes the store refused (until it takes partitions again), and the actions
// it logged as applied in a partition it had lost before it learned so,
// unless the store shows the action committed before the stop (its log line
// was written after).
func (w *procWorld) lateWrites(s stopRecord, end int) (refused int, applied []string) {
	learned := false
	logs := s.p.logs.String()
	for _, l := range strings.Split(logs[min(s.resume, len(logs)):min(end, len(logs))], "\n") {
		a := logLine(l)
		if learned && a["msg"] == "partitions taken" {
			break
		}
		// Refused by the lease epoch, or the transaction it had open when
		// it stopped was ended by the server (idle in transaction).
		if strings.Contains(l, store.ErrFenced.Error()) || a["msg"] == "append action" || a["msg"] == "consume inbox" {
			refused++
			if os.Getenv("SHINPAN_CHAOS_LOG") != "" {
				w.t.Logf("refused: %s", l)
			}
		}
		if a["msg"] == "partitions lost to another process" || strings.HasPrefix(a["msg"], "lease expired") {
			learned = true
		}
		if learned {
			continue
		}
		if a["msg"] != "action" || a["result"] == "" {
			continue
		}
		switch a["result"] {
		case "accepted", "foul", "bounce":
		default:
			continue
		}
		n, _ := strconv.ParseUint(a["game"], 10, 64)
		id := store.GameID(n)
		if !s.held[store.PartitionOf(id)] {
			continue
		}
		_, log, _ := w.rd.LoadGame(id)
		before := false
		for _, e := range log {
			before = before || e.Key == a["key"] && e.At.Before(s.at)
		}
		if !before {
			applied = append(applied, l)
		}
	}
	return refused, applied
}

func (w *procWorld) check(games []store.GameID) {
	t := w.t
	keys := map[string]int{}
	moves := 0
	for _, id := range games {
		meta, log, err := w.rd.LoadGame(id) // gapless, or ErrCorrupt
		if err != nil {
			t.Fatalf("game %d: %v", id, err)
		}
		rg, err := replay(meta, log)
		if err != nil {
			t.Fatalf("game %d does not replay: %v", id, err)
		}
		if rg.Over() != !meta.Status.Live() {
			t.Errorf("game %d: replayed over=%v, stored %s", id, rg.Over(), meta.Status)
		}
		for _, e := range log {
			keys[e.Key]++
			if e.Action.Kind == referee.ActMove {
				moves++
			}
		}
		for c := range 2 {
			user := meta.Players[c]
			ch, _ := w.srv.DMChannel(user)
			seen := map[int]int{}
			for _, m := range w.srv.BotMessages(ch) {
				for _, sm := range youPlayedN.FindAllStringSubmatch(m.Content, -1) {
					n, _ := strconv.Atoi(sm[1])
					seen[n]++
				}
			}
			for _, e := range log {
				if e.Action.Kind == referee.ActMove && e.Action.Player == shogi.Color(c) && e.UserID == user {
					if n := seen[int(e.Seq)]; n != 1 {
						t.Errorf("game %d: move %d told its player %d times", id, e.Seq, n)
					}
				}
			}
		}
	}
	dups := 0
	for k, n := range keys {
		if n > 1 {
			dups++
			t.Errorf("action %s applied %d times", k, n)
		}
	}
	found := 0
	for iid, id := range w.acked {
		if keys[iid] == 1 {
			found++
			continue
		}
		in, _ := w.srv.Interaction(iid)
		t.Errorf("acknowledged move lost: interaction %s in game %d, answered %q", iid, id, shownAnswer(in))
	}
	refused := 0
	for i, s := range w.stops {
		end := w.stopEnd(i)
		r, applied := w.lateWrites(s, end)
		refused += r
		t.Logf("%s, resumed: %d late writes refused", s.p.label, r)
		if os.Getenv("SHINPAN_CHAOS_LOG") != "" {
			ls := strings.Split(s.p.logs.String()[s.resume:end], "\n")
			t.Logf("window:\n%s", strings.Join(ls[:min(len(ls), 60)], "\n"))
		}
		for _, l := range applied {
			t.Errorf("%s applied an action after losing its partitions: %s", s.p.label, l)
		}
	}
	if t.Failed() {
		w.dumpLogs()
	}
	if len(w.stops) > 0 && refused == 0 {
		t.Error("no late write of a resumed process was refused")
	}
	t.Logf("faults struck a process in the middle of a move %d times of %d", w.busy, w.kills+len(w.stops))
	if w.busy == 0 {
		t.Error("no fault struck a process in the middle of a move: does strike's pattern still match Notes' query?")
	}
	fmt.Printf("chaos-processes: processes=3 kills=%d stops=%d games=%d moves=%d acknowledged=%d found=%d duplicates=%d lost=%d late_refused=%d\n",
		w.kills, len(w.stops), len(games), moves, len(w.acked), found, dups, len(w.acked)-found, refused)
	if len(w.acked) < 10 {
		t.Errorf("only %d moves acknowledged: the run did not play", len(w.acked))
	}
}
