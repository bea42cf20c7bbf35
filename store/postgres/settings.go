package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"shinpan/store"
)

// GetSettings returns a user's settings. Errors: ErrNotFound (never set).
func (s *Store) GetSettings(userID string) (store.Settings, error) {
	var st store.Settings
	err := s.read(func(ctx context.Context, tx dbtx) error {
		found, err := readSettings(ctx, tx, userID, &st)
		if err == nil && !found {
			err = fmt.Errorf("settings of %s: %w", userID, store.ErrNotFound)
		}
		return err
	})
	return st, store.WrapOp("get settings", err)
}

func readSettings(ctx context.Context, tx dbtx, userID string, st *store.Settings) (bool, error) {
	var raw []byte
	err := tx.QueryRow(ctx, "SELECT record FROM settings WHERE user_id = $1", userID).Scan(&raw)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return true, decode(raw, st, "settings of "+userID)
}

func putSettings(ctx context.Context, tx pgx.Tx, st store.Settings) error {
	raw, err := encode(st)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `INSERT INTO settings (user_id, record) VALUES ($1, $2)
ON CONFLICT (user_id) DO UPDATE SET record = $2`, st.UserID, raw)
	return err
}

// UpdateSettings applies fn to a user's settings in one transaction.
func (s *Store) UpdateSettings(userID string, fn func(*store.Settings)) (store.Settings, error) {
	if err := store.CheckID("user id", userID, true); err != nil {
		return store.Settings{}, store.WrapOp("update settings", err)
	}
	var st store.Settings
	err := s.writeSerial(func(ctx context.Context, tx pgx.Tx) error {
		st = store.Settings{}
		if _, err := readSettings(ctx, tx, userID, &st); err != nil {
			return err
		}
		fn(&st)
		st.UserID = userID
		st.UpdatedAt = store.NormTime(s.now())
		if err := st.Validate(); err != nil {
			return err
		}
		return putSettings(ctx, tx, st)
	})
	if err != nil {
		return store.Settings{}, store.WrapOp("update settings", err)
	}
	return st, nil
}

// GetGuildSettings returns a server's settings (store.GetGuild). Errors:
// ErrNotFound (never set).
func (s *Store) GetGuildSettings(guildID string) (store.GuildSettings, error) {
	return store.GetGuild(s, guildID)
}

// UpdateGuildSettings applies fn to a server's settings in one transaction
// (store.UpdateGuild). Errors: ErrInvalid.
func (s *Store) UpdateGuildSettings(guildID string, fn func(*store.GuildSettings)) (store.GuildSettings, error) {
	return store.UpdateGuild(s, guildID, fn)
}
