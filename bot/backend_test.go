package bot

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"

	"shinpan/bot/compose"
	"shinpan/store"
	"shinpan/store/bolt"
	"shinpan/store/pgtest"
	"shinpan/store/postgres"
)

// testBackend is a store the end-to-end tests run the bot on.
type testBackend struct {
	name  string
	fresh func(t testing.TB) string // a new, empty store's location
	open  func(loc string) (store.Store, error)
}

var boltBackend = testBackend{"bbolt",
	func(t testing.TB) string { return filepath.Join(t.TempDir(), "shinpan.db") },
	func(path string) (store.Store, error) { return bolt.Open(path, nil) }}

// storeBackend is the store of the current pass (TestMain).
var storeBackend = boltBackend

// TestMain runs every test twice: on bbolt, then on PostgreSQL (a throwaway
// server, see store/pgtest). Without PostgreSQL installed the second pass is
// skipped with a message, unless SHINPAN_REQUIRE_POSTGRES=1 makes it a failure.
//
// Every compose.Payload the sender takes from its memo is checked against the
// outbox's JSON (compose/memo.go); a difference fails the run.
func TestMain(m *testing.M) {
	compose.MemoCheck = true
	moreParallel()
	code := m.Run()
	if code == 0 {
		code = postgresPass(m)
	}
	if testing.Verbose() {
		fmt.Printf("payloads taken from the memo and checked: %d\n", compose.MemoChecked.Load())
	}
	if n := compose.MemoMismatches.Load(); n > 0 {
		fmt.Fprintf(os.Stderr, "FAIL: %d payloads taken from the memo differ from the outbox's\n", n)
		code = 1
	}
	os.Exit(code)
}

// e2eParallel is how many parallel tests run at once per CPU when the
// command line does not say (-parallel; Go's default is one per CPU). The
// end-to-end tests spend most of their time waiting, not computing: on the
// bot's own pacing (card edits, timers), the store, the stand-in's buckets.
// Under the race detector, which makes the CPU work several times heavier,
// fewer run at once: a test's interactions must still be answered within
// Discord's 3 s.
func e2eParallel() int {
	if raceDetector {
		return 2
	}
	return 4
}

// moreParallel sets -test.parallel to e2eParallel per CPU unless it was
// given.
func moreParallel() {
	flag.Parse()
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if !given {
		_ = flag.Set("test.parallel", strconv.Itoa(e2eParallel()*runtime.GOMAXPROCS(0)))
	}
}

func postgresPass(m *testing.M) int {
	srv, err := pgtest.Start()
	if err != nil {
		fmt.Fprintln(os.Stderr, "bot tests on PostgreSQL:", err)
		if pgtest.Skippable(err) {
			return 0
		}
		return 1
	}
	defer srv.Stop()
	storeBackend = testBackend{"postgres",
		func(t testing.TB) string { return srv.NewDB(t) },
		func(url string) (store.Store, error) { return postgres.Open(url, nil) }}
	if testing.Verbose() {
		fmt.Println("=== the same tests on PostgreSQL")
	}
	return m.Run()
}
