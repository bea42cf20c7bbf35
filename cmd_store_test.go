package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

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

	const want = "3 games (1 active, 1 finished, 1 aborted), 10 actions"
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

	for _, tc := range []struct{ url, want string }{
		{"postgres://shinpan:s3cret@%zz/db", "must be a URL"},
		{"postgres://shinpan:s3cret@127.0.0.1:1/shinpan?connect_timeout=2", "PostgreSQL server is running"},
		{foreign, "does not belong to shinpan"},
		{newer, "schema 99, this program knows up to 1"},
	} {
		cwd := t.TempDir()
		cmd := exec.Command(bin, "serve")
		cmd.Dir = cwd
		cmd.Env = append(os.Environ(), "DISCORD_TOKEN=test-token", "DATABASE_URL="+tc.url)
		out, err := cmd.CombinedOutput()
		if err == nil || !strings.Contains(string(out), tc.want) {
			t.Fatalf("serve with %s: %v\n%s\nwant %q", tc.url, err, out, tc.want)
		}
		if strings.Contains(string(out), "s3cret") {
			t.Fatalf("the error shows the password: %s", out)
		}
		if _, err := os.Stat(filepath.Join(cwd, "data")); err == nil {
			t.Fatalf("serve with %s created a bbolt file", tc.url)
		}
	}
	// database_url in the config file, without DATABASE_URL, is used too.
	cwd := t.TempDir()
	conf := "database_url = \"postgres://shinpan:s3cret@127.0.0.1:1/fromfile?connect_timeout=2\"\n"
	if err := os.WriteFile(filepath.Join(cwd, "config.toml"), []byte(conf), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "serve")
	cmd.Dir = cwd
	cmd.Env = append(os.Environ(), "DISCORD_TOKEN=test-token", "DATABASE_URL=")
	out, err := cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(out), "127.0.0.1:1/fromfile") || strings.Contains(string(out), "s3cret") {
		t.Fatalf("serve with database_url in config.toml: %v\n%s", err, out)
	}
	if _, err := os.Stat(filepath.Join(cwd, "data")); err == nil {
		t.Fatal("serve with database_url in config.toml created a bbolt file")
	}
	if n := srv.QueryInt(t, foreign, "SELECT count(*) FROM pg_tables WHERE schemaname = current_schema()"); n != 1 {
		t.Fatalf("the foreign database has %d tables now", n)
	}
	if n := srv.QueryInt(t, newer, "SELECT count(*) FROM schema_migrations"); n != 2 {
		t.Fatalf("schema_migrations has %d rows now", n)
	}
}
