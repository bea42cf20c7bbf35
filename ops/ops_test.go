package ops

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

func TestRoute(t *testing.T) {
	for in, want := range map[string]string{
		"/api/v9/channels/1577402302858264578/messages":                 "/channels/{id}/messages",
		"/api/v10/channels/12/messages/34":                              "/channels/{id}/messages/{id}",
		"/api/v9/interactions/99/aW50ZXJhY3Rpb246OTk6c2VjcmV0/callback": "/interactions/{id}/{token}/callback",
		"/api/v9/webhooks/5/aW50ZXJhY3Rpb24tdG9rZW4/messages/@original": "/webhooks/{id}/{token}/messages/@original",
		"/api/v9/users/@me/channels":                                    "/users/@me/channels",
		"/api/v9/gateway":                                               "/gateway",
		"/api/v9/channels/1/messages/2/reactions/%F0%9F%91%8D/@me":      "/channels/{id}/messages/{id}/reactions/{emoji}/@me",
	} {
		if got := Route(in); got != want {
			t.Errorf("Route(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestDiscordgoLogRouted(t *testing.T) {
	var buf bytes.Buffer
	old := discordgo.Logger
	defer func() { discordgo.Logger = old }()
	RouteDiscordgo(slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelInfo})), "Bot s3cr3t")
	discordgo.Logger(discordgo.LogWarning, 1, "error reading from gateway %s websocket, %s", "wss://x", "EOF")
	discordgo.Logger(discordgo.LogError, 1, "bad auth with %s", "Bot s3cr3t")
	discordgo.Logger(discordgo.LogDebug, 1, "Op: %d, Data: %s", 0, "message content")
	discordgo.Logger(discordgo.LogInformational, 1, "Rate Limiting %s, retry in %v", "https://discord.com/api/v9/webhooks/123/aW50ZXJhY3Rpb24.x_y-z/messages/@original", time.Second)
	discordgo.Logger(discordgo.LogInformational, 1, "First Packet:\n%#v\n", json.RawMessage(`{"guilds":[]}`))
	discordgo.Logger(discordgo.LogInformational, 1, "called")
	out := buf.String()
	if strings.Contains(out, "First Packet") || strings.Contains(out, "msg=called") {
		t.Errorf("discordgo's traces passed an info logger: %s", out)
	}
	if !strings.Contains(out, "level=WARN msg=\"error reading from gateway wss://x websocket, EOF\" source=discordgo") {
		t.Errorf("warning not routed: %s", out)
	}
	if !strings.Contains(out, "level=ERROR") || strings.Contains(out, "s3cr3t") {
		t.Errorf("error not routed or the token shown: %s", out)
	}
	if strings.Contains(out, "aW50ZXJhY3Rpb24") || !strings.Contains(out, "/webhooks/123/{token}/messages/@original") {
		t.Errorf("an interaction token in a URL was not replaced: %s", out)
	}
	if strings.Contains(out, "message content") {
		t.Errorf("a debug line passed an info logger: %s", out)
	}
	if DiscordgoLevel(slog.LevelDebug) != discordgo.LogInformational || DiscordgoLevel(slog.LevelWarn) != discordgo.LogWarning {
		t.Error("discordgo's level is not capped at informational")
	}
}

func TestProbe(t *testing.T) {
	var fail error
	srv := httptest.NewServer(Handler(NewMetrics(), map[string]Check{"gateway": func() error { return fail }}))
	defer srv.Close()
	addr := srv.Listener.Addr().String()
	if err := Probe(context.Background(), addr, false); err != nil {
		t.Fatalf("ready: %v", err)
	}
	fail = errors.New("gateway not connected")
	if err := Probe(context.Background(), addr, false); err == nil || !strings.Contains(err.Error(), "gateway not connected") {
		t.Fatalf("unready: %v", err)
	}
	if err := Probe(context.Background(), addr, true); err != nil {
		t.Fatalf("live while unready: %v", err)
	}
	_, port, _ := net.SplitHostPort(addr)
	if err := Probe(context.Background(), "0.0.0.0:"+port, true); err != nil {
		t.Fatalf("an unspecified host is asked on loopback: %v", err)
	}
}

type fakeDB struct {
	data []byte
	err  error // after writing data
}

func (f fakeDB) Backup(w io.Writer) (int64, error) {
	n, err := w.Write(f.data)
	if err == nil {
		err = f.err
	}
	return int64(n), err
}

func serveAdmin(t *testing.T, db Backuper) string {
	t.Helper()
	sock := filepath.Join(t.TempDir(), "a.sock")
	ln, err := ListenAdmin(sock)
	if err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(sock); err != nil || fi.Mode().Perm()&0o077 != 0 {
		t.Fatalf("socket mode: %v %v", fi.Mode(), err)
	}
	s := Listen(ln, AdminHandler(db, nil, slog.New(slog.NewTextHandler(io.Discard, nil))), slog.Default())
	t.Cleanup(func() { s.Close() })
	return sock
}

func TestFetchBackup(t *testing.T) {
	data := bytes.Repeat([]byte("page"), 10000)
	sock := serveAdmin(t, fakeDB{data: data})
	out := filepath.Join(t.TempDir(), "b.db")
	var checked string
	n, err := FetchBackup(context.Background(), sock, out, func(p string) error { checked = p; return nil })
	if err != nil || n != int64(len(data)) {
		t.Fatalf("FetchBackup: %d, %v", n, err)
	}
	got, _ := os.ReadFile(out)
	if !bytes.Equal(got, data) || checked != out+".tmp" {
		t.Fatalf("wrote %d bytes, checked %q", len(got), checked)
	}

	// A backup cut short, or failing its check, leaves no file.
	sock = serveAdmin(t, fakeDB{data: data[:100], err: errors.New("disk on fire")})
	bad := filepath.Join(t.TempDir(), "bad.db")
	if _, err := FetchBackup(context.Background(), sock, bad, nil); err == nil || !strings.Contains(err.Error(), "disk on fire") {
		t.Fatalf("a failed backup: %v", err)
	}
	if _, err := FetchBackup(context.Background(), serveAdmin(t, fakeDB{data: data}), bad, func(string) error { return errors.New("corrupt") }); err == nil {
		t.Fatal("a copy failing its check was kept")
	}
	if ents, _ := os.ReadDir(filepath.Dir(bad)); len(ents) != 0 {
		t.Fatalf("left behind: %v", ents)
	}

	if _, err := FetchBackup(context.Background(), filepath.Join(t.TempDir(), "none.sock"), bad, nil); !errors.Is(err, ErrNoBot) {
		t.Fatalf("no bot: %v", err)
	}
}

func TestSnapshotsKeep(t *testing.T) {
	dir := t.TempDir()
	now := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	m := NewMetrics()
	s := &Snapshots{B: fakeDB{data: []byte("db")}, Dir: dir, Keep: 3, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), M: m,
		Now: func() time.Time { return now }}
	if err := os.WriteFile(filepath.Join(dir, "other.txt"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	var last string
	for i := 0; i < 5; i++ {
		p, err := s.Take()
		if err != nil {
			t.Fatal(err)
		}
		last = p
		now = now.Add(time.Hour)
	}
	ents, _ := os.ReadDir(dir)
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	want := []string{"other.txt", "shinpan-20261201T020000Z.db", "shinpan-20261201T030000Z.db", "shinpan-20261201T040000Z.db"}
	if strings.Join(names, " ") != strings.Join(want, " ") || filepath.Base(last) != want[3] {
		t.Fatalf("kept %v, want %v (last %s)", names, want, last)
	}
}

// TestDashboardNamesRealMetrics: every shinpan_ metric a query of
// docs/grafana-dashboard.json names is one the bot exports.
func TestDashboardNamesRealMetrics(t *testing.T) {
	raw, err := os.ReadFile("../docs/grafana-dashboard.json")
	if err != nil {
		t.Fatal(err)
	}
	var d struct {
		Panels []struct {
			Title   string
			Targets []struct{ Expr string }
		}
	}
	if err := json.Unmarshal(raw, &d); err != nil {
		t.Fatal(err)
	}
	m := NewMetrics()
	m.Watch(Gauges{ActiveGames: func() (map[string]int, error) { return map[string]int{"dark": 1}, nil },
		Outbox: func() (int, time.Duration, error) { return 1, time.Second, nil }, GatewayUp: func() bool { return true },
		Leases: func() (int, int) { return 512, 2 }})
	m.Action("move", "accepted")
	m.MoveDone(time.Second)
	m.Commit("append_action", time.Millisecond)
	m.CPUThink(time.Second)
	m.Send("dm", "sent")
	m.RateLimitWait(time.Second)
	m.Gateway("ready")
	m.Backup("request", nil)
	rt := m.Transport(roundTripper(func(*http.Request) (*http.Response, error) {
		return &http.Response{StatusCode: 429, Body: io.NopCloser(strings.NewReader(""))}, nil
	}))
	req, _ := http.NewRequest("GET", "http://x/api/v9/gateway", nil)
	if _, err := rt.RoundTrip(req); err != nil {
		t.Fatal(err)
	}
	have := scrape(t, m).Types
	names := regexp.MustCompile(`shinpan_[a-z_]+`)
	n := 0
	for _, p := range d.Panels {
		for _, tg := range p.Targets {
			for _, name := range names.FindAllString(tg.Expr, -1) {
				base := strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(name, "_bucket"), "_count"), "_sum")
				if _, ok := have[base]; !ok {
					t.Errorf("panel %q: %s is not exported", p.Title, name)
				}
				n++
			}
		}
	}
	if n < 15 {
		t.Fatalf("only %d metric references in the dashboard", n)
	}
}

// TestLeaseGauges: lease ownership is exported only when the bot shares the
// store with other processes, read at each scrape.
func TestLeaseGauges(t *testing.T) {
	m := NewMetrics()
	values := func() map[string]float64 {
		s := scrape(t, m)
		v := map[string]float64{}
		for _, n := range []string{"shinpan_partitions_held", "shinpan_processes_live"} {
			if s.Has(n) {
				v[n] = s.Value(n)
			}
		}
		return v
	}
	m.Watch(Gauges{GatewayUp: func() bool { return true }})
	if v := values(); len(v) != 0 {
		t.Fatalf("lease gauges for a single process: %v", v)
	}
	held := 1024
	m.Watch(Gauges{Leases: func() (int, int) { return held, 3 }})
	held = 341
	if v := values(); v["shinpan_partitions_held"] != 341 || v["shinpan_processes_live"] != 3 {
		t.Fatalf("lease gauges: %v", v)
	}
}

type roundTripper func(*http.Request) (*http.Response, error)

func (f roundTripper) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

func TestRedact(t *testing.T) {
	var buf bytes.Buffer
	log := slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{ReplaceAttr: Redact("Bot s3cr3t")}))
	err := errors.New(`Post "https://discord.com/api/v9/interactions/42/aW50ZXJhY3Rpb246NDI/callback": dial tcp: refused`)
	log.Warn("interaction reply with Bot s3cr3t", "err", err, "url", "/webhooks/7/dG9rZW4/messages/@original", "n", 3)
	out := buf.String()
	for _, secret := range []string{"s3cr3t", "aW50ZXJhY3Rpb246NDI", "dG9rZW4"} {
		if strings.Contains(out, secret) {
			t.Errorf("%s in %s", secret, out)
		}
	}
	if !strings.Contains(out, "/interactions/42/{token}/callback") || !strings.Contains(out, "n=3") {
		t.Errorf("redacted too much: %s", out)
	}
}
