package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"shinpan/store"
)

// CreateGame stores a new game (see store.Store).
func (s *Store) CreateGame(g store.Game, key string, outbox []store.OutMsg) (store.Game, error) {
	var out store.Game
	err := s.writeKeyed(key, func(gid store.GameID, seq uint64) bool { return gid == out.ID && seq == 0 }, func(ctx context.Context, tx pgx.Tx) error {
		var err error
		out, err = s.createGame(ctx, tx, g, key, outbox)
		return err
	})
	err = s.duplicate(err, key)
	if err != nil {
		return store.Game{}, store.WrapOp("create game", err)
	}
	s.signal(len(outbox))
	return out, nil
}

func (s *Store) createGame(ctx context.Context, tx pgx.Tx, g store.Game, key string, outbox []store.OutMsg) (store.Game, error) {
	now := store.NormTime(s.now())
	if key != "" {
		if err := checkIdem(ctx, tx, key); err != nil {
			return store.Game{}, err
		}
	}
	if err := store.PrepareNewGame(&g, now); err != nil {
		return store.Game{}, err
	}
	if err := checkOutbox(outbox); err != nil {
		return store.Game{}, err
	}
	if err := tx.QueryRow(ctx, "SELECT nextval('game_ids')").Scan(&g.ID); err != nil {
		return store.Game{}, err
	}
	if err := insertGame(ctx, tx, &g); err != nil {
		return store.Game{}, err
	}
	if key != "" {
		if err := putIdem(ctx, tx, key, g.ID, 0, now); err != nil {
			return store.Game{}, err
		}
	}
	if err := s.queueOutbox(ctx, tx, g.ID, 0, outbox, now); err != nil {
		return store.Game{}, err
	}
	return g, nil
}

// GetGame returns a game.
func (s *Store) GetGame(id store.GameID) (store.Game, error) {
	var g store.Game
	err := s.read(func(ctx context.Context, tx dbtx) error {
		var err error
		g, err = readGame(ctx, tx, id, false)
		return err
	})
	return g, store.WrapOp("get game", err)
}

// UpdateGame changes a game's metadata without logging an action.
func (s *Store) UpdateGame(id store.GameID, outbox []store.OutMsg, fn func(*store.Game) error) (store.Game, error) {
	var out store.Game
	err := s.write(func(ctx context.Context, tx pgx.Tx) error {
		old, err := readGame(ctx, tx, id, true)
		if err != nil {
			return err
		}
		if err := s.checkFence(ctx, tx, id); err != nil {
			return err
		}
		now := store.NormTime(s.now())
		g := old
		if err := fn(&g); err != nil {
			return err
		}
		if err := store.FinishUpdate(&old, &g, now); err != nil {
			return err
		}
		if err := updateGame(ctx, tx, &g); err != nil {
			return err
		}
		out = g
		return s.queueOutbox(ctx, tx, id, old.LastSeq, outbox, now)
	})
	if err != nil {
		return store.Game{}, store.WrapOp(fmt.Sprintf("update game #%d", id), err)
	}
	s.signal(len(outbox))
	return out, nil
}

// AppendAction logs e as the next action of game id, with its key, the
// game's new state and outbox, in one transaction (see store.Store).
func (s *Store) AppendAction(id store.GameID, e store.Entry, outbox []store.OutMsg, gameUpdate func(*store.Game)) (store.Entry, error) {
	if err := store.CheckAppend(id, e); err != nil {
		return store.Entry{}, err
	}
	if err := checkOutbox(outbox); err != nil {
		return store.Entry{}, store.WrapOp(fmt.Sprintf("append to game #%d", id), err)
	}
	in := e
	mine := func(gid store.GameID, seq uint64) bool { return gid == id && seq == e.Seq }
	err := s.writeKeyed(in.Key, mine, func(ctx context.Context, tx pgx.Tx) error {
		e = in
		old, dup, err := s.readGameForAppend(ctx, tx, id, e.Key) // locks the game: its writers queue here
		if err != nil {                                          // then the fence: a stale owner learns it is one
			return err
		}
		if dup != nil {
			return dup
		}
		now := store.NormTime(s.now())
		g, err := store.ApplyAppend(old, &e, gameUpdate, now)
		if err != nil {
			return err
		}
		raw, err := encode(e)
		if err != nil {
			return err
		}
		gargs, err := gameColumns(&g)
		if err != nil {
			return err
		}
		b := &pgx.Batch{}
		b.Queue("INSERT INTO game_log (game_id, seq, entry) VALUES ($1, $2, $3)", int64(id), int64(e.Seq), raw)
		b.Queue("INSERT INTO idem_keys (key, game_id, seq, at_ns) VALUES ($1, $2, $3, $4)", e.Key, int64(id), int64(e.Seq), nanos(now))
		b.Queue(updateGameSQL, gargs...)
		if s.owner != "" { // the action may come from the inbox: it is applied once
			b.Queue("DELETE FROM inbox WHERE key = $1", e.Key)
		}
		if err := s.queueOutboxBatch(ctx, tx, b, id, e.Seq, outbox, now); err != nil {
			return err
		}
		if err := tx.SendBatch(ctx, b).Close(); err != nil {
			if isUniqueViolation(err, "game_log_pkey") {
				return fmt.Errorf("%w: game #%d has a log entry at seq %d beyond last_seq %d", store.ErrCorrupt, id, e.Seq, old.LastSeq)
			}
			return err
		}
		return nil
	})
	err = s.duplicate(err, in.Key)
	if err != nil {
		return store.Entry{}, store.WrapOp(fmt.Sprintf("append to game #%d", id), err)
	}
	s.signal(len(outbox))
	return e, nil
}

// duplicate turns the unique violation of a key that a concurrent
// transaction recorded first into the DuplicateError naming what it made.
func (s *Store) duplicate(err error, key string) error {
	if key != "" && isUniqueViolation(err, "idem_keys_pkey") {
		if gid, seq, lerr := s.LookupKey(key); lerr == nil {
			return &store.DuplicateError{Key: key, GameID: gid, Seq: seq}
		}
	}
	return err
}

// checkFence refuses a game write when the process's lease epoch for the
// game's partition is no longer the one in the leases table, read in the
// write's own transaction.
func (s *Store) checkFence(ctx context.Context, tx pgx.Tx, id store.GameID) error {
	if s.fencer == nil {
		return nil
	}
	f, ok := s.fencer(id)
	if !ok {
		return fmt.Errorf("game #%d: no lease held: %w", id, store.ErrFenced)
	}
	var epoch *int64
	// FOR SHARE: a takeover (which updates the row) waits for this write to
	// commit, and this write sees a takeover that committed first.
	err := tx.QueryRow(ctx, "SELECT epoch FROM leases WHERE partition = $1 FOR SHARE", int64(f.Partition)).Scan(&epoch)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return err
	}
	return fenceErr(id, f, epoch)
}

// fenceErr refuses a write under fence f when the lease's epoch (nil: no
// lease row) is another.
func fenceErr(id store.GameID, f store.Fence, epoch *int64) error {
	if epoch == nil {
		return fmt.Errorf("game #%d: partition %d has no lease: %w", id, f.Partition, store.ErrFenced)
	}
	if uint64(*epoch) != f.Epoch {
		return fmt.Errorf("game #%d: partition %d is at epoch %d, this process holds %d: %w", id, f.Partition, *epoch, f.Epoch, store.ErrFenced)
	}
	return nil
}

// checkIdem returns a *store.DuplicateError if key was recorded.
func checkIdem(ctx context.Context, tx dbtx, key string) error {
	if err := store.CheckKey(key); err != nil {
		return err
	}
	var gid, seq int64
	err := tx.QueryRow(ctx, "SELECT game_id, seq FROM idem_keys WHERE key = $1", key).Scan(&gid, &seq)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	return &store.DuplicateError{Key: key, GameID: store.GameID(gid), Seq: uint64(seq)}
}

func putIdem(ctx context.Context, tx pgx.Tx, key string, id store.GameID, seq uint64, now time.Time) error {
	_, err := tx.Exec(ctx, "INSERT INTO idem_keys (key, game_id, seq, at_ns) VALUES ($1, $2, $3, $4)", key, int64(id), int64(seq), nanos(now))
	return err
}

// LookupKey returns the game and seq an idempotency key produced.
func (s *Store) LookupKey(key string) (store.GameID, uint64, error) {
	var gid, seq int64
	err := s.read(func(ctx context.Context, tx dbtx) error {
		err := tx.QueryRow(ctx, "SELECT game_id, seq FROM idem_keys WHERE key = $1", key).Scan(&gid, &seq)
		if errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("idempotency key %q: %w", key, store.ErrNotFound)
		}
		return err
	})
	if err != nil {
		return 0, 0, store.WrapOp("lookup key", err)
	}
	return store.GameID(gid), uint64(seq), nil
}

// PruneKeys forgets idempotency keys recorded before t.
func (s *Store) PruneKeys(before time.Time) (int, error) {
	var n int64
	err := s.write(func(ctx context.Context, tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, "DELETE FROM idem_keys WHERE at_ns < $1", nanos(before))
		n = tag.RowsAffected()
		return err
	})
	return int(n), store.WrapOp("prune keys", err)
}

// Log returns the entries of a game with seq ≥ from, in order.
func (s *Store) Log(id store.GameID, from uint64) ([]store.Entry, error) {
	var out []store.Entry
	err := s.read(func(ctx context.Context, tx dbtx) error {
		g, err := readGame(ctx, tx, id, false)
		if err != nil {
			return err
		}
		out, err = readLog(ctx, tx, id, from, g.LastSeq)
		return err
	})
	return out, store.WrapOp(fmt.Sprintf("log of game #%d", id), err)
}

// LoadGame returns a game's record and its whole log from one snapshot.
func (s *Store) LoadGame(id store.GameID) (store.Game, []store.Entry, error) {
	var g store.Game
	var log []store.Entry
	err := s.read(func(ctx context.Context, tx dbtx) error {
		var err error
		if g, err = readGame(ctx, tx, id, false); err != nil {
			return err
		}
		log, err = readLog(ctx, tx, id, 1, g.LastSeq)
		return err
	})
	if err != nil {
		return store.Game{}, nil, store.WrapOp(fmt.Sprintf("load game #%d", id), err)
	}
	return g, log, nil
}

// readLog reads entries from..to (inclusive) and checks they are all there.
func readLog(ctx context.Context, tx dbtx, id store.GameID, from, to uint64) ([]store.Entry, error) {
	if from == 0 {
		from = 1
	}
	if to < from {
		return []store.Entry{}, nil
	}
	rows, err := tx.Query(ctx, "SELECT seq, entry FROM game_log WHERE game_id = $1 AND seq BETWEEN $2 AND $3 ORDER BY seq", int64(id), int64(from), int64(to))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := make([]store.Entry, 0, to-from+1)
	want := from
	for rows.Next() {
		var seq int64
		var raw []byte
		if err := rows.Scan(&seq, &raw); err != nil {
			return nil, err
		}
		var e store.Entry
		if err := decode(raw, &e, fmt.Sprintf("game #%d seq %d", id, seq)); err != nil {
			return nil, err
		}
		if uint64(seq) != want || e.Seq != want {
			return nil, fmt.Errorf("%w: game #%d: log has seq %d where %d was expected", store.ErrCorrupt, id, seq, want)
		}
		out = append(out, e)
		want++
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if want != to+1 {
		return nil, fmt.Errorf("%w: game #%d: log ends at seq %d, game says %d", store.ErrCorrupt, id, want-1, to)
	}
	return out, nil
}

// readGameForAppend locks and reads a game record and, in the same round
// trip, checks the fence (checkFence) and looks the action's idempotency
// key up: a *store.DuplicateError when it was recorded.
func (s *Store) readGameForAppend(ctx context.Context, tx dbtx, id store.GameID, key string) (store.Game, *store.DuplicateError, error) {
	f, fenced := store.Fence{}, s.fencer != nil
	if fenced {
		var ok bool
		if f, ok = s.fencer(id); !ok {
			return store.Game{}, nil, fmt.Errorf("game #%d: no lease held: %w", id, store.ErrFenced)
		}
	}
	var raw []byte
	var gid, seq, epoch *int64
	// The lease's row FOR SHARE, after the game's: as checkFence does.
	err := tx.QueryRow(ctx, `SELECT g.record, k.game_id, k.seq,
	CASE WHEN $4 THEN (SELECT epoch FROM leases WHERE partition = $3 FOR SHARE) END
FROM games g LEFT JOIN idem_keys k ON k.key = $2
WHERE g.id = $1 FOR UPDATE OF g`, int64(id), key, int64(f.Partition), fenced).Scan(&raw, &gid, &seq, &epoch)
	if errors.Is(err, pgx.ErrNoRows) {
		return store.Game{}, nil, fmt.Errorf("game #%d: %w", id, store.ErrNotFound)
	}
	if err != nil {
		return store.Game{}, nil, err
	}
	if fenced {
		if err := fenceErr(id, f, epoch); err != nil {
			return store.Game{}, nil, err
		}
	}
	var dup *store.DuplicateError
	if gid != nil && seq != nil {
		dup = &store.DuplicateError{Key: key, GameID: store.GameID(*gid), Seq: uint64(*seq)}
	}
	var g store.Game
	err = decode(raw, &g, fmt.Sprintf("game #%d", id))
	return g, dup, err
}

// readGame reads a game record; forUpdate locks its row for the transaction.
func readGame(ctx context.Context, tx dbtx, id store.GameID, forUpdate bool) (store.Game, error) {
	q := "SELECT record FROM games WHERE id = $1"
	if forUpdate {
		q += " FOR UPDATE"
	}
	var raw []byte
	err := tx.QueryRow(ctx, q, int64(id)).Scan(&raw)
	if errors.Is(err, pgx.ErrNoRows) {
		return store.Game{}, fmt.Errorf("game #%d: %w", id, store.ErrNotFound)
	}
	if err != nil {
		return store.Game{}, err
	}
	var g store.Game
	err = decode(raw, &g, fmt.Sprintf("game #%d", id))
	return g, err
}

// gameColumns are the indexed columns of g, then its record.
func gameColumns(g *store.Game) ([]any, error) {
	raw, err := encode(g)
	if err != nil {
		return nil, err
	}
	var finished *int64
	if !g.Status.Live() {
		n := nanos(g.FinishedAt)
		finished = &n
	}
	return []any{int64(g.ID), string(g.Status), g.Players[0], g.Players[1], g.ChannelID, g.ThreadID, finished, int64(g.LastSeq), raw}, nil
}

func insertGame(ctx context.Context, tx pgx.Tx, g *store.Game) error {
	args, err := gameColumns(g)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `INSERT INTO games (id, status, black, white, channel_id, thread_id, finished_ns, last_seq, record)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`, args...)
	return err
}

// upsertGame writes g whether or not it exists (migrate).
func upsertGame(ctx context.Context, tx pgx.Tx, g *store.Game) error {
	args, err := gameColumns(g)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `INSERT INTO games (id, status, black, white, channel_id, thread_id, finished_ns, last_seq, record)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
ON CONFLICT (id) DO UPDATE SET status = $2, black = $3, white = $4, channel_id = $5, thread_id = $6, finished_ns = $7, last_seq = $8, record = $9`, args...)
	return err
}

func updateGame(ctx context.Context, tx pgx.Tx, g *store.Game) error {
	args, err := gameColumns(g)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, updateGameSQL, args...)
	return err
}

const updateGameSQL = `UPDATE games SET status = $2, black = $3, white = $4, channel_id = $5, thread_id = $6, finished_ns = $7, last_seq = $8, record = $9
WHERE id = $1`
