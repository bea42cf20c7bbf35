//go:build unix

package storetest

import (
	"syscall"
	"time"
)

// cpuTime is the process's user+system CPU time so far, for benchmarks on a
// shared machine, where wall time also counts waiting for a CPU.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
