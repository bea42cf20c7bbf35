package loadtest

import (
	"runtime/metrics"
	"time"
)

// schedLatency reads the runtime's histogram of how long goroutines waited,
// runnable, for a thread to run them: on a machine whose cores other work
// takes, a run's latencies are mostly this wait.
const schedLatency = "/sched/latencies:seconds"

func readSched() *metrics.Float64Histogram {
	s := []metrics.Sample{{Name: schedLatency}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindFloat64Histogram {
		return nil
	}
	return s[0].Value.Float64Histogram()
}

// schedPercentiles are the p50 and p99 of the waits between two readings.
func schedPercentiles(before, after *metrics.Float64Histogram) (p50, p99 time.Duration) {
	if before == nil || after == nil || len(before.Counts) != len(after.Counts) {
		return 0, 0
	}
	counts := make([]uint64, len(after.Counts))
	var total uint64
	for i := range counts {
		counts[i] = after.Counts[i] - before.Counts[i]
		total += counts[i]
	}
	at := func(p uint64) time.Duration {
		want := (total*p + 99) / 100
		var n uint64
		for i, c := range counts {
			n += c
			if n >= want && c > 0 {
				return time.Duration(after.Buckets[i+1] * float64(time.Second)) // the bucket's upper bound
			}
		}
		return 0
	}
	if total == 0 {
		return 0, 0
	}
	return at(50), at(99)
}
