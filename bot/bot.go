package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/budget"
	"shinpan/bot/cluster"
	"shinpan/bot/commands"
	"shinpan/bot/compose"
	"shinpan/bot/dms"
	"shinpan/bot/games"
	"shinpan/bot/interact"
	"shinpan/bot/moves"
	"shinpan/bot/outbox"
	"shinpan/bot/review"
	"shinpan/bot/texts"
	"shinpan/bot/tournaments"
	"shinpan/ops"
	"shinpan/render"
	"shinpan/store"
)

// Bot is one running referee bot: a discordgo session, the store and the live
// games. Build it with New, then Start; Close shuts it down gracefully.
//
// Lock order (take them left to right, never back): inHand (read, for an
// action's whole life) → commands' acceptMu (one per challenge or
// challenger) → games.Game.CPUMu →
// games.Game.Mu. Every other lock is a leaf, private to its package (mu
// here, the games table's and clocks', the outbox's, the DM intake's, the
// cluster node's, the watchers'): nothing is called while it is held. A
// handler holds a game's Mu only to decide and commit an action or to read
// the game; it never sends to Discord under it.
type Bot struct {
	cfg Config
	s   *discordgo.Session
	st  store.Store
	// readers reads people's settings for the texts they are sent.
	readers compose.Readers
	// compose writes the messages of what happens in games.
	compose *compose.Composer
	log     *slog.Logger
	now     func() time.Time

	mu    sync.Mutex // guards dmClosedTold
	games *games.Table
	cpu   games.CPU // the CPU seats' configuration
	// dmClosedTold remembers "game:user" pairs whose closed DMs the channel heard of.
	dmClosedTold map[string]bool
	// ob sends the outbox: a worker per destination; rest is the one
	// client of Discord's REST API.
	ob   *outbox.Sender
	rest *outbox.REST
	// gate is the one request budget every REST request passes (ops.go).
	gate *budget.Gate
	// dms takes the DMs players send (bot/dms; dmhost.go).
	dms *dms.Intake
	// closedDMs remembers the users whose DMs are closed to the bot.
	closedDMs *outbox.ClosedDMs
	// clocks indexes the active games' deadlines (clocks.go).
	clocks *games.Clocks

	ctx    context.Context
	pool   *outbox.Pool // for senders, DM queues and inbox workers
	cancel context.CancelFunc
	wg     sync.WaitGroup
	// inHand is read-locked by every action in hand, so Close can finish them.
	inHand sync.RWMutex

	metrics *ops.Metrics   // nil: none
	moves   ops.MoveClocks // actions waiting for their messages (move latency)
	// shards are the gateway sessions this process runs (gateway.go); the
	// first one's session is s. identifyGap spaces their IDENTIFYs.
	shards      []*shard
	identifyGap time.Duration
	// sharedStore says other processes use the store too (store.Shared):
	// DMs are claimed there (bot/dms/claim.go) under this process's instance name.
	sharedStore bool
	instance    string

	// router serves the interactions through the route table (table.go);
	// deferAfter is when its HTTP endpoint defers a late handler.
	router     *interact.Router
	deferAfter time.Duration
	// cl is the ownership shared with other processes (nil: this process
	// is the only one; bot/cluster, clhost.go); leases are what WithCluster
	// gave.
	cl     *cluster.Node
	leases Cluster
	// reviews shows finished games and live ones to watchers (bot/review).
	reviews *review.Reviews
	// moves answers the commands and components that act in a game
	// (bot/moves; movehost.go).
	play *moves.Moves
	// cmds answers the commands that are not moves (bot/commands; cmdhost.go).
	cmds *commands.Commands
	// tnr runs the tournaments (bot/tournaments; tnhost.go).
	tnr *tournaments.Runner

	endpointUp atomic.Bool // the Interactions Endpoint is served (ready.go)

	appID string
	self  atomic.Value // the bot user's id (string), from READY
}

// Option changes a Bot at construction (tests and the demo use them).
type Option func(*Bot)

// WithClock sets the bot's clock.
func WithClock(now func() time.Time) Option { return func(b *Bot) { b.now = now } }

// WithLogger sets the logger.
func WithLogger(l *slog.Logger) Option { return func(b *Bot) { b.log = l } }

// New returns a bot over an open store and a discordgo session that is not yet
// open (its token and Client set by the caller), or the error of a
// configuration it cannot honour (Config.Check, its defaults filled).
func New(cfg Config, st store.Store, s *discordgo.Session, opts ...Option) (*Bot, error) {
	cfg.fill()
	if err := cfg.Check(); err != nil {
		return nil, err
	}
	b := &Bot{cfg: cfg, s: s, st: st, log: slog.Default(), now: time.Now,
		dmClosedTold: map[string]bool{}, clocks: games.NewClocks(),
		deferAfter: interact.DeferAfter, identifyGap: identifyGap}
	if sh, ok := st.(store.Shared); ok && sh.Shared() {
		b.sharedStore = true
	}
	b.readers = compose.Readers{St: st}
	b.instance = newInstance()
	for _, o := range opts {
		o(b)
	}
	b.ctx, b.cancel = context.WithCancel(context.Background())
	b.pool = outbox.NewPool(b.ctx)
	b.cpu = games.CPU{Level: b.cfg.CPULevel, MoveMillis: b.cfg.CPUMoveMillis, Log: b.log}
	b.games = games.NewTable(st, b.owns, b.cpu.Seats)
	b.rest = outbox.NewREST(s, st, b.log)
	b.closedDMs = outbox.NewClosedDMs(st, b.log, func() time.Time { return b.now() })
	b.rest.SetContext(b.ctx) // Close ends the requests waiting in the budget
	b.ob = outbox.New(outbox.Config{Store: st, REST: b.rest, Log: b.log, Clustered: b.leases != nil,
		Ready:     func(ctx context.Context, method, path string) error { return b.gate.Ready(ctx, method, path) },
		Spare:     func(ctx context.Context, max time.Duration) error { return b.gate.Spare(ctx, max) },
		CardEvery: b.cfg.CardPeriod(), CardRate: func() float64 {
			if b.cfg.CardShare >= 1 {
				return 0 // no limit but the budget's
			}
			return b.cfg.CardShare * float64(b.gate.PerSecond())
		},
		Hooks: outbox.Hooks{Owns: b.owns, Sent: b.sent, Undeliverable: b.undeliverable, ThreadStarted: b.threadStarted,
			Refuse: b.closedDMs.Refuse}})
	b.reviews = review.New(review.Config{Ctx: b.ctx, Store: st, REST: b.rest, Log: b.log, Readers: b.readers,
		Limits: review.Limits{WatchDelay: b.cfg.WatchDelay, WatchRanked: b.cfg.WatchRanked, ResultGIF: b.cfg.ResultGIF,
			GIFFoulFrames: b.cfg.GIFFoulFrames}, GuildSettings: b.guildSettings, Begin: b.begin, End: b.end,
		RecordNames: func(meta store.Game) [2]string { return b.cmds.RecordNames(meta) }}) // b.cmds is made below
	b.compose = &compose.Composer{Readers: b.readers, Notes: st, Log: b.log, ResultGIF: b.reviews.ResultGIF, NotRated: compose.NotRatedLine}
	b.cmds = commands.New(commands.Config{Ctx: b.ctx, Store: st, REST: b.rest, Readers: b.readers, Compose: b.compose,
		Log: b.log, Now: func() time.Time { return b.now() }, Host: cmdHost{b}, Limits: commands.Limits{
			ChallengeMinutes: b.cfg.ChallengeMinutes, MaxOpenChallenges: b.cfg.MaxOpenChallenges, CPUMaxMoveMillis: b.cfg.CPUMaxMoveMillis,
			Threads: b.cfg.Threads, WatchRanked: b.cfg.WatchRanked, ResultGIF: b.cfg.ResultGIF, GIFFoulFrames: b.cfg.GIFFoulFrames,
			Defaults: b.cfg.options}})
	b.play = moves.New(moves.Config{Store: st, Log: b.log, Readers: b.readers, Compose: b.compose,
		Commands: b.cmds, Host: moveHost{b}})
	b.tnr = tournaments.New(tournaments.Config{Store: st, Readers: b.readers, Compose: b.compose, Log: b.log,
		Now: func() time.Time { return b.now() }, Host: tnHost{b}})
	b.router = &interact.Router{Table: b.table(), REST: b.rest, Log: b.log, DeferAfter: b.deferAfter,
		Hooks: interact.Hooks{Begin: b.begin, End: b.end, Lang: b.interactionLang, ErrorText: compose.StoreText,
			Autocomplete: b.cmds.Autocomplete, After: b.comeBack}}
	if b.leases != nil {
		b.cl = cluster.New(cluster.Config{Leases: b.leases, Host: clHost{b}, Ctx: b.ctx, WG: &b.wg, Pool: b.pool,
			Log: b.log, Readers: b.readers})
		b.instance = b.cl.Process()
	}
	b.dms = dms.New(dms.Config{Ctx: b.ctx, Store: st, REST: b.rest, Log: b.log, Pool: b.pool, Host: dmHost{b},
		Instance: b.instance, Shared: b.sharedStore, Clustered: b.cl != nil})
	b.newShards(s)
	b.instrument()
	return b, nil
}

// Start opens the gateway, registers the application commands, loads every
// active game's clocks, and starts the background work: the outbox, the timers,
// the CPUs' turns and reading the DMs missed while the bot was away.
func (b *Bot) Start() error {
	// The board sprites are drawn once per theme (every piece set's at
	// once), and the bands every board of a theme and piece set shares once
	// per language and side at the bottom: beside the rest of the start,
	// which ends when the default theme's and piece set's are ready, rather
	// than in the first moves' replies. The other sets' bands and the
	// contrast theme follow in the background, one after the other: painted
	// before Start returned, they held the first boards of the default set
	// 2.6-2.7 s instead of 0.8 s on a busy host (docs/PERFORMANCE.md).
	preloaded := make(chan struct{})
	go func() {
		defer close(preloaded)
		var labels []render.Labels
		for _, l := range texts.Langs {
			labels = append(labels, texts.BoardLabels(l, nil))
		}
		if err := render.PreloadSets(labels, render.PieceSets[:1], render.ThemeLight); err != nil {
			b.log.Error("render preload", "err", err)
		}
		go func() {
			err := render.PreloadLabels(labels, render.ThemeLight)
			if err := errors.Join(err, render.Preload(render.ThemeContrast)); err != nil {
				b.log.Error("render preload", "err", err)
			}
		}()
	}()
	defer func() { <-preloaded }()
	if err := b.openGateway(); err != nil {
		return err
	}
	if b.appID == "" {
		b.appID = b.cfg.ApplicationID
	}
	if err := b.cmds.RegisterCommands(b.cfg.DevGuild); err != nil {
		return fmt.Errorf("register commands: %w", err)
	}
	// Games load when first used; the clocks are armed from the stored
	// deadlines, and only the games a CPU plays in load now, in the background.
	active, err := b.st.ActiveGames()
	if err != nil {
		return err
	}
	if b.cl != nil {
		if err := b.cl.Start(); err != nil {
			return err
		}
	}
	for _, g := range active {
		b.track(g) // with several processes, only this one's
	}
	b.wg.Add(2)
	b.ob.Run(b.ctx, &b.wg, b.pool)
	b.dms.RunMarks(&b.wg)
	go b.timerLoop()
	go b.resumeCPUs(active)
	b.tnr.Run(b.ctx, &b.wg) // bot/tournaments: resumes those running
	b.ob.Kick()
	if b.cfg.TakesDMs() {
		b.dms.CatchUpGames(active, true)
	}
	b.dms.SetStarted() // from now on, the games gained are caught up on their own
	b.log.Info("shinpan is up", "games", len(active), "app", b.appID, "shards", b.cfg.ShardIDs(), "shard_count", b.cfg.ShardCount, "invite", InviteURL(b.appID))
	return nil
}

// Close finishes the actions in hand, stops the loops and the gateway. The
// store stays open (the caller owns it). What the outbox holds is sent at the
// next Start.
func (b *Bot) Close() error { return b.stop(nil) }

// Shutdown is Close that also sends what the outbox holds until ctx ends, once
// the actions in hand are done. New work is refused from the start.
func (b *Bot) Shutdown(ctx context.Context) error {
	return b.stop(func() { b.ob.Drain(ctx) })
}

func (b *Bot) stop(flush func()) error {
	b.cancel()
	for _, sh := range b.shards {
		sh.s.ShouldReconnectOnError = false // or a heartbeat may reconnect after Close
	}
	b.wg.Wait() // the loops stop first: they take inHand themselves
	b.inHand.Lock()
	defer b.inHand.Unlock()
	b.dms.FlushMarks() // those the actions just finished handled
	if flush != nil {
		flush()
	}
	if b.cl != nil {
		b.cl.Stop()
	}
	return b.closeGateway()
}

// botID returns the bot user's id (cached: discordgo rewrites State.User on
// every READY while handlers may read it).
func (b *Bot) botID() string {
	id, _ := b.self.Load().(string)
	return id
}

// begin marks an action in hand; it returns false once the bot is closing.
// Call end when it returns true.
func (b *Bot) begin() bool {
	b.inHand.RLock()
	if b.ctx.Err() != nil {
		b.inHand.RUnlock()
		return false
	}
	return true
}

func (b *Bot) end() { b.inHand.RUnlock() }
