package store

import (
	"encoding/json"
	"time"
)

// Dest is where an outbox message goes.
type Dest string

const (
	DestChannel Dest = "channel" // Target is a channel or thread id
	DestDM      Dest = "dm"      // Target is a user id (the sender opens the DM)
)

// OutMsg is a Discord message the bot must send, queued in the transaction
// that decided it so a crash between commit and send re-sends it on restart.
// The sender must treat a message as possibly sent already: pass DedupeKey as
// Discord's nonce with enforce_nonce, or check before re-sending.
type OutMsg struct {
	ID        uint64          `json:"id"`                // outbox order; set by the store
	GameID    GameID          `json:"game_id,omitempty"` // set by the store when queued with a game
	Seq       uint64          `json:"seq,omitempty"`     // the action that produced it (0: none)
	Dest      Dest            `json:"dest"`
	Target    string          `json:"target"`
	Payload   json.RawMessage `json:"payload"`    // opaque JSON, e.g. a message create body; stored compacted
	DedupeKey string          `json:"dedupe_key"` // default: nonceFor(ID) (≤ 25 bytes: a valid nonce)
	CreatedAt time.Time       `json:"created_at"`
}

// OutboxStats is the outbox's size, kept by the store as messages are
// queued and removed: reading it costs the same whatever the backlog (a
// /metrics scrape reads it).
type OutboxStats struct {
	// Depth is the number of unsent messages.
	Depth int
	// Oldest is when the first of them was queued (zero: none).
	Oldest time.Time
}
