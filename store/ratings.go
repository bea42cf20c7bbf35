package store

import (
	"fmt"
	"math"
	"time"

	bolt "go.etcd.io/bbolt"

	"shinpan/referee/view"
)

// Rating is one user's Glicko-2 state in one guild and variant. The store only
// keeps it; the rating maths lives elsewhere.
type Rating struct {
	GuildID    string       `json:"guild_id"`
	Variant    view.Variant `json:"variant"`
	UserID     string       `json:"user_id"`
	Rating     float64      `json:"rating"`     // Glicko scale, e.g. 1500
	RD         float64      `json:"rd"`         // rating deviation, same scale
	Volatility float64      `json:"volatility"` // σ, e.g. 0.06
	Games      int          `json:"games"`
	Wins       int          `json:"wins"`
	Losses     int          `json:"losses"`
	Draws      int          `json:"draws"`
	UpdatedAt  time.Time    `json:"updated_at"`
}

// Standing is a rating with its rank on the leaderboard (1 = best; equal
// ratings share a rank).
type Standing struct {
	Rank int `json:"rank"`
	Rating
}

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

func (r *Rating) validate() error {
	if err := checkID("guild id", r.GuildID, false); err != nil {
		return err
	}
	if err := checkID("variant", string(r.Variant), true); err != nil {
		return err
	}
	if err := checkID("user id", r.UserID, true); err != nil {
		return err
	}
	if math.IsNaN(r.Rating) || math.IsInf(r.Rating, 0) {
		return fmt.Errorf("%w: rating %v", ErrInvalid, r.Rating)
	}
	return nil
}

// GetRating returns a user's rating. Errors: ErrNotFound (unrated).
func (s *Store) GetRating(guild string, v view.Variant, user string) (Rating, error) {
	var r Rating
	err := s.view(func(tx *bolt.Tx) error {
		found, err := getJSON(bkt(tx, bRatings), ratingKey(guild, v, user), &r)
		if err == nil && !found {
			err = fmt.Errorf("rating of %s in %s/%s: %w", user, guild, v, ErrNotFound)
		}
		return err
	})
	return r, wrapOp("get rating", err)
}

// PutRatings writes ratings (and the leaderboard index) in one transaction.
// Errors: ErrInvalid.
func (s *Store) PutRatings(rs ...Rating) error {
	return wrapOp("put ratings", s.update(func(tx *bolt.Tx) error { return s.putRatings(tx, rs) }))
}

// ApplyRatings writes the ratings that game id's result produced and marks the
// game Rated, in one transaction, so a result is counted once. Errors:
// ErrDuplicate (already rated), ErrNotOver (game still live), ErrNotFound.
func (s *Store) ApplyRatings(id GameID, rs ...Rating) error {
	err := s.update(func(tx *bolt.Tx) error {
		g, err := readGame(tx, id)
		if err != nil {
			return err
		}
		if g.Status.Live() {
			return fmt.Errorf("game #%d is %s: %w", id, g.Status, ErrNotOver)
		}
		if g.Rated {
			return fmt.Errorf("game #%d already rated: %w", id, ErrDuplicate)
		}
		g.Rated = true
		if err := putJSON(bkt(tx, bGames), u64(uint64(id)), g); err != nil {
			return err
		}
		return s.putRatings(tx, rs)
	})
	return wrapOp(fmt.Sprintf("apply ratings of game #%d", id), err)
}

func (s *Store) putRatings(tx *bolt.Tx, rs []Rating) error {
	b, idx := bkt(tx, bRatings), bkt(tx, bIdxRating)
	now := normTime(s.now())
	for _, r := range rs {
		if err := r.validate(); err != nil {
			return err
		}
		k := ratingKey(r.GuildID, r.Variant, r.UserID)
		var old Rating
		found, err := getJSON(b, k, &old)
		if err != nil {
			return err
		}
		if found {
			if err := idx.Delete(cat(boardPrefix(r.GuildID, r.Variant), sortFloat(old.Rating), lp(r.UserID))); err != nil {
				return err
			}
		}
		r.UpdatedAt = now
		if err := putJSON(b, k, r); err != nil {
			return err
		}
		if err := idx.Put(cat(boardPrefix(r.GuildID, r.Variant), sortFloat(r.Rating), lp(r.UserID)), nil); err != nil {
			return err
		}
	}
	return nil
}

// Leaderboard returns the top n ratings of a guild and variant, best first,
// and user's own standing (nil when user is "" or unrated). Finding the user's
// rank walks the board down to them: O(rank).
func (s *Store) Leaderboard(guild string, v view.Variant, n int, user string) ([]Standing, *Standing, error) {
	var top []Standing
	var me *Standing
	prefix := boardPrefix(guild, v)
	err := s.view(func(tx *bolt.Tx) error {
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
			var r Rating
			found, err := getJSON(ratings, ratingKey(guild, v, u), &r)
			if err != nil {
				return err
			}
			if !found {
				return fmt.Errorf("%w: leaderboard index names unrated %s", ErrCorrupt, u)
			}
			st := Standing{Rank: rank, Rating: r}
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
		return nil, nil, wrapOp("leaderboard", err)
	}
	return top, me, nil
}
