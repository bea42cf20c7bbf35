package postgres

import (
	"context"
	"errors"
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
		if err := scanRecords(ctx, tx, "SELECT record FROM tournaments ORDER BY id", &c.Tournaments); err != nil {
			return err
		}
		if err := readShared(ctx, tx, &c); err != nil {
			return err
		}
		for _, sq := range []struct {
			name string
			n    *uint64
		}{{"game_ids", &c.LastGame}, {"challenge_ids", &c.LastChallenge}, {"outbox_ids", &c.LastOutbox}, {"inbox_ids", &c.LastInbox}, {"tournament_ids", &c.LastTournament}} {
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

// readShared reads what the processes share: the inbox, the leases, the
// processes.
func readShared(ctx context.Context, tx pgx.Tx, c *store.Contents) error {
	rows, err := tx.Query(ctx, "SELECT id, key, game_id, record, at_ns FROM inbox ORDER BY id")
	if err != nil {
		return err
	}
	var it store.InboxItem
	var id, game, at int64
	var raw []byte
	if _, err := pgx.ForEachRow(rows, []any{&id, &it.Key, &game, &raw, &at}, func() error {
		it.ID, it.GameID, it.At, it.Record = uint64(id), store.GameID(game), fromNanos(at), append([]byte(nil), raw...)
		c.Inbox = append(c.Inbox, it)
		return nil
	}); err != nil {
		return err
	}
	rows, err = tx.Query(ctx, "SELECT partition, owner, epoch, taken_at FROM leases ORDER BY partition")
	if err != nil {
		return err
	}
	var l store.Lease
	var part int32
	var epoch int64
	if _, err := pgx.ForEachRow(rows, []any{&part, &l.Owner, &epoch, &l.TakenAt}, func() error {
		l.Partition, l.Epoch, l.TakenAt = uint32(part), uint64(epoch), l.TakenAt.UTC()
		c.Leases = append(c.Leases, l)
		return nil
	}); err != nil {
		return err
	}
	rows, err = tx.Query(ctx, "SELECT id, started_at, expires_at, takes_dms FROM processes ORDER BY id")
	if err != nil {
		return err
	}
	var p store.Process
	_, err = pgx.ForEachRow(rows, []any{&p.ID, &p.StartedAt, &p.ExpiresAt, &p.TakesDMs}, func() error {
		p.StartedAt, p.ExpiresAt = p.StartedAt.UTC(), p.ExpiresAt.UTC()
		c.Processes = append(c.Processes, p)
		return nil
	})
	return err
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

// WriteContents replaces everything but the games with c (store.Mover).
func (s *Store) WriteContents(c store.Contents) error {
	err := s.write(func(ctx context.Context, tx pgx.Tx) error {
		if len(c.NonceKey) == store.NonceKeyLen {
			if _, err := tx.Exec(ctx, `INSERT INTO meta (key, value) VALUES ('nonce_key', $1)
ON CONFLICT (key) DO UPDATE SET value = $1`, c.NonceKey); err != nil {
				return err
			}
		}
		b := &pgx.Batch{}
		for _, t := range []string{"idem_keys", "outbox", "challenges", "settings", "ratings", "inbox", "leases", "processes", "tournaments"} {
			b.Queue("DELETE FROM " + t)
		}
		for _, k := range c.Keys {
			b.Queue(`INSERT INTO idem_keys (key, game_id, seq, at_ns) VALUES ($1, $2, $3, $4)`, k.Key, int64(k.GameID), int64(k.Seq), nanos(k.At))
		}
		for _, m := range c.Outbox {
			raw, err := encode(m)
			if err != nil {
				return err
			}
			b.Queue(`INSERT INTO outbox (id, game_id, record) VALUES ($1, $2, $3)`, int64(m.ID), int64(m.GameID), raw)
		}
		b.Queue("UPDATE outbox_count SET n = CASE WHEN shard = 0 THEN $1 ELSE 0 END", len(c.Outbox))
		for _, it := range c.Inbox {
			b.Queue(`INSERT INTO inbox (id, key, game_id, partition, record, at_ns) VALUES ($1, $2, $3, $4, $5, $6)`,
				int64(it.ID), it.Key, int64(it.GameID), int32(store.PartitionOf(it.GameID)), []byte(it.Record), nanos(it.At))
		}
		for _, l := range c.Leases {
			b.Queue(`INSERT INTO leases (partition, owner, epoch, taken_at) VALUES ($1, $2, $3, $4)`, int32(l.Partition), l.Owner, int64(l.Epoch), l.TakenAt)
		}
		for _, p := range c.Processes {
			b.Queue(`INSERT INTO processes (id, started_at, expires_at, takes_dms) VALUES ($1, $2, $3, $4)`, p.ID, p.StartedAt, p.ExpiresAt, p.TakesDMs)
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
		for _, t := range c.Tournaments {
			if err := t.Validate(); err != nil {
				return err
			}
			if err := putTournament(ctx, tx, &t); err != nil {
				return err
			}
		}
		for _, sq := range []struct {
			name string
			n    uint64
		}{{"game_ids", c.LastGame}, {"challenge_ids", c.LastChallenge}, {"outbox_ids", c.LastOutbox}, {"inbox_ids", c.LastInbox}, {"tournament_ids", c.LastTournament}} {
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

// Copying returns the note of an unfinished copy into the database ("":
// none), kept in meta under 'copying'.
func (s *Store) Copying() (string, error) {
	var note []byte
	err := s.read(func(ctx context.Context, q dbtx) error {
		err := q.QueryRow(ctx, "SELECT value FROM meta WHERE key = 'copying'").Scan(&note)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		return err
	})
	return string(note), store.WrapOp("read the copy note", err)
}

// SetCopying records the note of a copy begun, or clears it ("").
func (s *Store) SetCopying(note string) error {
	err := s.write(func(ctx context.Context, tx pgx.Tx) error {
		if note == "" {
			_, err := tx.Exec(ctx, "DELETE FROM meta WHERE key = 'copying'")
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO meta (key, value) VALUES ('copying', $1) ON CONFLICT (key) DO UPDATE SET value = $1`, []byte(note))
		return err
	})
	return store.WrapOp("write the copy note", err)
}
