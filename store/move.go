package store

import (
	"errors"
	"fmt"
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
	// Tournaments are by id.
	Tournaments []Tournament `json:"tournaments,omitempty"`
	// What several processes share (a PostgreSQL store; a bbolt store has
	// none and takes none): the actions waiting for their game's owner, the
	// partition leases with their epochs (the fencing tokens, which must
	// keep growing in the copy) and the processes they belong to.
	Inbox     []InboxItem `json:"inbox,omitempty"`
	Leases    []Lease     `json:"leases,omitempty"`
	Processes []Process   `json:"processes,omitempty"`
	// The highest ids ever handed out (counters survive deletions): the copy
	// hands out ids above them.
	LastGame, LastChallenge, LastOutbox, LastInbox, LastTournament uint64
}

// Lease is one partition's lease (several processes sharing a store).
type Lease struct {
	Partition uint32    `json:"partition"`
	Owner     string    `json:"owner"` // "": given up, or never taken
	Epoch     uint64    `json:"epoch"`
	TakenAt   time.Time `json:"taken_at"`
}

// Process is a serve process sharing a store: its leases live while it has
// not expired.
type Process struct {
	ID        string    `json:"id"`
	StartedAt time.Time `json:"started_at"`
	ExpiresAt time.Time `json:"expires_at"`
	TakesDMs  bool      `json:"takes_dms,omitempty"`
}

// Mover reads and writes whole records, for copying between backends. Writes
// replace what is under the same id or key, so a copy can be run again.
type Mover interface {
	GameIDs() ([]GameID, error)
	ReadGameRecord(id GameID) (GameRecord, error)
	WriteGameRecord(r GameRecord) error
	ReadContents() (Contents, error)
	// WriteContents replaces everything but the games with c: what the
	// store held besides is gone (a message sent since an earlier copy is
	// not sent again); the id counters are only raised. A store that cannot
	// hold part of c (a bbolt store, an inbox) refuses it all with
	// ErrInvalid; leases and processes it drops (one process owns it all).
	WriteContents(c Contents) error
	// Copying returns the note a copy into the store left as it began
	// (SetCopying): until the copy is checked and the note cleared, the
	// store is an unfinished copy, which serve refuses. "": none.
	Copying() (string, error)
	// SetCopying records (or, with "", clears) that note.
	SetCopying(note string) error
}

// ErrUnfinishedCopy: the store is a copy that shinpan migrate began and did
// not check (Mover.Copying).
var ErrUnfinishedCopy = errors.New("the store is an unfinished copy")

// CheckFinished refuses, with ErrUnfinishedCopy, a store that is an
// unfinished copy.
func CheckFinished(st Store) error {
	m, ok := st.(Mover)
	if !ok {
		return nil
	}
	note, err := m.Copying()
	if err != nil || note == "" {
		return err
	}
	return fmt.Errorf("%s: %w (%s): finish it with shinpan migrate --resume and the same --from and --to, or serve from the source", st.Describe(), ErrUnfinishedCopy, note)
}
