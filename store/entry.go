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
