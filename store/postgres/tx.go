package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"shinpan/store"
)

// maxAttempts bounds the retries of a transaction that lost a race.
const maxAttempts = 30

var (
	writeOpts  = pgx.TxOptions{IsoLevel: pgx.ReadCommitted}
	serialOpts = pgx.TxOptions{IsoLevel: pgx.Serializable}
	readOpts   = pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}
)

// write runs fn in a READ COMMITTED transaction whose statements lock what
// they change: a game write first locks the game's row (FOR UPDATE), so the
// writes of one game are serialised and each sees the last committed state;
// unique keys (idempotency keys, log seqs) settle the rest. SERIALIZABLE
// everywhere was measured first: its predicate locks on the shared indexes
// (idempotency keys, outbox) made appends to different games abort each
// other, and the retries cost more than the locks. fn runs again from the
// start after a deadlock or serialization failure: only the last run commits.
func (s *Store) write(fn txFunc) error {
	return s.inTx(writeOpts, fn, nil)
}

// writeKeyed is write for a transaction that records the idempotency key
// key: when its COMMIT loses the connection, the key tells whether it
// committed (keyOutcome), and mine whether what the key produced is what
// this run wrote (it is not: the key was another call's, a DuplicateError).
func (s *Store) writeKeyed(key string, mine func(store.GameID, uint64) bool, fn txFunc) error {
	if key == "" {
		return s.write(fn)
	}
	return s.inTx(writeOpts, fn, func(ctx context.Context) (bool, error) {
		found, gid, seq, err := s.keyOutcome(ctx, key)
		switch {
		case err != nil || !found:
			return false, err
		case mine(gid, seq):
			return true, nil
		}
		return false, &store.DuplicateError{Key: key, GameID: gid, Seq: seq}
	})
}

// writeSerial runs fn SERIALIZABLE, retried the same way: for read-modify-
// writes of a row that may not exist yet (settings, notes), which no row
// lock can guard.
func (s *Store) writeSerial(fn txFunc) error {
	return s.inTx(serialOpts, fn, nil)
}

type txFunc = func(ctx context.Context, tx pgx.Tx) error

// dbtx is what reads need: a transaction, or the pool itself.
type dbtx interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// read runs fn on the pool, each statement on its own: one round trip for
// a one-statement read. Reads of several statements stay consistent
// without a transaction because what they combine only grows: LoadGame
// reads the game, then the log up to the LastSeq it saw, and logged entries
// never change.
func (s *Store) read(fn func(ctx context.Context, q dbtx) error) error {
	return mapErr(s.once(func(ctx context.Context) error { return fn(ctx, s.pool) }))
}

// snapshot runs fn in one read-only REPEATABLE READ transaction: one view
// of the whole database, for copying it (shinpan migrate).
func (s *Store) snapshot(fn txFunc) error {
	return s.inTx(readOpts, fn, nil)
}

// inTx runs fn in a transaction and commits it, again after a serialization
// failure or a deadlock, and once more on a new connection after a lost one
// (the store is down when that fails too: store.ErrUnavailable, nothing
// written). A COMMIT that loses its connection may have committed: outcome,
// when set, finds out (the write is then done, or run again); without it the
// error is store.ErrOutcomeUnknown.
func (s *Store) inTx(opts pgx.TxOptions, fn txFunc, outcome func(ctx context.Context) (bool, error)) error {
	if err := s.guard(); err != nil {
		return err
	}
	ctx, cancel := opContext()
	defer cancel()
	losses := 0
	for attempt := 1; ; attempt++ {
		committing, err := s.attempt(ctx, opts, fn)
		switch {
		case err == nil:
			return nil
		case retryable(err) && attempt < maxAttempts:
			// Back off a little, randomly, so the racers do not meet again.
			d := time.Duration(rand.IntN(attempt*2000)+500) * time.Microsecond
			select {
			case <-time.After(d):
				continue
			case <-ctx.Done():
				return mapErr(err)
			}
		case !lost(err):
			return mapErr(err)
		}
		if committing {
			if outcome == nil {
				s.pool.Reset()
				return unknownOutcome(err)
			}
			committed, oerr := s.resolve(err, outcome)
			s.health.noteResolved(committed, oerr)
			if oerr != nil || committed {
				return oerr
			}
			// It did not commit: nothing was written, and it may run again.
		}
		losses++
		switch {
		case ctx.Err() != nil:
			return unavailable(err)
		case losses == 1:
			s.pool.Reset()
			continue
		}
		s.markDown(err)
		return unavailable(err)
	}
}

// attempt runs fn in one transaction and commits it. committing says that
// the error is the COMMIT's, with the connection lost: the server may have
// committed it. (pgconn.SafeToRetry is no guide there: pgx v5.12 answers a
// COMMIT sent, whose reply was lost, with a "conn closed" it says is safe
// to retry; the fault tests saw such COMMITs commit.)
func (s *Store) attempt(ctx context.Context, opts pgx.TxOptions, fn txFunc) (committing bool, err error) {
	tx, err := s.pool.BeginTx(ctx, opts)
	if err != nil {
		return false, err
	}
	defer func() { _ = tx.Rollback(ctx) }() // after an error or a caller's panic; nothing after a commit
	if err := fn(ctx, tx); err != nil {
		return false, err
	}
	err = tx.Commit(ctx)
	return lost(err), err
}

// keyOutcome finds out whether the transaction that recorded key committed:
// it inserts the key itself, which waits for a transaction that holds it
// uncommitted (one whose COMMIT is under way) to end; the key is then there
// only if that one committed, and the insert, rolled back, never stays.
func (s *Store) keyOutcome(ctx context.Context, key string) (found bool, gid store.GameID, seq uint64, err error) {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return false, 0, 0, err
	}
	defer func() { _ = tx.Rollback(ctx) }()
	tag, err := tx.Exec(ctx, "INSERT INTO idem_keys (key, game_id, seq, at_ns) VALUES ($1, 0, 0, 0) ON CONFLICT (key) DO NOTHING", key)
	if err != nil || tag.RowsAffected() == 1 {
		return false, 0, 0, err
	}
	var g, q int64
	err = tx.QueryRow(ctx, "SELECT game_id, seq FROM idem_keys WHERE key = $1", key).Scan(&g, &q)
	return err == nil, store.GameID(g), uint64(q), err
}

// retryable: serialization_failure, deadlock_detected.
func retryable(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && (pe.Code == "40001" || pe.Code == "40P01")
}

func isUniqueViolation(err error, constraint string) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "23505" && (constraint == "" || pe.ConstraintName == constraint)
}

// mapErr marks a lost connection as store.ErrUnavailable; the store's own
// errors pass unchanged.
func mapErr(err error) error {
	if err == nil || errors.Is(err, store.ErrUnavailable) || !lost(err) {
		return err
	}
	return unavailable(err)
}

func encode(v any) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("encode %T: %w", v, err)
	}
	return b, nil
}

func decode(raw []byte, v any, what string) error {
	if err := json.Unmarshal(raw, v); err != nil {
		return fmt.Errorf("%w: %s: %v", store.ErrCorrupt, what, err)
	}
	return nil
}

func nanos(t time.Time) int64 { return t.UnixNano() }

func fromNanos(n int64) time.Time { return time.Unix(0, n).UTC() }
