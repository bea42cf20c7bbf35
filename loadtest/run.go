package loadtest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot"
	"shinpan/bot/discordtest"
	"shinpan/internal/cputime"
	"shinpan/referee/shogi"
	"shinpan/store"
	"shinpan/store/bolt"
	"shinpan/store/postgres"
)

// Config is one load test.
type Config struct {
	Games    int           // active games
	Rate     float64       // moves per second (Run)
	Duration time.Duration // how long moves are sent (Run)
	Variant  string        // tsuitate (also ""), masked, dark, standard, or mix (each in turn)
	Plies    int           // moves already played in each game when the bot starts
	// Limits are the stand-in's rate limits (nil: its default, Discord's if
	// discordtest.DiscordLimitsByDefault, else none).
	Limits *discordtest.RateLimits
	// GlobalLimit, when positive, is the stand-in's global rate limit in
	// requests per second instead of that of Limits (Discord's default is
	// 50, bigger bots get more).
	GlobalLimit int
	// Dir holds the store (default: a temporary directory, removed after).
	Dir string
	// Grace is how long Run waits after Duration for the moves in flight.
	Grace time.Duration
	// Warmup is how long after the bot's start the moves are timed apart:
	// sent and answered like the others, their p99 is Result.WarmupP99 and
	// they are left out of P50, P99 and Max (0: none). The first seconds
	// after a start are the start's (catch-ups, caches and connections
	// filling), not the steady rate's.
	Warmup time.Duration
	// Seed makes the games' moves reproducible.
	Seed uint64
	// Log receives the bot's warnings and errors (nil: discarded).
	Log io.Writer
	// Profiles are taken from the bot's start to the end of the measure
	// (the store's filling left out).
	Profiles Profiles
	// DatabaseURL, when set, puts the games in this PostgreSQL database (it
	// must hold no games) instead of a bbolt file, and Processes bots share
	// it as separate serve processes would: each its own pool, partition
	// leases and gateway session.
	DatabaseURL string
	Processes   int
	// Gateways is how many of the processes run the gateway session, and so
	// receive the DMs (0: all); the others only own games (config gateway =
	// false).
	Gateways int
	// PerChannel games share each guild channel (0 or 1: one each), as a
	// busy server's do: their cards' edits share the channel's bucket.
	PerChannel int
	// Think, when positive, paces each game as people play: a move is sent
	// a thinking time after the previous one was told to both players
	// (lognormal, median Think), instead of Rate moves a second in all.
	Think time.Duration
	// TapShare is the share of the players (0 to 1) who pick their moves
	// from the tap menus under their boards instead of typing them (taps.go).
	TapShare float64
	// DMsClosed is the share of the players whose DMs are closed; Fouls the
	// share of the moves before which the mover types an illegal move;
	// Resign the share of the moves instead of which the mover resigns and
	// challenges the opponent again (traffic.go; Fouls and Resign with
	// Think only).
	DMsClosed, Fouls, Resign float64
	// RestartAt, when positive, restarts the bot that long after the start
	// (closes it and starts a new one on the same store; with several
	// processes, the first): the run measures on.
	RestartAt time.Duration
}

// Result is what Run measured. Latencies are of the moves done.
type Result struct {
	Games          int
	Rate           float64
	Moves, Done    int           // moves sent; moves whose every message was answered
	P50, P99, Max  time.Duration // of the moves done after the warm-up
	Warmup         time.Duration
	WarmupDone     int           // moves done that were due in the warm-up
	WarmupP99      time.Duration // their p99
	CPU            float64       // per cent of one core, the whole process
	HeapMiB        float64       // live heap after a GC at the end, less that before the bot started
	Late, Retired  int           // moves that waited for a free game; games with no move left
	Stray          int           // new posts in a game's channels with no move in flight
	Resent         int           // posts that repeated a nonce (the stand-in kept the first)
	Wall, SendWall time.Duration
	Routes         map[string]int // requests by route and status
	Reconnects     int            // gateway IDENTIFYs after each session's first, and RESUMEs
	Processes      int            // bots sharing a PostgreSQL store (0: one, on bbolt)
	Gateways       int            // of them, those with a gateway session (0: all)
	// SchedP50, SchedP99: how long goroutines waited, runnable, to run
	// (upper bounds of the runtime's histogram buckets).
	SchedP50, SchedP99 time.Duration
	// StealPct is the share of the machine's CPU time its host gave to
	// others during the run (Linux's /proc/stat; -1 where unknown): on a
	// shared virtual machine, CPU this process asked for and did not get.
	StealPct float64
	// Windows are the p99 of the moves due in each WindowLen of the run, in
	// order: whether a slow tail is the start's or the whole run's.
	Windows []time.Duration
	// WindowSteal is StealPct for each WindowLen of sending, in order (nil
	// where unknown): whether a slow window is the host's.
	WindowSteal []float64
	Realism
	Traffic
}

// WindowLen is the span of Result.Windows.
const WindowLen = 5 * time.Second

// CPUPerMove is the process's CPU time over the moves done.
func (r Result) CPUPerMove() time.Duration {
	if r.Done == 0 {
		return 0
	}
	return time.Duration(r.CPU / 100 * float64(r.Wall) / float64(r.Done))
}

// String is the one line `shinpan loadtest` prints.
func (r Result) String() string {
	line := fmt.Sprintf("loadtest: games=%d rate=%g/s moves=%d done=%d p50=%sms p99=%sms max=%sms cpu=%.0f%% heap=%.1fMiB",
		r.Games, r.Rate, r.Moves, r.Done, ms(r.P50), ms(r.P99), ms(r.Max), r.CPU, r.HeapMiB)
	if r.Warmup > 0 {
		line += fmt.Sprintf(" warmup=%v warmup_p99=%sms", r.Warmup, ms(r.WarmupP99))
	}
	if r.Processes > 0 {
		line += fmt.Sprintf(" store=postgres processes=%d", r.Processes)
		if r.Gateways > 0 && r.Gateways < r.Processes {
			line += fmt.Sprintf(" gateways=%d", r.Gateways)
		}
	}
	return line
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f", float64(d.Microseconds())/1000) }

// env is a stand-in and a store filled with games, and the bot once started.
type env struct {
	srv   *discordtest.Server
	st    store.Store
	path  string
	games []*game
	bots  []*bot.Bot
	extra []store.Store // the other processes' own stores (PostgreSQL)
	log   *slog.Logger
	clean func()
	// globalLimit is the stand-in's global rate limit (0: none).
	globalLimit int
	limits      discordtest.RateLimits // the stand-in's
	dbURL       string
	processes   int
	gateways    int
	botCfg      bot.Config // the bots' (start)
	clusters    []postgres.Cluster
}

// setup starts the stand-in, fills a store (without fsync, then reopened
// with it) and returns them; the bot is not started.
func setup(cfg *Config) (*env, error) {
	if cfg.Variant == "" {
		cfg.Variant = "tsuitate" // the flag's default
	}
	if err := cfg.check(); err != nil {
		return nil, err
	}
	dir, clean := cfg.Dir, func() {}
	if dir == "" {
		tmp, err := os.MkdirTemp("", "shinpan-loadtest-")
		if err != nil {
			return nil, err
		}
		dir, clean = tmp, func() { os.RemoveAll(tmp) }
	}
	var limits discordtest.RateLimits
	switch {
	case cfg.Limits != nil:
		limits = *cfg.Limits
	case discordtest.DiscordLimitsByDefault:
		limits = discordtest.DiscordRateLimits()
	}
	if cfg.GlobalLimit > 0 {
		limits.Global = cfg.GlobalLimit
	}
	e := &env{path: filepath.Join(dir, "loadtest.db"), clean: clean, globalLimit: limits.Global, limits: limits,
		dbURL: cfg.DatabaseURL, processes: max(cfg.Processes, 1), gateways: cfg.Gateways}
	w := cfg.Log
	if w == nil {
		w = io.Discard
	}
	e.log = slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: slog.LevelWarn}))
	e.srv = discordtest.New(discordtest.Options{Validation: discordtest.ValidateOff, Lean: true, RateLimits: &limits})
	if err := e.srv.Start(); err != nil {
		clean()
		return nil, err
	}
	var err error
	if cfg.DatabaseURL != "" {
		err = e.fillPostgres(cfg)
	} else {
		err = e.fillBolt(cfg)
	}
	if err != nil {
		e.close()
		return nil, err
	}
	return e, nil
}

// fillBolt fills the bbolt file without fsync, then reopens it with.
func (e *env) fillBolt(cfg *Config) error {
	st, err := bolt.Open(e.path, &bolt.Options{NoSync: true})
	if err == nil {
		e.games, err = fill(e.srv, st, cfg.Games, cfg.Plies, cfg.Variant, cfg.Seed, cfg.PerChannel, cfg.DMsClosed)
		if cerr := st.Close(); err == nil {
			err = cerr
		}
	}
	if err == nil {
		e.st, err = bolt.Open(e.path, nil)
	}
	return err
}

// fillPostgres fills the database, which must hold no games: the load test
// is not for a database in use.
func (e *env) fillPostgres(cfg *Config) error {
	st, err := postgres.Open(cfg.DatabaseURL, &postgres.Options{OpenAll: true}) // as serve
	if err != nil {
		return err
	}
	e.st = st
	if _, err := st.GetGame(1); err == nil {
		return errors.New("the database at --database-url holds games: the load test needs an empty one")
	} else if !errors.Is(err, store.ErrNotFound) {
		return err
	}
	e.games, err = fill(e.srv, st, cfg.Games, cfg.Plies, cfg.Variant, cfg.Seed, cfg.PerChannel, cfg.DMsClosed)
	return err
}

// start builds the bot on the store and starts it; on PostgreSQL, the
// processes, each with a store of its own but the first's.
func (e *env) start() error {
	// The bots' own global budget matches the stand-in's limit; without one,
	// the most it allows (a big bot's raised limit is not ours to simulate).
	// Processes share it (each takes its part).
	rate := e.globalLimit
	if rate == 0 {
		rate = 10000
	}
	e.botCfg = bot.Config{DataPath: e.path, GlobalRate: rate}
	if e.dbURL == "" {
		return e.startBot(e.st, e.botCfg)
	}
	e.botCfg.DataPath = ""
	for i := range e.processes {
		if err := e.startProcess(i, ""); err != nil {
			return err
		}
	}
	return balanced(e.clusters)
}

// startProcess starts the i-th process on PostgreSQL (suffix tells a
// restarted one's name from the first's): the first on the env's store, the
// others, and a restarted one, on stores of their own.
func (e *env) startProcess(i int, suffix string) error {
	st := e.st
	if i > 0 || suffix != "" {
		var err error
		if st, err = postgres.Open(e.dbURL, &postgres.Options{OpenAll: true}); err != nil {
			return err
		}
		e.extra = append(e.extra, st)
	}
	cfg := e.botCfg
	if e.gateways > 0 && i >= e.gateways {
		off := false
		cfg.Gateway = &off
	}
	cl := st.(*postgres.Store).Cluster(postgres.LeaseOptions{Process: fmt.Sprintf("loadtest-%d%s", i+1, suffix), Logger: e.log, TakesDMs: cfg.TakesDMs()})
	if err := e.startBot(st, cfg, bot.WithCluster(cl)); err != nil {
		return err
	}
	e.clusters = append(e.clusters, cl)
	return nil
}

// balanceWait bounds the wait for the processes to share the partitions.
const balanceWait = 60 * time.Second

// balanced waits until each process holds its share of the partitions, as
// a cluster that has run a while does: the moves then measure the processes
// serving their own games, not the partitions moving from the first process
// to start to the others (each move of a game costs its new owner a load
// and its players' catch-up).
func balanced(clusters []postgres.Cluster) error {
	if len(clusters) < 2 {
		return nil
	}
	// Each aims at ⌈Partitions / n⌉; the last one gets what is left.
	least := store.Partitions - (len(clusters)-1)*((store.Partitions+len(clusters)-1)/len(clusters))
	deadline := time.Now().Add(balanceWait)
	for {
		ok := true
		for _, cl := range clusters {
			if len(cl.Held()) < least {
				ok = false
			}
		}
		if ok {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("the %d processes did not share the partitions within %v", len(clusters), balanceWait)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func (e *env) startBot(st store.Store, cfg bot.Config, opts ...bot.Option) error {
	s, err := discordgo.New("Bot loadtest")
	if err != nil {
		return err
	}
	e.srv.Configure(s)
	b, err := bot.New(cfg, st, s, append(opts, bot.WithLogger(e.log))...)
	if err != nil {
		return err
	}
	if err := b.Start(); err != nil {
		return err
	}
	e.bots = append(e.bots, b)
	return nil
}

// closeWait is how long close waits for the bot to stop: an overloaded bot
// drains its outbox first, which can take minutes.
const closeWait = 15 * time.Second

// close stops the bot, the store and the stand-in and removes the temporary
// store; it gives up after closeWait, leaving them to the process's exit.
func (e *env) close() {
	done := make(chan struct{})
	go func() {
		defer close(done)
		for _, b := range e.bots {
			b.Close()
		}
		for _, st := range e.extra {
			st.Close()
		}
		if e.st != nil {
			e.st.Close()
		}
		e.srv.Close()
		e.clean()
	}()
	select {
	case <-done:
	case <-time.After(closeWait):
		fmt.Fprintf(os.Stderr, "loadtest: the bot did not stop within %v; its store stays in %s\n", closeWait, e.path)
	}
}

// driver sends the moves and matches the stand-in's answers to them.
type driver struct {
	start    time.Time
	mu       sync.Mutex
	byChan   map[string]chanOf
	idle     chan *game
	inFlight int
	lat      []time.Duration
	dues     []time.Duration // when each of lat's moves was due, from start
	stray    int
	resent   int
	routes   map[string]int
	byCard   map[string]*game // card message id → its game
	think    bool             // Config.Think: a move is done once both players are told
	realism
	tapping
	traffic
}

// chanOf is a channel's game and which of the move's three messages goes
// there (a DM posted, or the game card edited).
type chanOf struct {
	g    *game
	slot int // 0, 1: the DMs of Black and White; 2: the game card in the game's channel
}

// observe notes a message the bot posted or edited.
func (d *driver) observe(ev discordtest.Event) {
	r := ev.Request
	if ev.Kind != discordtest.EventRequest {
		return
	}
	d.mu.Lock()
	d.routes[fmt.Sprintf("%s %d", r.Route, r.Status)]++
	d.count(r)
	d.mu.Unlock()
	post := r.Route == "POST /channels/{channel_id}/messages"
	edit := r.Route == "PATCH /channels/{channel_id}/messages/{message_id}"
	if post && r.Status == 403 {
		d.mu.Lock()
		if c, ok := d.byChan[channelOf(r)]; ok && c.g.closed[c.slot] {
			d.dmRefused++
		}
		d.mu.Unlock()
	}
	if !post && !edit || r.Status != 200 {
		return
	}
	if r.Deduplicated {
		d.mu.Lock()
		d.resent++ // a message sent again, answered with the first (its nonce)
		d.mu.Unlock()
		return
	}
	at := int64(ev.Time.Sub(d.start))
	d.mu.Lock()
	defer d.mu.Unlock()
	var g *game
	slot := 2
	if edit {
		if g = d.byCard[r.MessageID]; g != nil {
			d.cardShown(g, cardMove(r.Body), at)
		} else if d.guild[channelOf(r)] {
			return // a challenge's message, a finished game's card
		}
	} else {
		id := channelOf(r)
		if !d.seenPost(id, r.Body) {
			return
		}
		if c, ok := d.byChan[id]; ok {
			g, slot = c.g, c.slot
		} else if d.guild[id] {
			d.channelPosts++
			return
		}
	}
	if g != nil && post {
		d.tapBoard(g, slot, r)
	}
	if g == nil || !g.inFlight {
		if g != nil && !edit && d.expected(g, slot) {
			return
		}
		if !edit || g == nil {
			d.stray++
		}
		return
	}
	d.answered(g, slot, at)
}

// channelOf is the channel a message request is for.
func channelOf(r *discordtest.Request) string {
	id, _, _ := strings.Cut(strings.TrimPrefix(r.APIPath(), "/channels/"), "/")
	return id
}

// answered notes that the move in flight in g was told where slot says, at
// at (ns since the start). Callers hold d.mu.
func (d *driver) answered(g *game, slot int, at int64) {
	if g.got[slot] {
		return
	}
	g.got[slot] = true
	g.last = max(g.last, at)
	if slot == g.mover {
		g.acked = max(g.acked, g.pendingAck)
	}
	if slot == 1-g.mover {
		d.oppLat = append(d.oppLat, time.Duration(at-g.due))
		d.oppDues = append(d.oppDues, time.Duration(g.due))
	}
	if g.got[0] && g.got[1] && (g.got[2] || d.think) {
		g.inFlight = false
		d.inFlight--
		d.lat = append(d.lat, time.Duration(g.last-g.due))
		d.dues = append(d.dues, time.Duration(g.due))
		if d.think {
			g.free <- struct{}{}
		} else {
			d.idle <- g
		}
	}
}

// Run fills the store, starts the bot and sends cfg.Rate moves per second for
// cfg.Duration, then waits up to cfg.Grace for the moves in flight.
func Run(ctx context.Context, cfg Config) (Result, error) {
	if cfg.Rate <= 0 && cfg.Think <= 0 || cfg.Duration <= 0 {
		return Result{}, errors.New("--rate (or --think) and --duration must be positive")
	}
	if cfg.Warmup < 0 || cfg.Warmup >= cfg.Duration {
		return Result{}, fmt.Errorf("--warmup (%v) must be at least 0 and shorter than --duration (%v)", cfg.Warmup, cfg.Duration)
	}
	if cfg.Grace <= 0 {
		cfg.Grace = 10 * time.Second
	}
	e, err := setup(&cfg)
	if err != nil {
		return Result{}, err
	}
	defer e.close()
	heap0 := liveHeapMiB()
	stopProfiles, err := cfg.Profiles.Start()
	if err != nil {
		return Result{}, err
	}
	defer stopProfiles()
	if err := e.start(); err != nil {
		return Result{}, err
	}
	res := Result{Games: cfg.Games, Rate: cfg.Rate}
	d := &driver{routes: map[string]int{}, byChan: map[string]chanOf{}, byCard: map[string]*game{},
		idle: make(chan *game, len(e.games)), think: cfg.Think > 0, realism: realism{tooMany: map[string]int{}, warmup: cfg.Warmup},
		tapping: tapping{share: cfg.TapShare, seed: cfg.Seed},
		traffic: traffic{fouls: cfg.Fouls, resign: cfg.Resign, nonces: map[string]bool{}, perSec: map[int64]int{}, guild: map[string]bool{}, byID: map[string]*game{}}}
	for _, g := range e.games {
		d.guild[g.channel] = true
		g.base, g.acked = len(g.texts), len(g.texts)
		for _, c := range g.closed {
			if c {
				res.ClosedPlayers++
			}
		}
		d.byChan[g.dm[0]] = chanOf{g, 0}
		d.byChan[g.dm[1]] = chanOf{g, 1}
		d.byCard[g.card] = g
		if d.think {
			g.free = make(chan struct{}, 1)
			g.free <- struct{}{}
		} else {
			d.idle <- g
		}
	}
	if cfg.DatabaseURL != "" {
		res.Processes, res.Gateways = e.processes, e.gateways
	}
	runtime.GC()
	cpu0, sched0 := cputime.Process(), readSched()
	mach0, machOK := cputime.ReadMachine()
	d.start = time.Now()
	d.measuring = true
	unsub := e.srv.Subscribe(d.observe)
	stop := d.start.Add(cfg.Duration)
	stealDone := make(chan []float64, 1)
	stopSteal := make(chan struct{})
	go func() { stealDone <- windowSteal(mach0, machOK, stopSteal) }()
	restarted := make(chan error, 1)
	if cfg.RestartAt > 0 {
		go func() { restarted <- e.restartAt(ctx, d.start, cfg.RestartAt, &res) }()
	} else {
		restarted <- nil
	}
	var sendMu sync.Mutex // the stand-in's DMs and the results, from the games' loops
	// sendMove plays g's next move, due at due; false when g has none left.
	sendMove := func(g *game, due time.Time) (bool, error) {
		m := pickMove(g.ref, g.seen, g.rng)
		if m == shogi.NoMove {
			sendMu.Lock()
			res.Retired++
			sendMu.Unlock()
			return false, nil
		}
		a := moveAction(g.ref, m)
		if err := g.apply(a); err != nil {
			return false, err
		}
		d.mu.Lock()
		g.inFlight, g.got, g.due, g.last = true, [3]bool{}, int64(due.Sub(d.start)), 0
		g.mover, g.ply = int(a.Player), len(g.ref.Moves())
		g.got[0], g.got[1] = g.closed[0], g.closed[1] // nothing reaches a closed DM channel
		g.pendingAck = len(g.texts)
		g.cards = append(g.cards, pendingCard{ply: g.ply, due: g.due})
		d.inFlight++
		d.mu.Unlock()
		tapped := false
		if d.tapper(g, int(a.Player)) {
			var err error
			if tapped, err = d.tapMove(e.srv, g, int(a.Player), m); err != nil {
				return false, err
			}
			d.mu.Lock()
			if tapped {
				if g.inFlight { // the last pick's answer is the mover's update
					d.answered(g, g.mover, int64(time.Since(d.start)))
				}
			} else {
				d.typed++
			}
			d.mu.Unlock()
		}
		if !tapped {
			if _, err := e.srv.SendDM(g.players[a.Player], a.Text); err != nil {
				return false, err
			}
		}
		sendMu.Lock()
		res.Moves++
		sendMu.Unlock()
		return true, nil
	}
	if d.think {
		errs := make(chan error, len(e.games))
		// The players stop at stop, even those waiting for a challenge or
		// an Accept's game: the sending ends then.
		sctx, cancelSend := context.WithDeadline(ctx, stop)
		defer cancelSend()
		for _, g := range e.games {
			go func() { errs <- d.thinkLoop(sctx, e, g, cfg.Think, stop, sendMove) }()
		}
		for range e.games {
			if err := <-errs; err != nil {
				unsub()
				return res, err
			}
		}
	} else {
		interval := time.Duration(float64(time.Second) / cfg.Rate)
	send:
		for k := 0; ; k++ {
			due := d.start.Add(time.Duration(k) * interval)
			if !due.Before(stop) {
				break
			}
			time.Sleep(time.Until(due))
			var g *game
			select {
			case g = <-d.idle:
			default:
				res.Late++
				select {
				case g = <-d.idle:
				case <-time.After(time.Until(stop)):
					break send
				case <-ctx.Done():
					break send
				}
			}
			if _, err := sendMove(g, due); err != nil {
				unsub()
				return res, err
			}
		}
	}
	res.SendWall = time.Since(d.start)
	if err := <-restarted; err != nil {
		unsub()
		return res, err
	}
	close(stopSteal)
	res.WindowSteal = <-stealDone
	for deadline := time.Now().Add(cfg.Grace); time.Now().Before(deadline) && ctx.Err() == nil; time.Sleep(10 * time.Millisecond) {
		d.mu.Lock()
		n := d.inFlight
		d.mu.Unlock()
		if n == 0 {
			break
		}
	}
	res.Wall = time.Since(d.start)
	res.CPU = 100 * float64(cputime.Process()-cpu0) / float64(res.Wall)
	res.SchedP50, res.SchedP99 = schedPercentiles(sched0, readSched())
	res.StealPct = -1
	if mach1, ok := cputime.ReadMachine(); ok && machOK {
		res.StealPct = cputime.StealPercent(mach0, mach1)
	}
	unsub()
	d.mu.Lock()
	res.Windows = windowP99(d.lat, d.dues)
	var lat, warm []time.Duration
	for i, l := range d.lat {
		if d.dues[i] < cfg.Warmup {
			warm = append(warm, l)
		} else {
			lat = append(lat, l)
		}
	}
	slices.Sort(warm)
	res.Warmup, res.WarmupDone, res.WarmupP99 = cfg.Warmup, len(warm), percentile(warm, 99)
	res.Stray, res.Resent = d.stray, d.resent
	res.Routes = d.routes
	res.Done = len(lat) + len(warm)
	d.fillRealism(&res, cfg, e.limits, e.srv.Limits().Stats().Invalid)
	d.fillTraffic(&res, cfg)
	d.mu.Unlock()
	if err := d.checkLedgers(e.st, e.games, &res.Traffic); err != nil {
		return res, err
	}
	if cfg.RestartAt > 0 {
		res.InvalidAfterRestart = e.srv.Limits().Stats().InvalidTotal - res.InvalidAfterRestart
	}
	slices.Sort(lat)
	res.P50, res.P99 = percentile(lat, 50), percentile(lat, 99)
	if len(lat) > 0 {
		res.Max = lat[len(lat)-1]
	}
	res.HeapMiB = liveHeapMiB() - heap0
	gw := e.srv.Gateway()
	sessions := 1 // each process that runs the gateway identifies once
	if e.dbURL != "" {
		sessions = e.processes
		if e.gateways > 0 && e.gateways < e.processes {
			sessions = e.gateways
		}
	}
	res.Reconnects = gw.Identifies - sessions + gw.Resumes
	return res, ctx.Err()
}

// windowSteal reads the machine's CPU times every WindowLen from at (read at
// the start of sending) until stop, and returns the steal of each window
// (the last one cut short; nil where there are none).
func windowSteal(at cputime.Machine, ok bool, stop <-chan struct{}) []float64 {
	if !ok {
		return nil
	}
	var out []float64
	t := time.NewTicker(WindowLen)
	defer t.Stop()
	for {
		select {
		case <-t.C:
		case <-stop:
		}
		m, ok := cputime.ReadMachine()
		if !ok {
			return nil
		}
		out = append(out, cputime.StealPercent(at, m))
		at = m
		select {
		case <-stop:
			return out
		default:
		}
	}
}

// windowP99 is the p99 of lat in each WindowLen of dues.
func windowP99(lat, dues []time.Duration) []time.Duration {
	var by [][]time.Duration
	for i, l := range lat {
		w := int(dues[i] / WindowLen)
		for len(by) <= w {
			by = append(by, nil)
		}
		by[w] = append(by[w], l)
	}
	p := make([]time.Duration, len(by))
	for w, ls := range by {
		slices.Sort(ls)
		p[w] = percentile(ls, 99)
	}
	return p
}

// percentile is the nearest-rank p-th percentile of sorted (0 if empty).
func percentile(sorted []time.Duration, p int) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	i := (len(sorted)*p + 99) / 100
	return sorted[max(i, 1)-1]
}

// liveHeapMiB is the heap in use after a collection.
func liveHeapMiB() float64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return float64(m.HeapAlloc) / (1 << 20)
}

// maxPlies bounds --plies: the fill's random moves avoid captures, checks and
// repeated positions, and a game may run out of them long before.
const maxPlies = 1000

// check refuses settings that would measure something else than asked.
func (cfg *Config) check() error {
	switch {
	case cfg.Games <= 0:
		return errors.New("--games must be at least 1")
	case cfg.Plies < 0 || cfg.Plies > maxPlies:
		return fmt.Errorf("--plies must be from 0 to %d", maxPlies)
	case cfg.GlobalLimit < 0:
		return errors.New("--global-limit must be at least 0 (0: that of the stand-in's limits)")
	case cfg.Processes < 0:
		return errors.New("--processes must be at least 1")
	case cfg.DatabaseURL == "" && cfg.Processes > 1:
		return errors.New("--processes needs --database-url: bbolt serves one process")
	case cfg.Gateways < 0 || cfg.Gateways > max(cfg.Processes, 1):
		return fmt.Errorf("--gateways must be from 0 (all) to --processes (%d)", max(cfg.Processes, 1))
	case cfg.Gateways > 0 && cfg.DatabaseURL == "":
		return errors.New("--gateways needs --database-url and --processes")
	case cfg.RestartAt < 0 || cfg.RestartAt > 0 && cfg.Duration > 0 && cfg.RestartAt >= cfg.Duration:
		return fmt.Errorf("--restart-at must be from 0 (none) to less than --duration (%v)", cfg.Duration)
	case !(cfg.DMsClosed >= 0 && cfg.DMsClosed <= 1):
		return errors.New("--dms-closed must be from 0 to 1")
	case !(cfg.Fouls >= 0 && cfg.Fouls <= 1):
		return errors.New("--fouls must be from 0 to 1")
	case !(cfg.Resign >= 0 && cfg.Resign <= 1):
		return errors.New("--resign must be from 0 to 1")
	}
	if _, err := variantOf(cfg.Variant, 0); err != nil {
		return fmt.Errorf("--variant %q: want tsuitate, masked, dark, standard or mix", cfg.Variant)
	}
	return nil
}
