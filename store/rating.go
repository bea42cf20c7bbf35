package store

import (
	"fmt"
	"math"
	"time"

	"shinpan/referee/view"
)

// Rating is one user's Glicko-2 state in one guild and variant. The store only
// keeps it; the rating maths lives elsewhere.
type Rating struct {
	GuildID    string       `json:"guild_id"`
	Variant    view.Variant `json:"variant"`
	UserID     string       `json:"user_id"`
	Rating     float64      `json:"rating"`     // Glicko scale, e.g. 1500
	RD         float64      `json:"rd"`         // rating deviation, same scale
	Volatility float64      `json:"volatility"` // σ, e.g. 0.06
	Games      int          `json:"games"`
	Wins       int          `json:"wins"`
	Losses     int          `json:"losses"`
	Draws      int          `json:"draws"`
	UpdatedAt  time.Time    `json:"updated_at"`
}

// Standing is a rating with its rank on the leaderboard (1 = best; equal
// ratings share a rank).
type Standing struct {
	Rank int `json:"rank"`
	Rating
}

// Validate checks the ids and the rating.
func (r *Rating) Validate() error {
	if err := CheckID("guild id", r.GuildID, false); err != nil {
		return err
	}
	if err := CheckID("variant", string(r.Variant), true); err != nil {
		return err
	}
	if err := CheckID("user id", r.UserID, true); err != nil {
		return err
	}
	if math.IsNaN(r.Rating) || math.IsInf(r.Rating, 0) {
		return fmt.Errorf("%w: rating %v", ErrInvalid, r.Rating)
	}
	return nil
}
