package bolt

import (
	"errors"
	"fmt"
	"os"

	bbolt "go.etcd.io/bbolt"
	bbolterrors "go.etcd.io/bbolt/errors"

	"shinpan/store"
)

// Migration upgrades a file from schema From to From+1. Up runs in one write
// transaction together with the version bump, so a step is applied whole or not
// at all; a crash mid-upgrade leaves the file at From and the next Open retries.
type Migration struct {
	From int
	Name string // for errors and logs, e.g. "v1→v2: index games by thread"
	Up   func(tx *bbolt.Tx) error
}

// migrations is the registered hook list: one entry per schema version below
// SchemaVersion that shipped. When the layout changes, bump SchemaVersion and
// append {From: old, ...}.
var migrations = []Migration{
	{From: 1, Name: "v1→v2: drop the unused snapshots and idx_finished buckets", Up: dropUnused},
	{From: 2, Name: "v2→v3: tournaments", Up: addTournaments},
}

// addTournaments creates the tournaments' buckets (empty: schema 2 had none).
func addTournaments(tx *bbolt.Tx) error {
	for _, name := range [][]byte{bTournaments, bIdxTournamentActive, bIdxGuildTournament} {
		if _, err := tx.CreateBucketIfNotExists(name); err != nil {
			return err
		}
	}
	return nil
}

// dropUnused removes schema 1's buckets nothing read: snapshots (no caller
// wrote one) and idx_finished (games by finishing time, for no query).
func dropUnused(tx *bbolt.Tx) error {
	for _, name := range []string{"snapshots", "idx_finished"} {
		if err := tx.DeleteBucket([]byte(name)); err != nil && !errors.Is(err, bbolterrors.ErrBucketNotFound) {
			return err
		}
	}
	return nil
}

// migrate brings the file from version `from` to SchemaVersion, one step per
// transaction. Before the first step it copies the file to
// <path>.schema<from>.bak unless noBackup.
func (s *Store) migrate(from int, list []Migration, noBackup bool) error {
	for v := from; v < store.SchemaVersion; v++ {
		var step *Migration
		for i := range list {
			if list[i].From == v {
				step = &list[i]
				break
			}
		}
		if step == nil || step.Up == nil {
			return fmt.Errorf("store: open %s: no migration registered from schema %d to %d", s.path, v, v+1)
		}
		if v == from && !noBackup {
			bak := fmt.Sprintf("%s.schema%d.bak", s.path, from)
			if err := s.view(func(tx *bbolt.Tx) error { return tx.CopyFile(bak, 0o600) }); err != nil {
				_ = os.Remove(bak)
				return fmt.Errorf("store: open %s: backup before migration to %s: %w", s.path, bak, err)
			}
		}
		err := s.update(func(tx *bbolt.Tx) error {
			var uerr error
			callUser(func() { uerr = step.Up(tx) })
			if uerr != nil {
				return uerr
			}
			return setVersion(tx, v+1)
		})
		if err != nil {
			return fmt.Errorf("store: open %s: migration %d→%d %q: %w", s.path, v, v+1, step.Name, err)
		}
	}
	return nil
}
