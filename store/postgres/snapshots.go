package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"shinpan/store"
)

// PutSnapshot replaces game id's snapshot with data taken after seq.
func (s *Store) PutSnapshot(id store.GameID, seq uint64, data []byte) error {
	err := s.write(func(ctx context.Context, tx pgx.Tx) error {
		g, err := readGame(ctx, tx, id, false)
		if err != nil {
			return err
		}
		if seq > g.LastSeq {
			return fmt.Errorf("%w: snapshot at seq %d, log ends at %d", store.ErrInvalid, seq, g.LastSeq)
		}
		return putSnapshot(ctx, tx, id, store.Snapshot{Seq: seq, At: store.NormTime(s.now()), Data: data})
	})
	return store.WrapOp(fmt.Sprintf("put snapshot of game #%d", id), err)
}

func putSnapshot(ctx context.Context, tx pgx.Tx, id store.GameID, snap store.Snapshot) error {
	raw, err := encode(snap)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `INSERT INTO snapshots (game_id, record) VALUES ($1, $2)
ON CONFLICT (game_id) DO UPDATE SET record = $2`, int64(id), raw)
	return err
}

// GetSnapshot returns game id's snapshot. Errors: ErrNotFound (none).
func (s *Store) GetSnapshot(id store.GameID) (store.Snapshot, error) {
	var snap *store.Snapshot
	err := s.read(func(ctx context.Context, tx dbtx) error {
		var err error
		snap, err = readSnapshot(ctx, tx, id)
		if err == nil && snap == nil {
			err = fmt.Errorf("snapshot: %w", store.ErrNotFound)
		}
		return err
	})
	if err != nil {
		return store.Snapshot{}, store.WrapOp(fmt.Sprintf("get snapshot of game #%d", id), err)
	}
	return *snap, nil
}

// readSnapshot returns nil, nil when there is none.
func readSnapshot(ctx context.Context, tx dbtx, id store.GameID) (*store.Snapshot, error) {
	var raw []byte
	err := tx.QueryRow(ctx, "SELECT record FROM snapshots WHERE game_id = $1", int64(id)).Scan(&raw)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var snap store.Snapshot
	if err := decode(raw, &snap, fmt.Sprintf("snapshot of game #%d", id)); err != nil {
		return nil, err
	}
	return &snap, nil
}

// DeleteSnapshot drops game id's snapshot, if any.
func (s *Store) DeleteSnapshot(id store.GameID) error {
	return store.WrapOp("delete snapshot", s.write(func(ctx context.Context, tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "DELETE FROM snapshots WHERE game_id = $1", int64(id))
		return err
	}))
}
