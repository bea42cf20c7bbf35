package postgres

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"shinpan/referee/shogi"
	"shinpan/store"
)

// The store.Mover methods: whole records in and out, for shinpan migrate.

// GameIDs returns every game's id, in order.
func (s *Store) GameIDs() ([]store.GameID, error) {
	var out []store.GameID
	err := s.snapshot(func(ctx context.Context, tx pgx.Tx) error {
		rows, err := tx.Query(ctx, "SELECT id FROM games ORDER BY id")
		if err != nil {
			return err
		}
		ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
		out = nil
		for _, id := range ids {
			out = append(out, store.GameID(id))
		}
		return err
	})
	return out, store.WrapOp("game ids", err)
}

// ReadGameRecord reads a game with its log, message refs and notes.
func (s *Store) ReadGameRecord(id store.GameID) (store.GameRecord, error) {
	var r store.GameRecord
	err := s.snapshot(func(ctx context.Context, tx pgx.Tx) error {
		var err error
		if r.Game, err = readGame(ctx, tx, id, false); err != nil {
			return err
		}
		if r.Log, err = readLog(ctx, tx, id, 1, r.Game.LastSeq); err != nil {
			return err
		}
		if r.Messages, err = readMessageRefs(ctx, tx, id); err != nil {
			return err
		}
		for c := range r.Notes {
			if r.Notes[c], err = readNotes(ctx, tx, id, shogi.Color(c)); err != nil {
				return err
			}
		}
		return nil
	})
	return r, store.WrapOp(fmt.Sprintf("read game #%d", id), err)
}

// WriteGameRecord replaces game r.Game.ID and everything under it with r.
func (s *Store) WriteGameRecord(r store.GameRecord) error {
	id := int64(r.Game.ID)
	err := s.write(func(ctx context.Context, tx pgx.Tx) error {
		g := r.Game
		if err := upsertGame(ctx, tx, &g); err != nil {
			return err
		}
		for _, q := range []string{"DELETE FROM game_log WHERE game_id = $1",
			"DELETE FROM message_refs WHERE game_id = $1", "DELETE FROM notes WHERE game_id = $1"} {
			if _, err := tx.Exec(ctx, q, id); err != nil {
				return err
			}
		}
		rows := make([][]any, 0, len(r.Log))
		for _, e := range r.Log {
			raw, err := encode(e)
			if err != nil {
				return err
			}
			rows = append(rows, []any{id, int64(e.Seq), raw})
		}
		if _, err := tx.CopyFrom(ctx, pgx.Identifier{"game_log"}, []string{"game_id", "seq", "entry"}, pgx.CopyFromRows(rows)); err != nil {
			return err
		}
		for p, ref := range r.Messages {
			if err := putMessageRef(ctx, tx, r.Game.ID, p, ref); err != nil {
				return err
			}
		}
		for c, sqs := range r.Notes {
			if err := putNotes(ctx, tx, r.Game.ID, shogi.Color(c), sqs); err != nil {
				return err
			}
		}
		return raiseSequence(ctx, tx, "game_ids", uint64(id))
	})
	return store.WrapOp(fmt.Sprintf("write game #%d", id), err)
}

// ReadContents reads everything but the games.
func (s *Store) ReadContents() (store.Contents, error) {
	var c store.Contents
	err := s.snapshot(func(ctx context.Context, tx pgx.Tx) error {
		c = store.Contents{}
		err := tx.QueryRow(ctx, "SELECT value FROM meta WHERE key = 'nonce_key'").Scan(&c.NonceKey)
		if err != nil && err != pgx.ErrNoRows {
			return err
		}
		rows, err := tx.Query(ctx, "SELECT key, game_id, seq, at_ns FROM idem_keys")
		if err != nil {
			return err
		}
		for rows.Next() {
			var k store.KeyRecord
			var gid, seq, at int64
			if err := rows.Scan(&k.Key, &gid, &seq, &at); err != nil {
				return err
			}
			k.GameID, k.Seq, k.At = store.GameID(gid), uint64(seq), fromNanos(at)
			c.Keys = append(c.Keys, k)
		}
		if err := rows.Err(); err != nil {
			return err
		}
		if c.Outbox, err = scanOutbox(tx.Query(ctx, "SELECT record FROM outbox ORDER BY id")); err != nil {
			return err
		}
		if c.Challenges, err = scanChallenges(tx.Query(ctx, "SELECT record FROM challenges ORDER BY id")); err != nil {
			return err
		}
		if c.Settings, err = scanSettings(ctx, tx); err != nil {
			return err
		}
		if err := scanRecords(ctx, tx, "SELECT record FROM ratings", &c.Ratings); err != nil {
			return err
		}
		for _, sq := range []struct {
			name string
			n    *uint64
		}{{"game_ids", &c.LastGame}, {"challenge_ids", &c.LastChallenge}, {"outbox_ids", &c.LastOutbox}} {
			var last int64
			var called bool
			if err := tx.QueryRow(ctx, "SELECT last_value, is_called FROM "+sq.name).Scan(&last, &called); err != nil {
				return err
			}
			if called {
				*sq.n = uint64(last)
			}
		}
		return nil
	})
	return c, store.WrapOp("read contents", err)
}

// scanSettings reads every settings row, the DM state laid over the record.
func scanSettings(ctx context.Context, tx dbtx) ([]store.Settings, error) {
	rows, err := tx.Query(ctx, "SELECT user_id, record, last_dm, dm_claim, dm_claim_by, dm_claim_until_ns FROM settings ORDER BY user_id")
	if err != nil {
		return nil, err
	}
	var out []store.Settings
	var user string
	var row settingsRow
	_, err = pgx.ForEachRow(rows, append([]any{&user}, row.scan()...), func() error {
		st, err := row.settings(user)
		out = append(out, st)
		return err
	})
	return out, err
}

func scanRecords[T any](ctx context.Context, tx dbtx, q string, out *[]T) error {
	rows, err := tx.Query(ctx, q)
	if err != nil {
		return err
	}
	raws, err := pgx.CollectRows(rows, pgx.RowTo[[]byte])
	if err != nil {
		return err
	}
	for _, raw := range raws {
		var v T
		if err := decode(raw, &v, "record"); err != nil {
			return err
		}
		*out = append(*out, v)
	}
	return nil
}

// WriteContents writes c over what has the same ids and keys.
func (s *Store) WriteContents(c store.Contents) error {
	err := s.write(func(ctx context.Context, tx pgx.Tx) error {
		if len(c.NonceKey) == store.NonceKeyLen {
			if _, err := tx.Exec(ctx, `INSERT INTO meta (key, value) VALUES ('nonce_key', $1)
ON CONFLICT (key) DO UPDATE SET value = $1`, c.NonceKey); err != nil {
				return err
			}
		}
		b := &pgx.Batch{}
		for _, k := range c.Keys {
			b.Queue(`INSERT INTO idem_keys (key, game_id, seq, at_ns) VALUES ($1, $2, $3, $4)
ON CONFLICT (key) DO UPDATE SET game_id = $2, seq = $3, at_ns = $4`, k.Key, int64(k.GameID), int64(k.Seq), nanos(k.At))
		}
		for _, m := range c.Outbox {
			raw, err := encode(m)
			if err != nil {
				return err
			}
			b.Queue(`INSERT INTO outbox (id, game_id, record) VALUES ($1, $2, $3)
ON CONFLICT (id) DO UPDATE SET game_id = $2, record = $3`, int64(m.ID), int64(m.GameID), raw)
		}
		if len(c.Outbox) > 0 { // what was new is not known: count again (a copy, once)
			b.Queue("UPDATE outbox_count SET n = CASE WHEN shard = 0 THEN (SELECT count(*) FROM outbox) ELSE 0 END")
		}
		if err := tx.SendBatch(ctx, b).Close(); err != nil {
			return err
		}
		for _, ch := range c.Challenges {
			if err := putChallenge(ctx, tx, ch); err != nil {
				return err
			}
		}
		for _, st := range c.Settings {
			if err := putSettings(ctx, tx, st); err != nil {
				return err
			}
		}
		for _, r := range c.Ratings {
			if err := putRating(ctx, tx, r); err != nil {
				return err
			}
		}
		for _, sq := range []struct {
			name string
			n    uint64
		}{{"game_ids", c.LastGame}, {"challenge_ids", c.LastChallenge}, {"outbox_ids", c.LastOutbox}} {
			if err := raiseSequence(ctx, tx, sq.name, sq.n); err != nil {
				return err
			}
		}
		return nil
	})
	if err == nil && len(c.NonceKey) == store.NonceKeyLen {
		s.keyMu.Lock()
		s.nonceKey = append([]byte(nil), c.NonceKey...)
		s.keyMu.Unlock()
	}
	return store.WrapOp("write contents", err)
}

// raiseSequence makes the sequence hand out ids above n.
func raiseSequence(ctx context.Context, tx pgx.Tx, name string, n uint64) error {
	if n == 0 {
		return nil
	}
	_, err := tx.Exec(ctx, fmt.Sprintf(`SELECT setval('%[1]s', $1) FROM %[1]s WHERE NOT is_called OR last_value < $1`, name), int64(n))
	return err
}
