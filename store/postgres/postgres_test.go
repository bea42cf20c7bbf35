package postgres

import (
	"context"
	"os"
	"testing"
	"time"

	"shinpan/store"
	"shinpan/store/pgtest"
	"shinpan/store/storetest"

	"github.com/jackc/pgx/v5"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Run(m)) }

// backend opens stores in fresh databases of the harness's server. The crash
// test's child gets the URL and opens it without a server of its own.
var backend = storetest.Backend{
	Fresh: func(t testing.TB) string { return pgtest.Get(t).NewDB(t) },
	Open: func(url string, now func() time.Time) (store.Store, error) {
		return Open(url, &Options{Now: now})
	},
	Settle: func(t testing.TB, url string) {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		c, err := pgx.Connect(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close(context.Background())
		n := -1
		for { // the killed writer's backends are gone (autovacuum may stay)
			err := c.QueryRow(ctx, "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()").Scan(&n)
			if err != nil {
				t.Fatalf("%d client backends still in the database after a kill: %v", n, err)
			}
			if n == 0 {
				return
			}
			time.Sleep(5 * time.Millisecond)
		}
	},
}

func TestConformance(t *testing.T) {
	pgtest.Get(t)
	storetest.Run(t, backend)
}

// TestCrashRecovery: see storetest.Crash. The writer is killed, not the
// server: every acknowledged commit must be there, none twice.
func TestCrashRecovery(t *testing.T) {
	pgtest.Get(t)
	storetest.Crash(t, backend, "TestCrashChild")
}

// TestCrashChild is the writer process of TestCrashRecovery, not a test.
func TestCrashChild(t *testing.T) { storetest.CrashChild(t, backend) }

func BenchmarkAppendAction(b *testing.B)         { storetest.BenchAppend(b, backend) }
func BenchmarkAppendActionParallel(b *testing.B) { storetest.BenchAppendParallel(b, backend) }
func BenchmarkAppendActionGames(b *testing.B)    { storetest.BenchAppendGames(b, backend) }
func BenchmarkLoadGame(b *testing.B)             { storetest.BenchLoadGame(b, backend) }

// BenchmarkOutboxStats: a /metrics scrape's outbox read with 100 000 queued
// (ReadAll: reading the messages, as the scrape did before).
func BenchmarkOutboxStats(b *testing.B)        { storetest.BenchOutboxStats(b, backend, false) }
func BenchmarkOutboxStatsReadAll(b *testing.B) { storetest.BenchOutboxStats(b, backend, true) }

// TestStoreLoad: see storetest.Load (-store.load).
func TestStoreLoad(t *testing.T) { storetest.Load(t, backend) }
