package loadtest

import (
	"context"
	"os"
	"testing"
	"time"

	"shinpan/store/pgtest"
)

// TestMeasurePostgresStart is a measurement, not a check (docs/PERFORMANCE.md):
// SHINPAN_LOADTEST_PG=1 runs `loadtest --games 1000 --rate 100 --duration 30s`
// on a throwaway PostgreSQL (SHINPAN_PG_FSYNC=on for fsync) and logs the line
// and the p99 of each 5 s: the first 5 s against the rest.
func TestMeasurePostgresStart(t *testing.T) {
	if os.Getenv("SHINPAN_LOADTEST_PG") != "1" {
		t.Skip("a measurement: SHINPAN_LOADTEST_PG=1")
	}
	url := pgtest.Get(t).NewDB(t)
	r, err := Run(context.Background(), Config{Games: 1000, Rate: 100, Duration: 30 * time.Second, Warmup: 5 * time.Second,
		DatabaseURL: url, Processes: 1})
	if err != nil {
		t.Fatal(err)
	}
	t.Log(r.String())
	t.Logf("p99 by 5 s: %v; steal %v", r.Windows, r.WindowSteal)
}
