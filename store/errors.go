package store

import (
	"errors"
	"fmt"
)

// Sentinel errors. Errors returned by the store wrap one of these (test with
// errors.Is) when the cause is one of them, and carry the operation, the path or
// the ids concerned in their text.
var (
	// ErrNotFound: no game, challenge, settings, rating or message id under that key.
	ErrNotFound = errors.New("not found")
	// ErrDuplicate: the idempotency key was seen before (see DuplicateError), or
	// ratings were already applied for the game.
	ErrDuplicate = errors.New("duplicate")
	// ErrLocked: another process (or another Store in this one) holds the bbolt file.
	ErrLocked = errors.New("database is in use by another process")
	// ErrCorrupt: the file is not a bbolt database, or a page or record of it
	// cannot be read (a bbolt panic was recovered, or a record does not decode).
	ErrCorrupt = errors.New("database file is corrupt or not a bbolt database")
	// ErrForeign: a valid bbolt file, or a PostgreSQL database with tables,
	// that is not shinpan's (no app marker).
	ErrForeign = errors.New("database does not belong to shinpan")
	// ErrNewerSchema: the file was written by a newer shinpan (schema version
	// above SchemaVersion); this program must not touch it.
	ErrNewerSchema = errors.New("database schema is newer than this program")
	// ErrInvalid: an argument is malformed (empty idempotency key, bad player,
	// key part too long, bad square...).
	ErrInvalid = errors.New("invalid argument")
	// ErrGameOver: an action was appended to a finished or aborted game.
	ErrGameOver = errors.New("game is over")
	// ErrConflict: a compare-and-set write found the record changed since
	// it was read (SaveTournament); nothing was written.
	ErrConflict = errors.New("changed by another write since it was read")
	// ErrNotOver: the game is still pending or active (export, ratings).
	ErrNotOver = errors.New("game is not over")
	// ErrExpired: the challenge has expired.
	ErrExpired = errors.New("challenge expired")
	// ErrFenced: a game write whose Fence is no longer the partition's lease
	// epoch (another process owns the game now); nothing was written.
	ErrFenced = errors.New("game is owned by another process (stale lease epoch)")
	// ErrUnavailable: the store cannot be used now: the database server
	// cannot be reached, refused the login or lost the connection, or the
	// disk refuses writes (full, read-only). Nothing was written, unless the
	// error is also ErrOutcomeUnknown. Try again later: a PostgreSQL store
	// reconnects by itself.
	ErrUnavailable = errors.New("store unavailable")
	// ErrOutcomeUnknown (errors.Is(err, ErrUnavailable) holds too): the
	// connection was lost while the write committed and the store could not
	// find out, within its time, whether it did. A write with an
	// idempotency key (AppendAction's Entry.Key, CreateGame's and
	// AcceptChallenge's key) settles it when run again with the same key
	// once the store answers: a *DuplicateError naming the game and seq means
	// the first run committed; nil means it had not and now has. (A keyed
	// write whose COMMIT lost its connection asks the server itself first,
	// and returns this only when the server did not answer in time.)
	ErrOutcomeUnknown = fmt.Errorf("%w: the write may or may not have committed", ErrUnavailable)
)

// DuplicateError is returned by AppendAction (and CreateGame, AcceptChallenge)
// when its idempotency key was already recorded. errors.Is(err, ErrDuplicate)
// holds. GameID and Seq are what the key produced the first time (Seq 0 for a
// key that created a game).
type DuplicateError struct {
	Key    string
	GameID GameID
	Seq    uint64
}

func (e *DuplicateError) Error() string {
	return fmt.Sprintf("store: idempotency key %q already used for game #%d seq %d: %v", e.Key, e.GameID, e.Seq, ErrDuplicate)
}

// Is makes errors.Is(err, ErrDuplicate) true.
func (e *DuplicateError) Is(target error) bool { return target == ErrDuplicate }
