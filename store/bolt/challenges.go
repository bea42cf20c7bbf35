package bolt

import (
	"shinpan/store"

	"fmt"
	"time"

	bbolt "go.etcd.io/bbolt"
)

// CreateChallenge stores c and returns it with its ID and CreatedAt. outbox
// (the challenge post) is queued in the same transaction. Errors: ErrInvalid
// (no challenger or channel, zero ExpiresAt, bad colour).
func (s *Store) CreateChallenge(c store.Challenge, outbox []store.OutMsg) (store.Challenge, error) {
	if err := c.Validate(); err != nil {
		return store.Challenge{}, store.WrapOp("create challenge", err)
	}
	prep, err := prepareOutbox(outbox)
	if err != nil {
		return store.Challenge{}, store.WrapOp("create challenge", err)
	}
	err = s.update(func(tx *bbolt.Tx) error {
		now := store.NormTime(s.now())
		b := bkt(tx, bChallenges)
		id, err := b.NextSequence()
		if err != nil {
			return err
		}
		c.ID = id
		c.CreatedAt, c.ExpiresAt = now, store.NormTime(c.ExpiresAt)
		if err := putJSON(b, u64(id), c); err != nil {
			return err
		}
		if err := bkt(tx, bIdxChallengeExpiry).Put(cat(tkey(c.ExpiresAt), u64(id)), nil); err != nil {
			return err
		}
		return s.queueOutbox(tx, 0, 0, prep, now)
	})
	if err != nil {
		return store.Challenge{}, store.WrapOp("create challenge", err)
	}
	s.signal(len(outbox))
	return c, nil
}

// GetChallenge returns a pending challenge, expired or not. Errors: ErrNotFound.
func (s *Store) GetChallenge(id uint64) (store.Challenge, error) {
	var c store.Challenge
	err := s.view(func(tx *bbolt.Tx) error {
		var err error
		c, err = readChallenge(tx, id)
		return err
	})
	return c, store.WrapOp("get challenge", err)
}

func readChallenge(tx *bbolt.Tx, id uint64) (store.Challenge, error) {
	var c store.Challenge
	found, err := getJSON(bkt(tx, bChallenges), u64(id), &c)
	if err == nil && !found {
		err = fmt.Errorf("challenge %d: %w", id, store.ErrNotFound)
	}
	return c, err
}

// SetChallengeMessage records the id of the challenge's post once sent.
// Errors: ErrNotFound.
func (s *Store) SetChallengeMessage(id uint64, messageID string) error {
	err := s.update(func(tx *bbolt.Tx) error {
		c, err := readChallenge(tx, id)
		if err != nil {
			return err
		}
		c.MessageID = messageID
		if err := c.Validate(); err != nil {
			return err
		}
		return putJSON(bkt(tx, bChallenges), u64(id), c)
	})
	return store.WrapOp("set challenge message", err)
}

// DeleteChallenge removes a challenge (declined, withdrawn, or expired and
// handled) and queues outbox in the same transaction. Returns the deleted
// challenge. Errors: ErrNotFound (already gone: someone else handled it).
func (s *Store) DeleteChallenge(id uint64, outbox []store.OutMsg) (store.Challenge, error) {
	var c store.Challenge
	prep, err := prepareOutbox(outbox)
	if err != nil {
		return store.Challenge{}, store.WrapOp("delete challenge", err)
	}
	err = s.update(func(tx *bbolt.Tx) error {
		var err error
		if c, err = deleteChallenge(tx, id); err != nil {
			return err
		}
		return s.queueOutbox(tx, 0, 0, prep, store.NormTime(s.now()))
	})
	if err != nil {
		return store.Challenge{}, store.WrapOp("delete challenge", err)
	}
	s.signal(len(outbox))
	return c, nil
}

func deleteChallenge(tx *bbolt.Tx, id uint64) (store.Challenge, error) {
	c, err := readChallenge(tx, id)
	if err != nil {
		return c, err
	}
	if err := bkt(tx, bIdxChallengeExpiry).Delete(cat(tkey(c.ExpiresAt), u64(id))); err != nil {
		return c, err
	}
	return c, bkt(tx, bChallenges).Delete(u64(id))
}

// AcceptChallenge deletes challenge id and creates game g from it in one
// transaction (see CreateGame for g, key and outbox), so a challenge starts at
// most one game. Errors: ErrNotFound (already accepted, declined or swept),
// ErrExpired (ExpiresAt ≤ now; the challenge stays for the sweeper),
// ErrDuplicate, ErrInvalid.
func (s *Store) AcceptChallenge(id uint64, g store.Game, key string, outbox []store.OutMsg) (store.Game, error) {
	var out store.Game
	prep, err := prepareOutbox(outbox)
	if err != nil {
		return store.Game{}, store.WrapOp("accept challenge", err)
	}
	err = s.update(func(tx *bbolt.Tx) error {
		if key != "" {
			if err := checkIdem(tx, key); err != nil {
				return err
			}
		}
		c, err := readChallenge(tx, id)
		if err != nil {
			return err
		}
		if !c.ExpiresAt.After(s.now()) {
			return fmt.Errorf("challenge %d expired at %s: %w", id, c.ExpiresAt.Format(time.RFC3339), store.ErrExpired)
		}
		if _, err := deleteChallenge(tx, id); err != nil {
			return err
		}
		out, err = s.createGame(tx, g, key, prep)
		return err
	})
	if err != nil {
		return store.Game{}, store.WrapOp("accept challenge", err)
	}
	s.signal(len(outbox))
	return out, nil
}

// Challenges returns every pending challenge (expired ones included), by id.
func (s *Store) Challenges() ([]store.Challenge, error) {
	var out []store.Challenge
	err := s.view(func(tx *bbolt.Tx) error {
		return bkt(tx, bChallenges).ForEach(func(k, v []byte) error {
			var c store.Challenge
			if err := jsonDecode(v, &c); err != nil {
				return fmt.Errorf("%w: challenge %x: %v", store.ErrCorrupt, k, err)
			}
			out = append(out, c)
			return nil
		})
	})
	return out, store.WrapOp("challenges", err)
}

// ExpiredChallenges returns the challenges with ExpiresAt ≤ now, soonest
// expired first, for the sweeper to DeleteChallenge and edit their posts.
func (s *Store) ExpiredChallenges(now time.Time) ([]store.Challenge, error) {
	var out []store.Challenge
	limit := tkey(now)
	err := s.view(func(tx *bbolt.Tx) error {
		c := bkt(tx, bIdxChallengeExpiry).Cursor()
		for k, _ := c.First(); k != nil && string(k[:8]) <= string(limit); k, _ = c.Next() {
			ch, err := readChallenge(tx, btou(k[8:]))
			if err != nil {
				return fmt.Errorf("%w: expiry index names a missing challenge: %v", store.ErrCorrupt, err)
			}
			out = append(out, ch)
		}
		return nil
	})
	return out, store.WrapOp("expired challenges", err)
}
