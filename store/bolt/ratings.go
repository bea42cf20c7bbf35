package bolt

import (
	"shinpan/store"

	"fmt"
	"math"

	bbolt "go.etcd.io/bbolt"

	"shinpan/referee/view"
)

func ratingKey(guild string, v view.Variant, user string) []byte {
	return cat(lp(guild), lp(string(v)), lp(user))
}

func boardPrefix(guild string, v view.Variant) []byte { return cat(lp(guild), lp(string(v))) }

// sortFloat encodes f so that byte order is numeric order.
func sortFloat(f float64) []byte {
	b := math.Float64bits(f)
	if b&(1<<63) != 0 {
		b = ^b
	} else {
		b |= 1 << 63
	}
	return u64(b)
}

// GetRating returns a user's rating. Errors: ErrNotFound (unrated).
func (s *Store) GetRating(guild string, v view.Variant, user string) (store.Rating, error) {
	var r store.Rating
	err := s.view(func(tx *bbolt.Tx) error {
		found, err := getJSON(bkt(tx, bRatings), ratingKey(guild, v, user), &r)
		if err == nil && !found {
			err = fmt.Errorf("rating of %s in %s/%s: %w", user, guild, v, store.ErrNotFound)
		}
		return err
	})
	return r, store.WrapOp("get rating", err)
}

// ApplyRatings writes the ratings that game id's result produced and marks the
// game Rated, in one transaction, so a result is counted once. Errors:
// ErrDuplicate (already rated), ErrNotOver (game still live), ErrNotFound.
func (s *Store) ApplyRatings(id store.GameID, rs ...store.Rating) error {
	err := s.update(func(tx *bbolt.Tx) error {
		g, err := readGame(tx, id)
		if err != nil {
			return err
		}
		if g.Status.Live() {
			return fmt.Errorf("game #%d is %s: %w", id, g.Status, store.ErrNotOver)
		}
		if g.Rated {
			return fmt.Errorf("game #%d already rated: %w", id, store.ErrDuplicate)
		}
		g.Rated = true
		if err := putJSON(bkt(tx, bGames), u64(uint64(id)), g); err != nil {
			return err
		}
		return s.putRatings(tx, rs)
	})
	return store.WrapOp(fmt.Sprintf("apply ratings of game #%d", id), err)
}

func (s *Store) putRatings(tx *bbolt.Tx, rs []store.Rating) error {
	now := store.NormTime(s.now())
	for _, r := range rs {
		if err := r.Validate(); err != nil {
			return err
		}
		r.UpdatedAt = now
		if err := putRating(tx, r); err != nil {
			return err
		}
	}
	return nil
}

// putRating writes r as is and moves its leaderboard entry.
func putRating(tx *bbolt.Tx, r store.Rating) error {
	b, idx := bkt(tx, bRatings), bkt(tx, bIdxRating)
	k := ratingKey(r.GuildID, r.Variant, r.UserID)
	var old store.Rating
	found, err := getJSON(b, k, &old)
	if err != nil {
		return err
	}
	if found {
		if err := idx.Delete(cat(boardPrefix(r.GuildID, r.Variant), sortFloat(old.Rating), lp(r.UserID))); err != nil {
			return err
		}
	}
	if err := putJSON(b, k, r); err != nil {
		return err
	}
	return idx.Put(cat(boardPrefix(r.GuildID, r.Variant), sortFloat(r.Rating), lp(r.UserID)), nil)
}

// Leaderboard returns the top n ratings of a guild and variant, best first,
// and user's own standing (nil when user is "" or unrated). Finding the user's
// rank walks the board down to them: O(rank).
func (s *Store) Leaderboard(guild string, v view.Variant, n int, user string) ([]store.Standing, *store.Standing, error) {
	var top []store.Standing
	var me *store.Standing
	prefix := boardPrefix(guild, v)
	err := s.view(func(tx *bbolt.Tx) error {
		ratings := bkt(tx, bRatings)
		c := bkt(tx, bIdxRating).Cursor()
		// Start after the last key with this prefix.
		end := cat(prefix, []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff})
		k, _ := c.Seek(end)
		if k == nil {
			k, _ = c.Last()
		} else {
			k, _ = c.Prev()
		}
		pos, rank := 0, 0
		var prev string
		for ; k != nil && len(k) > len(prefix)+8 && string(k[:len(prefix)]) == string(prefix); k, _ = c.Prev() {
			pos++
			score := string(k[len(prefix) : len(prefix)+8])
			if score != prev {
				rank, prev = pos, score
			}
			u := string(k[len(prefix)+9:])
			if pos > n && (user == "" || me != nil) {
				break
			}
			if pos > n && u != user {
				continue
			}
			var r store.Rating
			found, err := getJSON(ratings, ratingKey(guild, v, u), &r)
			if err != nil {
				return err
			}
			if !found {
				return fmt.Errorf("%w: leaderboard index names unrated %s", store.ErrCorrupt, u)
			}
			st := store.Standing{Rank: rank, Rating: r}
			if pos <= n {
				top = append(top, st)
			}
			if u == user {
				me = &st
			}
		}
		return nil
	})
	if err != nil {
		return nil, nil, store.WrapOp("leaderboard", err)
	}
	return top, me, nil
}
