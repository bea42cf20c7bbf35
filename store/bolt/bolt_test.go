package bolt

import (
	"testing"
	"time"

	"shinpan/store"
	"shinpan/store/storetest"
)

var backend = storetest.Backend{
	Fresh: tempPath,
	Open: func(path string, now func() time.Time) (store.Store, error) {
		// Check: bbolt's page-level check at every open (the crash test's too).
		return Open(path, &Options{Timeout: 10 * time.Second, Now: now, Check: true})
	},
}

func TestConformance(t *testing.T) { storetest.Run(t, backend) }

// TestCrashRecovery: see storetest.Crash. SIGKILL loses no page cache, so this
// checks atomicity of commits against process death; power-loss durability
// rests on bbolt's fsync (NoSync off).
func TestCrashRecovery(t *testing.T) { storetest.Crash(t, backend, "TestCrashChild") }

// TestCrashChild is the writer process of TestCrashRecovery, not a test.
func TestCrashChild(t *testing.T) { storetest.CrashChild(t, backend) }
