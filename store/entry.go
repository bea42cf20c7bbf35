package store

import (
	"time"

	"shinpan/referee"
)

// Entry is one logged action. Refusals are never logged; fouls and bounces are
// (they count, and the reveal lists them), as are mask choices with their salts.
type Entry struct {
	Seq    uint64         `json:"seq"`     // 1, 2, 3... per game; set by AppendAction
	Action referee.Action `json:"action"`  // what the referee replays
	UserID string         `json:"user_id"` // Discord user who acted (CPU for the CPU; the bot's own id for timers)
	At     time.Time      `json:"at"`      // when it was accepted (UTC)
	// Key is the idempotency key: the Discord interaction or message id that
	// caused the action, or a caller-made unique key for timer actions
	// (e.g. "timeout:12:57").
	Key string `json:"key"`
}

// ReplayFunc receives one logged entry, in seq order. An error stops the replay
// and is returned by Replay.
type ReplayFunc func(e Entry) error

// ReplayHooks rebuild a game's state in the caller.
type ReplayHooks struct {
	// Start is called first with the game and its snapshot (nil when none). It
	// returns the seq its state is at: snap.Seq if it restored the snapshot, 0 if
	// it started afresh from g.StartSFEN (e.g. the snapshot's format is stale).
	Start func(g Game, snap *Snapshot) (uint64, error)
	// Apply is then called for every entry after that seq.
	Apply ReplayFunc
}

// Snapshot is a caller's serialised game state after the action at Seq. The
// store never reads Data; a snapshot is a cache and Replay works without it.
type Snapshot struct {
	Seq  uint64    `json:"seq"`
	At   time.Time `json:"at"`
	Data []byte    `json:"data"` // opaque; base64 in the JSON record
}
