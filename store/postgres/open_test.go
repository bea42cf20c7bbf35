package postgres

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"shinpan/store"
	"shinpan/store/pgtest"
)

// TestOpenTogether: processes starting at once on an empty database create
// the schema once (the advisory lock), and all of them open it.
func TestOpenTogether(t *testing.T) {
	srv := pgtest.Get(t)
	url := srv.NewDB(t)
	var wg sync.WaitGroup
	errs := make(chan error, 6)
	for i := 0; i < 6; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, err := Open(url, nil)
			if err != nil {
				errs <- err
				return
			}
			if v, err := s.Version(); err != nil || v != SchemaVersion {
				errs <- errors.Join(err, errors.New("wrong version"))
			}
			s.Close()
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	if n := srv.QueryInt(t, url, "SELECT count(*) FROM schema_migrations"); n != SchemaVersion {
		t.Fatalf("%d migrations recorded, want %d", n, SchemaVersion)
	}
	if n := srv.QueryInt(t, url, "SELECT count(*) FROM meta WHERE key = 'nonce_key'"); n != 1 {
		t.Fatalf("%d nonce keys", n)
	}
}

// TestOpenRefuses: the sentinels behind serve's messages, and nothing written.
func TestOpenRefuses(t *testing.T) {
	srv := pgtest.Get(t)
	foreign := srv.NewDB(t)
	srv.Exec(t, foreign, "CREATE TABLE users (id int)")
	if _, err := Open(foreign, nil); !errors.Is(err, store.ErrForeign) {
		t.Fatalf("foreign schema: %v", err)
	}
	if n := srv.QueryInt(t, foreign, "SELECT count(*) FROM pg_tables WHERE schemaname = current_schema()"); n != 1 {
		t.Fatalf("the foreign schema has %d tables now", n)
	}
	newer := srv.NewDB(t)
	s, err := Open(newer, nil)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	srv.Exec(t, newer, fmt.Sprintf("INSERT INTO schema_migrations (version, name) VALUES (%d, 'next')", SchemaVersion+1))
	if _, err := Open(newer, nil); !errors.Is(err, store.ErrNewerSchema) {
		t.Fatalf("newer schema: %v", err)
	}
	if _, err := Open("postgres://u:pw@127.0.0.1:1/x?connect_timeout=2", nil); !errors.Is(err, store.ErrUnavailable) || strings.Contains(err.Error(), "pw@") {
		t.Fatalf("server down: %v", err)
	}
	if _, err := Open("postgres://u:pw@%zz/x", nil); !errors.Is(err, store.ErrInvalid) {
		t.Fatalf("bad URL: %v", err)
	}
}

// TestOpenAll: with OpenAll the pool opens all its connections at the start
// (a bot under load); without, only those used.
func TestOpenAll(t *testing.T) {
	srv := pgtest.Get(t)
	url := srv.NewDB(t)
	s, err := Open(url, &Options{OpenAll: true, MaxConns: 5})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	deadline := time.Now().Add(10 * time.Second)
	for s.Pool().Stat().TotalConns() < 5 {
		if time.Now().After(deadline) {
			t.Fatalf("%d connections open, want all 5", s.Pool().Stat().TotalConns())
		}
		time.Sleep(10 * time.Millisecond)
	}
	lazy, err := Open(url, &Options{MaxConns: 5})
	if err != nil {
		t.Fatal(err)
	}
	defer lazy.Close()
	time.Sleep(100 * time.Millisecond)
	if n := lazy.Pool().Stat().TotalConns(); n >= 5 {
		t.Fatalf("without OpenAll %d connections are open", n)
	}
}
