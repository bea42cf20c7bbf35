package tournaments

import (
	"context"
	"log/slog"
	"time"

	"shinpan/bot/compose"
	"shinpan/bot/interact"
	"shinpan/referee"
	"shinpan/referee/policy"
	"shinpan/referee/view"
	"shinpan/store"
)

// Host is what the tournaments ask of the bot that runs them.
type Host interface {
	// GuildSettings are a server's settings; ThreadsIn says whether its
	// games get threads.
	GuildSettings(guild string) store.GuildSettings
	ThreadsIn(gs store.GuildSettings) bool
	// ChallengeOptions reads a challenge's variant and options from a
	// command, or words why they are refused.
	ChallengeOptions(r *interact.Req, gs store.GuildSettings) (view.Variant, policy.Options, string)
	// Act applies an action to a game, as a player would.
	Act(id store.GameID, user string, a referee.Action, key string) (string, bool)
	// UserName is a user's name for the standings.
	UserName(ctx context.Context, id string) string
	// TurnDeadline is when the turn starting in meta runs out.
	TurnDeadline(meta store.Game, turn *policy.Turn, seq uint64) *store.Deadline
	// Owns says whether this process runs the game; AdoptNew tells its owner
	// of a new game; Track arms a new game's clocks here; Load loads it.
	Owns(id store.GameID) bool
	AdoptNew(id store.GameID)
	Track(meta store.Game)
	Load(id store.GameID) error
	// Started tells the bot of a game just created (bot/start.go).
	Started(meta store.Game)
	// CPUTurn has the CPU think if it is to move.
	CPUTurn(id store.GameID)
	// Kick has the outbox send what was queued.
	Kick()
}

// Store is the part of the store the tournaments use.
type Store interface {
	store.Games
	store.Outbox
	store.Ratings
	store.Queries
	store.Tournaments
}

// Config is what New needs.
type Config struct {
	Store   Store
	Readers compose.Readers
	Compose *compose.Composer
	Log     *slog.Logger
	Now     func() time.Time
	Host    Host
}
