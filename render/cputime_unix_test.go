//go:build unix

package render

import (
	"syscall"
	"time"
)

// cpuTime is the process's user+system CPU time so far. Benchmarks report it
// per op beside wall time, because on a shared machine wall time also counts
// time spent waiting for a CPU.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
