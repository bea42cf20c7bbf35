package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"shinpan/bot/discordtest"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/store"
	"shinpan/store/bolt"
	"shinpan/store/pgtest"
	"shinpan/store/postgres"
	"shinpan/store/storetest"
)

// fillCluster writes what a running cluster holds besides Fill's records:
// an action waiting in the inbox, a DM claim and mark, a server's settings,
// and leases taken by a process (their epochs raised by a takeover).
func fillCluster(t *testing.T, url string) {
	t.Helper()
	s, err := postgres.Open(url, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	storetest.Fill(t, s)
	l := s.Leases(postgres.LeaseOptions{Process: "host/1/a", TTL: time.Hour})
	for i := 0; i < 2; i++ {
		if err := l.Tick(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	if queued, err := s.PutInbox("interaction-9", 2, []byte(`{"kind":"move","text":"2e2d"}`)); err != nil || !queued {
		t.Fatalf("put inbox: %v %v", queued, err)
	}
	now := time.Now()
	if _, _, err := s.ClaimDM("carol", "1200", "host/1/a", now, now.Add(10*time.Second), false); err != nil {
		t.Fatal(err)
	}
	if err := s.MarkDMHandled("alice", "1100", "host/1/a"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.UpdateGuildSettings("G", func(g *store.GuildSettings) { g.Language, g.Channel = "ja", "C9" }); err != nil {
		t.Fatal(err)
	}
}

// TestMigrateCluster: a PostgreSQL store a cluster ran on is copied whole
// into another (inbox, leases with their epochs, processes, DM claims and
// marks, servers' settings, and Fill's records), the counts checked; a copy
// into bbolt, which has no inbox, is refused before anything is written.
func TestMigrateCluster(t *testing.T) {
	srv := pgtest.Get(t)
	a, b := srv.NewDB(t), srv.NewDB(t)
	fillCluster(t, a)
	out, errs, code := run(t, "", "migrate", "--from", a, "--to", b)
	if code != 0 || !strings.Contains(out, "1 inbox actions, 1024 partition leases, 1 processes") || !strings.Contains(out, "counts checked") {
		t.Fatalf("migrate: exit %d\n%s%s", code, out, errs)
	}
	sa, err := postgres.Open(a, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer sa.Close()
	sb, err := postgres.Open(b, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer sb.Close()
	storetest.SameContents(t, sa, sb)
	c, err := sb.ReadContents()
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Inbox) != 1 || c.Inbox[0].Key != "interaction-9" || len(c.Leases) != store.Partitions {
		t.Fatalf("the copy's inbox %+v, %d leases", c.Inbox, len(c.Leases))
	}
	if st, err := sb.GetSettings("carol"); err != nil || st.DMClaim != "1200" || st.DMClaimBy != "host/1/a" {
		t.Fatalf("the DM claim: %+v %v", st, err)
	}
	if g, err := sb.GetGuildSettings("G"); err != nil || g.Language != "ja" || g.Channel != "C9" {
		t.Fatalf("the server's settings: %+v %v", g, err)
	}
	if n, err := sb.Copying(); err != nil || n != "" {
		t.Fatalf("a checked copy is marked unfinished: %q %v", n, err)
	}

	file := filepath.Join(t.TempDir(), "c.db")
	out, errs, code = run(t, "", "migrate", "--from", a, "--to", "bolt:"+file)
	if code == 0 || !strings.Contains(errs, "1 actions wait in") || !strings.Contains(errs, "nothing written") {
		t.Fatalf("migrate into bbolt with an inbox: exit %d\n%s%s", code, out, errs)
	}
	sc, err := bolt.Open(file, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer sc.Close()
	if ids, err := sc.GameIDs(); err != nil || len(ids) != 0 {
		t.Fatalf("the refused copy wrote games %v (%v)", ids, err)
	}
	if n, _ := sc.Copying(); n != "" {
		t.Fatalf("the refused copy left a note: %q", n)
	}
}

// TestMigrateUnfinished: a copy that stops midway (a source game that does
// not replay) leaves its destination marked unfinished: serve refuses it and
// says how to finish; migrate again refuses it without --resume; --resume
// from the mended source finishes it, and the copy is the source.
func TestMigrateUnfinished(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.db"), filepath.Join(dir, "b.db")
	sa, err := bolt.Open(a, nil)
	if err != nil {
		t.Fatal(err)
	}
	storetest.Fill(t, sa)
	g, err := sa.CreateGame(storetest.SampleGame("G", "C4", "fay", "gus", view.Standard), "", nil)
	if err == nil { // gote moves first, from a position where sente is to move
		_, err = sa.AppendAction(g.ID, store.Entry{Action: storetest.Move(shogi.White, "3c3d"), Key: "k4"}, nil, nil)
	}
	sa.Close()
	if err != nil {
		t.Fatal(err)
	}
	out, errs, code := run(t, "", "migrate", "--from", "bolt:"+a, "--to", "bolt:"+b)
	if code == 0 || !strings.Contains(errs, fmt.Sprintf("game #%d does not replay", g.ID)) || !strings.Contains(errs, "stays marked unfinished") {
		t.Fatalf("migrate of a game that does not replay: exit %d\n%s%s", code, out, errs)
	}

	discord := discordtest.New(discordtest.Options{Users: []discordtest.User{{Username: "alice"}}})
	if err := discord.Start(); err != nil {
		t.Fatal(err)
	}
	defer discord.Close()
	serveAgainst(t, discord)
	notifySignals = func(chan<- os.Signal) {}
	t.Setenv("DISCORD_TOKEN", "test-token")
	t.Setenv("SHINPAN_METRICS_ADDR", "")
	t.Setenv("DATABASE_URL", "")
	cfg := filepath.Join(dir, "config.toml")
	if err := os.WriteFile(cfg, []byte(fmt.Sprintf("data_path = %q\nadmin_socket = \"off\"\n", b)), 0o600); err != nil {
		t.Fatal(err)
	}
	err = runServe([]string{"--config", cfg})
	if err == nil || !strings.Contains(err.Error(), "unfinished copy") || !strings.Contains(err.Error(), "migrate --resume") {
		t.Fatalf("serve on an unfinished copy: %v", err)
	}

	out, errs, code = run(t, "", "migrate", "--from", "bolt:"+a, "--to", "bolt:"+b)
	if code == 0 || !strings.Contains(errs, "holds an unfinished copy") || !strings.Contains(errs, "--resume") {
		t.Fatalf("migrate again into an unfinished copy: exit %d\n%s%s", code, out, errs)
	}
	sa, err = bolt.Open(a, nil)
	if err == nil {
		_, err = sa.UpdateGame(g.ID, nil, func(g *store.Game) error {
			g.StartSFEN = strings.Replace(g.StartSFEN, " b ", " w ", 1)
			return nil
		})
		sa.Close()
	}
	if err != nil {
		t.Fatal(err)
	}
	out, errs, code = run(t, "", "migrate", "--resume", "--from", "bolt:"+a, "--to", "bolt:"+b)
	if code != 0 || !strings.Contains(out, "5 games") {
		t.Fatalf("migrate --resume: exit %d\n%s%s", code, out, errs)
	}
	sa, err = bolt.Open(a, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer sa.Close()
	sb, err := bolt.Open(b, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer sb.Close()
	storetest.SameContents(t, sa, sb)
	if err := store.CheckFinished(sb); err != nil {
		t.Fatalf("after --resume: %v", err)
	}
}
