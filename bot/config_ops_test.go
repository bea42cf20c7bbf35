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
		c.BackupKeep != 7 || c.BackupPeriod() != 0 || c.ShutdownSeconds != 10 || c.CardShare != DefaultCardShare || c.CardPeriod() != 0 {
		t.Errorf("defaults: %+v", c)
	}
	write("metrics_addr = \"127.0.0.1:9464\"\nbackup_every = \"6h\"\nbackup_keep = 3\ncard_share = 0.2\ncard_every = \"5s\"\n")
	if c, err = LoadConfig(path); err != nil || c.MetricsAddr != "127.0.0.1:9464" || c.BackupPeriod() != 6*time.Hour || c.BackupKeep != 3 ||
		c.CardShare != 0.2 || c.CardPeriod() != 5*time.Second {
		t.Errorf("set: %+v %v", c, err)
	}
	t.Setenv("SHINPAN_METRICS_ADDR", ":9999")
	if c, err = LoadConfig(path); err != nil || c.MetricsAddr != ":9999" {
		t.Errorf("the environment does not override metrics_addr: %q %v", c.MetricsAddr, err)
	}
	t.Setenv("SHINPAN_METRICS_ADDR", "")
	for _, bad := range []string{"metrics_addr = \"9464\"", "backup_every = \"soon\"", "backup_every = \"1s\"", "backup_keep = -1", "shutdown_seconds = 9999",
		"card_share = 1.5", "card_share = -0.1", "card_every = \"often\"", "card_every = \"-1s\"",
		"cpu_level = \"expert\"", "challenge_minutes = -1", "max_open_challenges = 101"} {
		write(bad + "\n")
		if _, err := LoadConfig(path); err == nil || !strings.Contains(err.Error(), strings.Fields(bad)[0]) {
			t.Errorf("%s: %v", bad, err)
		}
	}
	if _, err := LoadConfig("../config.example.toml"); err != nil {
		t.Errorf("config.example.toml: %v", err)
	}
}

// TestConfigInteractionsEndpoint: http_addr needs a host:port and the
// application's public key, 32 bytes in hex.
func TestConfigInteractionsEndpoint(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.toml")
	key := strings.Repeat("ab", 32)
	for text, want := range map[string]string{
		"http_addr = \"127.0.0.1:8080\"\npublic_key = \"" + key + "\"\n":       "",
		"public_key = \"nonsense\"\n":                                          "", // unused without http_addr
		"http_addr = \"127.0.0.1:8080\"\n":                                     "public_key",
		"http_addr = \"127.0.0.1:8080\"\npublic_key = \"" + key[2:] + "\"\n":   "public_key",
		"http_addr = \"127.0.0.1:8080\"\npublic_key = \"zz" + key[2:] + "\"\n": "public_key",
		"http_addr = \"8080\"\npublic_key = \"" + key + "\"\n":                 "http_addr",
	} {
		if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		c, err := LoadConfig(path)
		switch {
		case want == "" && err != nil:
			t.Errorf("%q: %v", text, err)
		case want != "" && (err == nil || !strings.Contains(err.Error(), want)):
			t.Errorf("%q: %v, want an error about %s", text, err, want)
		case want == "" && strings.Contains(text, "http_addr"):
			if k, err := c.InteractionsKey(); err != nil || len(k) != 32 || k[0] != 0xab {
				t.Errorf("key %x %v", k, err)
			}
		}
	}
}
