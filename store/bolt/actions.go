package bolt

import (
	"shinpan/store"

	"encoding/binary"
	"fmt"
	"time"

	bbolt "go.etcd.io/bbolt"
)

// AppendAction logs e as the next action of game id and, in the same write
// transaction: records e.Key, applies gameUpdate to the game record (which it
// must not use for I/O: it runs inside the transaction; nil means no change
// besides LastSeq and UpdatedAt), re-indexes the game, and queues outbox (each
// message gets GameID id and Seq e.Seq). The commit is fsynced; acknowledge the
// player only after a nil error. e.Seq is assigned (LastSeq+1) and e.At
// defaults to now. Returns the stored entry.
//
// Errors: *DuplicateError (errors.Is ErrDuplicate) when e.Key was seen before,
// with the game and seq it produced, and nothing written; ErrNotFound (no such
// game); ErrGameOver (finished or aborted); ErrInvalid (empty key or action
// kind, player not 0/1); ErrCorrupt.
func (s *Store) AppendAction(id store.GameID, e store.Entry, outbox []store.OutMsg, gameUpdate func(*store.Game)) (store.Entry, error) {
	if err := store.CheckAppend(id, e); err != nil {
		return store.Entry{}, err
	}
	prep, err := prepareOutbox(outbox)
	if err != nil {
		return store.Entry{}, store.WrapOp(fmt.Sprintf("append to game #%d", id), err)
	}
	in := e
	err = s.update(func(tx *bbolt.Tx) error {
		e = in // a run again starts from the caller's entry (group.go)
		if err := checkIdem(tx, e.Key); err != nil {
			return err
		}
		old, err := readGame(tx, id)
		if err != nil {
			return err
		}
		now := store.NormTime(s.now())
		var g store.Game
		var aerr error
		callUser(func() { g, aerr = store.ApplyAppend(old, &e, gameUpdate, now) })
		if aerr != nil {
			return aerr
		}
		lg := bkt(tx, bLog)
		lg.FillPercent = appendFill
		k := logKey(id, e.Seq)
		if lg.Get(k) != nil {
			return fmt.Errorf("%w: game #%d has a log entry at seq %d beyond last_seq %d", store.ErrCorrupt, id, e.Seq, old.LastSeq)
		}
		if err := putJSON(lg, k, e); err != nil {
			return err
		}
		if err := putIdem(tx, e.Key, id, e.Seq, now); err != nil {
			return err
		}
		old.LastSeq = e.Seq // writeGame moves the index entries from old's
		if err := s.storeGame(tx, &old, &g); err != nil {
			return err
		}
		return s.queueOutbox(tx, id, e.Seq, prep, now)
	})
	if err != nil {
		return store.Entry{}, store.WrapOp(fmt.Sprintf("append to game #%d", id), err)
	}
	s.signal(len(outbox))
	return e, nil
}

func logKey(id store.GameID, seq uint64) []byte { return cat(u64(uint64(id)), u64(seq)) }

// checkIdem returns a *DuplicateError if key was recorded.
func checkIdem(tx *bbolt.Tx, key string) error {
	if err := store.CheckKey(key); err != nil {
		return err
	}
	v := bkt(tx, bIdem).Get([]byte(key))
	if v == nil {
		return nil
	}
	if len(v) != 24 {
		return fmt.Errorf("%w: idempotency record %q has %d bytes", store.ErrCorrupt, key, len(v))
	}
	return &store.DuplicateError{Key: key, GameID: store.GameID(btou(v[:8])), Seq: btou(v[8:16])}
}

// appendFill is how full bbolt leaves a page it splits, for the buckets whose
// inserts land at or near the end of their key range (a game's next seq; the
// Discord snowflakes used as idempotency keys grow with time). bbolt's default
// of 0.5 suits random inserts and leaves these buckets half empty.
const appendFill = 0.9

func putIdem(tx *bbolt.Tx, key string, id store.GameID, seq uint64, now time.Time) error {
	b := bkt(tx, bIdem)
	b.FillPercent = appendFill
	v := make([]byte, 24)
	binary.BigEndian.PutUint64(v, uint64(id))
	binary.BigEndian.PutUint64(v[8:], seq)
	copy(v[16:], tkey(now))
	return b.Put([]byte(key), v)
}

// LookupKey returns the game and seq an idempotency key produced (seq 0: it
// created the game). Errors: ErrNotFound.
func (s *Store) LookupKey(key string) (store.GameID, uint64, error) {
	var de *store.DuplicateError
	err := s.view(func(tx *bbolt.Tx) error {
		err := checkIdem(tx, key)
		if d, ok := err.(*store.DuplicateError); ok {
			de = d
			return nil
		}
		if err == nil {
			return fmt.Errorf("idempotency key %q: %w", key, store.ErrNotFound)
		}
		return err
	})
	if err != nil {
		return 0, 0, store.WrapOp("lookup key", err)
	}
	return de.GameID, de.Seq, nil
}

// PruneKeys forgets idempotency keys recorded before t (Discord redelivers an
// interaction or message within minutes, so keys a day old can go). It returns
// how many were removed. The log entries keep their keys.
func (s *Store) PruneKeys(before time.Time) (int, error) {
	limit := tkey(before)
	n := 0
	err := s.update(func(tx *bbolt.Tx) error {
		n = 0 // a run again counts afresh (group.go)
		b := bkt(tx, bIdem)
		c := b.Cursor()
		for k, v := c.First(); k != nil; {
			if len(v) == 24 && string(v[16:]) < string(limit) {
				if err := c.Delete(); err != nil {
					return err
				}
				n++
				k, v = c.Seek(k) // Delete moves the cursor; reposition
				continue
			}
			k, v = c.Next()
		}
		return nil
	})
	return n, store.WrapOp("prune keys", err)
}

// Log returns the entries of a game with seq ≥ from (from 0 or 1: all), in
// order. A game with no action returns an empty slice. Errors: ErrNotFound,
// ErrCorrupt (an entry does not decode, or seqs are not contiguous).
func (s *Store) Log(id store.GameID, from uint64) ([]store.Entry, error) {
	var out []store.Entry
	err := s.view(func(tx *bbolt.Tx) error {
		g, err := readGame(tx, id)
		if err != nil {
			return err
		}
		out, err = readLog(tx, id, from, g.LastSeq)
		return err
	})
	return out, store.WrapOp(fmt.Sprintf("log of game #%d", id), err)
}

// readLog reads entries from..to (inclusive) and checks they are all there.
func readLog(tx *bbolt.Tx, id store.GameID, from, to uint64) ([]store.Entry, error) {
	if from == 0 {
		from = 1
	}
	if to < from {
		return []store.Entry{}, nil
	}
	out := make([]store.Entry, 0, to-from+1)
	c := bkt(tx, bLog).Cursor()
	prefix := u64(uint64(id))
	want := from
	for k, v := c.Seek(logKey(id, from)); k != nil && want <= to && string(k[:8]) == string(prefix); k, v = c.Next() {
		var e store.Entry
		if err := jsonDecode(v, &e); err != nil {
			return nil, fmt.Errorf("%w: game #%d seq %d: %v", store.ErrCorrupt, id, btou(k[8:]), err)
		}
		if btou(k[8:]) != want || e.Seq != want {
			return nil, fmt.Errorf("%w: game #%d: log has seq %d where %d was expected", store.ErrCorrupt, id, btou(k[8:]), want)
		}
		out = append(out, e)
		want++
	}
	if want != to+1 {
		return nil, fmt.Errorf("%w: game #%d: log ends at seq %d, game says %d", store.ErrCorrupt, id, want-1, to)
	}
	return out, nil
}

// LoadGame returns a game's record and its whole log, read in one transaction.
// Errors: ErrNotFound, ErrCorrupt.
func (s *Store) LoadGame(id store.GameID) (store.Game, []store.Entry, error) {
	var g store.Game
	var log []store.Entry
	err := s.view(func(tx *bbolt.Tx) error {
		var err error
		if g, err = readGame(tx, id); err != nil {
			return err
		}
		log, err = readLog(tx, id, 1, g.LastSeq)
		return err
	})
	if err != nil {
		return store.Game{}, nil, store.WrapOp(fmt.Sprintf("load game #%d", id), err)
	}
	return g, log, nil
}
