//go:build !unix

// Package cputime reads the CPU time the process has used, for benchmarks
// and the load generator on a shared machine, where wall time also counts
// waiting for a CPU.
package cputime

import "time"

// Process is not measured on this platform: 0.
func Process() time.Duration { return 0 }
