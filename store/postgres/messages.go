package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"shinpan/store"
)

// PutMessageRef records (or replaces) the message of a game for a purpose.
func (s *Store) PutMessageRef(id store.GameID, purpose string, ref store.MessageRef) error {
	if purpose == "" || ref.ChannelID == "" || ref.MessageID == "" {
		return fmt.Errorf("store: put message ref: %w: purpose, channel and message id are required", store.ErrInvalid)
	}
	err := s.write(func(ctx context.Context, tx pgx.Tx) error {
		if _, err := readGame(ctx, tx, id, false); err != nil {
			return err
		}
		ref.UpdatedAt = store.NormTime(s.now())
		return putMessageRef(ctx, tx, id, purpose, ref)
	})
	return store.WrapOp("put message ref", err)
}

func putMessageRef(ctx context.Context, tx pgx.Tx, id store.GameID, purpose string, ref store.MessageRef) error {
	raw, err := encode(ref)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `INSERT INTO message_refs (game_id, purpose, record) VALUES ($1, $2, $3)
ON CONFLICT (game_id, purpose) DO UPDATE SET record = $3`, int64(id), purpose, raw)
	return err
}

// GetMessageRef returns the message of a game for a purpose.
func (s *Store) GetMessageRef(id store.GameID, purpose string) (store.MessageRef, error) {
	var ref store.MessageRef
	err := s.read(func(ctx context.Context, tx dbtx) error {
		var raw []byte
		err := tx.QueryRow(ctx, "SELECT record FROM message_refs WHERE game_id = $1 AND purpose = $2", int64(id), purpose).Scan(&raw)
		if errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("message %q of game #%d: %w", purpose, id, store.ErrNotFound)
		}
		if err != nil {
			return err
		}
		return decode(raw, &ref, "message ref")
	})
	return ref, store.WrapOp("get message ref", err)
}

// MessageRefs returns all of a game's messages by purpose.
func (s *Store) MessageRefs(id store.GameID) (map[string]store.MessageRef, error) {
	var out map[string]store.MessageRef
	err := s.read(func(ctx context.Context, tx dbtx) error {
		var err error
		out, err = readMessageRefs(ctx, tx, id)
		return err
	})
	return out, store.WrapOp("message refs", err)
}

func readMessageRefs(ctx context.Context, tx dbtx, id store.GameID) (map[string]store.MessageRef, error) {
	rows, err := tx.Query(ctx, "SELECT purpose, record FROM message_refs WHERE game_id = $1", int64(id))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]store.MessageRef{}
	for rows.Next() {
		var p string
		var raw []byte
		if err := rows.Scan(&p, &raw); err != nil {
			return nil, err
		}
		var ref store.MessageRef
		if err := decode(raw, &ref, "message ref"); err != nil {
			return nil, err
		}
		out[p] = ref
	}
	return out, rows.Err()
}

// DeleteMessageRef forgets a game's message for a purpose.
func (s *Store) DeleteMessageRef(id store.GameID, purpose string) error {
	return store.WrapOp("delete message ref", s.write(func(ctx context.Context, tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "DELETE FROM message_refs WHERE game_id = $1 AND purpose = $2", int64(id), purpose)
		return err
	}))
}
