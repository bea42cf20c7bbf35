package gateway

import (
	"encoding/json"

	"github.com/bwmarrin/discordgo"
)

// Stats counts what happened on the gateway.
type Stats struct {
	Identifies      int // IDENTIFY (op 2) received
	Resumes         int // RESUME (op 6) received
	Heartbeats      int // heartbeats (op 1) received
	InvalidSessions int // INVALID SESSION (op 9) sent
	Reconnects      int // RECONNECT (op 7) sent
	Connections     int // websocket connections open now
	Refused         int // connection attempts refused while the gateway was down
	// Ready is true when a session is attached to an open connection, i.e.
	// READY or RESUMED has been sent on it.
	Ready bool
	// Intents are the intents of the last IDENTIFY.
	Intents discordgo.Intent
	// LastIdentify is the last IDENTIFY's "d" object.
	LastIdentify json.RawMessage
	// Sessions are the sessions that can still receive dispatches, connected
	// or resumable, in no particular order.
	Sessions []SessionStats
}

// SessionStats describes one gateway session.
type SessionStats struct {
	ID        string
	Shard     [2]int // [id, count]
	Connected bool
	Seq       int64 // its last dispatch's sequence number
}
