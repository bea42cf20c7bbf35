package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"shinpan/store"
)

// CreateChallenge stores c and queues outbox with it.
func (s *Store) CreateChallenge(c store.Challenge, outbox []store.OutMsg) (store.Challenge, error) {
	if err := c.Validate(); err != nil {
		return store.Challenge{}, store.WrapOp("create challenge", err)
	}
	if err := checkOutbox(outbox); err != nil {
		return store.Challenge{}, store.WrapOp("create challenge", err)
	}
	in := c
	err := s.write(func(ctx context.Context, tx pgx.Tx) error {
		c = in
		now := store.NormTime(s.now())
		if err := tx.QueryRow(ctx, "SELECT nextval('challenge_ids')").Scan(&c.ID); err != nil {
			return err
		}
		c.CreatedAt, c.ExpiresAt = now, store.NormTime(c.ExpiresAt)
		if err := putChallenge(ctx, tx, c); err != nil {
			return err
		}
		return s.queueOutbox(ctx, tx, 0, 0, outbox, now)
	})
	if err != nil {
		return store.Challenge{}, store.WrapOp("create challenge", err)
	}
	s.signal(len(outbox))
	return c, nil
}

func putChallenge(ctx context.Context, tx pgx.Tx, c store.Challenge) error {
	raw, err := encode(c)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `INSERT INTO challenges (id, expires_ns, record) VALUES ($1, $2, $3)
ON CONFLICT (id) DO UPDATE SET expires_ns = $2, record = $3`, int64(c.ID), nanos(c.ExpiresAt), raw)
	return err
}

// GetChallenge returns a pending challenge, expired or not.
func (s *Store) GetChallenge(id uint64) (store.Challenge, error) {
	var c store.Challenge
	err := s.read(func(ctx context.Context, tx dbtx) error {
		var err error
		c, err = readChallenge(ctx, tx, id, false)
		return err
	})
	return c, store.WrapOp("get challenge", err)
}

func readChallenge(ctx context.Context, tx dbtx, id uint64, forUpdate bool) (store.Challenge, error) {
	q := "SELECT record FROM challenges WHERE id = $1"
	if forUpdate {
		q += " FOR UPDATE"
	}
	var raw []byte
	err := tx.QueryRow(ctx, q, int64(id)).Scan(&raw)
	if errors.Is(err, pgx.ErrNoRows) {
		return store.Challenge{}, fmt.Errorf("challenge %d: %w", id, store.ErrNotFound)
	}
	if err != nil {
		return store.Challenge{}, err
	}
	var c store.Challenge
	err = decode(raw, &c, fmt.Sprintf("challenge %d", id))
	return c, err
}

// SetChallengeMessage records the id of the challenge's post once sent.
func (s *Store) SetChallengeMessage(id uint64, messageID string) error {
	err := s.write(func(ctx context.Context, tx pgx.Tx) error {
		c, err := readChallenge(ctx, tx, id, true)
		if err != nil {
			return err
		}
		c.MessageID = messageID
		if err := c.Validate(); err != nil {
			return err
		}
		return putChallenge(ctx, tx, c)
	})
	return store.WrapOp("set challenge message", err)
}

// DeleteChallenge removes a challenge and queues outbox with it.
func (s *Store) DeleteChallenge(id uint64, outbox []store.OutMsg) (store.Challenge, error) {
	if err := checkOutbox(outbox); err != nil {
		return store.Challenge{}, store.WrapOp("delete challenge", err)
	}
	var c store.Challenge
	err := s.write(func(ctx context.Context, tx pgx.Tx) error {
		var err error
		if c, err = deleteChallenge(ctx, tx, id); err != nil {
			return err
		}
		return s.queueOutbox(ctx, tx, 0, 0, outbox, store.NormTime(s.now()))
	})
	if err != nil {
		return store.Challenge{}, store.WrapOp("delete challenge", err)
	}
	s.signal(len(outbox))
	return c, nil
}

func deleteChallenge(ctx context.Context, tx pgx.Tx, id uint64) (store.Challenge, error) {
	var raw []byte
	err := tx.QueryRow(ctx, "DELETE FROM challenges WHERE id = $1 RETURNING record", int64(id)).Scan(&raw)
	if errors.Is(err, pgx.ErrNoRows) {
		return store.Challenge{}, fmt.Errorf("challenge %d: %w", id, store.ErrNotFound)
	}
	if err != nil {
		return store.Challenge{}, err
	}
	var c store.Challenge
	err = decode(raw, &c, fmt.Sprintf("challenge %d", id))
	return c, err
}

// AcceptChallenge deletes challenge id and creates game g from it, together.
func (s *Store) AcceptChallenge(id uint64, g store.Game, key string, outbox []store.OutMsg) (store.Game, error) {
	var out store.Game
	err := s.writeKeyed(key, func(gid store.GameID, seq uint64) bool { return gid == out.ID && seq == 0 }, func(ctx context.Context, tx pgx.Tx) error {
		if key != "" {
			if err := checkIdem(ctx, tx, key); err != nil {
				return err
			}
		}
		c, err := readChallenge(ctx, tx, id, true)
		if err != nil {
			return err
		}
		if !c.ExpiresAt.After(s.now()) {
			return fmt.Errorf("challenge %d expired at %s: %w", id, c.ExpiresAt.Format(time.RFC3339), store.ErrExpired)
		}
		if _, err := deleteChallenge(ctx, tx, id); err != nil {
			return err
		}
		out, err = s.createGame(ctx, tx, g, key, outbox)
		return err
	})
	err = s.duplicate(err, key)
	if err != nil {
		return store.Game{}, store.WrapOp("accept challenge", err)
	}
	s.signal(len(outbox))
	return out, nil
}

// Challenges returns every pending challenge, by id.
func (s *Store) Challenges() ([]store.Challenge, error) {
	var out []store.Challenge
	err := s.read(func(ctx context.Context, tx dbtx) error {
		var err error
		out, err = scanChallenges(tx.Query(ctx, "SELECT record FROM challenges ORDER BY id"))
		return err
	})
	return out, store.WrapOp("challenges", err)
}

// ExpiredChallenges returns the challenges with ExpiresAt ≤ now, soonest first.
func (s *Store) ExpiredChallenges(now time.Time) ([]store.Challenge, error) {
	var out []store.Challenge
	err := s.read(func(ctx context.Context, tx dbtx) error {
		var err error
		out, err = scanChallenges(tx.Query(ctx, "SELECT record FROM challenges WHERE expires_ns <= $1 ORDER BY expires_ns, id", nanos(now)))
		return err
	})
	return out, store.WrapOp("expired challenges", err)
}

func scanChallenges(rows pgx.Rows, err error) ([]store.Challenge, error) {
	if err != nil {
		return nil, err
	}
	raws, err := pgx.CollectRows(rows, pgx.RowTo[[]byte])
	if err != nil {
		return nil, err
	}
	var out []store.Challenge
	for _, raw := range raws {
		var c store.Challenge
		if err := decode(raw, &c, "challenge"); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}
