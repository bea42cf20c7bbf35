package pgtest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
	"golang.org/x/sys/unix"
)

// Faults for the store's tests: a server stopped, restarted, killed, its
// connections cut, and a standby promoted in its place. Use them on a
// server of the test's own (StartOwn), not on the binary-wide one.

// Dir is the directory of the server's socket: the host in its URLs.
func (s *Server) Dir() string { return s.dir }

// Shutdown stops the server and keeps its data: mode is pg_ctl's -m (smart,
// fast: sessions are ended, immediate: as a crash, recovery at the next start).
func (s *Server) Shutdown(mode string) error {
	if out, err := s.cmd("pg_ctl", "stop", "-w", "-t", "60", "-m", mode, "-D", s.data()).CombinedOutput(); err != nil {
		return fmt.Errorf("pg_ctl stop -m %s: %v\n%s", mode, err, out)
	}
	return nil
}

// Start starts a server stopped by Shutdown or Kill. After Kill it waits for
// the dead postmaster's backends to go (they hold its shared memory) and
// removes its lock file, as an operator would.
func (s *Server) Start() error {
	deadline := time.Now().Add(30 * time.Second)
	for {
		s.clearStaleLock()
		err := s.startServer()
		if err == nil || time.Now().After(deadline) {
			return err
		}
		if !strings.Contains(err.Error(), "shared memory") && !strings.Contains(err.Error(), "lock file") {
			return err
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Kill sends SIGKILL to the postmaster, as the kernel's OOM killer would.
// Its backends notice and exit by themselves; nothing is shut down cleanly.
func (s *Server) Kill() error {
	pid, err := s.postmasterPID()
	if err != nil {
		return err
	}
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		return fmt.Errorf("kill postmaster %d: %w", pid, err)
	}
	for deadline := time.Now().Add(10 * time.Second); running(pid); {
		if time.Now().After(deadline) {
			return fmt.Errorf("postmaster %d still runs after SIGKILL", pid)
		}
		time.Sleep(5 * time.Millisecond)
	}
	return nil
}

// postmasterPID reads the first line of the server's lock file.
func (s *Server) postmasterPID() (int, error) {
	pid, err := lockPID(filepath.Join(s.data(), "postmaster.pid"))
	if errors.Is(err, fs.ErrNotExist) {
		return 0, fmt.Errorf("the server is not running: %w", err)
	}
	return pid, err
}

// running reports whether pid is a live process: not gone, nor a zombie no
// one reaped (a killed postmaster's parent may not be waiting for it).
func running(pid int) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return alive(pid) // no /proc: trust kill(pid, 0)
	}
	// pid (comm) state ...: the state follows the last ')'.
	i := bytes.LastIndexByte(b, ')')
	return i < 0 || i+2 >= len(b) || b[i+2] != 'Z'
}

// clearStaleLock removes the lock files (the data directory's and the
// socket's) of a postmaster that is dead, or a zombie, which the server
// itself would take for a live one until someone reaps it.
// The dead postmaster's backends must be gone first: they exit when they
// notice its death, and until then they hold its shared memory, which a new
// server must not share.
func (s *Server) clearStaleLock() {
	pidFile := filepath.Join(s.data(), "postmaster.pid")
	if pid, err := lockPID(pidFile); err == nil && !running(pid) {
		if shm, ok := shmID(pidFile); ok {
			for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
				var d unix.SysvShmDesc
				if _, err := unix.SysvShmCtl(shm, unix.IPC_STAT, &d); err != nil || d.Nattch == 0 {
					break
				}
			}
			_, _ = unix.SysvShmCtl(shm, unix.IPC_RMID, nil) // what the next server would do, had it the file
		}
		_ = os.Remove(pidFile)
	}
	sockLock := filepath.Join(s.dir, ".s.PGSQL.5432.lock")
	if pid, err := lockPID(sockLock); err == nil && !running(pid) {
		_ = os.Remove(sockLock)
	}
}

// shmID reads the id of the server's System V shared memory segment from
// its lock file (line 7: "key id").
func shmID(pidFile string) (int, bool) {
	b, err := os.ReadFile(pidFile)
	if err != nil {
		return 0, false
	}
	lines := strings.Split(string(b), "\n")
	if len(lines) < 7 {
		return 0, false
	}
	f := strings.Fields(lines[6])
	if len(f) != 2 {
		return 0, false
	}
	id, err := strconv.Atoi(f[1])
	return id, err == nil
}

// lockPID reads the pid on the first line of a lock file.
func lockPID(file string) (int, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return 0, err
	}
	line, _, _ := bytes.Cut(b, []byte("\n"))
	return strconv.Atoi(strings.TrimSpace(string(line)))
}

// Terminate ends every session of the server but the one it uses for it
// (pg_terminate_backend): the connections of every client are cut.
func (s *Server) Terminate() (int, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, err := pgx.Connect(ctx, s.baseURL)
	if err != nil {
		return 0, err
	}
	defer c.Close(ctx)
	var n int
	err = c.QueryRow(ctx, `SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) FROM pg_stat_activity
WHERE pid <> pg_backend_pid() AND backend_type = 'client backend'`).Scan(&n)
	return n, err
}

// Standby starts a second server from a base backup of s (pg_basebackup),
// streaming s's changes, and makes it synchronous: s then acknowledges a
// commit only once the standby has it, so a promoted standby holds every
// commit s acknowledged. It has a socket directory, a URL, of its own. The
// caller stops it.
func (s *Server) Standby() (*Server, error) {
	dir, err := os.MkdirTemp("", dirPrefix)
	if err != nil {
		return nil, err
	}
	sb := &Server{dir: dir, bin: s.bin, runAs: s.runAs}
	if err := writeOwner(dir); err != nil {
		sb.remove()
		return nil, err
	}
	if err := sb.chownDir(); err != nil {
		sb.remove()
		return nil, err
	}
	if out, err := sb.cmd("pg_basebackup", "-h", s.dir, "-U", "shinpan", "-D", sb.data(), "-R", "-X", "stream", "-c", "fast", "--no-sync").CombinedOutput(); err != nil {
		sb.remove()
		return nil, fmt.Errorf("pg_basebackup: %v\n%s", err, out)
	}
	if err := sb.startServer(); err != nil {
		sb.remove()
		return nil, err
	}
	sb.baseURL = sb.URL("postgres")
	if err := s.admin(s.baseURL, "ALTER SYSTEM SET synchronous_standby_names = '*'"); err != nil {
		sb.Stop()
		return nil, err
	}
	if err := s.admin(s.baseURL, "SELECT pg_reload_conf()"); err != nil {
		sb.Stop()
		return nil, err
	}
	for deadline := time.Now().Add(30 * time.Second); ; {
		var n int
		err := s.queryInt(s.baseURL, "SELECT count(*) FROM pg_stat_replication WHERE state = 'streaming' AND sync_state = 'sync'", &n)
		if err == nil && n > 0 {
			return sb, nil
		}
		if time.Now().After(deadline) {
			sb.Stop()
			return nil, fmt.Errorf("the standby is not streaming synchronously after 30 s (%v)", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Promote makes a standby the primary (pg_ctl promote) and waits until it
// accepts writes.
func (s *Server) Promote() error {
	if out, err := s.cmd("pg_ctl", "promote", "-w", "-t", "60", "-D", s.data()).CombinedOutput(); err != nil {
		return fmt.Errorf("pg_ctl promote: %v\n%s", err, out)
	}
	return nil
}

func (s *Server) queryInt(url, sql string, n *int) error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, err := pgx.Connect(ctx, url)
	if err != nil {
		return err
	}
	defer c.Close(ctx)
	return c.QueryRow(ctx, sql).Scan(n)
}

// chownDir gives the server's directory to the user the server runs as.
func (s *Server) chownDir() error {
	if s.runAs == "" {
		return nil
	}
	u, err := user.Lookup(s.runAs)
	if err != nil {
		return err
	}
	var uid, gid int
	fmt.Sscan(u.Uid, &uid)
	fmt.Sscan(u.Gid, &gid)
	if err := os.Chmod(s.dir, 0o755); err != nil {
		return err
	}
	return os.Chown(s.dir, uid, gid)
}

// Crash kills the postmaster and every process it started at once (its
// backends too), as a machine that goes down: nothing answers on a
// connection already open either.
func (s *Server) Crash() error {
	pid, err := s.postmasterPID()
	if err != nil {
		return err
	}
	for _, child := range childrenOf(pid) {
		_ = syscall.Kill(child, syscall.SIGKILL) // one may have exited meanwhile
	}
	return s.Kill()
}

// childrenOf lists the processes whose parent is pid (from /proc).
func childrenOf(pid int) []int {
	dirs, _ := os.ReadDir("/proc")
	var out []int
	for _, d := range dirs {
		child, err := strconv.Atoi(d.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile(filepath.Join("/proc", d.Name(), "stat"))
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...: comm may hold spaces and parentheses.
		i := bytes.LastIndexByte(stat, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(string(stat[i+1:]))
		if len(f) > 1 && f[1] == strconv.Itoa(pid) {
			out = append(out, child)
		}
	}
	return out
}
