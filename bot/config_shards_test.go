package bot

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestConfigShards: gateway, shard_count and shards are read and checked,
// and which shards a process runs follows from them.
func TestConfigShards(t *testing.T) {
	t.Setenv("DISCORD_TOKEN", "")
	load := func(text string) (Config, error) {
		t.Helper()
		path := filepath.Join(t.TempDir(), "c.toml")
		if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		return LoadConfig(path)
	}
	key := strings.Repeat("ab", 32)
	for _, c := range []struct {
		text   string
		shards []int
		dms    bool
	}{
		{"", []int{0}, true},
		{"shard_count = 3", []int{0, 1, 2}, true},
		{"shard_count = 3\nshards = [2]", []int{2}, false},
		{"shard_count = 3\nhttp_addr = \"127.0.0.1:8080\"\npublic_key = \"" + key + "\"", []int{0}, true},
		{"gateway = false\nhttp_addr = \"127.0.0.1:8080\"\npublic_key = \"" + key + "\"", nil, false},
	} {
		cfg, err := load(c.text)
		if err != nil {
			t.Errorf("%q: %v", c.text, err)
			continue
		}
		if got := cfg.ShardIDs(); !reflect.DeepEqual(got, c.shards) || cfg.TakesDMs() != c.dms {
			t.Errorf("%q: shards %v DMs %v, want %v %v", c.text, got, cfg.TakesDMs(), c.shards, c.dms)
		}
	}
	for _, bad := range []string{"shard_count = -1", "shard_count = 2\nshards = [2]", "shard_count = 2\nshards = [1, 1]",
		"shards = [-1]", "gateway = false\nshards = [0]"} {
		if _, err := load(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
