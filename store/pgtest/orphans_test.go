package pgtest

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

const orphanChildEnv = "PGTEST_ORPHAN_CHILD"

// TestOrphanChild is the child of TestOrphanedServerIsReaped: it starts a
// server, prints its directory and waits to be killed.
func TestOrphanChild(t *testing.T) {
	if os.Getenv(orphanChildEnv) != "1" {
		t.Skip("run by TestOrphanedServerIsReaped")
	}
	s, err := start()
	if err != nil {
		t.Fatal(err)
	}
	fmt.Println("DIR", s.dir)
	time.Sleep(time.Minute)
}

// TestOrphanedServerIsReaped: a test binary killed with SIGKILL leaves its
// server running; the next start stops it and removes its directory.
func TestOrphanedServerIsReaped(t *testing.T) {
	bin, err := findBin()
	if err != nil {
		if os.Getenv(RequireEnv) == "1" {
			t.Fatal(err)
		}
		t.Skip(InstallHint)
	}
	child := exec.Command(os.Args[0], "-test.run=^TestOrphanChild$", "-test.v")
	child.Env = append(os.Environ(), orphanChildEnv+"=1")
	out, err := child.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	dir := ""
	sc := bufio.NewScanner(out)
	for dir == "" && sc.Scan() {
		if d, ok := strings.CutPrefix(sc.Text(), "DIR "); ok {
			dir = d
		}
	}
	if dir == "" {
		_ = child.Process.Kill()
		t.Fatal("the child started no server")
	}
	pidText, err := os.ReadFile(filepath.Join(dir, "data", "postmaster.pid"))
	if err != nil {
		t.Fatal(err)
	}
	postmaster, _ := strconv.Atoi(strings.SplitN(string(pidText), "\n", 2)[0])
	_ = child.Process.Kill()
	_ = child.Wait()
	if !alive(postmaster) {
		t.Fatal("the server died with its test binary: nothing to reap")
	}

	runAs, err := unprivileged()
	if err != nil {
		t.Fatal(err)
	}
	if n := reapOrphans(bin, runAs); n < 1 {
		t.Fatalf("reaped %d", n)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Fatalf("the orphan's directory is still there: %v", err)
	}
	for i := 0; alive(postmaster) && i < 50; i++ {
		time.Sleep(100 * time.Millisecond)
	}
	if alive(postmaster) {
		_ = syscall.Kill(postmaster, syscall.SIGKILL)
		t.Fatal("the orphaned server still runs")
	}
	// A live owner's server is left alone.
	d := filepath.Join(os.TempDir(), dirPrefix+"live-owner")
	if err := os.MkdirAll(d, 0o700); err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(d)
	if err := writeOwner(d); err != nil {
		t.Fatal(err)
	}
	reapOrphans(bin, runAs)
	if _, err := os.Stat(d); err != nil {
		t.Fatalf("a live owner's directory was removed: %v", err)
	}
}
