// Package store persists shinpan's games in one bbolt file (default
// data/shinpan.db): game records, each game's append-only action log, snapshots,
// the outbox of Discord messages still to send, challenges, user settings,
// ratings, message ids to edit later, private notes, and the indexes the bot
// queries. Records are JSON; keys are binary and order-preserving (see keys.go).
//
// # Durability
//
// Every write is one bbolt Update transaction, fsynced on commit (NoSync is off
// unless Options.NoSync is set for bulk tests). A caller acknowledges a player's
// action only after AppendAction returned nil: the action, the game's new
// metadata, the idempotency key and the outbox messages it produced are then all
// on disk, or none of them is.
//
// # Replay
//
// The store keeps the referee's data (actions, the options with the house
// rules — policy.Options —, results) but does not apply its rules to a game
// being played: a game's state is rebuilt by the caller replaying the action
// log (Replay, LoadGame, Log) from the game's start SFEN and options under the
// rules version stored with the game; a snapshot is opaque bytes the caller
// saved at some seq, a cache that may always be ignored. Only an exported archive is replayed here, through the
// referee, to write it as KIF or CSA (Archive.Replay, KIFWriter, CSAWriter).
//
// # Hidden information
//
// The log, the mask salts and the archive hold everything the players must not
// see during a game. Nothing here is safe to show a player as is; ExportArchive
// refuses a game that is not over.
//
// # Concurrency
//
// A Store is safe for concurrent use. bbolt serialises write transactions; read
// transactions run in parallel. Callbacks the caller passes into a write
// (AppendAction's gameUpdate, UpdateGame's fn) run inside the transaction and
// must be quick and pure: no I/O, no locks, no calls back into the Store. Replay
// calls its hooks after the read transaction has ended.
//
// # Files
//
// Open creates a new file or opens one written by shinpan, upgrading its schema
// with the registered migrations (backing the file up first). It refuses, without
// writing a byte, a file that is not bbolt, is corrupt, belongs to another
// program, has a newer schema, or is held open by another process.
package store
