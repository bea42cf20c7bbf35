package bolt

import (
	"shinpan/store"

	"fmt"

	bbolt "go.etcd.io/bbolt"
)

// PutSnapshot replaces game id's snapshot with data taken after seq.
// Errors: ErrNotFound, ErrInvalid (seq beyond the game's LastSeq).
func (s *Store) PutSnapshot(id store.GameID, seq uint64, data []byte) error {
	err := s.update(func(tx *bbolt.Tx) error {
		g, err := readGame(tx, id)
		if err != nil {
			return err
		}
		if seq > g.LastSeq {
			return fmt.Errorf("%w: snapshot at seq %d, log ends at %d", store.ErrInvalid, seq, g.LastSeq)
		}
		return putJSON(bkt(tx, bSnapshots), u64(uint64(id)), store.Snapshot{Seq: seq, At: store.NormTime(s.now()), Data: data})
	})
	return store.WrapOp(fmt.Sprintf("put snapshot of game #%d", id), err)
}

// GetSnapshot returns game id's snapshot. Errors: ErrNotFound (none), ErrCorrupt.
func (s *Store) GetSnapshot(id store.GameID) (store.Snapshot, error) {
	var snap *store.Snapshot
	err := s.view(func(tx *bbolt.Tx) error {
		var err error
		snap, err = readSnapshot(tx, id)
		if err == nil && snap == nil {
			err = fmt.Errorf("snapshot: %w", store.ErrNotFound)
		}
		return err
	})
	if err != nil {
		return store.Snapshot{}, store.WrapOp(fmt.Sprintf("get snapshot of game #%d", id), err)
	}
	return *snap, nil
}

// DeleteSnapshot drops game id's snapshot, if any.
func (s *Store) DeleteSnapshot(id store.GameID) error {
	return store.WrapOp("delete snapshot", s.update(func(tx *bbolt.Tx) error {
		return bkt(tx, bSnapshots).Delete(u64(uint64(id)))
	}))
}

// readSnapshot returns nil, nil when there is none.
func readSnapshot(tx *bbolt.Tx, id store.GameID) (*store.Snapshot, error) {
	var snap store.Snapshot
	found, err := getJSON(bkt(tx, bSnapshots), u64(uint64(id)), &snap)
	if err != nil || !found {
		return nil, err
	}
	return &snap, nil
}
