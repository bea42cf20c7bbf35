package store

import (
	"time"

	"shinpan/referee/shogi"
)

// Moving a store's contents between backends (shinpan migrate). Records keep
// their ids, keys, nonces and times, so the copy is the same store.

// GameRecord is one game with everything kept under it.
type GameRecord struct {
	Game     Game                  `json:"game"`
	Log      []Entry               `json:"log"`
	Messages map[string]MessageRef `json:"messages,omitempty"`
	Notes    [2][]shogi.Square     `json:"notes"`
}

// KeyRecord is one idempotency key and what it produced.
type KeyRecord struct {
	Key    string    `json:"key"`
	GameID GameID    `json:"game_id"`
	Seq    uint64    `json:"seq"`
	At     time.Time `json:"at"`
}

// Contents is everything in a store besides the games.
type Contents struct {
	NonceKey   []byte      `json:"nonce_key,omitempty"` // nil: none yet
	Keys       []KeyRecord `json:"keys"`
	Outbox     []OutMsg    `json:"outbox"`
	Challenges []Challenge `json:"challenges"`
	Settings   []Settings  `json:"settings"`
	Ratings    []Rating    `json:"ratings"`
	// The highest ids ever handed out (counters survive deletions): the copy
	// hands out ids above them.
	LastGame, LastChallenge, LastOutbox uint64
}

// Mover reads and writes whole records, for copying between backends. Writes
// replace what is under the same id or key, so a copy can be run again.
type Mover interface {
	GameIDs() ([]GameID, error)
	ReadGameRecord(id GameID) (GameRecord, error)
	WriteGameRecord(r GameRecord) error
	ReadContents() (Contents, error)
	WriteContents(c Contents) error
}
