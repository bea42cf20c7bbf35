package commands

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"shinpan/bot/compose"
	"shinpan/bot/games"
	"shinpan/bot/interact"
	"shinpan/bot/outbox"
	"shinpan/referee"
	"shinpan/referee/policy"
	"shinpan/referee/view"
	"shinpan/store"
)

// Commands answers the slash commands, buttons and menus that are not a
// move or a review: challenges, settings, ratings, records, notes and
// lookups. What it needs of the live games it asks of its Host.
type Commands struct {
	ctx     context.Context
	st      Store
	rest    *outbox.REST
	cfg     Limits
	log     *slog.Logger
	now     func() time.Time
	readers compose.Readers
	compose *compose.Composer
	host    Host
	// acceptMu serialises the work on one challenge (no DMs for a lost
	// race) and one challenger's count of open challenges; other
	// challenges go on meanwhile (an Accept's DM probes may wait for the
	// request budget).
	acceptMu keyedMu
	// names caches users' names for autocomplete choices (autocomplete.go).
	names sync.Map
}

// Host is what the commands ask of the bot that runs the games.
type Host interface {
	// GuildSettings are a server's settings (the zero value when none).
	GuildSettings(guild string) store.GuildSettings
	// WatchSettings are a server's watching rules: moves behind, ranked games.
	WatchSettings(gs store.GuildSettings) (delay int, ranked bool)
	// Load is a live game.
	Load(id store.GameID) (*games.Game, error)
	// Act applies an action to a game as user; StartGame starts an accepted
	// challenge's game against other.
	Act(id store.GameID, user string, a referee.Action, key string) (string, bool)
	StartGame(r *interact.Req, c store.Challenge, other string) (interact.Answer, error)
	// RecordAnswer is a finished game's record in a format (or its GIF).
	RecordAnswer(r *interact.Req, id store.GameID, format string) (interact.Answer, error)
	// DMsClosed says whether the last DM to user failed on their closed DMs;
	// DMReply answers a DM.
	DMsClosed(user string) bool
	DMReply(user, dmID, text string)
	// OwnsPartition says whether this process runs a partition's games
	// and challenges (always, alone).
	OwnsPartition(p uint32) bool
	// BotID and AppID are the bot user's and the application's ids.
	BotID() string
	AppID() string
	// Kick has the outbox send what was queued.
	Kick()
}

// Limits are the configuration the commands obey.
type Limits struct {
	ChallengeMinutes, MaxOpenChallenges, CPUMaxMoveMillis int
	// Threads, WatchRanked, ResultGIF, GIFFoulFrames: the defaults of the
	// servers that have not chosen.
	Threads, WatchRanked, ResultGIF, GIFFoulFrames bool
	// Defaults are a variant's option defaults.
	Defaults func(view.Variant) policy.Options
}

// Options are a variant's option defaults.
func (l Limits) Options(v view.Variant) policy.Options { return l.Defaults(v) }

// Store is the part of the store the commands use.
type Store interface {
	store.Games
	store.Outbox
	store.Challenges
	store.UserSettings
	store.ServerSettings
	store.Ratings
	store.Notes
	store.Queries
}

// Config is what New needs.
type Config struct {
	Ctx     context.Context // ends with the bot
	Store   Store
	REST    *outbox.REST
	Limits  Limits
	Readers compose.Readers
	Compose *compose.Composer
	Log     *slog.Logger
	Now     func() time.Time
	Host    Host
}

// New returns the commands.
func New(c Config) *Commands {
	return &Commands{ctx: c.Ctx, st: c.Store, rest: c.REST, cfg: c.Limits, log: c.Log, now: c.Now,
		readers: c.Readers, compose: c.Compose, host: c.Host}
}
