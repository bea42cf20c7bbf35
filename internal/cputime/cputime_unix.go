//go:build unix

// Package cputime reads the CPU time the process has used, for benchmarks
// and the load generator on a shared machine, where wall time also counts
// waiting for a CPU.
package cputime

import (
	"syscall"
	"time"
)

// Process is the process's user and system CPU time so far (0 if unknown).
func Process() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
