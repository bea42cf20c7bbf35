package cputime

import (
	"runtime"
	"testing"
	"time"
)

// TestProcessGrows: busy work shows as CPU time used.
func TestProcessGrows(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "plan9" || runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		t.Skip("not measured here")
	}
	start := Process()
	deadline := time.Now().Add(50 * time.Millisecond)
	n := 0
	for time.Now().Before(deadline) {
		n++
	}
	if used := Process() - start; used <= 0 {
		t.Fatalf("CPU time did not grow over 50 ms of busy work (%d loops): %v", n, used)
	}
}
