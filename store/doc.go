// Package store defines what shinpan keeps and the Store interface its
// backends implement: game records, each game's append-only action log with
// idempotency keys, the outbox of Discord messages still to send,
// challenges, user settings, ratings, message ids to edit later and private
// notes. The backends are store/bolt (one bbolt file, one process: the
// default) and store/postgres (PostgreSQL, shared by several processes);
// store/storetest is the conformance suite both pass.
//
// # Durability
//
// Every write is one transaction, durable on commit. A caller acknowledges a
// player's action only after AppendAction returned nil: the action, the game's
// new metadata, the idempotency key and the outbox messages it produced are
// then all stored, or none of them is.
//
// # Replay
//
// The store keeps the referee's data (actions, the options with the house
// rules — policy.Options —, results) but does not apply its rules to a game
// being played: a game's state is rebuilt by the caller replaying the action
// log (LoadGame, Log) from the game's start SFEN and options under the rules
// version stored with the game. Only an exported
// archive is replayed here, through the referee, to write it as KIF or CSA
// (Archive.Replay, KIFWriter, CSAWriter).
//
// # Hidden information
//
// The log, the mask salts and the archive hold everything the players must not
// see during a game. Nothing here is safe to show a player as is; ExportArchive
// refuses a game that is not over. Outbox nonces are keyed hashes (Nonce).
//
// # Ownership
//
// A game written by several processes is fenced: the writer passes the lease
// epoch it holds (Fence), checked in the write's own transaction.
package store
