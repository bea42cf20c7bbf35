package store

import (
	"encoding/json"
	"time"
)

// InboxItem is a player's action received by a process that does not own
// its game, waiting in the shared inbox for the owner (several processes,
// PostgreSQL only). Record is the bot's description of the action.
type InboxItem struct {
	ID     uint64          `json:"id"`
	Key    string          `json:"key"` // the action's idempotency key: queued once
	GameID GameID          `json:"game_id"`
	Record json.RawMessage `json:"record"`
	At     time.Time       `json:"at"`
}
