package cluster

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"shinpan/bot/compose"
	"shinpan/bot/games"
	"shinpan/bot/outbox"
	"shinpan/bot/texts"
	"shinpan/referee"
	"shinpan/store"
)

// Node is this process's side of the shared ownership: it routes the
// actions of games other processes own to them through the inbox, applies
// what the inbox holds for its own, and follows its leases.
type Node struct {
	c       Leases
	host    Host
	ctx     context.Context
	wg      *sync.WaitGroup
	pool    *outbox.Pool
	log     *slog.Logger
	readers compose.Readers
	kick    chan struct{} // wakes the inbox's reader

	mu       sync.Mutex
	inFlight map[uint64]bool                    // inbox items taken by a worker here
	queues   map[store.GameID][]store.InboxItem // per game, in inbox order
	running  map[store.GameID]bool
	waiters  map[string]*waiter // key → the handler waiting for its result
	// scan orders a read of the inbox with a worker's release of what it
	// applied, so that an item is not taken again from a read made before
	// its removal committed.
	scan sync.Mutex
}

// Host is what the node asks of the bot that runs the games.
type Host interface {
	// Begin marks work in hand, false once the bot is closing; End ends it.
	Begin() bool
	End()
	// ApplyAs applies an action as its game's owner; Draw offers or
	// accepts a draw; ReturnSeat gives a player's seat back from the CPU.
	ApplyAs(id store.GameID, rd compose.Reader, a referee.Action, key string, refusal func(texts.Lang, error) string) (string, bool, error)
	Draw(id store.GameID, user string, lang texts.Lang, key string) (string, error)
	// Hooked has the mover's update of the action under key edit the
	// interaction's message (moves.Moves.Hooked) until release is called.
	Hooked(key, user string, hook compose.Hook) (release func())
	ReturnSeat(id store.GameID, user string)
	// Load is a live game; Track arms its clocks; CPUTurn has the CPU
	// think if it is to move; DropWhere forgets the games of lost partitions.
	Load(id store.GameID) (*games.Game, error)
	Track(meta store.Game)
	CPUTurn(id store.GameID)
	DropWhere(lost func(store.GameID) bool)
	// DMReply answers a DM; TakesDMs says whether this process reads DMs;
	// DMsStarted whether its start's catch-up list is made; CatchUpGames
	// reads back what the games' players sent while no gateway was up;
	// RunDMChecks starts looking whether other processes handled DMs.
	DMReply(user, dmID, text string)
	TakesDMs() bool
	DMsStarted() bool
	CatchUpGames(games []store.Game)
	RunDMChecks(wg *sync.WaitGroup)
	// Kick has the outbox send what was queued; Unsent are the messages
	// this process claimed and did not send.
	Kick()
	Unsent() []uint64
}

// Config is what New needs.
type Config struct {
	Leases  Leases
	Host    Host
	Ctx     context.Context // ends with the bot
	WG      *sync.WaitGroup // counts the node's loops and workers
	Pool    *outbox.Pool
	Log     *slog.Logger
	Readers compose.Readers
}

// New returns the node.
func New(c Config) *Node {
	return &Node{c: c.Leases, host: c.Host, ctx: c.Ctx, wg: c.WG, pool: c.Pool, log: c.Log, readers: c.Readers,
		kick: make(chan struct{}, 1), inFlight: map[uint64]bool{}, queues: map[store.GameID][]store.InboxItem{},
		running: map[store.GameID]bool{}, waiters: map[string]*waiter{}}
}

// Process names this process among those sharing the games.
func (n *Node) Process() string { return n.c.Process() }

// Owns says whether this process applies the game's actions.
func (n *Node) Owns(id store.GameID) bool { return n.c.Owns(id) }

// OwnsPartition says whether this process runs a partition's games.
func (n *Node) OwnsPartition(p uint32) bool { return n.c.OwnsPartition(p) }

// OwnerTakesDMs says whether another live process that receives DMs owns
// the game.
func (n *Node) OwnerTakesDMs(id store.GameID) bool { return n.c.OwnerTakesDMs(id) }

// Live is how many processes share the games; Held the partitions this one
// holds.
func (n *Node) Live() int { return n.c.Live() }

// Share is this process's part of what the live processes split evenly:
// 1/Live once every other process counts it, 0 before (Leases.Share).
func (n *Node) Share(settle time.Duration) float64 { return n.c.Share(settle) }

// Held: see Live.
func (n *Node) Held() []uint32 { return n.c.Held() }

// wake signals c without blocking.
func wake(c chan struct{}) {
	select {
	case c <- struct{}{}:
	default:
	}
}
