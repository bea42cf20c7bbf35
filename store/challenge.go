package store

import (
	"fmt"
	"time"

	"shinpan/referee/policy"
	"shinpan/referee/view"
)

// ColorChoice is the colour the challenger asked for.
type ColorChoice string

const (
	ColorRandom ColorChoice = "random"
	ColorBlack  ColorChoice = "black" // the challenger plays Black
	ColorWhite  ColorChoice = "white"
)

// Challenge is a pending invitation to play, deleted when accepted, declined or
// expired.
type Challenge struct {
	ID         uint64         `json:"id"` // set by the store (sequential)
	GuildID    string         `json:"guild_id"`
	ChannelID  string         `json:"channel_id"`
	Challenger string         `json:"challenger"`           // user id
	Challenged string         `json:"challenged,omitempty"` // user id, CPU, or "" for an open challenge
	Variant    view.Variant   `json:"variant"`
	Options    policy.Options `json:"options"`
	Color      ColorChoice    `json:"color"`
	Ranked     bool           `json:"ranked"`
	MessageID  string         `json:"message_id,omitempty"` // the post to edit when it ends
	// ChallengerName is the challenger's display name as their command
	// carried it ("": not known), for the game's record (Game.Names).
	ChallengerName string `json:"challenger_name,omitempty"`
	// GuildLocale is the server's locale when the challenge was made: the
	// language of its public posts (no per-server setting yet).
	GuildLocale string `json:"guild_locale,omitempty"`
	// PublicNotation is how its public posts write moves, as the server
	// chose when the challenge was made ("": their language's).
	PublicNotation Notation `json:"public_notation,omitempty"`
	// CPU is how the CPU plays a game against the bot (nil: the configured way).
	CPU       *CPUChoice `json:"cpu,omitempty"`
	CreatedAt time.Time  `json:"created_at"`
	ExpiresAt time.Time  `json:"expires_at"`
}

// Open reports whether anyone may accept.
func (c Challenge) Open() bool { return c.Challenged == "" }

// Validate checks the ids, the public notation, the colour and the expiry.
func (c *Challenge) Validate() error {
	for _, f := range []struct {
		what, v string
		req     bool
	}{{"guild id", c.GuildID, false}, {"channel id", c.ChannelID, true}, {"challenger", c.Challenger, true}, {"challenged", c.Challenged, false}, {"message id", c.MessageID, false}} {
		if err := CheckID(f.what, f.v, f.req); err != nil {
			return err
		}
	}
	if err := c.PublicNotation.Check(); err != nil {
		return fmt.Errorf("public %w", err)
	}
	switch c.Color {
	case ColorRandom, ColorBlack, ColorWhite:
	default:
		return fmt.Errorf("%w: colour choice %q", ErrInvalid, c.Color)
	}
	if c.ExpiresAt.IsZero() {
		return fmt.Errorf("%w: challenge without expiry", ErrInvalid)
	}
	return nil
}
