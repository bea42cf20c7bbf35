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
func (s *Store) write(fn func(ctx context.Context, tx pgx.Tx) error) error {
	return s.inTx(writeOpts, fn)
}

// writeSerial runs fn SERIALIZABLE, retried the same way: for read-modify-
// writes of a row that may not exist yet (settings, notes), which no row
// lock can guard.
func (s *Store) writeSerial(fn func(ctx context.Context, tx pgx.Tx) error) error {
	return s.inTx(serialOpts, fn)
}

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
	ctx, cancel := opContext()
	defer cancel()
	return mapErr(fn(ctx, s.pool))
}

// snapshot runs fn in one read-only REPEATABLE READ transaction: one view
// of the whole database, for copying it (shinpan migrate).
func (s *Store) snapshot(fn func(ctx context.Context, tx pgx.Tx) error) error {
	return s.inTx(readOpts, fn)
}

func (s *Store) inTx(opts pgx.TxOptions, fn func(ctx context.Context, tx pgx.Tx) error) error {
	ctx, cancel := opContext()
	defer cancel()
	for attempt := 1; ; attempt++ {
		err := pgx.BeginTxFunc(ctx, s.pool, opts, func(tx pgx.Tx) error { return fn(ctx, tx) })
		if err == nil || !retryable(err) || attempt == maxAttempts {
			return mapErr(err)
		}
		// Back off a little, randomly, so the racers do not meet again.
		d := time.Duration(rand.IntN(attempt*2000)+500) * time.Microsecond
		select {
		case <-time.After(d):
		case <-ctx.Done():
			return mapErr(err)
		}
	}
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
	if err == nil {
		return nil
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return err
	}
	if pgconn.SafeToRetry(err) || pgconn.Timeout(err) || isConnErr(err) {
		return fmt.Errorf("%w: %v", store.ErrUnavailable, err)
	}
	return err
}

func isConnErr(err error) bool {
	var ce *pgconn.ConnectError
	return errors.As(err, &ce) || errors.Is(err, context.DeadlineExceeded)
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
