package store

import (
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"

	"shinpan/referee/policy"
	"shinpan/referee/view"
)

// ColorChoice is the colour the challenger asked for.
type ColorChoice string

const (
	ColorRandom ColorChoice = "random"
	ColorBlack  ColorChoice = "black" // the challenger plays Black
	ColorWhite  ColorChoice = "white"
)

// Challenge is a pending invitation to play, deleted when accepted, declined or
// expired.
type Challenge struct {
	ID         uint64         `json:"id"` // set by the store (sequential)
	GuildID    string         `json:"guild_id"`
	ChannelID  string         `json:"channel_id"`
	Challenger string         `json:"challenger"`           // user id
	Challenged string         `json:"challenged,omitempty"` // user id, CPU, or "" for an open challenge
	Variant    view.Variant   `json:"variant"`
	Options    policy.Options `json:"options"`
	Color      ColorChoice    `json:"color"`
	Ranked     bool           `json:"ranked"`
	MessageID  string         `json:"message_id,omitempty"` // the post to edit when it ends
	// GuildLocale is the server's locale when the challenge was made: the
	// language of its public posts (no per-server setting yet).
	GuildLocale string `json:"guild_locale,omitempty"`
	// CPU is how the CPU plays a game against the bot (nil: the configured way).
	CPU       *CPUChoice `json:"cpu,omitempty"`
	CreatedAt time.Time  `json:"created_at"`
	ExpiresAt time.Time  `json:"expires_at"`
}

// Open reports whether anyone may accept.
func (c Challenge) Open() bool { return c.Challenged == "" }

// CreateChallenge stores c and returns it with its ID and CreatedAt. outbox
// (the challenge post) is queued in the same transaction. Errors: ErrInvalid
// (no challenger or channel, zero ExpiresAt, bad colour).
func (s *Store) CreateChallenge(c Challenge, outbox []OutMsg) (Challenge, error) {
	if err := c.validate(); err != nil {
		return Challenge{}, wrapOp("create challenge", err)
	}
	err := s.update(func(tx *bolt.Tx) error {
		now := normTime(s.now())
		b := bkt(tx, bChallenges)
		id, err := b.NextSequence()
		if err != nil {
			return err
		}
		c.ID = id
		c.CreatedAt, c.ExpiresAt = now, normTime(c.ExpiresAt)
		if err := putJSON(b, u64(id), c); err != nil {
			return err
		}
		if err := bkt(tx, bIdxChallengeExpiry).Put(cat(tkey(c.ExpiresAt), u64(id)), nil); err != nil {
			return err
		}
		return queueOutbox(tx, 0, 0, outbox, now)
	})
	if err != nil {
		return Challenge{}, wrapOp("create challenge", err)
	}
	s.signal(len(outbox))
	return c, nil
}

func (c *Challenge) validate() error {
	for _, f := range []struct {
		what, v string
		req     bool
	}{{"guild id", c.GuildID, false}, {"channel id", c.ChannelID, true}, {"challenger", c.Challenger, true}, {"challenged", c.Challenged, false}, {"message id", c.MessageID, false}} {
		if err := checkID(f.what, f.v, f.req); err != nil {
			return err
		}
	}
	switch c.Color {
	case ColorRandom, ColorBlack, ColorWhite:
	default:
		return fmt.Errorf("%w: colour choice %q", ErrInvalid, c.Color)
	}
	if c.ExpiresAt.IsZero() {
		return fmt.Errorf("%w: challenge without expiry", ErrInvalid)
	}
	return nil
}

// GetChallenge returns a pending challenge, expired or not. Errors: ErrNotFound.
func (s *Store) GetChallenge(id uint64) (Challenge, error) {
	var c Challenge
	err := s.view(func(tx *bolt.Tx) error {
		var err error
		c, err = readChallenge(tx, id)
		return err
	})
	return c, wrapOp("get challenge", err)
}

func readChallenge(tx *bolt.Tx, id uint64) (Challenge, error) {
	var c Challenge
	found, err := getJSON(bkt(tx, bChallenges), u64(id), &c)
	if err == nil && !found {
		err = fmt.Errorf("challenge %d: %w", id, ErrNotFound)
	}
	return c, err
}

// SetChallengeMessage records the id of the challenge's post once sent.
// Errors: ErrNotFound.
func (s *Store) SetChallengeMessage(id uint64, messageID string) error {
	err := s.update(func(tx *bolt.Tx) error {
		c, err := readChallenge(tx, id)
		if err != nil {
			return err
		}
		c.MessageID = messageID
		if err := c.validate(); err != nil {
			return err
		}
		return putJSON(bkt(tx, bChallenges), u64(id), c)
	})
	return wrapOp("set challenge message", err)
}

// DeleteChallenge removes a challenge (declined, withdrawn, or expired and
// handled) and queues outbox in the same transaction. Returns the deleted
// challenge. Errors: ErrNotFound (already gone: someone else handled it).
func (s *Store) DeleteChallenge(id uint64, outbox []OutMsg) (Challenge, error) {
	var c Challenge
	err := s.update(func(tx *bolt.Tx) error {
		var err error
		if c, err = deleteChallenge(tx, id); err != nil {
			return err
		}
		return queueOutbox(tx, 0, 0, outbox, normTime(s.now()))
	})
	if err != nil {
		return Challenge{}, wrapOp("delete challenge", err)
	}
	s.signal(len(outbox))
	return c, nil
}

func deleteChallenge(tx *bolt.Tx, id uint64) (Challenge, error) {
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
func (s *Store) AcceptChallenge(id uint64, g Game, key string, outbox []OutMsg) (Game, error) {
	var out Game
	err := s.update(func(tx *bolt.Tx) error {
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
			return fmt.Errorf("challenge %d expired at %s: %w", id, c.ExpiresAt.Format(time.RFC3339), ErrExpired)
		}
		if _, err := deleteChallenge(tx, id); err != nil {
			return err
		}
		out, err = s.createGame(tx, g, key, outbox)
		return err
	})
	if err != nil {
		return Game{}, wrapOp("accept challenge", err)
	}
	s.signal(len(outbox))
	return out, nil
}

// Challenges returns every pending challenge (expired ones included), by id.
func (s *Store) Challenges() ([]Challenge, error) {
	var out []Challenge
	err := s.view(func(tx *bolt.Tx) error {
		return bkt(tx, bChallenges).ForEach(func(k, v []byte) error {
			var c Challenge
			if err := jsonDecode(v, &c); err != nil {
				return fmt.Errorf("%w: challenge %x: %v", ErrCorrupt, k, err)
			}
			out = append(out, c)
			return nil
		})
	})
	return out, wrapOp("challenges", err)
}

// ExpiredChallenges returns the challenges with ExpiresAt ≤ now, soonest
// expired first, for the sweeper to DeleteChallenge and edit their posts.
func (s *Store) ExpiredChallenges(now time.Time) ([]Challenge, error) {
	var out []Challenge
	limit := tkey(now)
	err := s.view(func(tx *bolt.Tx) error {
		c := bkt(tx, bIdxChallengeExpiry).Cursor()
		for k, _ := c.First(); k != nil && string(k[:8]) <= string(limit); k, _ = c.Next() {
			ch, err := readChallenge(tx, btou(k[8:]))
			if err != nil {
				return fmt.Errorf("%w: expiry index names a missing challenge: %v", ErrCorrupt, err)
			}
			out = append(out, ch)
		}
		return nil
	})
	return out, wrapOp("expired challenges", err)
}
