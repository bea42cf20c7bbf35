package bolt

import (
	"sync"

	bbolt "go.etcd.io/bbolt"
)

// Group commit. bbolt lets one write transaction run at a time and each
// commit waits for its fsync, so writes one after another top out at one
// fsync each. Writes that arrive while a commit is under way wait; the first
// of them then leads the next group: it runs every waiting write in one
// transaction with one fsync and tells each its result. A write alone (an
// idle store) commits at once, with no delay such as bbolt's DB.Batch adds.
//
// A write that fails (an error or a panic) rolls the group's transaction
// back: it is then run again on its own, and that run's outcome is its
// result, while the others run again as a group. So a write's function may
// run more than once, each time in a fresh transaction: it must not carry
// state from one run to the next (each sets its results anew).

// maxGroup bounds a group, so that one transaction stays a reasonable size.
const maxGroup = 256

type committer struct {
	mu      sync.Mutex
	queue   []*write
	leading bool // a leader is running a group; the queue waits for it
	commits int  // transactions committed (tests)
}

// write is one caller's update.
type write struct {
	fn       func(*bbolt.Tx) error
	err      error
	panicked bool
	panicVal any
	done     chan bool // true: lead the next group; false: the result is in
}

// update runs fn in a write transaction, with other writers' functions in the
// same transaction when they come together; it returns once the transaction
// that ran it committed (fsynced) or failed. A bbolt panic is ErrCorrupt; a
// caller's panic (callUser) is raised again in the caller.
func (s *Store) update(fn func(tx *bbolt.Tx) error) (err error) {
	defer recoverCorrupt("", &err)
	w := &write{fn: fn, done: make(chan bool, 1)}
	c := &s.commits
	c.mu.Lock()
	c.queue = append(c.queue, w)
	lead := !c.leading
	c.leading = true
	c.mu.Unlock()
	if !lead {
		lead = <-w.done
	}
	if lead {
		s.lead(w)
	}
	if w.panicked {
		panic(w.panicVal)
	}
	err = s.diskErr(w.err)
	s.noteWrite(err)
	return err
}

// lead runs groups from the queue until own's is done, then hands the lead to
// the first writer still waiting (or gives it up).
func (s *Store) lead(own *write) {
	c := &s.commits
	for {
		c.mu.Lock()
		n := min(len(c.queue), maxGroup)
		group := c.queue[:n:n]
		c.queue = c.queue[n:]
		c.mu.Unlock()
		s.runGroup(group)
		mine := false
		for _, w := range group {
			if w == own {
				mine = true
			} else {
				w.done <- false
			}
		}
		c.mu.Lock()
		if len(c.queue) == 0 {
			c.leading = false
			c.mu.Unlock()
			return
		}
		if mine {
			next := c.queue[0]
			c.mu.Unlock()
			next.done <- true
			return
		}
		c.mu.Unlock() // own is further down the queue (a group was full)
	}
}

// runGroup runs the writes in one transaction, and again without each one
// that fails, which then runs alone.
func (s *Store) runGroup(group []*write) {
	for len(group) > 0 {
		failed := s.tryGroup(group)
		if failed < 0 {
			return
		}
		s.tryGroup(group[failed : failed+1])
		group = append(group[:failed:failed], group[failed+1:]...)
	}
}

// tryGroup runs the writes in one transaction and commits it, setting each
// write's result. When one of several fails, it rolls back, sets nothing and
// returns that write's index; otherwise it returns -1.
func (s *Store) tryGroup(group []*write) (failed int) {
	setAll := func(err error, panicked bool, v any) {
		for _, w := range group {
			w.err, w.panicked, w.panicVal = err, panicked, v
		}
	}
	tx, err := s.db.Begin(true)
	if err != nil {
		setAll(err, false, nil)
		return -1
	}
	for i, w := range group {
		panicked, v, err := runWrite(w.fn, tx)
		if err == nil && !panicked {
			continue
		}
		rollback(tx)
		if len(group) == 1 {
			w.err, w.panicked, w.panicVal = err, panicked, v
			return -1
		}
		return i
	}
	panicked, v, err := commit(tx)
	setAll(err, panicked, v)
	s.commits.mu.Lock()
	s.commits.commits++
	s.commits.mu.Unlock()
	return -1
}

// runWrite runs fn, catching a panic (the caller re-raises it).
func runWrite(fn func(*bbolt.Tx) error, tx *bbolt.Tx) (panicked bool, v any, err error) {
	defer func() {
		if r := recover(); r != nil {
			panicked, v, err = true, r, nil
		}
	}()
	return false, nil, fn(tx)
}

// commit commits tx, catching a bbolt panic (a corrupt page).
func commit(tx *bbolt.Tx) (panicked bool, v any, err error) {
	defer func() {
		if r := recover(); r != nil {
			rollback(tx)
			panicked, v, err = true, r, nil
		}
	}()
	return false, nil, tx.Commit()
}

// rollback discards tx; bbolt may panic on a tx a panic left half done, and
// nothing more can be done about that one.
func rollback(tx *bbolt.Tx) {
	defer func() { _ = recover() }()
	_ = tx.Rollback()
}
