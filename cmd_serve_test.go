package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/discordtest"
	"shinpan/internal/testkit"
	"shinpan/ops"
	"shinpan/store/bolt"
)

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func freePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// waitFor polls cond for up to 15 s.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	testkit.Eventually(t, what, 15*time.Second, cond)
}

// serveAgainst points serve at the stand-in for one test: the sessions serve
// builds talk to srv, its signal channel comes out of sigs and its log goes to
// logs; all is put back when the test ends.
func serveAgainst(t *testing.T, srv *discordtest.Server) (sigs chan chan<- os.Signal, logs *syncBuffer) {
	sigs, logs = make(chan chan<- os.Signal, 1), &syncBuffer{}
	newSession = func(token string) (*discordgo.Session, error) {
		s, err := discordgo.New("Bot " + token)
		if err == nil {
			srv.Configure(s)
		}
		return s, err
	}
	notifySignals = func(c chan<- os.Signal) { sigs <- c }
	logOut = logs
	t.Cleanup(func() {
		newSession = func(token string) (*discordgo.Session, error) { return discordgo.New("Bot " + token) }
		notifySignals, logOut, discordgo.Logger = nil, os.Stderr, nil
	})
	return sigs, logs
}

// TestServeOperations runs serve against the Discord stand-in as an operator
// would: the first log line is the build; /readyz follows the gateway;
// /metrics answers; shinpan health and shinpan backup work against the
// running bot (the copy passes the checks); export refuses the held file
// with a hint; a signal stops it cleanly; the token is in no log line.
func TestServeOperations(t *testing.T) {
	srv := discordtest.New(discordtest.Options{Users: []discordtest.User{{Username: "alice"}}})
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	sigs, logs := serveAgainst(t, srv)
	t.Setenv("DISCORD_TOKEN", "")
	t.Setenv("SHINPAN_METRICS_ADDR", "")
	dir := t.TempDir()
	addr := fmt.Sprintf("127.0.0.1:%d", freePort(t))
	cfg := writeConfig(t, fmt.Sprintf("token = \"s3cr3t-t0ken\"\ndata_path = %q\nmetrics_addr = %q\nlog_level = \"debug\"\n",
		filepath.Join(dir, "shinpan.db"), addr))

	done := make(chan error, 1)
	go func() { done <- runServe([]string{"--config", cfg}) }()
	waitFor(t, "/readyz", func() bool { return ops.Probe(context.Background(), addr, false) == nil })

	wants := []string{"shinpan_build_info{", `shinpan_gateway_events_total{event="ready"} 1`, "shinpan_gateway_up 1",
		`shinpan_discord_requests_total{method="PUT",route="/applications/{id}/commands",status="200"} 1`}
	var body string
	scraped := func() bool {
		resp, err := http.Get("http://" + addr + "/metrics")
		if err != nil {
			return false
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		body = string(b)
		for _, w := range wants {
			if !strings.Contains(body, w) {
				return false
			}
		}
		return true
	}
	deadline := time.Now().Add(10 * time.Second)
	for !scraped() && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	for _, w := range wants {
		if !strings.Contains(body, w) {
			t.Errorf("/metrics lacks %s:\n%s", w, grepMetric(body, "shinpan_"))
		}
	}
	if out, errOut, code := run(t, "", "health", "--config", cfg); code != 0 || out != "ok\n" {
		t.Errorf("health: %d %q %q", code, out, errOut)
	}
	copyPath := filepath.Join(dir, "copy.db")
	if out, errOut, code := run(t, "", "backup", "--config", cfg, "--out", copyPath); code != 0 || !strings.Contains(out, "from the running bot") {
		t.Errorf("backup: %d %q %q", code, out, errOut)
	}
	if err := bolt.CheckFile(copyPath); err != nil {
		t.Errorf("the backup: %v", err)
	}
	if _, errOut, code := run(t, "", "export", "--config", cfg); code != 1 || !strings.Contains(errOut, "export a backup") {
		t.Errorf("export of the held file: %d %q", code, errOut)
	}

	srv.Faults().SetGatewayDown(true)
	waitFor(t, "unready", func() bool { return ops.Probe(context.Background(), addr, false) != nil })
	if _, errOut, code := run(t, "", "health", "--config", cfg); code != 1 || !strings.Contains(errOut, "gateway") {
		t.Errorf("health with the gateway down: %d %q", code, errOut)
	}
	srv.Faults().SetGatewayDown(false)
	waitFor(t, "ready again", func() bool { return ops.Probe(context.Background(), addr, false) == nil })

	(<-sigs) <- os.Interrupt
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("serve: %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("serve did not stop")
	}
	if _, err := os.Stat(filepath.Join(dir, "admin.sock")); !os.IsNotExist(err) {
		t.Errorf("the admin socket is left: %v", err)
	}
	out := logs.String()
	if first, _, _ := strings.Cut(out, "\n"); !strings.Contains(first, `msg="shinpan starting" version=`) {
		t.Errorf("first log line: %q", first)
	}
	for _, want := range []string{"msg=\"gateway resumed\"", "source=discordgo", "msg=\"shutting down\" signal=interrupt", "msg=stopped"} {
		if !strings.Contains(out, want) {
			t.Errorf("the log lacks %s:\n%s", want, out)
		}
	}
	if strings.Contains(out, "s3cr3t-t0ken") {
		t.Errorf("the token is in the log:\n%s", out)
	}
}

func grepMetric(body, name string) string {
	var out []string
	for _, l := range strings.Split(body, "\n") {
		if strings.HasPrefix(l, name) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}
