package dms

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/outbox"
	"shinpan/store"
)

// Intake takes the DMs players send: each user's DMs handled one at a time,
// in order (a queue and a worker per user), each DM once however often it
// arrives and whichever process receives it (claim.go, check.go), and the
// DMs missed while no gateway was up read back first (catchup.go). The bot
// handles each DM (Host.HandleDM); what was handled is remembered here.
type Intake struct {
	ctx         context.Context
	st          Store
	rest        *outbox.REST
	log         *slog.Logger
	pool        *outbox.Pool
	host        Host
	instance    string // this process, in the claims it holds
	sharedStore bool   // other processes use the store: DMs are claimed
	clustered   bool   // games are owned by the processes (Host.Owns)

	// mu guards what follows; it is a leaf: nothing is called under it.
	mu sync.Mutex
	// dmQueue holds each user's DMs waiting to be handled, in order.
	dmQueue map[string][]*discordgo.Message
	// catching holds the users whose missed DMs are still to be read;
	// lastDM the newest DM handled per user.
	catching map[string]bool
	lastDM   map[string]uint64
	// catchSlots bounds the catch-ups running at once; catchHeld holds the
	// users whose queued catch-up holds a slot; catchNow and catchMost
	// count the catch-ups running.
	catchSlots          chan struct{}
	catchHeld           map[string]bool
	catchNow, catchMost int
	catchLists          int  // background lists still queueing (catchUpAwaited)
	startCaughtUp       bool // Start's catch-up list is made (the games gained before are in it)
	// catchWait is the wait before a user's failed catch-up is tried
	// again (catchUpLater).
	catchWait map[string]time.Duration

	dmMarks  dmMarks  // handled DMs to remember in the store
	dmChecks dmChecks // looks at whether another process handled a DM (check.go)
}

// Host is what the intake asks of the bot.
type Host interface {
	// Begin marks work in hand, false once the bot is closing; End ends it.
	Begin() bool
	End()
	// HandleDM handles a DM; keyed says its action is stored under the
	// DM's id (read again after a crash, it is a no-op).
	HandleDM(m *discordgo.Message) (keyed bool)
	// Owns says whether this process runs the game; OwnerTakesDMs whether
	// another live process that receives DMs does.
	Owns(id store.GameID) bool
	OwnerTakesDMs(id store.GameID) bool
	// BotID is the bot user's id.
	BotID() string
}

// Store is the part of the store the DM intake uses.
type Store interface {
	store.UserSettings
	store.DMs
	store.Queries
}

// Config is what New needs.
type Config struct {
	Ctx       context.Context // ends with the bot
	Store     Store
	REST      *outbox.REST
	Log       *slog.Logger
	Pool      *outbox.Pool
	Host      Host
	Instance  string
	Shared    bool
	Clustered bool
}

// New returns the intake.
func New(c Config) *Intake {
	return &Intake{ctx: c.Ctx, st: c.Store, rest: c.REST, log: c.Log, pool: c.Pool, host: c.Host,
		instance: c.Instance, sharedStore: c.Shared, clustered: c.Clustered,
		dmQueue: map[string][]*discordgo.Message{}, catching: map[string]bool{}, lastDM: map[string]uint64{},
		catchSlots: make(chan struct{}, catchUpConcurrency), catchHeld: map[string]bool{}, catchWait: map[string]time.Duration{}}
}

// OnMessage takes a DM from the gateway (guild messages and the bot's own
// are ignored).
func (in *Intake) OnMessage(s *discordgo.Session, m *discordgo.MessageCreate) { in.onMessage(s, m) }

// RunMarks remembers the DMs handled in the background, once a second,
// until the bot's context ends; RunChecks looks, for the DMs another
// process may have handled, whether it did. wg counts them.
func (in *Intake) RunMarks(wg *sync.WaitGroup) {
	wg.Add(1)
	go func() { defer wg.Done(); in.lastDMLoop() }()
}

// RunChecks: see RunMarks.
func (in *Intake) RunChecks(wg *sync.WaitGroup) {
	wg.Add(1)
	go func() { defer wg.Done(); in.dmCheckLoop() }()
}

// FlushMarks writes the DMs handled that are not remembered yet.
func (in *Intake) FlushMarks() { in.flushLastDMs() }

// CatchUp reads back the DMs missed by every player of the active games
// (a new gateway session after an outage).
func (in *Intake) CatchUp() { in.catchUp() }

// CatchUpGames marks the players of games as to be caught up before their
// next DM, and queues the catch-ups of those the games await.
func (in *Intake) CatchUpGames(games []store.Game, pending bool) {
	if pending {
		in.markPending(games)
	}
	in.catchUpAwaited(games)
}

// SetStarted says the start's catch-up list is made: from now on the games
// a process gains are caught up on their own.
func (in *Intake) SetStarted() {
	in.mu.Lock()
	in.startCaughtUp = true
	in.mu.Unlock()
}

// Started says whether SetStarted was called; listing how many catch-up
// lists are still being queued.
func (in *Intake) Started() (started bool, listing int) {
	in.mu.Lock()
	defer in.mu.Unlock()
	return in.startCaughtUp, in.catchLists
}

// CaughtUp says whether no catch-up is queued or running.
func (in *Intake) CaughtUp() bool { return in.caughtUp() }
