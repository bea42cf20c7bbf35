package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"shinpan/store"
)

// CreateTournament stores a new tournament (see store.Tournaments).
func (s *Store) CreateTournament(t store.Tournament, outbox []store.OutMsg) (store.Tournament, error) {
	if err := checkOutbox(outbox); err != nil {
		return store.Tournament{}, store.WrapOp("create tournament", err)
	}
	in := t
	err := s.write(func(ctx context.Context, tx pgx.Tx) error {
		t = in.Clone()
		now := store.NormTime(s.now())
		if err := store.PrepareNewTournament(&t, now); err != nil {
			return err
		}
		if err := tx.QueryRow(ctx, "SELECT nextval('tournament_ids')").Scan(&t.ID); err != nil {
			return err
		}
		if err := putTournament(ctx, tx, &t); err != nil {
			return err
		}
		return s.queueOutbox(ctx, tx, 0, 0, outbox, now)
	})
	if err != nil {
		return store.Tournament{}, store.WrapOp("create tournament", err)
	}
	s.signal(len(outbox))
	return t, nil
}

// GetTournament returns a tournament.
func (s *Store) GetTournament(id uint64) (store.Tournament, error) {
	var t store.Tournament
	err := s.read(func(ctx context.Context, q dbtx) error {
		var err error
		t, err = readTournament(ctx, q, id, false)
		return err
	})
	return t, store.WrapOp("get tournament", err)
}

// SaveTournament writes t over its stored version and starts games with it
// (see store.Tournaments). The row is locked first: a write racing for the
// same version waits, then reads the winner's version and is refused.
func (s *Store) SaveTournament(t store.Tournament, games []store.NewGame, outbox []store.OutMsg) (store.Tournament, []store.Game, error) {
	op := fmt.Sprintf("save tournament %d", t.ID)
	if err := checkOutbox(outbox); err != nil {
		return store.Tournament{}, nil, store.WrapOp(op, err)
	}
	n := len(outbox)
	for _, g := range games {
		n += len(g.Outbox)
	}
	in := t
	var made []store.Game
	err := s.write(func(ctx context.Context, tx pgx.Tx) error {
		t, made = in.Clone(), nil
		old, err := readTournament(ctx, tx, in.ID, true)
		if err != nil {
			return err
		}
		now := store.NormTime(s.now())
		if err := store.PrepareSave(&old, &t, games, now); err != nil {
			return err
		}
		for _, ng := range games {
			g, err := s.createGame(ctx, tx, ng.Game.Clone(), ng.Key, ng.Outbox)
			if err != nil {
				return err
			}
			if err := store.LinkGame(&t, g); err != nil {
				return err
			}
			made = append(made, g)
		}
		if err := t.Validate(); err != nil {
			return err
		}
		if err := putTournament(ctx, tx, &t); err != nil {
			return err
		}
		return s.queueOutbox(ctx, tx, 0, 0, outbox, now)
	})
	for _, g := range games {
		if g.Key != "" {
			err = s.duplicate(err, g.Key)
		}
	}
	if err != nil {
		return store.Tournament{}, nil, store.WrapOp(op, err)
	}
	s.signal(n)
	return t, made, nil
}

// ActiveTournaments returns the tournaments not over, by id.
func (s *Store) ActiveTournaments() ([]store.Tournament, error) {
	var out []store.Tournament
	err := s.read(func(ctx context.Context, q dbtx) error {
		return scanRecords(ctx, q, "SELECT record FROM tournaments WHERE NOT over ORDER BY id", &out)
	})
	return out, store.WrapOp("active tournaments", err)
}

// GuildTournaments returns a server's last n tournaments, newest first.
func (s *Store) GuildTournaments(guild string, n int) ([]store.Tournament, error) {
	if err := store.CheckID("guild id", guild, true); err != nil {
		return nil, store.WrapOp("guild tournaments", err)
	}
	var out []store.Tournament
	err := s.read(func(ctx context.Context, q dbtx) error {
		rows, err := q.Query(ctx, "SELECT record FROM tournaments WHERE guild_id = $1 ORDER BY id DESC LIMIT $2", guild, max(n, 0))
		if err != nil {
			return err
		}
		raws, err := pgx.CollectRows(rows, pgx.RowTo[[]byte])
		for _, raw := range raws {
			var t store.Tournament
			if err := decode(raw, &t, "tournament"); err != nil {
				return err
			}
			out = append(out, t)
		}
		return err
	})
	return out, store.WrapOp("guild tournaments", err)
}

func readTournament(ctx context.Context, q dbtx, id uint64, forUpdate bool) (store.Tournament, error) {
	sql := "SELECT record FROM tournaments WHERE id = $1"
	if forUpdate {
		sql += " FOR UPDATE"
	}
	var raw []byte
	err := q.QueryRow(ctx, sql, int64(id)).Scan(&raw)
	if errors.Is(err, pgx.ErrNoRows) {
		return store.Tournament{}, fmt.Errorf("tournament %d: %w", id, store.ErrNotFound)
	}
	if err != nil {
		return store.Tournament{}, err
	}
	var t store.Tournament
	err = decode(raw, &t, fmt.Sprintf("tournament %d", id))
	return t, err
}

// putTournament writes t whether or not it exists.
func putTournament(ctx context.Context, tx pgx.Tx, t *store.Tournament) error {
	raw, err := encode(t)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `INSERT INTO tournaments (id, guild_id, over, version, record) VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (id) DO UPDATE SET guild_id = $2, over = $3, version = $4, record = $5`, int64(t.ID), t.GuildID, t.Over(), int64(t.Version), raw)
	return err
}
