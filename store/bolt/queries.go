package bolt

import (
	"shinpan/store"

	"bytes"
	"fmt"

	bbolt "go.etcd.io/bbolt"
)

// The queries read the secondary indexes (schema.go) and then the game records,
// in one read transaction. Results are Game values, never nil slices on success.

// ActiveGames returns every game pending masks or active, by id: what the bot
// reloads and re-arms timers for after a restart.
func (s *Store) ActiveGames() ([]store.Game, error) {
	return s.scanGames("active games", bIdxActive, nil, func(k []byte) []byte { return k }, 0, false)
}

// ActiveGamesOf returns the live games user plays in (either colour), by id.
func (s *Store) ActiveGamesOf(user string) ([]store.Game, error) {
	p := lp(trim255(user))
	return s.scanGames("active games of "+user, bIdxUserActive, p, idTail, 0, false)
}

// ActiveGamesIn returns the live games in a channel: those whose ChannelID or
// ThreadID is channel, by id.
func (s *Store) ActiveGamesIn(channel string) ([]store.Game, error) {
	p := lp(trim255(channel))
	return s.scanGames("active games in "+channel, bIdxChanActive, p, idTail, 0, false)
}

// RecentGames returns user's last n finished games, newest first.
func (s *Store) RecentGames(user string, n int) ([]store.Game, error) {
	p := lp(trim255(user))
	return s.scanGames("recent games of "+user, bIdxUserFinished, p, idTail, n, true)
}

func idTail(k []byte) []byte { return k[len(k)-8:] }

// trim255 keeps an over-long id from panicking lp; it can match nothing.
func trim255(s string) string {
	if len(s) > 255 {
		return s[:255]
	}
	return s
}

// scanGames walks the keys of an index with a prefix (nil: all), forwards or
// backwards, and loads the games whose ids id(key) returns; limit 0 means all.
func (s *Store) scanGames(op string, index, prefix []byte, id func([]byte) []byte, limit int, reverse bool) ([]store.Game, error) {
	out := []store.Game{}
	err := s.view(func(tx *bbolt.Tx) error {
		c := bkt(tx, index).Cursor()
		var k []byte
		if reverse {
			k = seekLast(c, prefix)
		} else {
			k, _ = c.Seek(prefix)
		}
		for ; k != nil && bytes.HasPrefix(k, prefix); k = step(c, reverse) {
			g, err := indexedGame(tx, id(k))
			if err != nil {
				return err
			}
			out = append(out, g)
			if limit > 0 && len(out) == limit {
				break
			}
		}
		return nil
	})
	if err != nil {
		return nil, store.WrapOp(op, err)
	}
	return out, nil
}

func step(c *bbolt.Cursor, reverse bool) []byte {
	var k []byte
	if reverse {
		k, _ = c.Prev()
	} else {
		k, _ = c.Next()
	}
	return k
}

// seekLast positions c on the last key with prefix (or before it).
func seekLast(c *bbolt.Cursor, prefix []byte) []byte {
	if len(prefix) == 0 {
		k, _ := c.Last()
		return k
	}
	// The first key after every key with prefix is the prefix "plus one".
	next := bytes.Clone(prefix)
	for i := len(next) - 1; i >= 0; i-- {
		if next[i] < 0xff {
			next[i]++
			next = next[:i+1]
			k, _ := c.Seek(next)
			if k == nil {
				k, _ = c.Last()
				return k
			}
			k, _ = c.Prev()
			return k
		}
	}
	k, _ := c.Last()
	return k
}

// indexedGame loads the game an index entry names; a dangling entry is corruption.
func indexedGame(tx *bbolt.Tx, id []byte) (store.Game, error) {
	g, err := readGame(tx, store.GameID(btou(id)))
	if err != nil {
		return store.Game{}, fmt.Errorf("%w: index names game #%d: %v", store.ErrCorrupt, btou(id), err)
	}
	return g, nil
}
