package postgres

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"shinpan/store"
)

// The inbox carries an action from the process that received it to the
// process that owns its game. PutInbox notifies the channel inboxChannel with
// the game's partition when it commits, so the owner, listening, applies it
// within milliseconds; the owner also reads the inbox when it takes a
// partition, and every few seconds in case a notification was lost.

const inboxChannel = "shinpan_inbox"

// PutInbox queues an action for its game's owner. queued is false when an
// action with the same key is already waiting (delivered twice).
func (s *Store) PutInbox(key string, game store.GameID, record []byte) (queued bool, err error) {
	if err := store.CheckKey(key); err != nil || key == "" {
		return false, store.WrapOp("put inbox", fmt.Errorf("%w: inbox key %q", store.ErrInvalid, key))
	}
	p := store.PartitionOf(game)
	// One statement: the row, and the notification sent when it commits.
	var n int
	err = s.once(func(ctx context.Context) error {
		return s.pool.QueryRow(ctx, `WITH put AS (
	INSERT INTO inbox (id, key, game_id, partition, record, at_ns)
	VALUES (nextval('inbox_ids'), $1, $2, $3, $4, $5) ON CONFLICT (key) DO NOTHING RETURNING 1
) SELECT count(pg_notify($6, $7)) FROM put`, key, int64(game), int32(p), record, nanos(s.now()), inboxChannel, strconv.FormatUint(uint64(p), 10)).Scan(&n)
	})
	queued, err = n == 1, mapErr(err)
	return queued, store.WrapOp("put inbox", err)
}

// InboxPending says whether any action waits in the inbox for the game.
func (s *Store) InboxPending(game store.GameID) (bool, error) {
	var pending bool
	err := s.read(func(ctx context.Context, q dbtx) error {
		return q.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM inbox WHERE partition = $1 AND game_id = $2)",
			int32(store.PartitionOf(game)), int64(game)).Scan(&pending)
	})
	return pending, store.WrapOp("inbox pending", err)
}

// Inbox returns up to n waiting actions of the given partitions, in the
// order they were queued, but those whose id is in skip (the ones the caller
// is applying already: a reader behind need not read them again at every
// notification).
func (s *Store) Inbox(parts []uint32, skip []uint64, n int) ([]store.InboxItem, error) {
	list := make([]int32, len(parts))
	for i, p := range parts {
		list[i] = int32(p)
	}
	skipIDs := make([]int64, len(skip))
	for i, id := range skip {
		skipIDs[i] = int64(id)
	}
	var out []store.InboxItem
	err := s.read(func(ctx context.Context, q dbtx) error {
		rows, err := q.Query(ctx, "SELECT id, key, game_id, record, at_ns FROM inbox WHERE partition = ANY($1) AND id <> ALL($2) ORDER BY id LIMIT $3", list, skipIDs, n)
		if err != nil {
			return err
		}
		var it store.InboxItem
		var id, game, at int64
		var raw []byte
		_, err = pgx.ForEachRow(rows, []any{&id, &it.Key, &game, &raw, &at}, func() error {
			it.ID, it.GameID, it.At = uint64(id), store.GameID(game), fromNanos(at)
			it.Record = append([]byte(nil), raw...)
			out = append(out, it)
			return nil
		})
		return err
	})
	return out, store.WrapOp("inbox", err)
}

// ConsumeInbox removes a waiting action that was not applied (refused, or
// already applied) and queues outbox with it, in one transaction fenced like
// a game write. done is false, and nothing is queued, when another consumer
// removed it first. AppendAction removes the action it applies itself.
func (s *Store) ConsumeInbox(key string, game store.GameID, outbox []store.OutMsg) (done bool, err error) {
	if err := checkOutbox(outbox); err != nil {
		return false, store.WrapOp("consume inbox", err)
	}
	err = s.write(func(ctx context.Context, tx pgx.Tx) error {
		done = false
		if err := s.checkFence(ctx, tx, game); err != nil {
			return err
		}
		tag, err := tx.Exec(ctx, "DELETE FROM inbox WHERE key = $1", key)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return nil
		}
		done = true
		return s.queueOutbox(ctx, tx, game, 0, outbox, store.NormTime(s.now()))
	})
	if err != nil {
		return false, store.WrapOp("consume inbox", err)
	}
	if done {
		s.signal(len(outbox))
	}
	return done, nil
}

// ListenInbox calls fn with the partition of every action queued in the
// inbox, by any process, until ctx ends. It keeps its own connection and
// reconnects after a failure (a server restart); fn(AnyPartition) after a
// reconnect says that notifications may have been missed.
func (s *Store) ListenInbox(ctx context.Context, fn func(partition uint32)) {
	for ctx.Err() == nil {
		err := s.listen(ctx, fn)
		if ctx.Err() != nil {
			return
		}
		_ = err // reconnect: a restarted server, a dropped connection
		select {
		case <-ctx.Done():
			return
		case <-time.After(500 * time.Millisecond):
		}
	}
}

// AnyPartition is passed to ListenInbox's fn when notifications may have
// been missed: look at every partition held.
const AnyPartition = ^uint32(0)

func (s *Store) listen(ctx context.Context, fn func(uint32)) error {
	return s.listenOn(ctx, inboxChannel, func() { fn(AnyPartition) }, func(payload string) {
		if p, err := strconv.ParseUint(payload, 10, 32); err == nil {
			fn(uint32(p))
		}
	})
}

// listenOn LISTENs on channel on a connection of its own (not the pool's),
// calls listening once it does, then each for every notification's payload,
// until ctx ends or the connection fails (the error).
func (s *Store) listenOn(ctx context.Context, channel string, listening func(), each func(payload string)) error {
	cctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	conn, err := pgx.ConnectConfig(cctx, s.pool.Config().ConnConfig.Copy())
	cancel()
	if err != nil {
		return err
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, "LISTEN "+channel); err != nil {
		return err
	}
	listening()
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		each(n.Payload)
	}
}

// ActiveGamesOfPartitions returns the live games of the given partitions, by id (what
// a process rebuilds when it takes them).
func (s *Store) ActiveGamesOfPartitions(parts []uint32) ([]store.Game, error) {
	list := make([]int64, len(parts))
	for i, p := range parts {
		list[i] = int64(p)
	}
	var out []store.Game
	err := s.read(func(ctx context.Context, q dbtx) error {
		rows, err := q.Query(ctx, "SELECT record FROM games WHERE status IN ('pending_masks', 'active') AND id % $2 = ANY($1) ORDER BY id", list, int64(store.Partitions))
		if err != nil {
			return err
		}
		raws, err := pgx.CollectRows(rows, pgx.RowTo[[]byte])
		if err != nil {
			return err
		}
		for _, raw := range raws {
			var g store.Game
			if err := decode(raw, &g, "game"); err != nil {
				return err
			}
			out = append(out, g)
		}
		return nil
	})
	return out, store.WrapOp("active games in partitions", err)
}
