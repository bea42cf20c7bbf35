package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"shinpan/referee/view"
	"shinpan/store"
)

// GetRating returns a user's rating. Errors: ErrNotFound (unrated).
func (s *Store) GetRating(guild string, v view.Variant, user string) (store.Rating, error) {
	var r store.Rating
	err := s.read(func(ctx context.Context, tx dbtx) error {
		var raw []byte
		err := tx.QueryRow(ctx, "SELECT record FROM ratings WHERE guild_id = $1 AND variant = $2 AND user_id = $3", guild, string(v), user).Scan(&raw)
		if errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("rating of %s in %s/%s: %w", user, guild, v, store.ErrNotFound)
		}
		if err != nil {
			return err
		}
		return decode(raw, &r, "rating")
	})
	return r, store.WrapOp("get rating", err)
}

// ApplyRatings writes the ratings game id's result produced and marks the
// game Rated, in one transaction.
func (s *Store) ApplyRatings(id store.GameID, rs ...store.Rating) error {
	err := s.write(func(ctx context.Context, tx pgx.Tx) error {
		g, err := readGame(ctx, tx, id, true)
		if err != nil {
			return err
		}
		if err := s.checkFence(ctx, tx, id); err != nil {
			return err
		}
		if g.Status.Live() {
			return fmt.Errorf("game #%d is %s: %w", id, g.Status, store.ErrNotOver)
		}
		if g.Rated {
			return fmt.Errorf("game #%d already rated: %w", id, store.ErrDuplicate)
		}
		g.Rated = true
		if err := updateGame(ctx, tx, &g); err != nil {
			return err
		}
		return s.putRatings(ctx, tx, rs)
	})
	return store.WrapOp(fmt.Sprintf("apply ratings of game #%d", id), err)
}

func (s *Store) putRatings(ctx context.Context, tx pgx.Tx, rs []store.Rating) error {
	now := store.NormTime(s.now())
	for _, r := range rs {
		if err := r.Validate(); err != nil {
			return err
		}
		r.UpdatedAt = now
		if err := putRating(ctx, tx, r); err != nil {
			return err
		}
	}
	return nil
}

func putRating(ctx context.Context, tx pgx.Tx, r store.Rating) error {
	raw, err := encode(r)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `INSERT INTO ratings (guild_id, variant, user_id, rating, record) VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (guild_id, variant, user_id) DO UPDATE SET rating = $4, record = $5`, r.GuildID, string(r.Variant), r.UserID, r.Rating, raw)
	return err
}

// Leaderboard returns the top n ratings of a guild and variant, best first,
// and user's own standing. Equal ratings share a rank; among them the order
// is store/bolt's (longer ids first, then by bytes, descending).
func (s *Store) Leaderboard(guild string, v view.Variant, n int, user string) ([]store.Standing, *store.Standing, error) {
	var top []store.Standing
	var me *store.Standing
	err := s.read(func(ctx context.Context, tx dbtx) error {
		top, me = nil, nil
		rows, err := tx.Query(ctx, `SELECT pos, rank, user_id, record FROM (
	SELECT row_number() OVER (ORDER BY rating DESC, octet_length(user_id) DESC, user_id COLLATE "C" DESC) AS pos,
	       rank() OVER (ORDER BY rating DESC) AS rank, user_id, record
	FROM ratings WHERE guild_id = $1 AND variant = $2
) b WHERE pos <= $3 OR user_id = $4 ORDER BY pos`, guild, string(v), n, user)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var pos, rank int64
			var u string
			var raw []byte
			if err := rows.Scan(&pos, &rank, &u, &raw); err != nil {
				return err
			}
			st := store.Standing{Rank: int(rank)}
			if err := decode(raw, &st.Rating, "rating"); err != nil {
				return err
			}
			if pos <= int64(n) {
				top = append(top, st)
			}
			if user != "" && u == user {
				me = &st
			}
		}
		return rows.Err()
	})
	if err != nil {
		return nil, nil, store.WrapOp("leaderboard", err)
	}
	return top, me, nil
}
