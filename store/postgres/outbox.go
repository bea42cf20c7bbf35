package postgres

import (
	"cmp"
	"context"
	"crypto/rand"
	"fmt"
	mathrand "math/rand/v2"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"

	"shinpan/store"
)

func checkOutbox(msgs []store.OutMsg) error {
	for i, m := range msgs {
		if err := store.CheckOutMsg(i, m); err != nil {
			return err
		}
	}
	return nil
}

// queueOutbox writes msgs in order, stamped with the game and seq.
func (s *Store) queueOutbox(ctx context.Context, tx pgx.Tx, game store.GameID, seq uint64, msgs []store.OutMsg, now time.Time) error {
	if len(msgs) == 0 {
		return nil
	}
	b := &pgx.Batch{}
	if err := s.queueOutboxBatch(ctx, tx, b, game, seq, msgs, now); err != nil {
		return err
	}
	return tx.SendBatch(ctx, b).Close()
}

// queueOutboxBatch adds the inserts of msgs to b. Their ids come from a
// sequence: a transaction that rolls back leaves a gap, which says nothing
// (the nonce is a keyed hash of the id).
func (s *Store) queueOutboxBatch(ctx context.Context, tx pgx.Tx, b *pgx.Batch, game store.GameID, seq uint64, msgs []store.OutMsg, now time.Time) error {
	if len(msgs) == 0 {
		return nil
	}
	if err := checkOutbox(msgs); err != nil {
		return err
	}
	key, err := s.nonceKeyTx(ctx, tx)
	if err != nil {
		return err
	}
	rows, err := tx.Query(ctx, "SELECT nextval('outbox_ids') FROM generate_series(1, $1)", len(msgs))
	if err != nil {
		return err
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return err
	}
	for i := range msgs {
		m := msgs[i]
		store.StampOutMsg(&m, uint64(ids[i]), game, seq, key, now)
		raw, err := encode(m)
		if err != nil {
			return err
		}
		b.Queue("INSERT INTO outbox (id, game_id, record) VALUES ($1, $2, $3)", ids[i], int64(m.GameID), raw)
	}
	b.Queue(countOutboxSQL, len(msgs), countShard())
	return nil
}

// The outbox's size is the sum of outbox_count's rows (schema 6); each
// transaction that changes it moves one row, at random.
const (
	countOutboxSQL = "UPDATE outbox_count SET n = n + $1 WHERE shard = $2"
	countShards    = 64
)

func countShard() int { return mathrand.IntN(countShards) }

// OutboxStats returns the outbox's size, summed from its counter rows, and
// when its first message was queued: two index reads, whatever the backlog.
func (s *Store) OutboxStats() (store.OutboxStats, error) {
	var st store.OutboxStats
	err := s.read(func(ctx context.Context, q dbtx) error {
		var n int64
		var oldest *string
		if err := q.QueryRow(ctx, `SELECT (SELECT coalesce(sum(n), 0) FROM outbox_count),
	(SELECT record->>'created_at' FROM outbox ORDER BY id LIMIT 1)`).Scan(&n, &oldest); err != nil {
			return err
		}
		if oldest == nil {
			return nil
		}
		t, err := time.Parse(time.RFC3339Nano, *oldest)
		if err != nil {
			return fmt.Errorf("%w: outbox created_at %q", store.ErrCorrupt, *oldest)
		}
		st.Depth, st.Oldest = int(n), t
		return nil
	})
	return st, store.WrapOp("outbox stats", err)
}

// nonceKeyTx returns the database's nonce secret (made at Open).
func (s *Store) nonceKeyTx(context.Context, pgx.Tx) ([]byte, error) {
	s.keyMu.Lock()
	defer s.keyMu.Unlock()
	if len(s.nonceKey) != store.NonceKeyLen {
		return nil, fmt.Errorf("%w: no nonce key", store.ErrCorrupt)
	}
	return s.nonceKey, nil
}

// loadNonceKey creates the nonce secret if the database has none and reads
// it. Processes that race to create it agree: the first insert wins.
func (s *Store) loadNonceKey(ctx context.Context) error {
	fresh := make([]byte, store.NonceKeyLen)
	rand.Read(fresh)
	var k []byte
	err := pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{}, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "INSERT INTO meta (key, value) VALUES ('nonce_key', $1) ON CONFLICT (key) DO NOTHING", fresh); err != nil {
			return err
		}
		return tx.QueryRow(ctx, "SELECT value FROM meta WHERE key = 'nonce_key'").Scan(&k)
	})
	if err != nil {
		return err
	}
	if len(k) != store.NonceKeyLen {
		return fmt.Errorf("%w: nonce key has %d bytes", store.ErrCorrupt, len(k))
	}
	s.keyMu.Lock()
	s.nonceKey = k
	s.keyMu.Unlock()
	return nil
}

// Enqueue queues messages that no game action produced.
func (s *Store) Enqueue(msgs ...store.OutMsg) error {
	err := s.write(func(ctx context.Context, tx pgx.Tx) error {
		return s.queueOutbox(ctx, tx, 0, 0, msgs, store.NormTime(s.now()))
	})
	if err != nil {
		return store.WrapOp("enqueue", err)
	}
	s.signal(len(msgs))
	return nil
}

// PendingOutbox returns the unsent messages in id order.
func (s *Store) PendingOutbox() ([]store.OutMsg, error) {
	var out []store.OutMsg
	err := s.read(func(ctx context.Context, tx dbtx) error {
		var err error
		out, err = scanOutbox(tx.Query(ctx, "SELECT record FROM outbox ORDER BY id"))
		return err
	})
	return out, store.WrapOp("pending outbox", err)
}

func scanOutbox(rows pgx.Rows, err error) ([]store.OutMsg, error) {
	if err != nil {
		return nil, err
	}
	var out []store.OutMsg
	raws, err := pgx.CollectRows(rows, pgx.RowTo[[]byte])
	if err != nil {
		return nil, err
	}
	for _, raw := range raws {
		var m store.OutMsg
		if err := decode(raw, &m, "outbox message"); err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, nil
}

// ClaimOutbox holds up to n unsent messages for this Store (its claimer):
// the messages no other claimer holds, in id order, and its own held ones
// once a third of their hold has passed (renewed, for a send retried that
// long). A game's message is not claimed while an older one of the game is
// held by another claimer (a process that owned the game before), so that
// a newer message never overtakes an older one sent elsewhere: a board
// edited in place would end on the older update. Messages of no game
// (game 0) keep no such order. The rows are taken with FOR UPDATE SKIP
// LOCKED, so senders claiming at once take different messages without
// waiting for each other.
//
// The statement reads the candidates (cand) from its snapshot, then locks
// them (got). A candidate another claim locks (skipped) or has claimed
// since the snapshot (its row's latest version, which the lock reads, is
// held) is not in got; the game's newer candidates then stay unclaimed too.
func (s *Store) ClaimOutbox(n int, hold time.Duration) ([]store.OutMsg, error) {
	var out []store.OutMsg
	now := s.now()
	renew := now.Add(hold - hold/3)
	// One statement, on its own (READ COMMITTED): a claim must not fail
	// because another claim committed. Run twice (a lost connection), it
	// holds the messages the first run held until they run out.
	err := s.once(func(ctx context.Context) error {
		args := []any{nanos(now.Add(hold)), nanos(now), n, s.claimer, nanos(renew)}
		owned := ""
		if s.owner != "" { // several processes: a game's messages go out from its owner only
			owned = "AND (game_id = 0 OR EXISTS (SELECT 1 FROM leases l WHERE l.partition = o.game_id % $6 AND l.owner = $7))"
			args = append(args, int64(store.Partitions), s.owner)
		}
		var err error
		out, err = scanOutbox(s.pool.Query(ctx, fmt.Sprintf(claimSQL, owned), args...))
		return err
	})
	if err != nil {
		return nil, store.WrapOp("claim outbox", mapErr(err))
	}
	if out == nil {
		out = []store.OutMsg{}
	}
	slices.SortFunc(out, func(a, b store.OutMsg) int { return cmp.Compare(a.ID, b.ID) })
	return out, nil
}

// claimSQL is ClaimOutbox's statement: $1 the hold's end, $2 now, $3 n, $4
// the claimer, $5 the end of a hold its claimer renews; %s the lease's
// condition on o (several processes). held: each game's oldest message
// another claimer holds; lost: each game's oldest candidate not locked.
const claimSQL = `WITH held AS MATERIALIZED (
	SELECT game_id, min(id) AS id FROM outbox
	WHERE claimed_ns > $2 AND claimed_by <> $4 AND game_id <> 0 GROUP BY game_id
), cand AS MATERIALIZED (
	SELECT id, game_id FROM outbox o
	WHERE (claimed_ns <= $2 OR (claimed_by = $4 AND claimed_ns <= $5)) %s
	AND NOT EXISTS (SELECT 1 FROM held h WHERE h.game_id = o.game_id AND h.id < o.id)
	ORDER BY id LIMIT $3
), got AS MATERIALIZED (
	SELECT id FROM outbox
	WHERE id IN (SELECT id FROM cand) AND (claimed_ns <= $2 OR (claimed_by = $4 AND claimed_ns <= $5))
	FOR UPDATE SKIP LOCKED
), lost AS MATERIALIZED (
	SELECT game_id, min(id) AS id FROM cand
	WHERE game_id <> 0 AND id NOT IN (SELECT id FROM got) GROUP BY game_id
)
UPDATE outbox o SET claimed_ns = $1, claimed_by = $4 WHERE id IN (SELECT id FROM got)
	AND NOT EXISTS (SELECT 1 FROM lost l WHERE l.game_id = o.game_id AND l.id < o.id)
RETURNING record`

// ReleaseOutbox lets go of claimed messages this sender did not send (it is
// stopping, or gave them up): another sender may take them at once. A
// message another claimer took since (this one's hold ran out) stays its.
func (s *Store) ReleaseOutbox(ids ...uint64) error {
	if len(ids) == 0 {
		return nil
	}
	list := make([]int64, len(ids))
	for i, id := range ids {
		list[i] = int64(id)
	}
	err := s.write(func(ctx context.Context, tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "UPDATE outbox SET claimed_ns = 0 WHERE id = ANY($1) AND claimed_by = $2", list, s.claimer)
		return err
	})
	return store.WrapOp("release outbox", err)
}

// MarkSent removes messages from the outbox.
func (s *Store) MarkSent(ids ...uint64) error {
	if len(ids) == 0 {
		return nil
	}
	list := make([]int64, len(ids))
	for i, id := range ids {
		list[i] = int64(id)
	}
	err := s.once(func(ctx context.Context) error {
		// One statement, no transaction around it: the rows and the count.
		_, err := s.pool.Exec(ctx, `WITH sent AS (DELETE FROM outbox WHERE id = ANY($1) RETURNING 1)
UPDATE outbox_count SET n = n - (SELECT count(*) FROM sent) WHERE shard = $2 AND EXISTS (SELECT 1 FROM sent)`, list, countShard())
		return err
	})
	return store.WrapOp("mark sent", mapErr(err))
}
