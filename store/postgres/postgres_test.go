package postgres

import (
	"os"
	"testing"
	"time"

	"shinpan/store"
	"shinpan/store/pgtest"
	"shinpan/store/storetest"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Run(m)) }

// backend opens stores in fresh databases of the harness's server. The crash
// test's child gets the URL and opens it without a server of its own.
var backend = storetest.Backend{
	Fresh: func(t testing.TB) string { return pgtest.Get(t).NewDB(t) },
	Open: func(url string, now func() time.Time) (store.Store, error) {
		return Open(url, &Options{Now: now})
	},
	Shared: true,
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
