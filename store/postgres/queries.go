package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"

	"shinpan/referee/view"
	"shinpan/store"
)

const live = "status IN ('pending_masks', 'active')"

// ActiveGames returns every game pending masks or active, by id.
func (s *Store) ActiveGames() ([]store.Game, error) {
	return s.queryGames("active games", "SELECT record FROM games WHERE "+live+" ORDER BY id")
}

// ActiveGamesOf returns the live games user plays in, by id.
func (s *Store) ActiveGamesOf(user string) ([]store.Game, error) {
	return s.queryGames("active games of "+user, "SELECT record FROM games WHERE "+live+" AND (black = $1 OR white = $1) ORDER BY id", user)
}

// ActiveGamesIn returns the live games whose channel or thread is channel, by id.
func (s *Store) ActiveGamesIn(channel string) ([]store.Game, error) {
	return s.queryGames("active games in "+channel, "SELECT record FROM games WHERE "+live+" AND (channel_id = $1 OR (thread_id = $1 AND thread_id <> '')) ORDER BY id", channel)
}

// RecentGames returns user's last n finished games, newest first.
func (s *Store) RecentGames(user string, n int) ([]store.Game, error) {
	q := "SELECT record FROM games WHERE status = 'finished' AND (black = $1 OR white = $1) ORDER BY finished_ns DESC, id DESC"
	if n > 0 {
		return s.queryGames("recent games of "+user, q+" LIMIT $2", user, n)
	}
	return s.queryGames("recent games of "+user, q, user)
}

func (s *Store) queryGames(op, q string, args ...any) ([]store.Game, error) {
	out := []store.Game{}
	err := s.read(func(ctx context.Context, tx dbtx) error {
		rows, err := tx.Query(ctx, q, args...)
		if err != nil {
			return err
		}
		raws, err := pgx.CollectRows(rows, pgx.RowTo[[]byte])
		if err != nil {
			return err
		}
		out = out[:0]
		for _, raw := range raws {
			var g store.Game
			if err := decode(raw, &g, "game"); err != nil {
				return err
			}
			out = append(out, g)
		}
		return nil
	})
	if err != nil {
		return nil, store.WrapOp(op, err)
	}
	return out, nil
}

// ActiveCounts returns the live games by variant, summed from the counter
// rows a trigger keeps (schema 8): one small read, however many games.
func (s *Store) ActiveCounts() (map[view.Variant]int, error) {
	out := map[view.Variant]int{}
	err := s.read(func(ctx context.Context, q dbtx) error {
		clear(out) // a read tried again starts afresh
		rows, err := q.Query(ctx, "SELECT variant, sum(n) FROM games_active_count GROUP BY variant HAVING sum(n) <> 0")
		if err != nil {
			return err
		}
		var v string
		var n int64
		_, err = pgx.ForEachRow(rows, []any{&v, &n}, func() error {
			out[view.Variant(v)] = int(n)
			return nil
		})
		return err
	})
	if err != nil {
		return nil, store.WrapOp("active counts", err)
	}
	return out, nil
}
