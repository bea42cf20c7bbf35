package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"shinpan/referee/shogi"
	"shinpan/store"
)

// Notes returns the squares player c marked in game id, sorted.
func (s *Store) Notes(id store.GameID, c shogi.Color) ([]shogi.Square, error) {
	if err := store.CheckColor(c); err != nil {
		return nil, err
	}
	var sqs []shogi.Square
	err := s.read(func(ctx context.Context, q dbtx) error {
		// One round trip: the game's existence and the notes.
		var raw []byte
		err := q.QueryRow(ctx, "SELECT n.squares FROM games g LEFT JOIN notes n ON n.game_id = g.id AND n.color = $2 WHERE g.id = $1", int64(id), int16(c)).Scan(&raw)
		if errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("game #%d: %w", id, store.ErrNotFound)
		}
		if err != nil {
			return err
		}
		sqs = []shogi.Square{}
		if raw == nil {
			return nil
		}
		return decode(raw, &sqs, fmt.Sprintf("notes of game #%d", id))
	})
	return sqs, store.WrapOp("notes", err)
}

func readNotes(ctx context.Context, tx dbtx, id store.GameID, c shogi.Color) ([]shogi.Square, error) {
	sqs := []shogi.Square{}
	var raw []byte
	err := tx.QueryRow(ctx, "SELECT squares FROM notes WHERE game_id = $1 AND color = $2", int64(id), int16(c)).Scan(&raw)
	if errors.Is(err, pgx.ErrNoRows) {
		return sqs, nil
	}
	if err != nil {
		return nil, err
	}
	return sqs, decode(raw, &sqs, fmt.Sprintf("notes of game #%d", id))
}

func putNotes(ctx context.Context, tx pgx.Tx, id store.GameID, c shogi.Color, sqs []shogi.Square) error {
	if len(sqs) == 0 {
		_, err := tx.Exec(ctx, "DELETE FROM notes WHERE game_id = $1 AND color = $2", int64(id), int16(c))
		return err
	}
	raw, err := encode(sqs)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `INSERT INTO notes (game_id, color, squares) VALUES ($1, $2, $3)
ON CONFLICT (game_id, color) DO UPDATE SET squares = $3`, int64(id), int16(c), raw)
	return err
}

// ToggleNote adds sq to player c's marks in game id, or removes it.
func (s *Store) ToggleNote(id store.GameID, c shogi.Color, sq shogi.Square) ([]shogi.Square, error) {
	if !sq.Valid() {
		return nil, fmt.Errorf("store: toggle note: %w: square %d", store.ErrInvalid, sq)
	}
	return s.editNotes(id, c, func(set []shogi.Square) []shogi.Square { return store.ToggleSquare(set, sq) })
}

func (s *Store) editNotes(id store.GameID, c shogi.Color, f func([]shogi.Square) []shogi.Square) ([]shogi.Square, error) {
	if err := store.CheckColor(c); err != nil {
		return nil, err
	}
	var out []shogi.Square
	err := s.writeSerial(func(ctx context.Context, tx pgx.Tx) error {
		if _, err := readGame(ctx, tx, id, false); err != nil {
			return err
		}
		set, err := readNotes(ctx, tx, id, c)
		if err != nil {
			return err
		}
		out = f(set)
		if out == nil {
			out = []shogi.Square{}
		}
		return putNotes(ctx, tx, id, c, out)
	})
	if err != nil {
		return nil, store.WrapOp("notes", err)
	}
	return out, nil
}
