package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/jackc/pgx/v5/pgxpool"

	"shinpan/bot/discordtest"
	"shinpan/bot/games"
	"shinpan/internal/testkit"
	"shinpan/ops"
	"shinpan/referee"
	"shinpan/referee/shogi"
	"shinpan/store"
	"shinpan/store/pgtest"
	"shinpan/store/postgres"
)

// TestChaos runs three bot processes on one PostgreSQL database behind a load
// balancer that spreads the interactions over them, as Discord's requests to
// an Interactions Endpoint would be, and the stand-in for Discord. Players
// play games by the Move button and by typing moves in DM while a seeded run
// of faults hits the processes: a process killed (it stops at once, gives
// nothing up: its leases expire), a process frozen past its lease and then
// resumed (its late writes must be refused), PostgreSQL restarted, the same
// interaction delivered to two processes, the gateway down, and once the
// interaction webhooks failing for longer than a player waits for a Move
// form's answer. Then it checks that every game's log is gapless and
// replays to its final state, every acknowledged move is in once, nothing
// is applied twice, every move's message reached its player once (edited
// away later only by their next update from the same board), each timeout
// fired once, and it prints the summary line.
//
// The processes are in-process bots, each with its own connection pool, lease
// loop, inbox listener, gateway session and HTTP endpoint (the root package's
// TestServeProcessesChaos runs real serve processes, with SIGKILL and
// SIGSTOP, and fewer kinds of fault). A kill is modelled as a stop that hands nothing over (no lease given up, no
// outbox drained), a SIGSTOP as a process whose lease loop, store writes and
// HTTP endpoint stop until it resumes.
func TestChaos(t *testing.T) {
	if storeBackend.name != "postgres" {
		t.Skip("several processes share a PostgreSQL database only")
	}
	if raceDetector && testing.Short() {
		// CI runs it in full without the race detector; under it the short run
		// takes minutes of CI's 2 cores for little more.
		t.Skip("the chaos run is checked without -race (go test ./...)")
	}
	// In parallel with the other tests: it has a PostgreSQL server and a
	// stand-in of its own, and alone it left the package idle for minutes.
	t.Parallel()
	cfg := chaosConfig{seed: 16, faults: 50, games: 9, ttl: 1500 * time.Millisecond}
	if testing.Short() {
		cfg.faults, cfg.games = 10, 4
	}
	if s := os.Getenv("SHINPAN_CHAOS_SEED"); s != "" {
		cfg.seed, _ = strconv.ParseUint(s, 10, 64)
	}
	if s := os.Getenv("SHINPAN_CHAOS_TTL"); s != "" { // e.g. 7s: the production lease
		cfg.ttl, _ = time.ParseDuration(s)
	}
	if s := os.Getenv("SHINPAN_CHAOS_FAULTS"); s != "" {
		cfg.faults, _ = strconv.Atoi(s)
	}
	runChaos(t, cfg)
}

type chaosConfig struct {
	seed          uint64
	faults, games int
	ttl           time.Duration
}

// chaos is the run's world.
type chaos struct {
	t     *testing.T
	cfg   chaosConfig
	pg    *pgtest.Server
	url   string
	srv   *discordtest.Server
	rd    store.Store   // the test's own compose.Reader
	db    *pgxpool.Pool // and its own look at the inbox
	nodes []*node
	lb    *balancer
	users []string
	ch    string

	mu     sync.Mutex
	rng    *rand.Rand
	acked  map[string]store.GameID // acknowledged interaction id → game
	dmKeys map[string]store.GameID // typed DM message id → game
	forms  map[string][]string     // board message id → the Move forms submitted from it
	// failovers: per fault, the time from the fault to the first action
	// applied in the faulted process's partitions by another.
	failovers []time.Duration
	refused   atomic.Int64 // late writes the database refused
	watching  sync.WaitGroup
	nextName  atomic.Int64
	thawed    atomic.Int64 // when a frozen process last went on (unix ns)
}

// node is one bot process.
type node struct {
	c      *chaos
	name   string
	b      *Bot
	st     *postgres.Store
	cl     *chaosCluster
	gate   *gate
	ep     *ops.Server
	url    string
	down   atomic.Bool // killed, or frozen: the balancer skips it
	killed bool
}

// gate holds a frozen process's store writes until it resumes.
type gate struct {
	mu     sync.Mutex
	frozen bool
	thawed chan struct{}
}

func (g *gate) wait() {
	g.mu.Lock()
	if !g.frozen {
		g.mu.Unlock()
		return
	}
	ch := g.thawed
	g.mu.Unlock()
	<-ch
}

func (g *gate) set(frozen bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if frozen && !g.frozen {
		g.thawed = make(chan struct{})
	}
	if !frozen && g.frozen {
		close(g.thawed)
	}
	g.frozen = frozen
}

// gatedStore is a node's store: its game writes wait while it is frozen, and
// the database's refusals of them are counted.
type gatedStore struct {
	store.Store
	n *node
}

// Shared: the nodes share the database, as the store under it says (an
// embedded store.Store hides it), so they claim DMs as serve processes do.
func (s gatedStore) Shared() bool { return true }

func (s gatedStore) AppendAction(id store.GameID, e store.Entry, out []store.OutMsg, up func(*store.Game)) (store.Entry, error) {
	s.n.gate.wait()
	r, err := s.Store.AppendAction(id, e, out, up)
	s.n.count(err)
	return r, err
}

func (s gatedStore) UpdateGame(id store.GameID, out []store.OutMsg, fn func(*store.Game) error) (store.Game, error) {
	s.n.gate.wait()
	r, err := s.Store.UpdateGame(id, out, fn)
	s.n.count(err)
	return r, err
}

func (s gatedStore) ClaimOutbox(n int, hold time.Duration) ([]store.OutMsg, error) {
	s.n.gate.wait()
	return s.Store.ClaimOutbox(n, hold)
}

func (n *node) count(err error) {
	if errors.Is(err, store.ErrFenced) {
		n.c.refused.Add(1)
	}
}

// chaosCluster is a node's leases and inbox: its lease loop stops while the
// node is frozen, and a killed node gives nothing up.
type chaosCluster struct {
	postgres.Cluster
	n *node
}

func (c chaosCluster) Run(ctx context.Context) {
	t := time.NewTicker(c.n.c.cfg.ttl / 4)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		c.n.gate.wait()
		_ = c.Tick(ctx)
	}
}

func (c chaosCluster) Stop() {
	if !c.n.killed {
		c.Cluster.Stop()
	}
}

func (c chaosCluster) ReleaseOutbox(ids ...uint64) error {
	if c.n.killed {
		return nil
	}
	return c.Cluster.ReleaseOutbox(ids...)
}

func (c chaosCluster) ConsumeInbox(key string, game store.GameID, out []store.OutMsg) (bool, error) {
	c.n.gate.wait()
	ok, err := c.Cluster.ConsumeInbox(key, game, out)
	c.n.count(err)
	return ok, err
}

func runChaos(t *testing.T, cfg chaosConfig) {
	pg, err := pgtest.StartOwn() // restarted by the faults: not the other tests' server
	if err != nil {
		if pgtest.Skippable(err) {
			t.Skip(err)
		}
		t.Fatal(err)
	}
	t.Cleanup(pg.Stop) // after the database's own cleanup
	users := make([]discordtest.User, 2*cfg.games)
	for i := range users {
		users[i] = discordtest.User{Username: fmt.Sprintf("player%02d", i)}
	}
	// Discord's limits, with the buckets' windows of the other end-to-end
	// tests (e2eWindows): with Discord's own the players type faster than a
	// DM channel's bucket carries (5 per 5 s), and their messages wait
	// minutes. The three processes share the token's buckets (budget's
	// shared buckets: each takes its share of opening DM channels).
	limits := discordtest.DiscordRateLimits().Scaled(e2eWindows)
	srv := discordtest.New(discordtest.Options{AckDeadline: 3 * time.Second, Users: users, RateLimits: &limits})
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	c := &chaos{t: t, cfg: cfg, pg: pg, url: pg.NewDB(t), srv: srv, ch: srv.DefaultChannelID(),
		rng: rand.New(rand.NewPCG(cfg.seed, 16)), acked: map[string]store.GameID{}, dmKeys: map[string]store.GameID{}, forms: map[string][]string{}}
	for _, u := range srv.Users() {
		c.users = append(c.users, u.ID)
	}
	if c.rd, err = postgres.Open(c.url, nil); err != nil {
		t.Fatal(err)
	}
	defer c.rd.Close()
	if c.db, err = pgxpool.New(context.Background(), c.url); err != nil {
		t.Fatal(err)
	}
	defer c.db.Close()
	c.lb = newBalancer(c)
	defer c.lb.close()
	for range 3 {
		c.nodes = append(c.nodes, c.startNode())
	}
	if err := srv.Endpoint().SetURL(c.lb.url); err != nil {
		t.Fatal(err)
	}
	defer func() {
		for _, n := range c.nodes {
			n.stop()
		}
	}()

	games := c.startGames()
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	for i, id := range games {
		wg.Add(1)
		go func() { defer wg.Done(); c.play(ctx, id, i) }()
	}
	faults := c.inject(cfg.faults)
	c.watching.Wait()
	cancel()
	wg.Wait()
	c.heal()
	c.check(games, faults)
}

// startNode starts one bot process.
func (c *chaos) startNode() *node {
	t := c.t
	n := &node{c: c, name: fmt.Sprintf("p%d", c.nextName.Add(1)), gate: &gate{}}
	st, err := postgres.Open(c.url, &postgres.Options{IdleInTransaction: c.cfg.ttl})
	if err != nil {
		t.Fatal(err)
	}
	n.st = st
	lw := io.Writer(io.Discard)
	if os.Getenv("SHINPAN_CHAOS_LOG") != "" {
		lw = os.Stderr
	}
	log := slog.New(slog.NewTextHandler(lw, &slog.HandlerOptions{Level: slog.LevelWarn})).With("node", n.name)
	n.cl = &chaosCluster{Cluster: st.Cluster(postgres.LeaseOptions{Process: n.name, Renew: c.cfg.ttl / 4, TTL: c.cfg.ttl, Logger: log}), n: n}
	s, _ := discordgo.New("Bot test")
	s.ShouldRetryOnRateLimit = true
	c.srv.Configure(s)
	cfg := Config{PublicKey: c.srv.Endpoint().PublicKey(), HTTPAddr: "127.0.0.1:0"}
	n.b = mustNew(t, cfg, gatedStore{Store: st, n: n}, s, WithLogger(log), WithCluster(n.cl))
	if err := n.b.Start(); err != nil {
		t.Fatal(err)
	}
	h, err := n.b.InteractionsHandler()
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	n.ep = ops.Listen(ln, h, log)
	n.b.EndpointServing(true)
	n.url = "http://" + ln.Addr().String() + "/interactions"
	return n
}

// kill stops a node at once: it hands nothing over.
func (n *node) kill() {
	n.down.Store(true)
	n.killed = true
	_ = n.ep.Close()
	_ = n.b.Close()
	_ = n.st.Close()
}

// stop stops a node cleanly (the end of the run).
func (n *node) stop() {
	if n.killed {
		return
	}
	n.gate.set(false)
	n.down.Store(true)
	n.killed = true // stop() is the last thing: hand nothing over either way
	_ = n.ep.Close()
	_ = n.b.Close()
	_ = n.st.Close()
}

// balancer spreads interactions over the live nodes; dup, when set, sends
// the next one to two of them (a delivery repeated).
type balancer struct {
	c   *chaos
	ln  net.Listener
	url string
	dup atomic.Int64
	hc  *http.Client
}

func newBalancer(c *chaos) *balancer {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		c.t.Fatal(err)
	}
	lb := &balancer{c: c, ln: ln, url: "http://" + ln.Addr().String() + "/interactions", hc: &http.Client{Timeout: 5 * time.Second}}
	go http.Serve(ln, lb) //nolint:errcheck // ends with the listener
	return lb
}

func (lb *balancer) close() { lb.ln.Close() }

func (lb *balancer) live() []*node {
	lb.c.mu.Lock()
	defer lb.c.mu.Unlock()
	var out []*node
	for _, n := range lb.c.nodes {
		if !n.down.Load() {
			out = append(out, n)
		}
	}
	lb.c.rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

func (lb *balancer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	nodes := lb.live()
	if len(nodes) > 1 && lb.dup.Load() > 0 && lb.dup.Add(-1) >= 0 {
		go lb.forward(nodes[1], r.Header, body) // the same delivery, to another process
	}
	for _, n := range nodes {
		resp, err := lb.forward(n, r.Header, body)
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

func (lb *balancer) forward(n *node, h http.Header, body []byte) (*http.Response, error) {
	req, _ := http.NewRequest(http.MethodPost, n.url, bytes.NewReader(body))
	for k, v := range h {
		req.Header[k] = v
	}
	return lb.hc.Do(req)
}

// startGames challenges and accepts, through the balancer, one game per
// pair of players; some have a turn limit and are abandoned (they must end on
// time, once).
func (c *chaos) startGames() []store.GameID {
	t := c.t
	var ids []store.GameID
	for g := range c.cfg.games {
		a, b := c.users[2*g], c.users[2*g+1]
		opts := []discordtest.Option{discordtest.StringOption("variant", "standard"),
			discordtest.UserOption("opponent", b), discordtest.StringOption("color", "black")}
		if abandoned(g) {
			opts = append(opts, discordtest.IntegerOption("turn_seconds", 10))
		}
		iid, err := c.srv.SlashCommand(a, c.ch, "shogi", discordtest.Subcommand("challenge", opts...))
		if err != nil {
			t.Fatal(err)
		}
		c.answer(iid)
		var card discordtest.Message
		c.until("the challenge card", 10*time.Second, func() bool {
			for _, m := range c.srv.BotMessages(c.ch) {
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
		iid, err = c.srv.ClickButton(b, card.ChannelID, card.ID, accept)
		if err != nil {
			t.Fatal(err)
		}
		answered := c.answer(iid)
		var id store.GameID
		// The accept opens both players' DMs and greets them through the
		// budget before the game is stored: on a busy host, with every
		// process's start and the other tests, that took over 10 s once.
		if !c.until("", 30*time.Second, func() bool {
			gs, _ := c.rd.ActiveGamesOf(a)
			if len(gs) > 0 {
				id = gs[0].ID
			}
			return id != 0
		}) {
			t.Fatalf("game %d: no game 30 s after the accept, answered %q", g, answered)
		}
		ids = append(ids, id)
	}
	return ids
}

// abandoned games stop after a few moves and must end by the turn limit.
func abandoned(g int) bool { return g%4 == 3 }

// answerWait is how long a player waits for an interaction's answer.
const answerWait = 10 * time.Second

func (c *chaos) answer(iid string) string {
	ctx, cancel := context.WithTimeout(context.Background(), answerWait)
	defer cancel()
	in, err := c.srv.WaitInteraction(ctx, iid, discordtest.Answered)
	if err != nil {
		return ""
	}
	return shown(in)
}

// until polls cond for up to d: false when it does not hold by then, or
// (what given) the test fails.
func (c *chaos) until(what string, d time.Duration, cond func() bool) bool {
	c.t.Helper()
	if what != "" {
		testkit.Eventually(c.t, what, d, cond)
		return true
	}
	return testkit.Until(d, cond)
}

// play moves in game id until the run ends or the game does: a legal move of
// the side to move, by the Move button and its modal (two of three) or typed
// in DM, then waits for it to be applied.
func (c *chaos) play(ctx context.Context, id store.GameID, g int) {
	rng := rand.New(rand.NewPCG(c.cfg.seed, uint64(id)))
	for k := 0; ctx.Err() == nil; k++ {
		if abandoned(g) && k >= 4 {
			return
		}
		meta, log, err := c.rd.LoadGame(id)
		if err != nil {
			time.Sleep(200 * time.Millisecond) // PostgreSQL restarting
			continue
		}
		if !meta.Status.Live() {
			return
		}
		rg, err := games.Rebuild(meta, log)
		if err != nil {
			c.t.Errorf("game %d: %v", id, err)
			return
		}
		turn := rg.Turn()
		pos, _ := rg.PlayerBoard(turn)
		legal := pos.LegalMoves(nil)
		if len(legal) == 0 {
			return
		}
		mv := legal[rng.IntN(len(legal))].USI()
		_, epoch := c.ownerOf(id)
		wait := 30 * time.Second
		user := meta.Players[turn]
		if rng.IntN(3) == 0 {
			mid, err := c.srv.SendDM(user, mv)
			if err == nil {
				c.mu.Lock()
				c.dmKeys[mid] = id
				c.mu.Unlock()
			}
		} else {
			switch c.moveByButton(id, user, mv) {
			case moveUnsent: // nothing queued: try again at a player's pace
				time.Sleep(150 * time.Millisecond)
				k-- // not a move
				continue
			case moveUnacknowledged:
				// Lost with its process, or queued all the same (by a process
				// killed or frozen before it answered). Wait until nothing of
				// this game waits in the inbox after any frozen process has
				// thawed, or the next move, acknowledged, would be refused,
				// rightly, behind this one.
				wait = 0
			}
		}
		// Wait for it: a move acknowledged, or typed (queued by any process
		// that reads DMs), must be applied before the next is chosen, or the
		// next would be refused for being played on a board that moved on.
		applied := func() bool {
			g, err := c.rd.GetGame(id)
			return ctx.Err() != nil || err == nil && g.LastSeq > meta.LastSeq
		}
		if wait > 0 {
			c.until("", wait, applied)
		} else {
			// Or, as a player would, try again once another process has
			// taken the game over: the late write of a frozen owner is then
			// refused. (The other looks come before applied, so that a move
			// applied in between is seen.)
			settle := time.Now().Add(c.cfg.ttl * 2)
			c.until("", 30*time.Second, func() bool {
				calm := (c.failedOver(id, epoch) || time.Now().After(settle) && !c.anyDown()) && c.inboxEmpty(ctx, id)
				return applied() || calm
			})
		}
		time.Sleep(150 * time.Millisecond) // a player's pace, not a flood
	}
}

// anyDown says whether a process is frozen (its writes held back), or
// thawed so lately that a held write may not have landed yet.
func (c *chaos) anyDown() bool {
	if time.Since(time.Unix(0, c.thawed.Load())) < time.Second {
		return true
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, n := range c.nodes {
		if n.down.Load() {
			return true
		}
	}
	return false
}

// ownerOf returns the process holding game id's partition and the lease's
// epoch (0 when unread).
func (c *chaos) ownerOf(id store.GameID) (string, int64) {
	l := c.leaseOf(id)
	return l.owner, l.epoch
}

// lease is a partition's row in leases.
type lease struct {
	owner string
	epoch int64
	taken time.Time
}

// leaseOf reads game id's partition's lease (zero when unread).
func (c *chaos) leaseOf(id store.GameID) lease {
	var l lease
	_ = c.db.QueryRow(context.Background(), "SELECT owner, epoch, taken_at FROM leases WHERE partition = $1",
		int64(store.PartitionOf(id))).Scan(&l.owner, &l.epoch, &l.taken)
	return l
}

// failedOver says whether game id's partition was taken since epoch, by a
// process that is not frozen.
func (c *chaos) failedOver(id store.GameID, epoch int64) bool {
	owner, now := c.ownerOf(id)
	if epoch == 0 || now <= epoch {
		return false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, n := range c.nodes {
		if n.name == owner {
			return !n.down.Load()
		}
	}
	return false
}

// inboxEmpty says whether no action for game id waits in the inbox.
func (c *chaos) inboxEmpty(ctx context.Context, id store.GameID) bool {
	var n int
	err := c.db.QueryRow(ctx, "SELECT count(*) FROM inbox WHERE game_id = $1", int64(id)).Scan(&n)
	return err == nil && n == 0
}

// What came of a move by the Move button.
const (
	moveAcknowledged   = iota
	moveUnsent         // no modal submitted: nothing can be queued
	moveUnacknowledged // submitted, not acknowledged: maybe queued
)

// moveByButton plays mv by the Move button and its modal.
func (c *chaos) moveByButton(id store.GameID, user, mv string) int {
	ch, err := c.srv.DMChannel(user)
	if err != nil {
		return moveUnsent
	}
	var board discordtest.Message
	for _, m := range c.srv.BotMessages(ch) {
		if strings.Contains(string(m.Components), fmt.Sprintf(`"move:%d"`, id)) {
			board = m
		}
	}
	if board.ID == "" {
		return moveUnsent // the start DM is not out yet
	}
	iid, err := c.srv.ClickButton(user, ch, board.ID, fmt.Sprintf("move:%d", id))
	if err != nil || c.answer(iid) != "[modal]" {
		return moveUnsent
	}
	iid, err = c.srv.SubmitModal(user, ch, fmt.Sprintf("movemodal:%d", id), map[string]string{"move": mv})
	if err != nil {
		return moveUnacknowledged
	}
	c.mu.Lock()
	c.forms[board.ID] = append(c.forms[board.ID], iid)
	c.mu.Unlock()
	out := c.answer(iid)
	if strings.Contains(out, "Move received") || strings.Contains(out, "the result follows") || strings.Contains(out, "You played") {
		c.mu.Lock()
		c.acked[iid] = id
		c.mu.Unlock()
		return moveAcknowledged
	}
	return moveUnacknowledged
}

var youPlayed = regexp.MustCompile(`You played [^\n]+? \(move (\d+)\)`)

// fault kinds
const (
	faultKill = iota
	faultFreeze
	faultPostgres
	faultDuplicate
	faultGateway
	faultWebhook
)

var faultNames = []string{"kill", "freeze", "postgres_restart", "duplicate_delivery", "gateway_down", "webhook_down"}

// webhookOutage is how long the one webhook_down fault of a run lasts:
// long enough that some updates, retried with back-off, come after the
// player gave up waiting for them (answerWait) and after their opponent
// moved, so that the player, their board's Move button still there,
// submits another form from that board.
const webhookOutage = 2 * answerWait

// inject runs n faults, one after another, and returns how many of each.
func (c *chaos) inject(n int) map[string]int {
	done := map[string]int{}
	for i := range n {
		c.mu.Lock()
		kind := c.rng.IntN(10)
		c.mu.Unlock()
		switch {
		case i == 4: // once a run (the draw above keeps the seed's sequence)
			kind = faultWebhook
		case i == 0 || kind < 3:
			kind = faultKill
		case i == 1 || kind < 6:
			kind = faultFreeze
		case i == 2 || kind < 7:
			kind = faultPostgres
		case i == 3 || kind < 8:
			kind = faultGateway
		default:
			kind = faultDuplicate
		}
		c.fault(kind)
		done[faultNames[kind]]++
	}
	return done
}

func (c *chaos) fault(kind int) {
	c.mu.Lock()
	victim := c.nodes[c.rng.IntN(len(c.nodes))]
	c.mu.Unlock()
	switch kind {
	case faultKill:
		t0, held := time.Now(), victim.cl.Held()
		victim.kill()
		c.watchFailover(t0, time.Now(), held) // nothing of its own commits after kill returns
		time.Sleep(c.cfg.ttl / 2)
		fresh := c.startNode()
		c.mu.Lock()
		c.nodes[slices.Index(c.nodes, victim)] = fresh
		c.mu.Unlock()
	case faultFreeze:
		t0, held := time.Now(), victim.cl.Held()
		victim.down.Store(true)
		victim.gate.set(true)
		c.watchFailover(t0, t0.Add(200*time.Millisecond), held) // a write already past the gate commits within ms
		time.Sleep(c.cfg.ttl*3/2 + c.cfg.ttl/4)                 // past its lease and the others' next renewal: they take its partitions
		victim.gate.set(false)                                  // SIGCONT: its late writes come now
		c.thawed.Store(time.Now().UnixNano())
		victim.down.Store(false)
	case faultPostgres:
		if err := c.pg.Restart(); err != nil {
			c.t.Fatal(err)
		}
		time.Sleep(c.cfg.ttl)
	case faultDuplicate:
		c.lb.dup.Add(3)
		time.Sleep(c.cfg.ttl / 4)
	case faultGateway: // every gateway session down: DMs typed meanwhile come on RESUME
		c.srv.Faults().SetGatewayDown(true)
		time.Sleep(c.cfg.ttl)
		c.srv.Faults().SetGatewayDown(false)
	case faultWebhook: // the interaction webhooks answer 500: the Move forms' updates wait, retried
		c.srv.Faults().FailNext(http.MethodPatch, "/webhooks/*/*/messages/*", math.MaxInt32, http.StatusInternalServerError)
		time.Sleep(webhookOutage)
		c.srv.Faults().Clear() // the run arms no other REST fault
	}
}

// watchFailover watches, in the background, for the first action applied
// in one of the partitions the faulted process held while it was down, and
// records how long after the fault that was (the issue's "lease lost → first
// action applied by the new owner", from the moment the process stopped); it
// gives up after 20 s (no move came there: no failover to measure).
func (c *chaos) watchFailover(t0, after time.Time, held []uint32) {
	c.watching.Add(1)
	go func() {
		defer c.watching.Done()
		c.watchFailoverSync(t0, after, held)
	}()
}

// watchFailoverSync: t0 is the fault, after the time from which any action
// applied in the process's partitions is another process's.
func (c *chaos) watchFailoverSync(t0, after time.Time, held []uint32) {
	owned := map[uint32]bool{}
	for _, p := range held {
		owned[p] = true
	}
	deadline := t0.Add(20 * time.Second)
	for time.Now().Before(deadline) {
		gs, err := c.rd.ActiveGames()
		if err == nil {
			for _, g := range gs {
				if !owned[store.PartitionOf(g.ID)] {
					continue
				}
				log, err := c.rd.Log(g.ID, 1)
				if err != nil || len(log) == 0 {
					continue
				}
				first := time.Time{}
				for k := len(log) - 1; k >= 0 && log[k].At.After(after); k-- {
					first = log[k].At
				}
				if !first.IsZero() {
					if os.Getenv("SHINPAN_CHAOS_LOG") != "" {
						c.t.Logf("failover: game %d's first action applied %v after the fault; its partition last taken %v after", g.ID, first.Sub(t0), c.leaseOf(g.ID).taken.Sub(t0))
					}
					c.mu.Lock()
					c.failovers = append(c.failovers, first.Sub(t0))
					c.mu.Unlock()
					return
				}
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// heal waits for the inbox and the outbox to empty.
func (c *chaos) heal() {
	// The owners send a game's messages one destination at a time, so a
	// backlog (the moves come faster than one channel takes them) takes a
	// while: wait as long as it shrinks.
	least, since := -1, time.Now()
	if !c.until("", 10*time.Minute, func() bool {
		out, err := c.rd.PendingOutbox()
		if err != nil {
			return false
		}
		if least < 0 || len(out) < least {
			least, since = len(out), time.Now()
		}
		if time.Since(since) > 60*time.Second {
			return true // no progress for a minute: fail below
		}
		return len(out) == 0 && c.pg.QueryInt(c.t, c.url, "SELECT count(*) FROM inbox") == 0
	}) || least > 0 || c.pg.QueryInt(c.t, c.url, "SELECT count(*) FROM inbox") > 0 {
		out, _ := c.rd.PendingOutbox()
		for _, n := range c.nodes {
			ob := n.b.ob.Stats()
			c.t.Logf("%s holds %d partitions (down %v); sender: %d in flight, %d destinations queued, %d workers, %d to mark",
				n.name, len(n.cl.Held()), n.down.Load(), ob.InFlight, ob.Queued, ob.Workers, ob.ToMark)
		}
		for _, m := range out[:min(len(out), 5)] {
			c.t.Logf("pending message %d of game %d (partition %d)", m.ID, m.GameID, store.PartitionOf(m.GameID))
		}
		c.t.Logf("the stand-in's limits: %+v", c.srv.Limits().Stats())
		c.t.Fatalf("the inbox keeps %d actions, the outbox %d messages", c.pg.QueryInt(c.t, c.url, "SELECT count(*) FROM inbox"), len(out))
	}
	c.until("the abandoned games to time out", 30*time.Second, func() bool {
		gs, err := c.rd.ActiveGames()
		if err != nil {
			return false
		}
		for _, g := range gs {
			if g.Options.TurnSeconds > 0 {
				return false
			}
		}
		return true
	})
	c.until("the outbox to empty", 30*time.Second, func() bool {
		out, err := c.rd.PendingOutbox()
		return err == nil && len(out) == 0
	})
	time.Sleep(c.cfg.ttl) // the last sends' echoes
}

func (c *chaos) check(ids []store.GameID, faults map[string]int) {
	t := c.t
	keys := map[string]int{}
	moves, editedOver, outOfOrder := 0, 0, 0
	reqs := c.srv.Requests()
	for g, id := range ids {
		meta, log, err := c.rd.LoadGame(id) // gapless, or ErrCorrupt
		if err != nil {
			t.Fatalf("game %d: %v", id, err)
		}
		rg, err := games.Rebuild(meta, log)
		if err != nil {
			t.Fatalf("game %d does not replay: %v", id, err)
		}
		if rg.Over() != !meta.Status.Live() {
			t.Errorf("game %d: replayed over=%v, stored %s", id, rg.Over(), meta.Status)
		}
		timeouts := 0
		for _, e := range log {
			keys[e.Key]++
			switch e.Action.Kind {
			case referee.ActMove:
				moves++
			case referee.ActTimeout:
				timeouts++
			}
		}
		if abandoned(g) && (timeouts != 1 || meta.Status.Live()) {
			t.Errorf("abandoned game %d: %d timeouts, status %s", id, timeouts, meta.Status)
		}
		if timeouts > 1 {
			t.Errorf("game %d timed out %d times", id, timeouts)
		}
		// Every move's message reached the mover once (nonces kept re-sends
		// by a new owner from showing twice): its text was in one message,
		// if not still there then edited away later. A move by the Move form
		// edits the board it was submitted from into the mover's update;
		// when the update is late (the webhook failing, or held by a
		// process killed) the board keeps its Move button, and a player who
		// moves from it again has the second update edit the first away,
		// as Discord would.
		for c2 := range 2 {
			user := meta.Players[c2]
			ch, _ := c.srv.DMChannel(user)
			hist := c.history(reqs, ch)
			now := map[int]int{} // messages telling it now
			for _, m := range c.srv.BotMessages(ch) {
				for _, n := range movesTold(m.Content) {
					now[n]++
				}
			}
			for _, e := range log {
				if e.Action.Kind != referee.ActMove || e.Action.Player != shogi.Color(c2) || e.UserID != user {
					continue
				}
				in := hist.toldIn(int(e.Seq))
				n := len(in)
				if n == 1 && now[int(e.Seq)] == 0 {
					// Edited away: only by another update of the player's
					// own, from another Move form on the same board.
					editedOver++
					other := c.editedOverBy(in[0])
					if other == 0 {
						for _, l := range c.toldHistory(hist, ch, id, int(e.Seq), e.At) {
							t.Log(l)
						}
						t.Fatalf("game %d: move %d's update was edited away, not by another move from its board", id, e.Seq)
					}
					if other < int(e.Seq) {
						// By an earlier one, come last: the board ends on a
						// stale update. A claim takes none of a game's
						// messages while another process holds an older one,
						// and a sender gives a message up before its claim
						// runs out, so the game's owner changing while an
						// update is retried keeps them in order.
						outOfOrder++
						t.Errorf("game %d: move %d's update was edited away by move %d's, which came after it:", id, e.Seq, other)
						for _, l := range c.toldHistory(hist, ch, id, int(e.Seq), e.At) {
							t.Log(l)
						}
					}
				}
				if n != 1 {
					for _, l := range c.toldHistory(hist, ch, id, int(e.Seq), e.At) {
						t.Log(l)
					}
					ms := c.srv.BotMessages(ch)
					t.Fatalf("game %d: move %d (committed %s) told its player %d times (%d now); %d DMs: %q", id, e.Seq,
						e.At.Format("15:04:05.000"), n, now[int(e.Seq)], len(ms), ms[min(len(ms)-1, 3)].Content)
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
	c.mu.Lock()
	defer c.mu.Unlock()
	found := 0
	for iid, id := range c.acked {
		if keys[iid] == 1 {
			found++
			continue
		}
		g, log, _ := c.rd.LoadGame(id)
		in, _ := c.srv.Interaction(iid)
		t.Logf("lost: interaction %s in game %d (%s, %d entries, result %+v), answered %q", iid, id, g.Status, len(log), g.Result, shown(in))
		if ch, err := c.srv.DMChannel(in.UserID); err == nil {
			for _, m := range c.srv.BotMessages(ch) {
				if m.Created.After(in.Created) && m.Created.Before(in.Created.Add(10*time.Second)) {
					t.Logf("  then DM at +%v: %q", m.Created.Sub(in.Created), m.Content)
				}
			}
		}
	}
	dmApplied := 0
	for mid := range c.dmKeys {
		dmApplied += keys[mid]
	}
	lost := len(c.acked) - found
	if lost > 0 {
		t.Errorf("%d acknowledged moves lost", lost)
	}
	nf := 0
	for _, n := range faults {
		nf += n
	}
	if nf < c.cfg.faults {
		t.Errorf("%d faults, want %d", nf, c.cfg.faults)
	}
	slices.Sort(c.failovers)
	p99 := time.Duration(0)
	if len(c.failovers) > 0 {
		p99 = c.failovers[min(len(c.failovers)-1, len(c.failovers)*99/100)]
	}
	reused := 0 // boards a Move form was submitted from more than once
	for _, f := range c.forms {
		if len(f) > 1 {
			reused++
		}
	}
	t.Logf("faults: %v; DMs typed %d, applied %d; boards moved from twice %d, updates edited over by another %d (by an earlier one, come last, %d); late writes refused %d; failovers (lease ttl %v): %v; the stand-in's limits: %+v",
		faults, len(c.dmKeys), dmApplied, reused, editedOver, outOfOrder, c.refused.Load(), c.cfg.ttl, c.failovers, c.srv.Limits().Stats())
	fmt.Printf("chaos: processes=3 faults=%d games=%d moves=%d acknowledged=%d found=%d duplicates=%d lost=%d failover_p99=%.1fs\n",
		nf, len(ids), moves, len(c.acked), found, dups, lost, p99.Seconds())
	if faults["freeze"] > 0 && c.refused.Load() == 0 {
		t.Errorf("no late write of a frozen process was refused")
	}
	// Three processes on one token together keep to its limits (issue 33).
	if rl := c.srv.Limits().Stats(); rl.Limited["global"] > 0 || rl.Banned {
		t.Errorf("the processes together went past the token's global limit: %+v", rl)
	}
}

// movesTold are the moves a "You played" text tells.
func movesTold(content string) []int {
	var out []int
	for _, sm := range youPlayed.FindAllStringSubmatch(content, -1) {
		n, _ := strconv.Atoi(sm[1])
		out = append(out, n)
	}
	return out
}

// change is a request that made or changed a message, and its text.
type change struct {
	r       discordtest.Request
	content string
}

// channelHistory is every message of a channel as the bot's requests made
// it, each with its changes in order: what it said before an edit too.
type channelHistory map[string][]change

// history reads channel ch's messages' changes from the stand-in's
// requests (reqs, in order of arrival).
func (c *chaos) history(reqs []discordtest.Request, ch string) channelHistory {
	h := channelHistory{}
	for _, r := range reqs {
		if r.MessageID == "" || r.Status < 200 || r.Status >= 300 || r.Method == http.MethodDelete {
			continue
		}
		if m, ok := c.srv.Message(r.MessageID); !ok || m.ChannelID != ch {
			continue
		}
		p := struct {
			Content *string `json:"content"`
			Data    *struct {
				Content *string `json:"content"`
			} `json:"data"`
		}{}
		_ = json.Unmarshal(r.Body, &p)
		content := "(no content)"
		switch {
		case p.Content != nil:
			content = *p.Content
		case p.Data != nil && p.Data.Content != nil:
			content = *p.Data.Content
		}
		h[r.MessageID] = append(h[r.MessageID], change{r, content})
	}
	return h
}

// toldIn lists the messages (by id) whose text told move seq, then or now.
func (h channelHistory) toldIn(seq int) []string {
	var ids []string
	for mid, chs := range h {
		if slices.ContainsFunc(chs, func(x change) bool { return slices.Contains(movesTold(x.content), seq) }) {
			ids = append(ids, mid)
		}
	}
	slices.Sort(ids)
	return ids
}

// editedOverBy is the move whose update message mid, which told another
// once, tells now, when Move forms were submitted from it twice or more
// (the form's update edits the board it came from); 0 for none.
func (c *chaos) editedOverBy(mid string) int {
	m, ok := c.srv.Message(mid)
	c.mu.Lock()
	forms := len(c.forms[mid])
	c.mu.Unlock()
	if told := movesTold(m.Content); ok && forms >= 2 && len(told) == 1 {
		return told[0]
	}
	return 0
}

// toldHistory says, for a move whose "You played" the check finds in no
// message, in several, or edited away, what became of it: each message of
// DM channel ch whose text told it at some point, with every request that
// made or changed it (and the moves each told) and the Move forms submitted
// from it; or, when none did, the requests of the minute after the commit;
// and what game id's outbox still holds. A text sent and edited away later
// reads differently from one never sent.
func (c *chaos) toldHistory(h channelHistory, ch string, id store.GameID, seq int, at time.Time) []string {
	told := h.toldIn(seq)
	out := []string{fmt.Sprintf("move %d of game %d (committed %s) was told in %d messages of channel %s", seq, id, at.Format("15:04:05.000"), len(told), ch)}
	for _, mid := range told {
		m, _ := c.srv.Message(mid)
		out = append(out, fmt.Sprintf("  message %s (created %s, %d edits, now telling moves %v):", mid, m.Created.Format("15:04:05.000"), m.Edits, movesTold(m.Content)))
		for _, x := range h[mid] {
			out = append(out, fmt.Sprintf("    %s %s %s -> %d dedup=%v interaction=%s: moves %v %q", x.r.Time.Format("15:04:05.000"),
				x.r.Method, x.r.Route, x.r.Status, x.r.Deduplicated, x.r.InteractionID, movesTold(x.content), clip(x.content, 60)))
		}
		c.mu.Lock()
		forms := slices.Clone(c.forms[mid])
		c.mu.Unlock()
		for _, iid := range forms {
			in, _ := c.srv.Interaction(iid)
			out = append(out, fmt.Sprintf("    Move form %s submitted from it %s, answered %q", iid, in.Created.Format("15:04:05.000"), clip(shown(in), 60)))
		}
	}
	if len(told) == 0 { // never told: what the channel got in the minute after the commit
		var near []change
		for _, chs := range h {
			for _, x := range chs {
				if d := x.r.Time.Sub(at); d > -time.Second && d < time.Minute {
					near = append(near, x)
				}
			}
		}
		slices.SortFunc(near, func(a, b change) int { return a.r.Seq - b.r.Seq })
		for _, x := range near {
			out = append(out, fmt.Sprintf("  %s %s %s -> %d message %s dedup=%v: moves %v %q", x.r.Time.Format("15:04:05.000"),
				x.r.Method, x.r.Route, x.r.Status, x.r.MessageID, x.r.Deduplicated, movesTold(x.content), clip(x.content, 60)))
		}
	}
	var n int
	_ = c.db.QueryRow(context.Background(), "SELECT count(*) FROM outbox WHERE game_id = $1", int64(id)).Scan(&n)
	out = append(out, fmt.Sprintf("  game %d's outbox holds %d messages", id, n))
	return out
}

func clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}
