package store

import (
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Notation is how moves are written to a user.
type Notation string

const (
	NotationWestern  Notation = "western"  // 7g-7f / P-7f
	NotationJapanese Notation = "japanese" // ７六歩
	NotationUSI      Notation = "usi"      // 7g7f
)

// Settings are one user's preferences. Empty fields mean "the default".
type Settings struct {
	UserID   string   `json:"user_id"`
	Notation Notation `json:"notation,omitempty"`
	Language string   `json:"language,omitempty"` // "en" or "ja"
	// Locale is the user's Discord client locale, last seen on an
	// interaction: their language until they choose one (Language).
	Locale      string `json:"locale,omitempty"`
	Orientation string `json:"orientation,omitempty"` // board orientation, e.g. "own" or "black"
	Theme       string `json:"theme,omitempty"`
	// CurrentGame is the game a move typed in DMs applies to (0: none).
	CurrentGame GameID `json:"current_game,omitempty"`
	DMChannelID string `json:"dm_channel_id,omitempty"`
	// LastDM is the id of the newest DM from the user the bot has handled, so
	// after an outage it reads only what came later.
	LastDM    string    `json:"last_dm,omitempty"`
	UpdatedAt time.Time `json:"updated_at"`
}

func (st *Settings) validate() error {
	switch st.Notation {
	case "", NotationWestern, NotationJapanese, NotationUSI:
	default:
		return fmt.Errorf("%w: notation %q: want western, japanese or usi", ErrInvalid, st.Notation)
	}
	switch st.Language {
	case "", "en", "ja":
	default:
		return fmt.Errorf("%w: language %q: want en or ja", ErrInvalid, st.Language)
	}
	return nil
}

// GetSettings returns a user's settings. Errors: ErrNotFound (never set: use
// the defaults).
func (s *Store) GetSettings(userID string) (Settings, error) {
	var st Settings
	err := s.view(func(tx *bolt.Tx) error {
		found, err := getJSON(bkt(tx, bSettings), []byte(userID), &st)
		if err == nil && !found {
			err = fmt.Errorf("settings of %s: %w", userID, ErrNotFound)
		}
		return err
	})
	return st, wrapOp("get settings", err)
}

// UpdateSettings reads a user's settings (zero value if none), applies fn and
// writes them back in one transaction, so concurrent commands do not lose each
// other's changes. fn runs inside the transaction and must be pure. Returns the
// stored settings. Errors: ErrInvalid (bad notation or language).
func (s *Store) UpdateSettings(userID string, fn func(*Settings)) (Settings, error) {
	if err := checkID("user id", userID, true); err != nil {
		return Settings{}, wrapOp("update settings", err)
	}
	var st Settings
	err := s.update(func(tx *bolt.Tx) error {
		b := bkt(tx, bSettings)
		if _, err := getJSON(b, []byte(userID), &st); err != nil {
			return err
		}
		callUser(func() { fn(&st) })
		st.UserID = userID
		st.UpdatedAt = normTime(s.now())
		if err := st.validate(); err != nil {
			return err
		}
		return putJSON(b, []byte(userID), st)
	})
	if err != nil {
		return Settings{}, wrapOp("update settings", err)
	}
	return st, nil
}
