// Package bolt is the embedded store.Store: one bbolt file (default
// data/shinpan.db), one process. Records are JSON; keys are binary and
// order-preserving (see keys.go); secondary indexes are buckets kept in the
// transaction that changes what they index (schema.go).
//
// # Durability
//
// Every write runs in a bbolt write transaction, fsynced on commit (NoSync is
// off unless Options.NoSync is set for bulk tests), and returns once that
// commit is on disk. Writes that arrive while a commit is under way share the
// next transaction and its fsync (group commit, group.go); a write that fails
// is run again alone, so its error never undoes another's.
//
// # Concurrency
//
// A Store is safe for concurrent use. bbolt serialises write transactions; read
// transactions run in parallel. Outbox claims (ClaimOutbox) are held in memory:
// one process owns the file.
//
// # Files
//
// Open creates a new file or opens one written by shinpan, upgrading its schema
// with the registered migrations (backing the file up first). It refuses, without
// writing a byte, a file that is not bbolt, is corrupt, belongs to another
// program, has a newer schema, or is held open by another process.
package bolt
