package bolt

import (
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	bbolt "go.etcd.io/bbolt"
)

func groupStore(t *testing.T) *Store {
	t.Helper()
	s, err := Open(tempPath(t), nil)
	check(t, err)
	t.Cleanup(func() { s.Close() })
	return s
}

var bGroupTest = []byte("group_test")

func putKey(k string) func(*bbolt.Tx) error {
	return func(tx *bbolt.Tx) error {
		b, err := tx.CreateBucketIfNotExists(bGroupTest)
		if err != nil {
			return err
		}
		return b.Put([]byte(k), []byte(k))
	}
}

func has(t *testing.T, s *Store, k string) bool {
	t.Helper()
	found := false
	check(t, s.view(func(tx *bbolt.Tx) error {
		if b := tx.Bucket(bGroupTest); b != nil {
			found = b.Get([]byte(k)) != nil
		}
		return nil
	}))
	return found
}

// queued starts n writes behind a write held at a gate and returns once they
// all wait, with the function that lets the held write go.
func queued(t *testing.T, s *Store, fns []func(*bbolt.Tx) error, results []error, panics []any) (release func(), wait func()) {
	gate, entered := make(chan struct{}), make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		check(t, s.update(func(tx *bbolt.Tx) error {
			close(entered)
			<-gate
			return putKey("held")(tx)
		}))
	}()
	<-entered
	for i, fn := range fns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { panics[i] = recover() }()
			results[i] = s.update(fn)
		}()
	}
	for { // the held write's leader took it from the queue: the rest wait there
		s.commits.mu.Lock()
		n := len(s.commits.queue)
		s.commits.mu.Unlock()
		if n == len(fns) {
			break
		}
		time.Sleep(time.Millisecond)
	}
	return func() { close(gate) }, wg.Wait
}

func TestGroupCommitOneTransaction(t *testing.T) {
	s := groupStore(t)
	const n = 20
	fns := make([]func(*bbolt.Tx) error, n)
	for i := range fns {
		fns[i] = putKey(fmt.Sprint("k", i))
	}
	results, panics := make([]error, n), make([]any, n)
	s.commits.mu.Lock()
	before := s.commits.commits
	s.commits.mu.Unlock()
	release, wait := queued(t, s, fns, results, panics)
	release()
	wait()
	for i := range fns {
		if results[i] != nil || panics[i] != nil {
			t.Fatalf("write %d: %v, panic %v", i, results[i], panics[i])
		}
		if !has(t, s, fmt.Sprint("k", i)) {
			t.Fatalf("write %d acknowledged but not stored", i)
		}
	}
	s.commits.mu.Lock()
	got := s.commits.commits - before
	s.commits.mu.Unlock()
	if got != 2 {
		t.Fatalf("%d writes behind a held one took %d commits, want 2 (the held one, then one group)", n, got)
	}
}

func TestGroupCommitFailureAndPanicStayTheirs(t *testing.T) {
	s := groupStore(t)
	boom := errors.New("boom")
	runs := make([]int, 6)
	var mu sync.Mutex
	count := func(i int) {
		mu.Lock()
		runs[i]++
		mu.Unlock()
	}
	fns := []func(*bbolt.Tx) error{
		func(tx *bbolt.Tx) error { count(0); return putKey("a")(tx) },
		func(tx *bbolt.Tx) error { // writes, then fails: its write must not stay
			count(1)
			if err := putKey("failed")(tx); err != nil {
				return err
			}
			return boom
		},
		func(tx *bbolt.Tx) error { count(2); return putKey("b")(tx) },
		func(tx *bbolt.Tx) error { // a caller's panic
			count(3)
			if err := putKey("panicked")(tx); err != nil {
				return err
			}
			callUser(func() { panic("caller's bug") })
			return nil
		},
		func(tx *bbolt.Tx) error { count(4); return putKey("c")(tx) },
		func(tx *bbolt.Tx) error { count(5); return putKey("d")(tx) },
	}
	results, panics := make([]error, len(fns)), make([]any, len(fns))
	release, wait := queued(t, s, fns, results, panics)
	release()
	wait()
	for i, k := range map[int]string{0: "a", 2: "b", 4: "c", 5: "d"} {
		if results[i] != nil || panics[i] != nil {
			t.Errorf("write %d (%s): %v, panic %v", i, k, results[i], panics[i])
		}
		if !has(t, s, k) {
			t.Errorf("write %d (%s) acknowledged but not stored", i, k)
		}
	}
	if !errors.Is(results[1], boom) || panics[1] != nil {
		t.Errorf("the failing write got %v, panic %v; want its own error", results[1], panics[1])
	}
	if panics[3] != "caller's bug" {
		t.Errorf("the panicking write got %v, panic %v; want the caller's panic raised in the caller", results[3], panics[3])
	}
	if has(t, s, "failed") || has(t, s, "panicked") {
		t.Error("a failed write's changes were committed")
	}
	for i, n := range runs {
		if n < 1 || n > 3 {
			t.Errorf("write %d ran %d times", i, n)
		}
	}
}

// TestGroupCommitManyWriters: many writers, some failing, none waits
// forever and each gets its own outcome.
func TestGroupCommitManyWriters(t *testing.T) {
	s := groupStore(t)
	const n = 400
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = s.update(func(tx *bbolt.Tx) error {
				if i%7 == 3 {
					return fmt.Errorf("refused %d", i)
				}
				return putKey(fmt.Sprint("m", i))(tx)
			})
		}()
	}
	wg.Wait()
	for i := range n {
		stored := has(t, s, fmt.Sprint("m", i))
		if i%7 == 3 {
			if errs[i] == nil || errs[i].Error() != fmt.Sprintf("refused %d", i) || stored {
				t.Fatalf("write %d: err %v, stored %v; want its own refusal, nothing stored", i, errs[i], stored)
			}
		} else if errs[i] != nil || !stored {
			t.Fatalf("write %d: err %v, stored %v", i, errs[i], stored)
		}
	}
}
