package pgtest

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// ownerFile, in a server's directory, holds the pid of the test process that
// started it. A test binary killed outright (SIGKILL, a CI timeout) never
// stops its server; the next start finds the directory by its owner's
// absence and stops and removes it.
const ownerFile = "owner.pid"

// dirPrefix names the servers' directories under os.TempDir().
const dirPrefix = "shinpan-pg-"

func writeOwner(dir string) error {
	return os.WriteFile(filepath.Join(dir, ownerFile), []byte(strconv.Itoa(os.Getpid())), 0o644)
}

// alive reports whether a process with this pid exists (EPERM: it does, as
// another user's).
func alive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// reapOrphans stops and removes the servers whose test process is gone.
// Directories without an owner file, or whose owner lives, are left alone.
// It returns how many it removed.
func reapOrphans(bin, runAs string) int {
	dirs, _ := filepath.Glob(filepath.Join(os.TempDir(), dirPrefix+"*"))
	n := 0
	for _, dir := range dirs {
		b, err := os.ReadFile(filepath.Join(dir, ownerFile))
		if err != nil {
			continue
		}
		pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
		if err != nil || pid <= 0 || alive(pid) {
			continue
		}
		s := &Server{dir: dir, bin: bin, runAs: runAs}
		if _, err := os.Stat(filepath.Join(s.data(), "postmaster.pid")); err == nil {
			_ = s.cmd("pg_ctl", "stop", "-w", "-m", "immediate", "-D", s.data()).Run()
		}
		s.remove()
		n++
	}
	return n
}
