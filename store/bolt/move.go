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
		if err := s.storeGame(tx, old, &g); err != nil {
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
		if err := decodeAll(bTournaments, func(v []byte) error { return appendJSON(&c.Tournaments, v) }); err != nil {
			return err
		}
		c.LastGame = bkt(tx, bGames).Sequence()
		c.LastChallenge = bkt(tx, bChallenges).Sequence()
		c.LastOutbox = bkt(tx, bOutbox).Sequence()
		c.LastTournament = bkt(tx, bTournaments).Sequence()
		return nil
	})
	return c, store.WrapOp("read contents", err)
}

// WriteContents replaces everything but the games with c (store.Mover). A
// bbolt store has no inbox: c's waiting actions refuse the whole write. It
// has one process: c's leases and processes are not needed.
func (s *Store) WriteContents(c store.Contents) error {
	if len(c.Inbox) > 0 {
		return store.WrapOp("write contents", fmt.Errorf("%w: %d actions wait in the inbox for their game's owner, and a bbolt store has no inbox: let the source's processes apply them first", store.ErrInvalid, len(c.Inbox)))
	}
	err := s.update(func(tx *bbolt.Tx) error {
		if len(c.NonceKey) == store.NonceKeyLen {
			if err := bkt(tx, bMeta).Put(kNonceKey, c.NonceKey); err != nil {
				return err
			}
		}
		before := countKeys(bkt(tx, bOutbox)) // Stats would miss this group's writes
		for _, name := range [][]byte{bIdem, bOutbox, bChallenges, bIdxChallengeExpiry, bSettings, bRatings, bIdxRating,
			bTournaments, bIdxTournamentActive, bIdxGuildTournament} {
			if err := clearBucket(tx, name); err != nil {
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
		for _, m := range c.Outbox {
			if err := putJSON(bkt(tx, bOutbox), u64(m.ID), m); err != nil {
				return err
			}
		}
		s.outboxMoved(tx, countKeys(bkt(tx, bOutbox))-before)
		for _, ch := range c.Challenges {
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
		for _, t := range c.Tournaments {
			if err := t.Validate(); err != nil {
				return err
			}
			if err := writeTournament(tx, nil, &t); err != nil {
				return err
			}
		}
		for _, sq := range []struct {
			b []byte
			n uint64
		}{{bGames, c.LastGame}, {bChallenges, c.LastChallenge}, {bOutbox, c.LastOutbox}, {bTournaments, c.LastTournament}} {
			if err := raiseSequence(bkt(tx, sq.b), sq.n); err != nil {
				return err
			}
		}
		return nil
	})
	return store.WrapOp("write contents", err)
}

// countKeys counts a bucket's keys, this transaction's writes included.
func countKeys(b *bbolt.Bucket) int {
	n := 0
	c := b.Cursor()
	for k, _ := c.First(); k != nil; k, _ = c.Next() {
		n++
	}
	return n
}

// clearBucket empties a bucket, keeping its sequence (the ids it handed out).
func clearBucket(tx *bbolt.Tx, name []byte) error {
	seq := bkt(tx, name).Sequence()
	if err := tx.DeleteBucket(name); err != nil {
		return err
	}
	b, err := tx.CreateBucket(name)
	if err != nil {
		return err
	}
	return b.SetSequence(seq)
}

// kCopying, in meta, is the note of a copy into the file not yet checked.
var kCopying = []byte("copying")

// Copying returns the note of an unfinished copy into the file ("": none).
func (s *Store) Copying() (string, error) {
	var note string
	err := s.view(func(tx *bbolt.Tx) error {
		note = string(bkt(tx, bMeta).Get(kCopying))
		return nil
	})
	return note, store.WrapOp("read the copy note", err)
}

// SetCopying records the note of a copy begun, or clears it ("").
func (s *Store) SetCopying(note string) error {
	return store.WrapOp("write the copy note", s.update(func(tx *bbolt.Tx) error {
		if note == "" {
			return bkt(tx, bMeta).Delete(kCopying)
		}
		return bkt(tx, bMeta).Put(kCopying, []byte(note))
	}))
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
