package store

import "time"

// MessageRef is a Discord message the bot edits later (a board, a status
// line), stored per game under a purpose such as "board:public",
// "board:black", "status".
type MessageRef struct {
	ChannelID string    `json:"channel_id"`
	MessageID string    `json:"message_id"`
	UpdatedAt time.Time `json:"updated_at"`
}
