// Package pgtest starts a throwaway PostgreSQL server for tests: initdb into
// a temporary directory, pg_ctl start listening only on a Unix socket in that
// directory (no TCP port at all), run as an unprivileged user when the tests
// run as root (runuser), stopped and removed when the test binary ends (Run)
// or, when a killed test binary could not, by the next start (orphans.go).
//
// Without PostgreSQL's server binaries the tests that need it skip, saying
// how to install them, unless SHINPAN_REQUIRE_POSTGRES=1 is set (as CI does):
// then they fail, so CI cannot pass without having run them.
package pgtest

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// RequireEnv, set to 1, turns a missing PostgreSQL into a test failure.
const RequireEnv = "SHINPAN_REQUIRE_POSTGRES"

// InstallHint says how to get the server binaries.
const InstallHint = "PostgreSQL server binaries (initdb, pg_ctl) not found: install them to run the PostgreSQL tests, e.g. `sudo apt-get install postgresql` on Debian/Ubuntu (or put initdb and pg_ctl on PATH)"

// Server is a running throwaway server.
type Server struct {
	dir     string // owns data/, the socket and the log
	bin     string // directory of initdb, pg_ctl
	runAs   string // "" or the user runuser switches to
	baseURL string // URL of the postgres database, for admin
	n       atomic.Int64
	dbOnce  sync.Once
	dbErr   error
}

var (
	once     sync.Once
	shared   *Server
	startErr error
)

// Get returns the binary-wide server, starting it at the first call. When
// PostgreSQL is not installed it skips t (or fails it under RequireEnv).
func Get(t testing.TB) *Server {
	t.Helper()
	once.Do(func() { shared, startErr = start() })
	if startErr != nil {
		if errors.Is(startErr, errNotInstalled) && os.Getenv(RequireEnv) != "1" {
			t.Skip(InstallHint)
		}
		t.Fatalf("pgtest: %v", startErr)
	}
	return shared
}

// Start starts the binary-wide server (once) for a TestMain. Skippable tells
// whether its error may skip the tests rather than fail them.
func Start() (*Server, error) {
	once.Do(func() { shared, startErr = start() })
	if errors.Is(startErr, errNotInstalled) {
		return nil, errors.New(InstallHint)
	}
	return shared, startErr
}

// StartOwn starts a server of the caller's own, not the binary-wide one: for
// a test that restarts it. The caller stops it.
func StartOwn() (*Server, error) {
	s, err := start()
	if errors.Is(err, errNotInstalled) {
		return nil, errors.New(InstallHint)
	}
	return s, err
}

// Skippable reports whether Start's error means PostgreSQL is not installed
// and the tests may skip (RequireEnv unset).
func Skippable(err error) bool {
	return err != nil && err.Error() == InstallHint && os.Getenv(RequireEnv) != "1"
}

// Run runs the tests and then stops the server if one was started. Use it in
// TestMain: os.Exit(pgtest.Run(m)).
func Run(m *testing.M) int {
	code := m.Run()
	if shared != nil {
		shared.Stop()
	}
	return code
}

var errNotInstalled = errors.New("PostgreSQL is not installed")

// BinEnv names a directory holding initdb and pg_ctl, searched before PATH
// and /usr/lib/postgresql/*/bin.
const BinEnv = "SHINPAN_PG_BIN"

// findBin returns the directory holding initdb and pg_ctl.
func findBin() (string, error) {
	if d := os.Getenv(BinEnv); d != "" {
		if _, err := os.Stat(filepath.Join(d, "initdb")); err != nil {
			return "", errNotInstalled
		}
		return d, nil
	}
	if p, err := exec.LookPath("initdb"); err == nil {
		if _, err := exec.LookPath("pg_ctl"); err == nil {
			if real, err := filepath.EvalSymlinks(p); err == nil {
				p = real // the other binaries (pg_basebackup) are beside the real one
			}
			return filepath.Dir(p), nil
		}
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Sort(sort.Reverse(sort.StringSlice(dirs))) // newest major first (same digit count)
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "initdb")); err == nil {
			return d, nil
		}
	}
	return "", errNotInstalled
}

// unprivileged picks the user to run the server as when we are root.
func unprivileged() (string, error) {
	if os.Geteuid() != 0 {
		return "", nil
	}
	for _, name := range []string{"postgres", "nobody"} {
		if _, err := user.Lookup(name); err == nil {
			return name, nil
		}
	}
	return "", errors.New("running as root and neither user postgres nor nobody exists to run the server")
}

func start() (*Server, error) {
	bin, err := findBin()
	if err != nil {
		return nil, err
	}
	runAs, err := unprivileged()
	if err != nil {
		return nil, err
	}
	reapOrphans(bin, runAs)
	dir, err := os.MkdirTemp("", dirPrefix)
	if err != nil {
		return nil, err
	}
	s := &Server{dir: dir, bin: bin, runAs: runAs}
	if err := writeOwner(dir); err != nil {
		s.remove()
		return nil, err
	}
	if err := s.chownDir(); err != nil {
		s.remove()
		return nil, err
	}
	if out, err := s.cmd("initdb", "-D", s.data(), "-U", "shinpan", "--auth=trust", "-E", "UTF8", "--locale=C", "--no-sync").CombinedOutput(); err != nil {
		s.remove()
		return nil, fmt.Errorf("initdb: %v\n%s", err, out)
	}
	if err := s.startServer(); err != nil {
		s.remove()
		return nil, err
	}
	s.baseURL = s.URL("postgres")
	return s, nil
}

func (s *Server) data() string { return filepath.Join(s.dir, "data") }

// cmd runs a server binary, as the unprivileged user if we are root.
func (s *Server) cmd(name string, args ...string) *exec.Cmd {
	path := filepath.Join(s.bin, name)
	if s.runAs != "" {
		return exec.Command("runuser", append([]string{"-u", s.runAs, "--", path}, args...)...)
	}
	return exec.Command(path, args...)
}

// URL is the connection URL of database db on this server (Unix socket).
func (s *Server) URL(db string) string {
	q := url.Values{"host": {s.dir}, "user": {"shinpan"}}
	return "postgres:///" + db + "?" + q.Encode()
}

// testDB holds the tests' schemas: creating a schema takes milliseconds, a
// database hundreds of them.
const testDB = "shinpan_test"

// NewDB returns the URL of a new, empty store: a schema of its own (the URL
// sets search_path), dropped when t ends.
func (s *Server) NewDB(t testing.TB) string {
	t.Helper()
	s.dbOnce.Do(func() { s.dbErr = s.admin(s.baseURL, "CREATE DATABASE "+testDB) })
	if s.dbErr != nil {
		t.Fatalf("pgtest: %v", s.dbErr)
	}
	name := fmt.Sprintf("t%d_%d", os.Getpid(), s.n.Add(1))
	if err := s.admin(s.URL(testDB), "CREATE SCHEMA "+name); err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	t.Cleanup(func() {
		if err := s.admin(s.URL(testDB), "DROP SCHEMA IF EXISTS "+name+" CASCADE"); err != nil {
			t.Logf("pgtest: %v", err)
		}
	})
	return s.URL(testDB) + "&search_path=" + name
}

// NewDatabase creates a whole database (for what a schema cannot show, such
// as a database of another program) and returns its URL.
func (s *Server) NewDatabase(t testing.TB) string {
	t.Helper()
	name := fmt.Sprintf("d%d_%d", os.Getpid(), s.n.Add(1))
	if err := s.admin(s.baseURL, "CREATE DATABASE "+name); err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	t.Cleanup(func() { _ = s.admin(s.baseURL, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)") })
	return s.URL(name)
}

// Exec runs one SQL statement at url (tests that set a database up by hand).
func (s *Server) Exec(t testing.TB, url, sql string) {
	t.Helper()
	if err := s.admin(url, sql); err != nil {
		t.Fatalf("pgtest: %s: %v", sql, err)
	}
}

// QueryInt runs a query returning one integer at url.
func (s *Server) QueryInt(t testing.TB, url, sql string) int {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	defer c.Close(ctx)
	var n int
	if err := c.QueryRow(ctx, sql).Scan(&n); err != nil {
		t.Fatalf("pgtest: %s: %v", sql, err)
	}
	return n
}

func (s *Server) admin(url, sql string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c, err := pgx.Connect(ctx, url)
	if err != nil {
		return err
	}
	defer c.Close(ctx)
	_, err = c.Exec(ctx, sql)
	return err
}

// Stop shuts the server down and removes its directory.
func (s *Server) Stop() {
	s.clearStaleLock() // a killed server: nothing to stop
	if _, err := s.postmasterPID(); err != nil {
		s.remove()
		return
	}
	if out, err := s.cmd("pg_ctl", "stop", "-w", "-m", "fast", "-D", s.data()).CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "pgtest: pg_ctl stop: %v\n%s", err, strings.TrimSpace(string(out)))
	}
	s.remove()
}

// Restart stops the server (immediately, as a crash would) and starts it again.
func (s *Server) Restart() error {
	if out, err := s.cmd("pg_ctl", "stop", "-w", "-m", "immediate", "-D", s.data()).CombinedOutput(); err != nil {
		return fmt.Errorf("pg_ctl stop: %v\n%s", err, out)
	}
	return s.startServer()
}

// FsyncEnv, set to on, keeps fsync on (speed measurements); tests turn it
// off, as the server's data is thrown away (a killed client is what the crash
// tests kill, never the server's host).
const FsyncEnv = "SHINPAN_PG_FSYNC"

func (s *Server) startServer() error {
	opts := fmt.Sprintf("-c listen_addresses='' -c unix_socket_directories='%s' -c max_connections=200 -c shared_buffers=128MB", s.dir)
	if os.Getenv(FsyncEnv) != "on" {
		opts += " -c fsync=off -c full_page_writes=off"
	}
	if out, err := s.cmd("pg_ctl", "start", "-w", "-t", "60", "-D", s.data(), "-l", filepath.Join(s.dir, "server.log"), "-o", opts).CombinedOutput(); err != nil {
		log, _ := os.ReadFile(filepath.Join(s.dir, "server.log"))
		return fmt.Errorf("pg_ctl start: %v\n%s\n%s", err, out, log)
	}
	return nil
}

func (s *Server) remove() { os.RemoveAll(s.dir) }
