package bot

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestConfigOps: the operations keys' defaults, the environment override and
// the range checks; the example file loads.
func TestConfigOps(t *testing.T) {
	t.Setenv("SHINPAN_METRICS_ADDR", "")
	path := filepath.Join(t.TempDir(), "c.toml")
	write := func(s string) {
		if err := os.WriteFile(path, []byte(s), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write("data_path = \"x/s.db\"\n")
	c, err := LoadConfig(path)
	if err != nil {
		t.Fatal(err)
	}
	if c.MetricsAddr != "" || c.AdminSocket != filepath.Join("x", "admin.sock") || c.BackupDir != filepath.Join("x", "backups") ||
		c.BackupKeep != 7 || c.BackupPeriod() != 0 || c.ShutdownSeconds != 10 {
		t.Errorf("defaults: %+v", c)
	}
	write("metrics_addr = \"127.0.0.1:9464\"\nbackup_every = \"6h\"\nbackup_keep = 3\n")
	if c, err = LoadConfig(path); err != nil || c.MetricsAddr != "127.0.0.1:9464" || c.BackupPeriod() != 6*time.Hour || c.BackupKeep != 3 {
		t.Errorf("set: %+v %v", c, err)
	}
	t.Setenv("SHINPAN_METRICS_ADDR", ":9999")
	if c, err = LoadConfig(path); err != nil || c.MetricsAddr != ":9999" {
		t.Errorf("the environment does not override metrics_addr: %q %v", c.MetricsAddr, err)
	}
	t.Setenv("SHINPAN_METRICS_ADDR", "")
	for _, bad := range []string{"metrics_addr = \"9464\"", "backup_every = \"soon\"", "backup_every = \"1s\"", "backup_keep = -1", "shutdown_seconds = 9999"} {
		write(bad + "\n")
		if _, err := LoadConfig(path); err == nil || !strings.Contains(err.Error(), strings.Fields(bad)[0]) {
			t.Errorf("%s: %v", bad, err)
		}
	}
	if _, err := LoadConfig("../config.example.toml"); err != nil {
		t.Errorf("config.example.toml: %v", err)
	}
}
