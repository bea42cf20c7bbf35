package store

import (
	"encoding/binary"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"

	"shinpan/referee"
	"shinpan/referee/shogi"
)

// Entry is one logged action. Refusals are never logged; fouls and bounces are
// (they count, and the reveal lists them), as are mask choices with their salts.
type Entry struct {
	Seq    uint64         `json:"seq"`     // 1, 2, 3... per game; set by AppendAction
	Action referee.Action `json:"action"`  // what the referee replays
	UserID string         `json:"user_id"` // Discord user who acted (CPU for the CPU; the bot's own id for timers)
	At     time.Time      `json:"at"`      // when it was accepted (UTC)
	// Key is the idempotency key: the Discord interaction or message id that
	// caused the action, or a caller-made unique key for timer actions
	// (e.g. "timeout:12:57").
	Key string `json:"key"`
}

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
func (s *Store) AppendAction(id GameID, e Entry, outbox []OutMsg, gameUpdate func(*Game)) (Entry, error) {
	if e.Key == "" {
		return Entry{}, fmt.Errorf("store: append to game #%d: %w: empty idempotency key", id, ErrInvalid)
	}
	if e.Action.Kind == "" || e.Action.Player > shogi.White {
		return Entry{}, fmt.Errorf("store: append to game #%d: %w: action %+v", id, ErrInvalid, e.Action)
	}
	err := s.update(func(tx *bolt.Tx) error {
		if err := checkIdem(tx, e.Key); err != nil {
			return err
		}
		old, err := readGame(tx, id)
		if err != nil {
			return err
		}
		if !old.Status.Live() {
			return fmt.Errorf("game #%d is %s: %w", id, old.Status, ErrGameOver)
		}
		now := normTime(s.now())
		e.Seq = old.LastSeq + 1
		e.At = normTime(e.At)
		if e.At.IsZero() {
			e.At = now
		}
		lg := bkt(tx, bLog)
		lg.FillPercent = appendFill
		k := logKey(id, e.Seq)
		if lg.Get(k) != nil {
			return fmt.Errorf("%w: game #%d has a log entry at seq %d beyond last_seq %d", ErrCorrupt, id, e.Seq, old.LastSeq)
		}
		if err := putJSON(lg, k, e); err != nil {
			return err
		}
		if err := putIdem(tx, e.Key, id, e.Seq, now); err != nil {
			return err
		}
		g := old
		g.LastSeq = e.Seq
		if gameUpdate != nil {
			callUser(func() { gameUpdate(&g) })
		}
		old2 := old
		old2.LastSeq = e.Seq // finishUpdate keeps the store-owned fields of its "old"
		if err := finishUpdate(tx, &old2, &g, now); err != nil {
			return err
		}
		return queueOutbox(tx, id, e.Seq, outbox, now)
	})
	if err != nil {
		return Entry{}, wrapOp(fmt.Sprintf("append to game #%d", id), err)
	}
	s.signal(len(outbox))
	return e, nil
}

func logKey(id GameID, seq uint64) []byte { return cat(u64(uint64(id)), u64(seq)) }

// checkIdem returns a *DuplicateError if key was recorded.
func checkIdem(tx *bolt.Tx, key string) error {
	if len(key) > bolt.MaxKeySize {
		return fmt.Errorf("%w: idempotency key too long", ErrInvalid)
	}
	v := bkt(tx, bIdem).Get([]byte(key))
	if v == nil {
		return nil
	}
	if len(v) != 24 {
		return fmt.Errorf("%w: idempotency record %q has %d bytes", ErrCorrupt, key, len(v))
	}
	return &DuplicateError{Key: key, GameID: GameID(btou(v[:8])), Seq: btou(v[8:16])}
}

// appendFill is how full bbolt leaves a page it splits, for the buckets whose
// inserts land at or near the end of their key range (a game's next seq; the
// Discord snowflakes used as idempotency keys grow with time). bbolt's default
// of 0.5 suits random inserts and leaves these buckets half empty.
const appendFill = 0.9

func putIdem(tx *bolt.Tx, key string, id GameID, seq uint64, now time.Time) error {
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
func (s *Store) LookupKey(key string) (GameID, uint64, error) {
	var de *DuplicateError
	err := s.view(func(tx *bolt.Tx) error {
		err := checkIdem(tx, key)
		if d, ok := err.(*DuplicateError); ok {
			de = d
			return nil
		}
		if err == nil {
			return fmt.Errorf("idempotency key %q: %w", key, ErrNotFound)
		}
		return err
	})
	if err != nil {
		return 0, 0, wrapOp("lookup key", err)
	}
	return de.GameID, de.Seq, nil
}

// PruneKeys forgets idempotency keys recorded before t (Discord redelivers an
// interaction or message within minutes, so keys a day old can go). It returns
// how many were removed. The log entries keep their keys.
func (s *Store) PruneKeys(before time.Time) (int, error) {
	limit := tkey(before)
	n := 0
	err := s.update(func(tx *bolt.Tx) error {
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
	return n, wrapOp("prune keys", err)
}

// Log returns the entries of a game with seq ≥ from (from 0 or 1: all), in
// order. A game with no action returns an empty slice. Errors: ErrNotFound,
// ErrCorrupt (an entry does not decode, or seqs are not contiguous).
func (s *Store) Log(id GameID, from uint64) ([]Entry, error) {
	var out []Entry
	err := s.view(func(tx *bolt.Tx) error {
		g, err := readGame(tx, id)
		if err != nil {
			return err
		}
		out, err = readLog(tx, id, from, g.LastSeq)
		return err
	})
	return out, wrapOp(fmt.Sprintf("log of game #%d", id), err)
}

// readLog reads entries from..to (inclusive) and checks they are all there.
func readLog(tx *bolt.Tx, id GameID, from, to uint64) ([]Entry, error) {
	if from == 0 {
		from = 1
	}
	if to < from {
		return []Entry{}, nil
	}
	out := make([]Entry, 0, to-from+1)
	c := bkt(tx, bLog).Cursor()
	prefix := u64(uint64(id))
	want := from
	for k, v := c.Seek(logKey(id, from)); k != nil && want <= to && string(k[:8]) == string(prefix); k, v = c.Next() {
		var e Entry
		if err := jsonDecode(v, &e); err != nil {
			return nil, fmt.Errorf("%w: game #%d seq %d: %v", ErrCorrupt, id, btou(k[8:]), err)
		}
		if btou(k[8:]) != want || e.Seq != want {
			return nil, fmt.Errorf("%w: game #%d: log has seq %d where %d was expected", ErrCorrupt, id, btou(k[8:]), want)
		}
		out = append(out, e)
		want++
	}
	if want != to+1 {
		return nil, fmt.Errorf("%w: game #%d: log ends at seq %d, game says %d", ErrCorrupt, id, want-1, to)
	}
	return out, nil
}

// LoadGame returns a game's record and its whole log, read in one transaction.
// Errors: ErrNotFound, ErrCorrupt.
func (s *Store) LoadGame(id GameID) (Game, []Entry, error) {
	var g Game
	var log []Entry
	err := s.view(func(tx *bolt.Tx) error {
		var err error
		if g, err = readGame(tx, id); err != nil {
			return err
		}
		log, err = readLog(tx, id, 1, g.LastSeq)
		return err
	})
	if err != nil {
		return Game{}, nil, wrapOp(fmt.Sprintf("load game #%d", id), err)
	}
	return g, log, nil
}

// ReplayFunc receives one logged entry, in seq order. An error stops the replay
// and is returned by Replay.
type ReplayFunc func(e Entry) error

// ReplayHooks rebuild a game's state in the caller.
type ReplayHooks struct {
	// Start is called first with the game and its snapshot (nil when none). It
	// returns the seq its state is at: snap.Seq if it restored the snapshot, 0 if
	// it started afresh from g.StartSFEN (e.g. the snapshot's format is stale).
	Start func(g Game, snap *Snapshot) (uint64, error)
	// Apply is then called for every entry after that seq.
	Apply ReplayFunc
}

// Replay loads a game, its snapshot and the log after it, then calls the hooks
// outside any transaction (they may do I/O). Returns the game record as read.
// Errors: ErrNotFound, ErrCorrupt, ErrInvalid (Start returned a seq the log does
// not reach), or a hook's error, wrapped.
func (s *Store) Replay(id GameID, h ReplayHooks) (Game, error) {
	var g Game
	var snap *Snapshot
	var tail []Entry
	err := s.view(func(tx *bolt.Tx) error {
		var err error
		if g, err = readGame(tx, id); err != nil {
			return err
		}
		if snap, err = readSnapshot(tx, id); err != nil {
			return err
		}
		from := uint64(1)
		if snap != nil && snap.Seq <= g.LastSeq {
			from = snap.Seq + 1
		}
		tail, err = readLog(tx, id, from, g.LastSeq)
		return err
	})
	if err != nil {
		return Game{}, wrapOp(fmt.Sprintf("replay game #%d", id), err)
	}
	at := uint64(0)
	if h.Start != nil {
		if at, err = h.Start(g, snap); err != nil {
			return Game{}, fmt.Errorf("store: replay game #%d: start: %w", id, err)
		}
	}
	if at > g.LastSeq {
		return Game{}, fmt.Errorf("store: replay game #%d: %w: start at seq %d beyond the log's %d", id, ErrInvalid, at, g.LastSeq)
	}
	have := g.LastSeq - uint64(len(tail)) // seqs ≤ have are not in tail
	var entries []Entry
	if at < have {
		// The snapshot was not used: read from at+1 (entries never change; the
		// game may have grown since, so cut at the LastSeq read above).
		all, err := s.Log(id, at+1)
		if err != nil {
			return Game{}, err
		}
		n := g.LastSeq - at
		if uint64(len(all)) < n {
			return Game{}, fmt.Errorf("store: replay game #%d: %w: log shrank", id, ErrCorrupt)
		}
		entries = all[:n]
	} else {
		entries = tail[at-have:]
	}
	for _, e := range entries {
		if h.Apply == nil {
			break
		}
		if err := h.Apply(e); err != nil {
			return Game{}, fmt.Errorf("store: replay game #%d: seq %d: %w", id, e.Seq, err)
		}
	}
	return g, nil
}
