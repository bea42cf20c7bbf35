package bolt

import (
	"shinpan/store"

	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	bbolt "go.etcd.io/bbolt"
)

// CreateGame stores a new game and returns it with its ID, times and (if
// empty) Status active. Variant and RulesVersion are required. key, when not empty, is the idempotency key of the
// interaction that created it: a second CreateGame with it returns a
// *DuplicateError naming the first game and writes nothing. outbox messages
// are queued in the same transaction. Errors: ErrInvalid, ErrDuplicate.
func (s *Store) CreateGame(g store.Game, key string, outbox []store.OutMsg) (store.Game, error) {
	var out store.Game
	prep, err := prepareOutbox(outbox)
	if err != nil {
		return store.Game{}, store.WrapOp("create game", err)
	}
	err = s.update(func(tx *bbolt.Tx) error {
		var err error
		out, err = s.createGame(tx, g, key, prep)
		return err
	})
	if err != nil {
		return store.Game{}, store.WrapOp("create game", err)
	}
	s.signal(len(outbox))
	return out, nil
}

func (s *Store) createGame(tx *bbolt.Tx, g store.Game, key string, outbox []preparedMsg) (store.Game, error) {
	now := store.NormTime(s.now())
	if key != "" {
		if err := checkIdem(tx, key); err != nil {
			return store.Game{}, err
		}
	}
	if err := store.PrepareNewGame(&g, now); err != nil {
		return store.Game{}, err
	}
	games := bkt(tx, bGames)
	id, err := games.NextSequence()
	if err != nil {
		return store.Game{}, err
	}
	g.ID = store.GameID(id)
	if err := s.storeGame(tx, nil, &g); err != nil {
		return store.Game{}, err
	}
	if key != "" {
		if err := putIdem(tx, key, g.ID, 0, now); err != nil {
			return store.Game{}, err
		}
	}
	if err := s.queueOutbox(tx, g.ID, 0, outbox, now); err != nil {
		return store.Game{}, err
	}
	return g, nil
}

// GetGame returns a game. Errors: ErrNotFound, ErrCorrupt.
func (s *Store) GetGame(id store.GameID) (store.Game, error) {
	var g store.Game
	err := s.view(func(tx *bbolt.Tx) error {
		var err error
		g, err = readGame(tx, id)
		return err
	})
	return g, store.WrapOp("get game", err)
}

// UpdateGame changes a game's metadata without logging an action (thread id,
// deadline, away state, status set by the bot...). fn runs inside the write
// transaction on a copy of the record and must be pure (no I/O, no Store calls);
// returning an error aborts everything. ID, CreatedAt, LastSeq and Rated cannot
// be changed; UpdatedAt is set to now; FinishedAt is set when Status leaves the
// live states. outbox messages are queued in the same transaction. Returns the
// stored game. Errors: ErrNotFound, ErrInvalid, fn's error.
func (s *Store) UpdateGame(id store.GameID, outbox []store.OutMsg, fn func(*store.Game) error) (store.Game, error) {
	var out store.Game
	prep, err := prepareOutbox(outbox)
	if err != nil {
		return store.Game{}, store.WrapOp(fmt.Sprintf("update game #%d", id), err)
	}
	err = s.update(func(tx *bbolt.Tx) error {
		old, err := readGame(tx, id)
		if err != nil {
			return err
		}
		now := store.NormTime(s.now())
		g := old
		var ferr error
		callUser(func() { ferr = fn(&g) })
		if ferr != nil {
			return ferr
		}
		if err := s.finishUpdate(tx, &old, &g, now); err != nil {
			return err
		}
		out = g
		return s.queueOutbox(tx, id, old.LastSeq, prep, now)
	})
	if err != nil {
		return store.Game{}, store.WrapOp(fmt.Sprintf("update game #%d", id), err)
	}
	s.signal(len(outbox))
	return out, nil
}

// finishUpdate completes a caller's edit of old into g and writes it.
func (s *Store) finishUpdate(tx *bbolt.Tx, old, g *store.Game, now time.Time) error {
	if err := store.FinishUpdate(old, g, now); err != nil {
		return err
	}
	return s.storeGame(tx, old, g)
}

func readGame(tx *bbolt.Tx, id store.GameID) (store.Game, error) {
	var g store.Game
	found, err := getMemo(bkt(tx, bGames), u64(uint64(id)), gameMemo, &g)
	if err != nil {
		return store.Game{}, err
	}
	if !found {
		return store.Game{}, fmt.Errorf("game #%d: %w", id, store.ErrNotFound)
	}
	return g, nil
}

// checkGame is readGame for a caller that needs only to know that the game
// is there: the record is checked to be JSON but not decoded (decoding it,
// its times above all, cost most of a look-up of a game's notes).
func checkGame(tx *bbolt.Tx, id store.GameID) error {
	key := u64(uint64(id))
	raw := bkt(tx, bGames).Get(key)
	if raw == nil {
		return fmt.Errorf("game #%d: %w", id, store.ErrNotFound)
	}
	if !json.Valid(raw) {
		return fmt.Errorf("%w: bucket record %x: not JSON", store.ErrCorrupt, key)
	}
	return nil
}

// writeGame stores g and moves its index entries from old's (nil: new game).
func writeGame(tx *bbolt.Tx, old, g *store.Game) error {
	var before []indexKey
	if old != nil {
		before = indexKeys(old)
	}
	after := indexKeys(g)
	for _, ik := range before {
		if !slices.ContainsFunc(after, ik.equal) {
			if err := bkt(tx, ik.bucket).Delete(ik.key); err != nil {
				return err
			}
		}
	}
	for _, ik := range after {
		b := bkt(tx, ik.bucket)
		// An entry that stays is left as it is (most actions change none):
		// deleting and putting it again loaded its pages into nodes and
		// wrote them anew at each commit. One missing is put back.
		if slices.ContainsFunc(before, ik.equal) && hasKey(b, ik.key) {
			continue
		}
		if err := b.Put(ik.key, nil); err != nil {
			return err
		}
	}
	return putJSON(bkt(tx, bGames), u64(uint64(g.ID)), g)
}

// storeGame is writeGame, with the live games' count moved (active.go):
// every write of a game after Open goes through it.
func (s *Store) storeGame(tx *bbolt.Tx, old, g *store.Game) error {
	if err := writeGame(tx, old, g); err != nil {
		return err
	}
	s.activeMoved(tx, old, g)
	return nil
}

// hasKey reports whether b holds key (a nil Get can't tell: an index entry's
// value is empty).
func hasKey(b *bbolt.Bucket, key []byte) bool {
	k, _ := b.Cursor().Seek(key)
	return bytes.Equal(k, key)
}

type indexKey struct {
	bucket []byte
	key    []byte
}

func (a indexKey) equal(b indexKey) bool {
	return bytes.Equal(a.bucket, b.bucket) && bytes.Equal(a.key, b.key)
}

// indexKeys lists the secondary index entries of a game.
func indexKeys(g *store.Game) []indexKey {
	id := u64(uint64(g.ID))
	var out []indexKey
	users := g.Players[:]
	if g.Players[0] == g.Players[1] {
		users = g.Players[:1]
	}
	switch {
	case g.Status.Live():
		out = append(out, indexKey{bIdxActive, id})
		for _, u := range users {
			out = append(out, indexKey{bIdxUserActive, cat(lp(u), id)})
		}
		out = append(out, indexKey{bIdxChanActive, cat(lp(g.ChannelID), id)})
		if g.ThreadID != "" && g.ThreadID != g.ChannelID {
			out = append(out, indexKey{bIdxChanActive, cat(lp(g.ThreadID), id)})
		}
	case g.Status == store.StatusFinished:
		t := tkey(g.FinishedAt)
		for _, u := range users {
			out = append(out, indexKey{bIdxUserFinished, cat(lp(u), t, id)})
		}
	}
	return out
}
