package store

import (
	"time"

	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// Store is everything the bot keeps, as the union of the roles below: each
// package takes only the role it needs (a Games, an Outbox ...), so its tests
// need a small fake, not a whole store. Every method is one transaction: a
// write that takes an outbox commits its messages with it, and AppendAction
// commits the action, its key, its messages and the game's new state together,
// or nothing. Implementations: store/bolt (one process, the default) and
// store/postgres (several processes). Both pass the suite in store/storetest.
//
// Callbacks passed into a write (AppendAction's gameUpdate, UpdateGame's fn,
// UpdateSettings' fn) run inside the transaction and must be quick and pure:
// no I/O, no locks, no calls back into the Store. A backend may run them more
// than once (PostgreSQL retries a transaction that lost a serialization race).
type Store interface {
	Games
	Outbox
	Challenges
	UserSettings
	DMs
	ServerSettings
	Ratings
	MessageRefs
	Notes
	Queries
	Tournaments
	Admin
}

// Games are the games and their append-only action log.
type Games interface {
	// CreateGame stores a new game and returns it with its ID, times and (if
	// empty) Status active. Variant and RulesVersion are required. key, when
	// not empty, is the idempotency key of the interaction that created it: a
	// second CreateGame with it returns a *DuplicateError naming the first game
	// and writes nothing. Errors: ErrInvalid, ErrDuplicate.
	CreateGame(g Game, key string, outbox []OutMsg) (Game, error)
	// GetGame returns a game. Errors: ErrNotFound, ErrCorrupt.
	GetGame(id GameID) (Game, error)
	// UpdateGame changes a game's metadata without logging an action. fn runs
	// on a copy of the record; returning an error aborts everything. ID,
	// CreatedAt, LastSeq and Rated cannot be changed; UpdatedAt is set to now;
	// FinishedAt is set when Status leaves the live states. Returns the stored
	// game. Errors: ErrNotFound, ErrInvalid, fn's error.
	UpdateGame(id GameID, outbox []OutMsg, fn func(*Game) error) (Game, error)
	// AppendAction logs e as the next action of game id and, in the same
	// transaction, records e.Key, applies gameUpdate to the game (nil: no
	// change besides LastSeq and UpdatedAt) and queues outbox (stamped with the
	// game and e.Seq). e.Seq is assigned (LastSeq+1); e.At defaults to now.
	// Acknowledge the player only after a nil error: it is then durable.
	// Errors: *DuplicateError (nothing written), ErrNotFound, ErrGameOver,
	// ErrInvalid, ErrFenced (the writer no longer owns the game), ErrCorrupt,
	// ErrUnavailable (the store cannot be reached or written: nothing was
	// written; tell the player to try again), ErrOutcomeUnknown (also
	// ErrUnavailable: the action may have been written; run it again with
	// the same e.Key once the store answers: a *DuplicateError says it was,
	// at its GameID and Seq, and nil that it is now).
	AppendAction(id GameID, e Entry, outbox []OutMsg, gameUpdate func(*Game)) (Entry, error)
	// LoadGame returns a game's record and its whole log, read together.
	LoadGame(id GameID) (Game, []Entry, error)
	// Log returns the entries of a game with seq ≥ from (0 or 1: all), in order.
	Log(id GameID, from uint64) ([]Entry, error)
	// LookupKey returns the game and seq an idempotency key produced (seq 0:
	// it created the game). Errors: ErrNotFound.
	LookupKey(key string) (GameID, uint64, error)
	// PruneKeys forgets idempotency keys recorded before t and says how many.
	PruneKeys(before time.Time) (int, error)
}

// Outbox holds the messages committed with the decision that produced them.
type Outbox interface {
	// Enqueue queues messages that no game action produced.
	Enqueue(msgs ...OutMsg) error
	// PendingOutbox returns the unsent messages in the order they were queued.
	PendingOutbox() ([]OutMsg, error)
	// ClaimOutbox takes up to n unsent messages, in order, that no other
	// claimer (another Store on the same data) holds, and holds them for
	// the given time (a sender that dies lets them go when it runs out).
	// Senders in several processes never get the same message while it is
	// held. Its own held messages come back, their hold renewed, once a
	// third of it has passed. A game's message is not taken while another
	// claimer holds an older one of the same game: newer messages do not
	// overtake it (messages of no game, GameID 0, keep no such order).
	ClaimOutbox(n int, hold time.Duration) ([]OutMsg, error)
	// ReleaseOutbox lets go of this claimer's holds on messages it did not
	// send: a claim may take them at once. A message another claimer took
	// since (the hold ran out) stays held by it.
	ReleaseOutbox(ids ...uint64) error
	// MarkSent removes messages from the outbox: sent, or given up on.
	MarkSent(ids ...uint64) error
	// OutboxStats says how many messages are unsent and since when, without
	// reading them: its cost does not grow with the backlog.
	OutboxStats() (OutboxStats, error)
	// ActiveCounts says how many games are live (active or choosing
	// masks) by variant, without reading them: its cost does not grow
	// with the number of games. A variant with none may be absent.
	ActiveCounts() (map[view.Variant]int, error)
	// KeyedNonce is the nonce of a message sent outside the outbox (see
	// store.KeyedNonce), under the store's nonce secret.
	KeyedNonce(parts ...string) (string, error)
	// OutboxReady is signalled (buffered, capacity 1) after a commit in this
	// process that queued messages.
	OutboxReady() <-chan struct{}
}

// Challenges are the open challenges.
type Challenges interface {
	CreateChallenge(c Challenge, outbox []OutMsg) (Challenge, error)
	GetChallenge(id uint64) (Challenge, error)
	SetChallengeMessage(id uint64, messageID string) error
	// DeleteChallenge removes a challenge and queues outbox with it. Errors:
	// ErrNotFound (already gone: someone else handled it).
	DeleteChallenge(id uint64, outbox []OutMsg) (Challenge, error)
	// AcceptChallenge deletes challenge id and creates game g from it in one
	// transaction, so a challenge starts at most one game. Errors: ErrNotFound,
	// ErrExpired (the challenge stays for the sweeper), ErrDuplicate, ErrInvalid.
	AcceptChallenge(id uint64, g Game, key string, outbox []OutMsg) (Game, error)
	// Challenges returns every pending challenge (expired ones included), by id.
	Challenges() ([]Challenge, error)
	// ExpiredChallenges returns the challenges with ExpiresAt ≤ now, soonest first.
	ExpiredChallenges(now time.Time) ([]Challenge, error)
}

// UserSettings are the players' settings.
type UserSettings interface {
	// GetSettings returns a user's settings. Errors: ErrNotFound (defaults).
	GetSettings(userID string) (Settings, error)
	// UpdateSettings applies fn to a user's settings (zero value if none) and
	// stores them in one transaction. Errors: ErrInvalid.
	UpdateSettings(userID string, fn func(*Settings)) (Settings, error)
}

// DMs are the DM claims and marks that make handling a DM exactly-once.
type DMs interface {
	// ClaimDM claims a user's DM msgID for process by until the given time
	// (see JudgeDM), in one atomic step against every process sharing the
	// store; it returns what it found and the user's LastDM. A claim is
	// written only when the result is DMMine.
	ClaimDM(user, msgID, by string, now, until time.Time, takeOrphan bool) (DMClaim, string, error)
	// MarkDMHandled raises a user's LastDM to msgID (never lowers it) and
	// drops by's claim on msgID, in one atomic step.
	MarkDMHandled(user, msgID, by string) error
	// MarkDMsHandled is MarkDMHandled for several users (marks: user → DM
	// id) by the same process, in as few commits as the store allows. A
	// mark that fails (an invalid user id, say) does not keep the others
	// from being written; the error joins the failures.
	MarkDMsHandled(marks map[string]string, by string) error
	// LastDMs returns the LastDM of those of users that have one (user →
	// DM id), read in one step and straight from the data, not from a
	// cache: how a process that left DMs to another sees which it handled.
	LastDMs(users []string) (map[string]string, error)
}

// ServerSettings are the servers' settings.
type ServerSettings interface {
	// GetGuildSettings returns a server's settings. Errors: ErrNotFound
	// (defaults).
	GetGuildSettings(guildID string) (GuildSettings, error)
	// UpdateGuildSettings applies fn to a server's settings (zero value if
	// none) and stores them in one transaction. Errors: ErrInvalid.
	UpdateGuildSettings(guildID string, fn func(*GuildSettings)) (GuildSettings, error)
}

// Ratings are the ratings per server and variant.
type Ratings interface {
	GetRating(guild string, v view.Variant, user string) (Rating, error)
	// ApplyRatings writes the ratings game id's result produced and marks the
	// game Rated, in one transaction. Errors: ErrDuplicate (already rated),
	// ErrNotOver, ErrNotFound.
	ApplyRatings(id GameID, rs ...Rating) error
	// Leaderboard returns the top n of a guild and variant, best first, and
	// user's own standing (nil when user is "" or unrated).
	Leaderboard(guild string, v view.Variant, n int, user string) ([]Standing, *Standing, error)
}

// MessageRefs are the posts the bot edits later.
type MessageRefs interface {
	PutMessageRef(id GameID, purpose string, ref MessageRef) error
	GetMessageRef(id GameID, purpose string) (MessageRef, error)
	MessageRefs(id GameID) (map[string]MessageRef, error)
	DeleteMessageRef(id GameID, purpose string) error
}

// Notes are the players' private notes on squares.
type Notes interface {
	Notes(id GameID, c shogi.Color) ([]shogi.Square, error)
	ToggleNote(id GameID, c shogi.Color, sq shogi.Square) ([]shogi.Square, error)
}

// Queries find games by state, player and channel.
type Queries interface {
	// ActiveGames returns every live game by id (reloaded after a restart).
	ActiveGames() ([]Game, error)
	ActiveGamesOf(user string) ([]Game, error)
	ActiveGamesIn(channel string) ([]Game, error)
	// RecentGames returns user's last n finished games, newest first.
	RecentGames(user string, n int) ([]Game, error)
}

// Tournaments are the servers' tournaments (package tournament decides
// them; the store keeps them and starts their games).
type Tournaments interface {
	// CreateTournament stores a new tournament and returns it with its ID,
	// Version 1 and times, queuing outbox (its card) with it. Errors:
	// ErrInvalid.
	CreateTournament(t Tournament, outbox []OutMsg) (Tournament, error)
	// GetTournament returns a tournament. Errors: ErrNotFound.
	GetTournament(id uint64) (Tournament, error)
	// SaveTournament writes t over tournament t.ID if that is still at
	// t.Version, the version t was read at (compare-and-set: of two
	// processes deciding from the same version, e.g. pairing the same
	// round, one commits), and in the same transaction creates games — each
	// linked to a pairing of t (Game.Tournament), which is given the game's
	// id (tournament.Link) — and queues outbox. A crash leaves the round
	// paired with all its games, or not paired. It returns the stored
	// tournament (Version one more) and the games. ID, GuildID and
	// CreatedAt cannot change. Errors: ErrConflict (written since: nothing
	// written; read it again and decide again), ErrNotFound, ErrInvalid,
	// ErrDuplicate (a game's key).
	SaveTournament(t Tournament, games []NewGame, outbox []OutMsg) (Tournament, []Game, error)
	// ActiveTournaments returns the tournaments not over (in sign-up,
	// running or paused), by id: what a process runs after a restart.
	ActiveTournaments() ([]Tournament, error)
	// GuildTournaments returns a server's last n tournaments, over or not,
	// newest first.
	GuildTournaments(guild string, n int) ([]Tournament, error)
}

// Admin is the store's own upkeep.
type Admin interface {
	// Version returns the schema version of the data (SchemaVersion once open).
	Version() (int, error)
	// Describe names the store for logs and errors: a file path, or a database
	// URL without its password.
	Describe() string
	Close() error
}

// Shared is implemented by a backend that several processes may use at once
// (store/postgres). What a single process decides in memory, processes that
// share a store decide through it: e.g. which of them handles a DM that each
// received (the bot's DM claims).
type Shared interface {
	// Shared reports whether other processes may use the same data.
	Shared() bool
}

// SchemaVersion is the data layout this code reads and writes, in every
// backend. Open upgrades older data and refuses newer.
const SchemaVersion = 3

// Fence is the ownership a game write must still hold when it commits: the
// partition's lease epoch (the fencing token) that the writer was granted. A
// backend that runs several processes checks it in the write's transaction
// and refuses a stale one with ErrFenced. The zero Fence checks nothing.
type Fence struct {
	Partition uint32
	Epoch     uint64
}

// Fencer gives the Fence the process holds for a game (ok false: none, and
// the write is refused). Single-process backends need none.
type Fencer func(id GameID) (f Fence, ok bool)

// Partitions is how many partitions games are grouped in for ownership: a
// process holds a partition's lease, not a game's. Fixed: changing it moves
// every game.
const Partitions = 1024

// PartitionOf is the partition game id belongs to. Game ids are sequential,
// so consecutive games land in different partitions.
func PartitionOf(id GameID) uint32 { return uint32(uint64(id) % Partitions) }
