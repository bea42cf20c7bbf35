package moves

import (
	"log/slog"
	"sync"

	"shinpan/bot/commands"
	"shinpan/bot/compose"
	"shinpan/bot/texts"
	"shinpan/referee"
	"shinpan/store"
)

// Moves answers the commands, buttons, menus and forms that act in a game:
// /shogi resign, declare, abort and draw, the Resign and Move buttons, the
// Move form, the mask menu and the tap menus (tap.go). Each finds the
// player's game (commands.Commands), then acts through its Host.
type Moves struct {
	st      Store
	log     *slog.Logger
	readers compose.Readers
	compose *compose.Composer
	cmds    *commands.Commands
	host    Host
	// diverted holds, by interaction id, the actions whose mover's DM is to
	// be the interaction's answer instead of a new message (DivertAnswer).
	// It is the bot's own: ids are unique per Discord, not per process
	// (tests run several stand-ins in one).
	diverted sync.Map // interaction id → *divert
	// hooks holds, by the action's key (the interaction id), the actions
	// whose mover's DM is to edit the interaction's message instead
	// (several processes: Hooked).
	hooks sync.Map // key → hooked
}

// Host is what the moves ask of the bot that runs the games.
type Host interface {
	// Act applies an action as user, wherever the game is run, and returns
	// the reply (empty: nothing to say) and whether it was played.
	Act(id store.GameID, user string, a referee.Action, key string) (string, bool)
	// ActQueued is Act that also says whether the action was queued for
	// the process that owns the game (several processes), whose update
	// then edits the interaction's message (Hooked).
	ActQueued(id store.GameID, user string, a referee.Action, key string) (reply string, done, queued bool)
	// Draw offers a draw, or accepts the standing offer.
	Draw(id store.GameID, user string, lang texts.Lang, key string) (string, error)
	// Clustered says whether several processes share the games (the
	// mover's update then edits the interaction's message through its
	// webhook, sent by the game owner's outbox).
	Clustered() bool
	// Kick has the outbox send what was queued.
	Kick()
}

// Store is the part of the store the moves use: they queue messages, and
// look up the actions an interaction took already.
type Store interface {
	store.Outbox
	LookupKey(key string) (store.GameID, uint64, error)
}

// Config is what New needs.
type Config struct {
	Store    Store
	Log      *slog.Logger
	Readers  compose.Readers
	Compose  *compose.Composer
	Commands *commands.Commands
	Host     Host
}

// New returns the moves.
func New(c Config) *Moves {
	return &Moves{st: c.Store, log: c.Log, readers: c.Readers, compose: c.Compose, cmds: c.Commands, host: c.Host}
}
