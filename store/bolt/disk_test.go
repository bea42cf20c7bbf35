package bolt

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/store"
	"shinpan/store/storetest"
)

// The disk faults need a small or read-only file system: the test runs its
// child in a user and mount namespace of its own, where it may mount a tmpfs
// of 2 MiB (no privilege needed). Where namespaces are not allowed, the
// child fills a file-size limit instead (RLIMIT_FSIZE: EFBIG where a full
// disk says ENOSPC) and the read-only cases are skipped.

const diskChildEnv = "SHINPAN_BOLT_DISK_CHILD" // "tmpfs" or "rlimit"

// noNamespace is the child's exit code when it cannot mount its tmpfs.
const noNamespace = 42

// TestDiskFaults: a full disk and a read-only file system, as the store
// sees them (see TestDiskChild).
func TestDiskFaults(t *testing.T) {
	run := func(mode string, ns bool) (string, int) {
		cmd := exec.Command(os.Args[0], "-test.run=^TestDiskChild$", "-test.v")
		cmd.Env = append(os.Environ(), diskChildEnv+"="+mode)
		if ns {
			cmd.SysProcAttr = &syscall.SysProcAttr{
				Cloneflags:  syscall.CLONE_NEWUSER | syscall.CLONE_NEWNS,
				UidMappings: []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Getuid(), Size: 1}},
				GidMappings: []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Getgid(), Size: 1}},
			}
		}
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Start(); err != nil {
			return err.Error(), noNamespace // namespaces refused
		}
		err := cmd.Wait()
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return out.String(), ee.ExitCode()
		}
		if err != nil {
			t.Fatal(err)
		}
		return out.String(), 0
	}
	out, code := run("tmpfs", true)
	if code == noNamespace {
		t.Logf("no tmpfs of its own (%s): a file-size limit stands for the full disk, and the read-only file system is not tried", lastLines(out, 2))
		out, code = run("rlimit", false)
	}
	if code != 0 {
		t.Fatalf("the child failed (exit %d):\n%s", code, out)
	}
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, "disk:") {
			t.Log(strings.TrimSpace(l))
		}
	}
}

func lastLines(s string, n int) string {
	ls := strings.Split(strings.TrimSpace(s), "\n")
	return strings.Join(ls[max(0, len(ls)-n):], " / ")
}

// TestDiskChild is TestDiskFaults's child, not a test on its own. A writer
// appends until the disk is full: the write that does not fit fails with
// ErrUnavailable, naming the file; every write acknowledged before reads
// back and none refused is there; once space is freed the same Store writes
// again. Then, on a read-only file system, Open refuses the file saying so,
// and changes nothing; remounted writable, it opens with everything in it.
func TestDiskChild(t *testing.T) {
	mode := os.Getenv(diskChildEnv)
	if mode == "" {
		t.Skip("run by TestDiskFaults")
	}
	dir := t.TempDir()
	var free func()
	switch mode {
	case "tmpfs":
		if err := syscall.Mount("", "/", "", syscall.MS_REC|syscall.MS_PRIVATE, ""); err != nil {
			fmt.Println("mount --make-rprivate /:", err)
			os.Exit(noNamespace)
		}
		if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, "size=2m"); err != nil {
			fmt.Println("mount tmpfs:", err)
			os.Exit(noNamespace)
		}
		defer syscall.Unmount(dir, syscall.MNT_DETACH)
		filler := filepath.Join(dir, "filler")
		check(t, os.WriteFile(filler, make([]byte, 512<<10), 0o600))
		free = func() { check(t, os.Remove(filler)) }
	case "rlimit":
		var lim syscall.Rlimit
		check(t, syscall.Getrlimit(syscall.RLIMIT_FSIZE, &lim))
		orig := lim
		lim.Cur = 2 << 20
		check(t, syscall.Setrlimit(syscall.RLIMIT_FSIZE, &lim))
		free = func() { check(t, syscall.Setrlimit(syscall.RLIMIT_FSIZE, &orig)) }
	}
	path := filepath.Join(dir, "shinpan.db")
	s, err := Open(path, nil)
	check(t, err)
	g := ok(s.CreateGame(storetest.SampleGame("G", "C", "b", "w", view.Tsuitate), "", nil))
	board := fmt.Appendf(nil, `{"content":"board","cells":"%s"}`, strings.Repeat("x", 3000))
	acked, refused := map[string]uint64{}, map[string]bool{}
	appendOne := func(key string) error {
		e, err := s.AppendAction(g.ID, store.Entry{Action: storetest.Move(shogi.Black, "7g7f"), Key: key},
			[]store.OutMsg{{Dest: store.DestDM, Target: "u", Payload: board}}, nil)
		if err == nil {
			acked[key] = e.Seq
		}
		return err
	}
	var full error
	for i := 0; i < 100_000 && full == nil; i++ {
		key := fmt.Sprint("k", i)
		if full = appendOne(key); full != nil {
			refused[key] = true
		}
	}
	if !errors.Is(full, store.ErrUnavailable) || !strings.Contains(full.Error(), path) {
		t.Fatalf("the write that did not fit: %v, want ErrUnavailable naming %s", full, path)
	}
	fmt.Printf("disk: %s full after %d writes: %v\n", mode, len(acked), full)
	checkLog := func(s *Store, what string) {
		t.Helper()
		_, log, err := s.LoadGame(g.ID)
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		seen := map[string]bool{}
		for _, e := range log {
			if refused[e.Key] || seen[e.Key] {
				t.Fatalf("%s: %s is logged (refused %v, twice %v)", what, e.Key, refused[e.Key], seen[e.Key])
			}
			seen[e.Key] = true
		}
		for k, seq := range acked {
			if !seen[k] || log[seq-1].Key != k {
				t.Fatalf("%s: acknowledged %s is not at seq %d", what, k, seq)
			}
		}
		if st, p := ok(s.OutboxStats()), ok(s.PendingOutbox()); st.Depth != len(p) {
			t.Fatalf("%s: the outbox counts %d, holds %d", what, st.Depth, len(p))
		}
	}
	checkLog(s, "full")
	for i := 0; i < 5; i++ { // still full: refused again, the store still reads
		key := fmt.Sprint("full-", i)
		if err := appendOne(key); err != nil {
			if !errors.Is(err, store.ErrUnavailable) {
				t.Fatalf("a write to the full disk: %v", err)
			}
			refused[key] = true
		}
	}
	checkLog(s, "still full")
	// Readiness: reads still work, but the store is not healthy while the
	// disk refuses its writes, until one commits again (a probe of its own,
	// or the bot's next write).
	if _, err := s.Version(); err != nil {
		t.Fatalf("a read on the full disk: %v", err)
	}
	if err := s.Healthy(); !errors.Is(err, store.ErrUnavailable) || !strings.Contains(err.Error(), path) {
		t.Fatalf("Healthy on the full disk: %v, want ErrUnavailable naming %s", err, path)
	}
	fmt.Printf("disk: %s full, Healthy: %v\n", mode, s.Healthy())
	free()
	if err := s.Healthy(); err == nil {
		t.Fatal("Healthy before any write or probe since the failure: nil")
	}
	s.health.mu.Lock()
	s.health.interval = time.Nanosecond // the probe is due
	s.health.mu.Unlock()
	if err := s.Healthy(); err != nil {
		t.Fatalf("Healthy with room again (its probe wrote): %v", err)
	}
	if err := appendOne("after"); err != nil {
		t.Fatalf("with room again: %v", err)
	}
	if err := s.Healthy(); err != nil {
		t.Fatalf("Healthy after a write: %v", err)
	}
	check(t, s.Close())
	s, err = Open(path, nil)
	check(t, err)
	checkLog(s, "reopened")
	check(t, s.Close())
	if mode != "tmpfs" {
		return
	}

	check(t, syscall.Mount("", dir, "", syscall.MS_REMOUNT|syscall.MS_RDONLY, ""))
	before := sha256.Sum256(must(os.ReadFile(path)))
	_, err = Open(path, nil)
	if err == nil || !errors.Is(err, syscall.EROFS) || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "read-only") {
		t.Fatalf("Open on a read-only file system: %v", err)
	}
	fmt.Printf("disk: read-only: %v\n", err)
	if _, err := Open(filepath.Join(dir, "new.db"), nil); err == nil || !strings.Contains(err.Error(), "read-only") {
		t.Fatalf("a new file on a read-only file system: %v", err)
	}
	if sha256.Sum256(must(os.ReadFile(path))) != before {
		t.Fatal("the refused Open changed the file")
	}
	check(t, syscall.Mount("", dir, "", syscall.MS_REMOUNT, "size=2m"))
	s, err = Open(path, nil)
	check(t, err)
	defer s.Close()
	checkLog(s, "writable again")
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
