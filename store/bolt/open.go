package bolt

import (
	"shinpan/store"
	"sync"
	"sync/atomic"

	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	bbolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"
)

// DefaultPath is where the bot keeps its database unless configured otherwise.
const DefaultPath = "data/shinpan.db"

// DefaultTimeout is how long Open waits for another process to release the file.
const DefaultTimeout = 2 * time.Second

// Options configure Open. The zero value (or nil) is the production setting.
type Options struct {
	// Timeout is how long to wait for the file lock before ErrLocked; 0 means
	// DefaultTimeout (a negative value waits forever).
	Timeout time.Duration
	// Migrations replaces the registered migration list (tests).
	Migrations []Migration
	// NoBackup skips copying the file to <path>.schema<N>.bak before migrating.
	NoBackup bool
	// Check runs bbolt's full consistency check before opening for writing (it
	// reads every page; see docs/PERFORMANCE.md for its cost). A failure is
	// ErrCorrupt and the file is not modified.
	Check bool
	// NoSync turns off fsync on commit. Unsafe: a power loss can lose acknowledged
	// actions. For bulk tests and benchmarks only.
	NoSync bool
	// Now is the clock stamped on records (default time.Now).
	Now func() time.Time
}

// Store is an open database. It is safe for concurrent use.
type Store struct {
	db    *bbolt.DB
	path  string
	now   func() time.Time
	ready chan struct{} // signalled after a commit that added outbox messages

	commits committer // group commit (group.go)

	claimMu sync.Mutex
	claims  map[uint64]time.Time // outbox id → held until (one process: kept in memory)

	// outboxN is the number of messages in the outbox: counted at Open,
	// then moved by each commit that queues or removes some (outboxMoved).
	outboxN atomic.Int64

	// active is the number of live games by variant (active.go).
	active activeCount
	// health remembers a write the disk refused (health.go).
	health writeHealth
}

// Open opens the database at path ("" means DefaultPath), creating the file
// and its directory if absent. An existing file must be shinpan's; older schemas
// are migrated. Errors wrap ErrLocked (another process holds the file for longer
// than Options.Timeout), ErrCorrupt (not bbolt, or unreadable), ErrForeign
// (bbolt without shinpan's marker) or ErrNewerSchema; in all these cases the file
// is left exactly as it was. A file of zero bytes, or a bbolt file with no bucket
// at all (an interrupted creation), is initialised as new.
func Open(path string, opts *Options) (s *Store, err error) {
	if path == "" {
		path = DefaultPath
	}
	var o Options
	if opts != nil {
		o = *opts
	}
	if o.Timeout == 0 {
		o.Timeout = DefaultTimeout
	} else if o.Timeout < 0 {
		o.Timeout = 0 // bbolt: wait forever
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Migrations == nil {
		o.Migrations = migrations
	}
	defer func() { // after recoverCorrupt, which runs first
		if errors.Is(err, store.ErrCorrupt) && !strings.Contains(err.Error(), CorruptHint) {
			err = fmt.Errorf("%w; the file was not modified. %s", err, CorruptHint)
		}
	}()
	defer recoverCorrupt("store: open "+path+": ", &err)

	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o750); err != nil {
			return nil, fmt.Errorf("store: open %s: create directory: %w", path, err)
		}
	}
	fi, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	case fi.IsDir():
		return nil, fmt.Errorf("store: open %s: is a directory", path)
	case fi.Size() > 0:
		// Validate read-only first: a read-write open may write to the file
		// (bbolt rewrites a missing freelist), and this one must not.
		if err := probe(path, o.Timeout, o.Check); err != nil {
			return nil, err
		}
	}

	db, err := bbolt.Open(path, 0o600, &bbolt.Options{Timeout: o.Timeout, NoSync: o.NoSync, FreelistType: bbolt.FreelistMapType})
	if err != nil {
		return nil, openError(path, o.Timeout, err)
	}
	s = &Store{db: db, path: path, now: o.Now, ready: make(chan struct{}, 1)}
	if err := s.setup(o); err != nil {
		_ = db.Close()
		return nil, err
	}
	return s, nil
}

// setup initialises, verifies and migrates a file open for writing.
func (s *Store) setup(o Options) error {
	var st fileState
	err := s.view(func(tx *bbolt.Tx) error {
		var err error
		st, err = inspect(tx)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: open %s: %w", s.path, err)
	}
	if st.empty {
		if err := s.update(func(tx *bbolt.Tx) error { return initFile(tx, s.now()) }); err != nil {
			return fmt.Errorf("store: open %s: initialise: %w", s.path, err)
		}
		st.version = store.SchemaVersion
	}
	if st.version > store.SchemaVersion {
		return fmt.Errorf("store: open %s: schema %d, this program knows up to %d: %w", s.path, st.version, store.SchemaVersion, store.ErrNewerSchema)
	}
	if err := s.migrate(st.version, o.Migrations, o.NoBackup); err != nil {
		return err
	}
	// Buckets new in the current schema are created empty (normally there are
	// none, and then nothing is written).
	missing := false
	if err := s.view(func(tx *bbolt.Tx) error {
		for _, name := range allBuckets {
			missing = missing || tx.Bucket(name) == nil
		}
		return nil
	}); err != nil {
		return fmt.Errorf("store: open %s: %w", s.path, err)
	}
	if missing {
		if err := s.update(ensureBuckets); err != nil {
			return fmt.Errorf("store: open %s: %w", s.path, err)
		}
	}
	return s.view(func(tx *bbolt.Tx) error {
		s.outboxN.Store(int64(bkt(tx, bOutbox).Stats().KeyN))
		return s.countActive(tx)
	})
}

// probe opens an existing file read-only (shared lock, no writes) and checks it
// is a shinpan file of a schema this program can handle; with check, it also
// runs bbolt's page-level consistency check.
func probe(path string, timeout time.Duration, check bool) (err error) {
	defer recoverCorrupt("store: open "+path+": ", &err)
	db, err := bbolt.Open(path, 0o600, &bbolt.Options{ReadOnly: true, Timeout: timeout})
	if err != nil {
		return openError(path, timeout, err)
	}
	defer db.Close()
	var st fileState
	err = db.View(func(tx *bbolt.Tx) error {
		var err error
		st, err = inspect(tx)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: open %s: %w", path, err)
	}
	if !st.empty && st.version > store.SchemaVersion {
		return fmt.Errorf("store: open %s: schema %d, this program knows up to %d: %w", path, st.version, store.SchemaVersion, store.ErrNewerSchema)
	}
	if check {
		err = db.View(func(tx *bbolt.Tx) error {
			for cerr := range tx.Check() {
				return fmt.Errorf("store: open %s: consistency check: %w: %v", path, store.ErrCorrupt, cerr)
			}
			return nil
		})
	}
	return err
}

// openError maps bbolt.Open's errors to the store's sentinels: the lock
// timeout is ErrLocked, system errors (permissions, I/O) pass through, and
// anything else bbolt says about the file's contents (invalid meta pages,
// checksum, version, "file size too small", mapping) is ErrCorrupt.
func openError(path string, timeout time.Duration, err error) error {
	var pe *fs.PathError
	var errno syscall.Errno
	switch {
	case errors.Is(err, berrors.ErrTimeout):
		return fmt.Errorf("store: open %s: %w (file lock not acquired within %v)", path, store.ErrLocked, timeout)
	case errors.Is(err, syscall.EROFS):
		return fmt.Errorf("store: open %s: %w: the file system is read-only, and serve writes to its file: remount it writable, or copy the file to a writable disk and point data_path there (the file was not modified)", path, err)
	case errors.Is(err, fs.ErrPermission):
		return fmt.Errorf("store: open %s: %w: this user cannot write the file (serve writes to it): give it the file and its directory, or run as its owner (the file was not modified)", path, err)
	case errors.As(err, &pe), errors.As(err, &errno):
		return fmt.Errorf("store: open %s: %w", path, err)
	}
	return fmt.Errorf("store: open %s: %w (bbolt: %v); the file was not modified. %s", path, store.ErrCorrupt, err, CorruptHint)
}

// CorruptHint is the way out of a file that does not read, given with the
// error.
const CorruptHint = "To go on, stop the bot, move the file aside (keep it) and put the newest good copy at its path: " +
	"one that `shinpan backup` made (scheduled backups are in backup_dir), or a new file made with `shinpan import` from the last `shinpan export`"

// diskErr marks a write the disk refused (full, over quota or the process's
// file-size limit, read-only, an I/O error) as store.ErrUnavailable: it was
// rolled back, nothing of it is in the file, and reads go on. The same write
// succeeds once the disk takes it again.
func (s *Store) diskErr(err error) error {
	if err == nil {
		return nil
	}
	for _, e := range []syscall.Errno{syscall.ENOSPC, syscall.EDQUOT, syscall.EFBIG, syscall.EROFS, syscall.EIO} {
		// bbolt v1.5 words a failed grow and its fsync with %s: only the text is left.
		if errors.Is(err, e) || strings.Contains(err.Error(), e.Error()) {
			return fmt.Errorf("%w: the disk refused a write to %s (%v): nothing of it was written, and what the file holds reads as before", store.ErrUnavailable, s.path, err)
		}
	}
	return err
}

// Close closes the file. Calls after Close fail.
func (s *Store) Close() error {
	if err := s.db.Close(); err != nil {
		return fmt.Errorf("store: close %s: %w", s.path, err)
	}
	return nil
}

// Path returns the file's path.
func (s *Store) Path() string { return s.path }

// Describe returns the file's path.
func (s *Store) Describe() string { return s.path }

var _ store.Store = (*Store)(nil)
var _ store.Mover = (*Store)(nil)

// Version returns the file's schema version (SchemaVersion once open).
func (s *Store) Version() (int, error) {
	var st fileState
	err := s.view(func(tx *bbolt.Tx) error {
		var err error
		st, err = inspect(tx)
		return err
	})
	return st.version, err
}
