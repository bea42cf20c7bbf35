package bolt

import (
	"encoding/binary"
	"fmt"

	bbolt "go.etcd.io/bbolt"

	"shinpan/referee/shogi"
	"shinpan/store"
)

// The store.Mover methods: whole records in and out, for shinpan migrate.

// GameIDs returns every game's id, in order.
func (s *Store) GameIDs() ([]store.GameID, error) {
	var out []store.GameID
	err := s.view(func(tx *bbolt.Tx) error {
		return bkt(tx, bGames).ForEach(func(k, _ []byte) error {
			out = append(out, store.GameID(btou(k)))
			return nil
		})
	})
	return out, store.WrapOp("game ids", err)
}

// ReadGameRecord reads a game with its log, message refs and notes.
func (s *Store) ReadGameRecord(id store.GameID) (store.GameRecord, error) {
	var r store.GameRecord
	err := s.view(func(tx *bbolt.Tx) error {
		var err error
		if r.Game, err = readGame(tx, id); err != nil {
			return err
		}
		if r.Log, err = readLog(tx, id, 1, r.Game.LastSeq); err != nil {
			return err
		}
		if r.Messages, err = readMessageRefs(tx, id); err != nil {
			return err
		}
		for c := range r.Notes {
			if r.Notes[c], err = readNotes(tx, id, shogi.Color(c)); err != nil {
				return err
			}
		}
		return nil
	})
	return r, store.WrapOp(fmt.Sprintf("read game #%d", id), err)
}

// WriteGameRecord replaces game r.Game.ID and everything under it with r.
func (s *Store) WriteGameRecord(r store.GameRecord) error {
	id := r.Game.ID
	err := s.update(func(tx *bbolt.Tx) error {
		var old *store.Game
		if g, err := readGame(tx, id); err == nil {
			old = &g
		}
		if err := deleteRange(bkt(tx, bLog), u64(uint64(id))); err != nil {
			return err
		}
		if err := deleteRange(bkt(tx, bMessages), u64(uint64(id))); err != nil {
			return err
		}
		if err := deleteRange(bkt(tx, bNotes), u64(uint64(id))); err != nil {
			return err
		}
		g := r.Game
		if err := writeGame(tx, old, &g); err != nil {
			return err
		}
		lg := bkt(tx, bLog)
		for _, e := range r.Log {
			if err := putJSON(lg, logKey(id, e.Seq), e); err != nil {
				return err
			}
		}
		for purpose, ref := range r.Messages {
			if err := putJSON(bkt(tx, bMessages), messageKey(id, purpose), ref); err != nil {
				return err
			}
		}
		for c, sqs := range r.Notes {
			if len(sqs) > 0 {
				if err := putJSON(bkt(tx, bNotes), noteKey(id, shogi.Color(c)), sqs); err != nil {
					return err
				}
			}
		}
		return raiseSequence(bkt(tx, bGames), uint64(id))
	})
	return store.WrapOp(fmt.Sprintf("write game #%d", id), err)
}

// ReadContents reads everything but the games.
func (s *Store) ReadContents() (store.Contents, error) {
	var c store.Contents
	err := s.view(func(tx *bbolt.Tx) error {
		if k := bkt(tx, bMeta).Get(kNonceKey); len(k) == store.NonceKeyLen {
			c.NonceKey = append([]byte(nil), k...)
		}
		err := bkt(tx, bIdem).ForEach(func(k, v []byte) error {
			if len(v) != 24 {
				return fmt.Errorf("%w: idempotency record %q has %d bytes", store.ErrCorrupt, k, len(v))
			}
			c.Keys = append(c.Keys, store.KeyRecord{Key: string(k), GameID: store.GameID(btou(v[:8])), Seq: btou(v[8:16]), At: keyTime(v[16:])})
			return nil
		})
		if err != nil {
			return err
		}
		decodeAll := func(name []byte, add func(raw []byte) error) error {
			return bkt(tx, name).ForEach(func(k, v []byte) error {
				if err := add(v); err != nil {
					return fmt.Errorf("%w: %s record %x: %v", store.ErrCorrupt, name, k, err)
				}
				return nil
			})
		}
		if err := decodeAll(bOutbox, func(v []byte) error { return appendJSON(&c.Outbox, v) }); err != nil {
			return err
		}
		if err := decodeAll(bChallenges, func(v []byte) error { return appendJSON(&c.Challenges, v) }); err != nil {
			return err
		}
		if err := decodeAll(bSettings, func(v []byte) error { return appendJSON(&c.Settings, v) }); err != nil {
			return err
		}
		if err := decodeAll(bRatings, func(v []byte) error { return appendJSON(&c.Ratings, v) }); err != nil {
			return err
		}
		c.LastGame = bkt(tx, bGames).Sequence()
		c.LastChallenge = bkt(tx, bChallenges).Sequence()
		c.LastOutbox = bkt(tx, bOutbox).Sequence()
		return nil
	})
	return c, store.WrapOp("read contents", err)
}

// WriteContents writes c over what has the same ids and keys.
func (s *Store) WriteContents(c store.Contents) error {
	err := s.update(func(tx *bbolt.Tx) error {
		if len(c.NonceKey) == store.NonceKeyLen {
			if err := bkt(tx, bMeta).Put(kNonceKey, c.NonceKey); err != nil {
				return err
			}
		}
		for _, k := range c.Keys {
			v := make([]byte, 24)
			binary.BigEndian.PutUint64(v, uint64(k.GameID))
			binary.BigEndian.PutUint64(v[8:], k.Seq)
			copy(v[16:], tkey(k.At))
			if err := bkt(tx, bIdem).Put([]byte(k.Key), v); err != nil {
				return err
			}
		}
		added := 0
		for _, m := range c.Outbox {
			if bkt(tx, bOutbox).Get(u64(m.ID)) == nil {
				added++
			}
			if err := putJSON(bkt(tx, bOutbox), u64(m.ID), m); err != nil {
				return err
			}
		}
		s.outboxMoved(tx, added)
		for _, ch := range c.Challenges {
			if old, err := readChallenge(tx, ch.ID); err == nil {
				if err := bkt(tx, bIdxChallengeExpiry).Delete(cat(tkey(old.ExpiresAt), u64(old.ID))); err != nil {
					return err
				}
			}
			if err := putJSON(bkt(tx, bChallenges), u64(ch.ID), ch); err != nil {
				return err
			}
			if err := bkt(tx, bIdxChallengeExpiry).Put(cat(tkey(ch.ExpiresAt), u64(ch.ID)), nil); err != nil {
				return err
			}
		}
		for _, st := range c.Settings {
			if err := putJSON(bkt(tx, bSettings), []byte(st.UserID), st); err != nil {
				return err
			}
		}
		for _, r := range c.Ratings {
			if err := putRating(tx, r); err != nil {
				return err
			}
		}
		for _, sq := range []struct {
			b []byte
			n uint64
		}{{bGames, c.LastGame}, {bChallenges, c.LastChallenge}, {bOutbox, c.LastOutbox}} {
			if err := raiseSequence(bkt(tx, sq.b), sq.n); err != nil {
				return err
			}
		}
		return nil
	})
	return store.WrapOp("write contents", err)
}

func appendJSON[T any](list *[]T, raw []byte) error {
	var v T
	if err := jsonDecode(raw, &v); err != nil {
		return err
	}
	*list = append(*list, v)
	return nil
}

// raiseSequence makes the bucket hand out ids above n.
func raiseSequence(b *bbolt.Bucket, n uint64) error {
	if b.Sequence() >= n {
		return nil
	}
	return b.SetSequence(n)
}

// deleteRange deletes every key starting with prefix.
func deleteRange(b *bbolt.Bucket, prefix []byte) error {
	c := b.Cursor()
	for k, _ := c.Seek(prefix); k != nil && len(k) >= len(prefix) && string(k[:len(prefix)]) == string(prefix); k, _ = c.Seek(prefix) {
		if err := c.Delete(); err != nil {
			return err
		}
	}
	return nil
}
