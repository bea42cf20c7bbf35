package review

import (
	"context"
	"log/slog"
	"sync"

	"shinpan/bot/compose"
	"shinpan/bot/outbox"
	"shinpan/store"
)

// Reviews shows games to those not playing them: a finished game step by
// step (/shogi review), its record and GIF (/shogi record), the GIF posted
// with a result, and a live game to its watchers, some moves behind
// (/shogi watch).
type Reviews struct {
	ctx           context.Context
	st            Store
	rest          *outbox.REST
	log           *slog.Logger
	readers       compose.Readers
	cfg           Limits
	guildSettings func(guild string) store.GuildSettings
	recordNames   func(meta store.Game) [2]string
	begin         func() bool
	end           func()

	// watchQ holds the games whose watchers wait for an update, done one at
	// a time (watchqueue.go); watchShown, under shownMu, is the move of the
	// game each watcher's DM last showed (watch.go).
	watchQ     watchQueue
	shownMu    sync.Mutex
	watchShown map[watchKey]int
}

// Limits are the configuration's defaults for the servers that have not
// chosen (/shogiadmin settings).
type Limits struct {
	WatchDelay               *int // moves behind (nil: 10; -1: no watching)
	WatchRanked              bool
	ResultGIF, GIFFoulFrames bool
}

// Store is the part of the store reviews and watchers use.
type Store interface {
	store.Games
	store.MessageRefs
	store.Tournaments
}

// Config is what New needs. Begin marks work in hand (false once the bot is
// closing) and End ends it; GuildSettings reads a server's settings.
type Config struct {
	Ctx           context.Context
	Store         Store
	REST          *outbox.REST
	Log           *slog.Logger
	Readers       compose.Readers
	Limits        Limits
	GuildSettings func(guild string) store.GuildSettings
	Begin         func() bool
	End           func()
	// RecordNames are the players' names for a game's record, Black first
	// (compose.GameRecord; nil: none).
	RecordNames func(meta store.Game) [2]string
}

// New returns the reviews and watchers.
func New(c Config) *Reviews {
	return &Reviews{ctx: c.Ctx, st: c.Store, rest: c.REST, log: c.Log, readers: c.Readers, cfg: c.Limits,
		guildSettings: c.GuildSettings, recordNames: c.RecordNames, begin: c.Begin, end: c.End, watchShown: map[watchKey]int{}}
}
