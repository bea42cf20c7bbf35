//go:build !unix

package loadtest

import "time"

// cpuTime is not measured here: the CPU share prints as 0.
func cpuTime() time.Duration { return 0 }
