package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"shinpan/ops"
	"shinpan/referee"
	"shinpan/referee/policy"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/store"
	"shinpan/store/bolt"
)

func TestVersionCommand(t *testing.T) {
	out, errOut, code := run(t, "", "version")
	if code != 0 || !strings.HasPrefix(out, "shinpan ") || !strings.Contains(out, " go1.") || !strings.Contains(out, "revision ") {
		t.Fatalf("version: %d %q %q", code, out, errOut)
	}
}

func TestHealthCommand(t *testing.T) {
	var fail atomic.Pointer[error] // read by the server's goroutines
	srv := httptest.NewServer(ops.Handler(nil, map[string]ops.Check{"gateway": func() error {
		if e := fail.Load(); e != nil {
			return *e
		}
		return nil
	}}))
	defer srv.Close()
	addr := srv.Listener.Addr().String()
	if out, errOut, code := run(t, "", "health", "--addr", addr); code != 0 || out != "ok\n" {
		t.Fatalf("health while ready: %d %q %q", code, out, errOut)
	}
	notConnected := errors.New("gateway not connected")
	fail.Store(&notConnected)
	if _, errOut, code := run(t, "", "health", "--addr", addr); code != 1 || !strings.Contains(errOut, "gateway not connected") {
		t.Fatalf("health while unready: %d %q", code, errOut)
	}
	if _, _, code := run(t, "", "health", "--addr", addr, "--live"); code != 0 {
		t.Fatalf("health --live while unready: %d", code)
	}
	t.Setenv("SHINPAN_METRICS_ADDR", "")
	if _, errOut, code := run(t, "", "health", "--config", writeConfig(t, "")); code != 1 || !strings.Contains(errOut, "metrics_addr") {
		t.Fatalf("health without an address: %d %q", code, errOut)
	}
}

func writeConfig(t *testing.T, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "config.toml")
	if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// gameStore makes a store with a finished and a live standard game whose
// moves replay.
func gameStore(t *testing.T, path string) {
	t.Helper()
	st, err := bolt.Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for i, moves := range [][]string{{"7g7f", "3c3d", "8h2b+"}, {"2g2f"}} {
		g, err := st.CreateGame(store.Game{GuildID: "g", ChannelID: "c", Players: [2]string{"u1", "u2"}, Variant: view.Standard,
			Options: policy.Defaults(view.Standard), StartSFEN: shogi.StartSFEN, RulesVersion: referee.RulesVersion}, "", nil)
		if err != nil {
			t.Fatal(err)
		}
		for j, m := range moves {
			a := referee.Action{Kind: referee.ActMove, Player: shogi.Color(j % 2), Text: m}
			if _, err := st.AppendAction(g.ID, store.Entry{Action: a, UserID: g.Players[j%2], Key: m + string(rune('a'+i))}, nil, nil); err != nil {
				t.Fatal(err)
			}
		}
		if i == 0 {
			if _, err := st.UpdateGame(g.ID, nil, func(g *store.Game) error {
				g.Status, g.Result = store.StatusFinished, &view.Result{Winner: new(shogi.White), Reason: view.ReasonResignation}
				return nil
			}); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestExportImportCommands: export, import into an empty file, export again:
// the two exports match but for their time, and a second import is refused.
func TestExportImportCommands(t *testing.T) {
	dir := t.TempDir()
	src, dst := filepath.Join(dir, "a.db"), filepath.Join(dir, "b.db")
	gameStore(t, src)
	dump := filepath.Join(dir, "dump.jsonl")
	if _, errOut, code := run(t, "", "export", "--data", src, "--out", dump); code != 0 || !strings.Contains(errOut, "2 games, 4 actions") {
		t.Fatalf("export: %d %q", code, errOut)
	}
	if _, errOut, code := run(t, "", "import", "--data", dst, "--in", dump); code != 0 || !strings.Contains(errOut, "2 games, 4 actions") {
		t.Fatalf("import: %d %q", code, errOut)
	}
	again, errOut, code := run(t, "", "export", "--data", dst)
	if code != 0 {
		t.Fatalf("export of the copy: %d %q", code, errOut)
	}
	first, _ := os.ReadFile(dump)
	body := func(s []byte) []byte { return s[bytes.IndexByte(s, '\n'):] } // past the header and its time
	if !bytes.Equal(body(first), body([]byte(again))) {
		t.Fatalf("the copy exports differently:\n%s\n%s", first, again)
	}
	if _, errOut, code := run(t, "", "import", "--data", dst, "--in", dump); code != 1 || !strings.Contains(errOut, "not empty") {
		t.Fatalf("a second import: %d %q", code, errOut)
	}
	// Exporting a file that is not there makes no empty store.
	missing := filepath.Join(dir, "none.db")
	if _, errOut, code := run(t, "", "export", "--data", missing); code != 1 || !strings.Contains(errOut, "no database at") {
		t.Fatalf("export of a missing file: %d %q", code, errOut)
	}
	if _, err := os.Stat(missing); !os.IsNotExist(err) {
		t.Fatalf("export made the missing database: %v", err)
	}
	// A game whose log does not replay is refused with its number, and
	// input that is no export at all says so; neither leaves the file the
	// import made.
	broken := strings.Replace(string(first), `"text":"8h2b+"`, `"text":"8h1a"`, 1)
	for _, tc := range []struct{ name, in, want string }{
		{"does not replay", broken, "game #1"},
		{"not an export", "# KIF\n", "not a shinpan-dump file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			made := filepath.Join(t.TempDir(), "c.db")
			if _, errOut, code := run(t, tc.in, "import", "--data", made); code != 1 || !strings.Contains(errOut, tc.want) {
				t.Fatalf("import: %d %q, want 1 and %q", code, errOut, tc.want)
			}
			if _, err := os.Stat(made); !os.IsNotExist(err) {
				t.Fatalf("the failed import left its file: %v", err)
			}
		})
	}
}

// TestBackupCommandOffline: with no bot on the socket, backup copies the file
// itself, and the copy passes the checks.
func TestBackupCommandOffline(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "shinpan.db")
	gameStore(t, data)
	cfg := writeConfig(t, "data_path = \""+data+"\"\n")
	out := filepath.Join(dir, "copy.db")
	if stdout, errOut, code := run(t, "", "backup", "--config", cfg, "--out", out); code != 0 || !strings.Contains(stdout, "no bot running") {
		t.Fatalf("backup: %d %q %q", code, stdout, errOut)
	}
	if err := bolt.CheckFile(out); err != nil {
		t.Fatal(err)
	}
	if _, _, code := run(t, "", "backup", "--config", cfg); code != 1 {
		t.Fatal("backup without --out succeeded")
	}
	// A data_path with no file is an error, not an empty store backed up.
	missing := filepath.Join(dir, "none", "shinpan.db")
	if _, errOut, code := run(t, "", "backup", "--config", writeConfig(t, "data_path = \""+missing+"\"\n"), "--out", filepath.Join(dir, "empty.db")); code != 1 || !strings.Contains(errOut, "no database at") {
		t.Fatalf("backup of a missing file: %d %q", code, errOut)
	}
	if _, err := os.Stat(filepath.Dir(missing)); !os.IsNotExist(err) {
		t.Fatalf("backup made the missing database: %v", err)
	}
}

// stuckBot's Shutdown returns only when released.
type stuckBot struct{ release chan struct{} }

func (b stuckBot) Shutdown(context.Context) error { <-b.release; return nil }

// TestShutdownLimits: a shutdown that finishes returns its result; one that
// hangs ends the process at a second signal, or at the limit.
func TestShutdownLimits(t *testing.T) {
	var exited atomic.Int32
	exit = func(code int) { exited.Store(int32(code)) }
	defer func() { exit = os.Exit }()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))

	done := stuckBot{release: make(chan struct{})}
	close(done.release)
	if err := shutdown(done, time.Minute, make(chan os.Signal), log); err != nil || exited.Load() != 0 {
		t.Fatalf("a clean shutdown: %v, exit %d", err, exited.Load())
	}

	stuck := stuckBot{release: make(chan struct{})}
	defer close(stuck.release)
	sig := make(chan os.Signal, 1)
	sig <- os.Interrupt
	start := time.Now()
	if err := shutdown(stuck, time.Minute, sig, log); err == nil || exited.Load() != 1 || time.Since(start) > 10*time.Second {
		t.Fatalf("second signal: %v, exit %d after %v", err, exited.Load(), time.Since(start))
	}
	exited.Store(0)
	if err := shutdown(stuck, 10*time.Millisecond, make(chan os.Signal), log); err == nil || exited.Load() != 1 {
		t.Fatalf("past the limit: %v, exit %d", err, exited.Load())
	}
}

// TestVersionFromDockerArgs builds as the Dockerfile does (-tags production,
// no .git, the revision and time passed with -ldflags -X) and reads them back.
func TestVersionFromDockerArgs(t *testing.T) {
	docker, err := os.ReadFile("Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range []string{"-X shinpan/ops.Revision=${REVISION}", "-X shinpan/ops.BuildTime=${BUILD_TIME}", `HEALTHCHECK`, `CMD ["/shinpan", "health"]`,
		`ARG TAGS="production"`, `go build -trimpath -tags "${TAGS}"`} {
		if !bytes.Contains(docker, []byte(x)) {
			t.Fatalf("the Dockerfile lacks %s", x)
		}
	}
	out := filepath.Join(t.TempDir(), "shinpan")
	build := exec.Command("go", "build", "-tags", "production", "-buildvcs=false", "-ldflags", "-X shinpan/ops.Revision=abc123 -X shinpan/ops.BuildTime=2026-12-01T00:00:00Z", "-o", out, ".")
	if b, err := build.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, b)
	}
	got, err := exec.Command(out, "version").Output()
	if err != nil || !strings.Contains(string(got), "revision abc123 time 2026-12-01T00:00:00Z") {
		t.Fatalf("version: %q %v", got, err)
	}
}
