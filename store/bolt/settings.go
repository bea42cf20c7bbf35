package bolt

import (
	"shinpan/store"

	"errors"
	"fmt"
	"slices"
	"time"

	bbolt "go.etcd.io/bbolt"
)

// GetSettings returns a user's settings. Errors: ErrNotFound (never set: use
// the defaults).
func (s *Store) GetSettings(userID string) (store.Settings, error) {
	var st store.Settings
	err := s.view(func(tx *bbolt.Tx) error {
		found, err := getMemo(bkt(tx, bSettings), []byte(userID), settingsMemo, &st)
		if err == nil && !found {
			err = fmt.Errorf("settings of %s: %w", userID, store.ErrNotFound)
		}
		return err
	})
	return st, store.WrapOp("get settings", err)
}

// UpdateSettings reads a user's settings (zero value if none), applies fn and
// writes them back in one transaction, so concurrent commands do not lose each
// other's changes. fn runs inside the transaction and must be pure. Returns the
// stored settings. Errors: ErrInvalid (bad notation or language).
func (s *Store) UpdateSettings(userID string, fn func(*store.Settings)) (store.Settings, error) {
	if err := store.CheckID("user id", userID, true); err != nil {
		return store.Settings{}, store.WrapOp("update settings", err)
	}
	var st store.Settings
	err := s.update(func(tx *bbolt.Tx) error {
		st = store.Settings{} // a run again starts afresh (group.go)
		b := bkt(tx, bSettings)
		if _, err := getMemo(b, []byte(userID), settingsMemo, &st); err != nil {
			return err
		}
		callUser(func() { fn(&st) })
		st.UserID = userID
		st.UpdatedAt = store.NormTime(s.now())
		if err := st.Validate(); err != nil {
			return err
		}
		return putJSON(b, []byte(userID), st)
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

// ClaimDM claims a user's DM in their settings (store.JudgeDM), in one
// transaction. With one process the bot claims nothing; this keeps the
// interface whole (and the suite runs it).
func (s *Store) ClaimDM(user, msgID, by string, now, until time.Time, takeOrphan bool) (store.DMClaim, string, error) {
	if err := store.CheckID("user id", user, true); err != nil {
		return 0, "", store.WrapOp("claim a DM", err)
	}
	var r store.DMClaim
	var last string
	err := s.update(func(tx *bbolt.Tx) error {
		b := bkt(tx, bSettings)
		var st store.Settings
		if _, err := getMemo(b, []byte(user), settingsMemo, &st); err != nil {
			return err
		}
		r, last = store.JudgeDM(st, msgID, by, now, takeOrphan), st.LastDM
		if r != store.DMMine {
			return nil
		}
		store.ClaimState(&st, msgID, by, until)
		st.UserID = user
		st.UpdatedAt = store.NormTime(s.now())
		return putJSON(b, []byte(user), st)
	})
	return r, last, store.WrapOp("claim a DM", err)
}

// MarkDMHandled raises a user's LastDM and drops by's claim on msgID.
func (s *Store) MarkDMHandled(user, msgID, by string) error {
	if err := store.CheckID("user id", user, true); err != nil {
		return store.WrapOp("mark a DM handled", err)
	}
	_, err := s.UpdateSettings(user, func(st *store.Settings) { store.HandledState(st, msgID, by) })
	return err
}

// MarkDMsHandled marks many users' DMs handled in one transaction (one
// commit instead of one each).
func (s *Store) MarkDMsHandled(marks map[string]string, by string) error {
	var errs []error
	users := make([]string, 0, len(marks))
	for u := range marks {
		if err := store.CheckID("user id", u, true); err != nil {
			errs = append(errs, err)
			continue
		}
		users = append(users, u)
	}
	slices.Sort(users)
	var failed []error
	err := s.update(func(tx *bbolt.Tx) error {
		failed = failed[:0] // a run again starts afresh (group.go)
		b := bkt(tx, bSettings)
		now := store.NormTime(s.now())
		for _, u := range users {
			var st store.Settings
			if _, err := getMemo(b, []byte(u), settingsMemo, &st); err != nil {
				failed = append(failed, err)
				continue
			}
			store.HandledState(&st, marks[u], by)
			st.UserID = u
			st.UpdatedAt = now
			if err := st.Validate(); err != nil {
				failed = append(failed, err)
				continue
			}
			if err := putJSON(b, []byte(u), st); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		errs = append(errs, err)
	} else {
		errs = append(errs, failed...)
	}
	return store.WrapOp("mark DMs handled", errors.Join(errs...))
}

// LastDMs returns the users' LastDM, read in one transaction.
func (s *Store) LastDMs(users []string) (map[string]string, error) {
	last := make(map[string]string, len(users))
	err := s.view(func(tx *bbolt.Tx) error {
		b := bkt(tx, bSettings)
		for _, u := range users {
			var st store.Settings
			if _, err := getMemo(b, []byte(u), settingsMemo, &st); err != nil {
				return err
			}
			if st.LastDM != "" {
				last[u] = st.LastDM
			}
		}
		return nil
	})
	return last, store.WrapOp("read the last DMs", err)
}
