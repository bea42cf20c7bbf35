package store

import (
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Snapshot is a caller's serialised game state after the action at Seq. The
// store never reads Data; a snapshot is a cache and Replay works without it.
type Snapshot struct {
	Seq  uint64    `json:"seq"`
	At   time.Time `json:"at"`
	Data []byte    `json:"data"` // opaque; base64 in the JSON record
}

// PutSnapshot replaces game id's snapshot with data taken after seq.
// Errors: ErrNotFound, ErrInvalid (seq beyond the game's LastSeq).
func (s *Store) PutSnapshot(id GameID, seq uint64, data []byte) error {
	err := s.update(func(tx *bolt.Tx) error {
		g, err := readGame(tx, id)
		if err != nil {
			return err
		}
		if seq > g.LastSeq {
			return fmt.Errorf("%w: snapshot at seq %d, log ends at %d", ErrInvalid, seq, g.LastSeq)
		}
		return putJSON(bkt(tx, bSnapshots), u64(uint64(id)), Snapshot{Seq: seq, At: normTime(s.now()), Data: data})
	})
	return wrapOp(fmt.Sprintf("put snapshot of game #%d", id), err)
}

// GetSnapshot returns game id's snapshot. Errors: ErrNotFound (none), ErrCorrupt.
func (s *Store) GetSnapshot(id GameID) (Snapshot, error) {
	var snap *Snapshot
	err := s.view(func(tx *bolt.Tx) error {
		var err error
		snap, err = readSnapshot(tx, id)
		if err == nil && snap == nil {
			err = fmt.Errorf("snapshot: %w", ErrNotFound)
		}
		return err
	})
	if err != nil {
		return Snapshot{}, wrapOp(fmt.Sprintf("get snapshot of game #%d", id), err)
	}
	return *snap, nil
}

// DeleteSnapshot drops game id's snapshot, if any.
func (s *Store) DeleteSnapshot(id GameID) error {
	return wrapOp("delete snapshot", s.update(func(tx *bolt.Tx) error {
		return bkt(tx, bSnapshots).Delete(u64(uint64(id)))
	}))
}

// readSnapshot returns nil, nil when there is none.
func readSnapshot(tx *bolt.Tx, id GameID) (*Snapshot, error) {
	var snap Snapshot
	found, err := getJSON(bkt(tx, bSnapshots), u64(uint64(id)), &snap)
	if err != nil || !found {
		return nil, err
	}
	return &snap, nil
}
