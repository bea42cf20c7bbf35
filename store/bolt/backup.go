package bolt

import (
	"fmt"
	"io"

	bbolt "go.etcd.io/bbolt"
)

// Backup writes a consistent copy of the whole database file to w from one
// read transaction (bbolt's Tx.WriteTo): the bot goes on writing meanwhile,
// and the copy holds exactly the commits made before it started. It returns
// the bytes written. bbolt only: PostgreSQL is backed up with pg_dump.
func (s *Store) Backup(w io.Writer) (n int64, err error) {
	err = s.view(func(tx *bbolt.Tx) error {
		n, err = tx.WriteTo(w)
		return err
	})
	if err != nil {
		return n, fmt.Errorf("store: backup %s: %w", s.path, err)
	}
	return n, nil
}

// CheckFile checks a database file without writing to it: a shinpan file of a
// schema this program reads, whose pages pass bbolt's consistency check (what
// `bbolt check` does). For backups; errors wrap ErrCorrupt, ErrForeign,
// ErrNewerSchema or ErrLocked (package store).
func CheckFile(path string) error { return probe(path, DefaultTimeout, true) }
