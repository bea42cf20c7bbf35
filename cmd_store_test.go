package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"shinpan/bot/discordtest"
	"shinpan/ops"
	"shinpan/referee/view"
	"shinpan/store/bolt"
	"shinpan/store/pgtest"
	"shinpan/store/postgres"
	"shinpan/store/storetest"
)

// TestMigrateRoundTrip: a bbolt store with finished, aborted and active games
// (and everything else) copied to PostgreSQL and back is the same store, and
// running a copy again changes nothing.
func TestMigrateRoundTrip(t *testing.T) {
	srv := pgtest.Get(t)
	pg := srv.NewDB(t)
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.db"), filepath.Join(dir, "b.db")
	sa, err := bolt.Open(a, nil)
	if err != nil {
		t.Fatal(err)
	}
	storetest.Fill(t, sa)
	sa.Close()

	const want = "4 games (2 active, 1 finished, 1 aborted), 10 actions"
	for i := 0; i < 2; i++ {
		out, errs, code := run(t, "", "migrate", "--from", "bolt:"+a, "--to", "postgres:"+pg)
		if code != 0 || !strings.Contains(out, want) {
			t.Fatalf("migrate to postgres (run %d): exit %d\n%s%s", i+1, code, out, errs)
		}
	}
	out, errs, code := run(t, "", "migrate", "--from", pg, "--to", "bolt:"+b)
	if code != 0 || !strings.Contains(out, want) {
		t.Fatalf("migrate back: exit %d\n%s%s", code, out, errs)
	}
	t.Log(strings.TrimSpace(out))
	if strings.Contains(out, "@") || strings.Contains(errs, "password") {
		t.Fatalf("output names credentials: %s", out)
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
	sp, err := postgres.Open(pg, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer sp.Close()
	storetest.SameContents(t, sa, sp)
	storetest.SameContents(t, sa, sb)
}

// TestServeRefusesBadDatabase: a URL that does not parse, a server that is
// down, a database of another program and a newer schema each stop serve
// with a message saying what is wrong, and nothing is written: no bbolt file
// appears instead, and the database is as it was.
func TestServeRefusesBadDatabase(t *testing.T) {
	srv := pgtest.Get(t)
	foreign := srv.NewDB(t)
	srv.Exec(t, foreign, "CREATE TABLE users (id int)")
	newer := srv.NewDB(t)
	s, err := postgres.Open(newer, nil)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	srv.Exec(t, newer, "INSERT INTO schema_migrations (version, name) VALUES (99, 'from_the_future')")

	// serve runs in-process against the Discord stand-in: the token is
	// checked with "Discord" before the store is opened.
	discord := discordtest.New(discordtest.Options{Users: []discordtest.User{{Username: "alice"}}})
	if err := discord.Start(); err != nil {
		t.Fatal(err)
	}
	defer discord.Close()
	_, logs := serveAgainst(t, discord)
	notifySignals = func(chan<- os.Signal) {} // serve stops on its own here
	t.Setenv("DISCORD_TOKEN", "test-token")
	t.Setenv("SHINPAN_METRICS_ADDR", "")
	serveWith := func(url, conf string) (string, string) {
		t.Helper()
		dir := t.TempDir()
		data := filepath.Join(dir, "data", "shinpan.db")
		cfg := filepath.Join(dir, "config.toml")
		if err := os.WriteFile(cfg, []byte(fmt.Sprintf("data_path = %q\nadmin_socket = \"off\"\n%s", data, conf)), 0o600); err != nil {
			t.Fatal(err)
		}
		t.Setenv("DATABASE_URL", url)
		err := runServe([]string{"--config", cfg})
		if err == nil {
			t.Fatalf("serve with %q started", url)
		}
		if _, serr := os.Stat(filepath.Dir(data)); serr == nil {
			t.Fatalf("serve with %q created a bbolt file", url)
		}
		return err.Error(), logs.String()
	}
	for _, tc := range []struct{ url, want string }{
		{"postgres://shinpan:s3cret@%zz/db", "must be a URL"},
		{"postgres://shinpan:s3cret@127.0.0.1:1/shinpan?connect_timeout=2", "PostgreSQL server is running"},
		{foreign, "does not belong to shinpan"},
		{newer, fmt.Sprintf("schema 99, this program knows up to %d", postgres.SchemaVersion)},
	} {
		out, log := serveWith(tc.url, "")
		if !strings.Contains(out, tc.want) {
			t.Fatalf("serve with %s: %s\nwant %q", tc.url, out, tc.want)
		}
		if strings.Contains(out+log, "s3cret") {
			t.Fatalf("the error shows the password: %s\n%s", out, log)
		}
	}
	// database_url in the config file, without DATABASE_URL, is used too.
	out, log := serveWith("", "database_url = \"postgres://shinpan:s3cret@127.0.0.1:1/fromfile?connect_timeout=2\"\n")
	if !strings.Contains(out, "127.0.0.1:1/fromfile") || strings.Contains(out+log, "s3cret") {
		t.Fatalf("serve with database_url in the config file: %s", out)
	}
	if n := srv.QueryInt(t, foreign, "SELECT count(*) FROM pg_tables WHERE schemaname = current_schema()"); n != 1 {
		t.Fatalf("the foreign database has %d tables now", n)
	}
	if n := srv.QueryInt(t, newer, "SELECT count(*) FROM schema_migrations"); n != postgres.SchemaVersion+1 {
		t.Fatalf("schema_migrations has %d rows now", n)
	}
}

// TestServeOnPostgres: with DATABASE_URL set, serve keeps what players do in
// PostgreSQL (a challenge made through Discord lands in its table), creates
// no bbolt file at data_path, and stops cleanly on a signal.
func TestServeOnPostgres(t *testing.T) {
	pg := pgtest.Get(t)
	url := pg.NewDB(t)
	discord := discordtest.New(discordtest.Options{Users: []discordtest.User{{Username: "alice"}, {Username: "bob"}}})
	if err := discord.Start(); err != nil {
		t.Fatal(err)
	}
	defer discord.Close()
	sigs, logs := serveAgainst(t, discord)
	t.Setenv("DISCORD_TOKEN", "test-token")
	t.Setenv("SHINPAN_METRICS_ADDR", "")
	t.Setenv("DATABASE_URL", url)
	addr := fmt.Sprintf("127.0.0.1:%d", freePort(t))
	data := filepath.Join(t.TempDir(), "data", "shinpan.db")
	cfg := writeConfig(t, fmt.Sprintf("data_path = %q\nadmin_socket = \"off\"\nmetrics_addr = %q\n", data, addr))
	done := make(chan error, 1)
	go func() { done <- runServe([]string{"--config", cfg}) }()
	waitFor(t, "/readyz", func() bool { return ops.Probe(context.Background(), addr, false) == nil })

	alice, bob := discord.Users()[0].ID, discord.Users()[1].ID
	var id string
	var err error
	waitFor(t, "/shogi to be registered", func() bool {
		id, err = discord.SlashCommand(alice, discord.DefaultChannelID(), "shogi", discordtest.Subcommand("challenge",
			discordtest.StringOption("variant", "tsuitate"), discordtest.UserOption("opponent", bob)))
		return !errors.Is(err, discordtest.ErrUnknownCommand)
	})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	if _, err := discord.WaitInteraction(ctx, id, discordtest.Answered); err != nil {
		t.Fatal(err)
	}
	if n := pg.QueryInt(t, url, "SELECT count(*) FROM challenges"); n != 1 {
		t.Errorf("%d challenges in PostgreSQL after /shogi challenge, want 1", n)
	}
	(<-sigs) <- os.Interrupt
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("serve: %v\n%s", err, logs)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("serve did not stop")
	}
	if _, err := os.Stat(filepath.Dir(data)); !os.IsNotExist(err) {
		t.Errorf("serve on PostgreSQL made the bbolt directory: %v", err)
	}
}

// TestMigrateRefusesAnotherStore: a destination holding a game of its own is
// refused before anything is written (the copy's game #1 would overwrite it).
func TestMigrateRefusesAnotherStore(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.db"), filepath.Join(dir, "b.db")
	sa, err := bolt.Open(a, nil)
	if err != nil {
		t.Fatal(err)
	}
	storetest.Fill(t, sa)
	sa.Close()
	sb, err := bolt.Open(b, nil)
	if err != nil {
		t.Fatal(err)
	}
	own, err := sb.CreateGame(storetest.SampleGame("H", "C9", "zed", "yan", view.Masked), "", nil)
	sb.Close()
	if err != nil {
		t.Fatal(err)
	}
	out, errs, code := run(t, "", "migrate", "--from", "bolt:"+a, "--to", "bolt:"+b)
	if code == 0 || !strings.Contains(errs, "game #1 of its own") {
		t.Fatalf("migrate into another store: exit %d\n%s%s", code, out, errs)
	}
	sb, err = bolt.Open(b, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer sb.Close()
	ids, err := sb.GameIDs()
	if err != nil {
		t.Fatal(err)
	}
	if g, err := sb.GetGame(own.ID); err != nil || len(ids) != 1 || g.Players != own.Players || g.Variant != own.Variant {
		t.Fatalf("the destination changed: games %v, #1 %+v, %v", ids, g, err)
	}
}

// TestExportImportPostgres: an export of a bbolt file imported into an empty
// PostgreSQL database (the configuration's database_url) exports the same.
func TestExportImportPostgres(t *testing.T) {
	pg := pgtest.Get(t).NewDB(t)
	t.Setenv("DATABASE_URL", "")
	dir := t.TempDir()
	src := filepath.Join(dir, "a.db")
	gameStore(t, src)
	dump := filepath.Join(dir, "dump.jsonl")
	if _, errOut, code := run(t, "", "export", "--data", src, "--out", dump); code != 0 {
		t.Fatalf("export: %d %q", code, errOut)
	}
	cfg := writeConfig(t, fmt.Sprintf("database_url = %q\n", pg))
	if _, errOut, code := run(t, "", "import", "--config", cfg, "--in", dump); code != 0 || !strings.Contains(errOut, "2 games, 4 actions") {
		t.Fatalf("import into PostgreSQL: %d %q", code, errOut)
	}
	again, errOut, code := run(t, "", "export", "--config", cfg)
	if code != 0 {
		t.Fatalf("export of PostgreSQL: %d %q", code, errOut)
	}
	first, _ := os.ReadFile(dump)
	body := func(s []byte) []byte { return s[bytes.IndexByte(s, '\n'):] } // past the header and its time
	// This bbolt store never sent a message, so it has no nonce secret yet;
	// PostgreSQL makes its own when it is opened.
	nonce := regexp.MustCompile(`(?m)^\{"nonce_key":"[^"]+"\}\n`)
	if bytes.Contains(first, []byte(`"nonce_key"`)) || len(nonce.FindAllString(again, -1)) != 1 {
		t.Fatalf("nonce secrets: the bbolt export's %q, PostgreSQL's %q", nonce.Find(first), nonce.FindString(again))
	}
	if !bytes.Equal(body(first), body([]byte(nonce.ReplaceAllString(again, "")))) {
		t.Fatalf("PostgreSQL exports differently:\n%s\n%s", first, again)
	}
}
