package store

import (
	"fmt"
	"time"
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

// Validate checks the notation and the language.
func (st *Settings) Validate() error {
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
