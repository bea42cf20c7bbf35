package bot

import (
	"crypto/ed25519"
	"encoding/hex"
	"fmt"
	"log/slog"
	"maps"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/BurntSushi/toml"

	"shinpan/player"
	"shinpan/referee"
	"shinpan/referee/policy"
	"shinpan/referee/view"
	"shinpan/store"
)

// Config is the bot's configuration (config.example.toml documents each key).
type Config struct {
	// Token is the bot token; the DISCORD_TOKEN environment variable overrides it.
	Token string `toml:"token"`
	// ApplicationID is the Discord application id (read from READY when empty).
	ApplicationID string `toml:"application_id"`
	// DevGuild, when set, registers the commands in that guild only (instant).
	DevGuild string `toml:"dev_guild"`
	// DataPath is the bbolt file (default data/shinpan.db), used when
	// DatabaseURL is empty.
	DataPath string `toml:"data_path"`
	// DatabaseURL, when set, keeps the games in PostgreSQL instead
	// (postgres://user:password@host/db); the DATABASE_URL environment
	// variable overrides it.
	DatabaseURL string `toml:"database_url"`
	// LogLevel is debug, info, warn or error.
	LogLevel string `toml:"log_level"`
	// ChallengeMinutes is how long a challenge stays open (default 10).
	ChallengeMinutes int `toml:"challenge_minutes"`
	// MaxOpenChallenges is how many challenges one person may have open on
	// one server at a time (default 5).
	MaxOpenChallenges int `toml:"max_open_challenges"`
	// Threads puts each game's announcements, move by move, in a thread under
	// its game card (a server may choose otherwise: /shogiadmin settings).
	Threads bool `toml:"threads"`
	// CPULevel is how the CPU plays: random, greedy or strong (default).
	CPULevel string `toml:"cpu_level"`
	// CPUMoveMillis is the CPU's think time per move in ms (default 1000).
	CPUMoveMillis int `toml:"cpu_move_ms"`
	// CPUMaxMoveMillis is the most think time per move a challenger of the
	// CPU may ask for with think: (default 5000).
	CPUMaxMoveMillis int `toml:"cpu_max_move_ms"`
	// GlobalRate is the most requests a second the bot sends to Discord, all
	// routes together (Discord's global limit: 50 by default; larger bots are
	// granted more).
	GlobalRate int `toml:"global_rate"`
	// CardShare is the most of the global rate (this process's part of it)
	// the game cards' edits spend, all channels together, in (0, 1]
	// (default 0.05; 1: no limit but the global rate's). Under load the
	// edits wait and merge: each card shows its latest state, later.
	CardShare float64 `toml:"card_share"`
	// CardEvery is the least time between two edits of one card (default
	// "0s": as often as card_share and the channel's limit allow).
	CardEvery string `toml:"card_every"`
	// MetricsAddr is where /metrics, /healthz and /readyz are served ("":
	// off); the SHINPAN_METRICS_ADDR environment variable overrides it.
	MetricsAddr string `toml:"metrics_addr"`
	// HTTPAddr is where Discord's Interactions Endpoint is served ("": off;
	// interactions then come over the gateway); `serve --http` overrides it.
	HTTPAddr string `toml:"http_addr"`
	// Gateway, when false, opens no gateway session: the process takes no
	// DMs, and interactions only over HTTP (HTTPAddr). Nil: true.
	Gateway *bool `toml:"gateway"`
	// ShardCount is how many gateway shards the application uses (default
	// 1; Discord requires more from 2 500 guilds on). Every process gives the
	// same count.
	ShardCount int `toml:"shard_count"`
	// Shards are the shard ids this process runs, each its own gateway
	// session. Default: shard 0 alone when interactions come over HTTP (the
	// other shards would carry nothing the bot uses), else all of them.
	Shards []int `toml:"shards"`
	// PublicKey is the application's Ed25519 public key, hex (Developer
	// Portal → General Information), that signs the interactions sent to
	// HTTPAddr; required with it.
	PublicKey string `toml:"public_key"`
	// AdminSocket is the Unix socket `shinpan backup` asks (default: admin.sock
	// beside the database; "off": none).
	AdminSocket string `toml:"admin_socket"`
	// BackupEvery is the period of scheduled backups ("": none), e.g. "6h".
	BackupEvery string `toml:"backup_every"`
	// BackupKeep is how many scheduled backups are kept (default 7).
	BackupKeep int `toml:"backup_keep"`
	// BackupDir is where scheduled backups go (default: backups/ beside the database).
	BackupDir string `toml:"backup_dir"`
	// ShutdownSeconds bounds a graceful shutdown (default 10).
	ShutdownSeconds int `toml:"shutdown_seconds"`
	// WatchDelay, WatchRanked, ResultGIF and GIFFoulFrames are the defaults
	// of the servers that have not chosen (/shogiadmin settings).
	//
	// WatchDelay is how many moves behind the game a watcher's board is
	// (default 10; 0: none, unranked games only; -1: no watching). Nil: 10.
	WatchDelay *int `toml:"watch_delay"`
	// WatchRanked lets ranked games be watched (at least 10 moves behind).
	WatchRanked bool `toml:"watch_ranked"`
	// ResultGIF posts the game's animated GIF with the result.
	ResultGIF bool `toml:"result_gif"`
	// GIFFoulFrames gives each Tsuitate foul attempt a frame of the GIF.
	GIFFoulFrames bool `toml:"gif_foul_frames"`
	// Defaults override the rule book's option defaults per variant, e.g.
	// [defaults.tsuitate] foul_limit = 20.
	Defaults map[view.Variant]policy.Options `toml:"-"`

	RawDefaults map[string]toml.Primitive `toml:"defaults"`
}

// LoadConfig reads a TOML file (path "" means none) and applies DISCORD_TOKEN and DATABASE_URL.
func LoadConfig(path string) (Config, error) {
	var c Config
	c.Defaults = map[view.Variant]policy.Options{}
	if path != "" {
		md, err := toml.DecodeFile(path, &c)
		if err != nil {
			return c, fmt.Errorf("config %s: %w", path, err)
		}
		for name, prim := range c.RawDefaults {
			v, err := referee.ParseVariant(name)
			if err != nil {
				return c, fmt.Errorf("config defaults: %w", err)
			}
			o := policy.Defaults(v)
			if err := md.PrimitiveDecode(prim, &o); err != nil {
				return c, fmt.Errorf("config defaults.%s: %w", name, err)
			}
			var keys []string
			for _, k := range md.Keys() {
				if len(k) == 3 && k[0] == "defaults" && k[1] == name {
					keys = append(keys, k[2])
				}
			}
			if err := policy.CheckApplies(v, keys); err != nil { // a default no game of v would read
				return c, fmt.Errorf("config %s: defaults.%s: %w", path, name, err)
			}
			if !md.IsDefined("defaults", name, "away_seconds") && (o.HasMain() || o.DaysPerMove > 0) {
				o.AwaySeconds = 0 // as in a challenge: the clock ends an absent player's game
			}
			c.Defaults[v] = o // checked by Check
		}
		if und := md.Undecoded(); len(und) > 0 {
			return c, fmt.Errorf("config %s: unknown keys %v", path, und)
		}
	}
	if t := os.Getenv("DISCORD_TOKEN"); t != "" {
		c.Token = t
	}
	// As pasted: a line's end (a secret file's), or the header's "Bot ".
	// Neither is part of a token; with them Go refuses the header or
	// Discord the token.
	c.Token = strings.TrimSpace(c.Token)
	if t, ok := strings.CutPrefix(c.Token, "Bot "); ok {
		c.Token = strings.TrimSpace(t)
	}
	if a := os.Getenv("SHINPAN_METRICS_ADDR"); a != "" {
		c.MetricsAddr = a
	}
	if u := os.Getenv("DATABASE_URL"); u != "" {
		c.DatabaseURL = u
	}
	c.fill()
	return c, c.Check()
}

// Check says what in a configuration, its defaults filled, the bot cannot
// honour: a key whose value is not in its closed list or its range, a
// variant's defaults the rule book refuses. LoadConfig and New both call
// it, so that a Config built in code is held to what a file is.
func (c Config) Check() error {
	if c.ChallengeMinutes < 1 || c.ChallengeMinutes > 1440 {
		return fmt.Errorf("config: challenge_minutes %d: want 1 to 1440", c.ChallengeMinutes)
	}
	if c.MaxOpenChallenges < 1 || c.MaxOpenChallenges > 100 {
		return fmt.Errorf("config: max_open_challenges %d: want 1 to 100", c.MaxOpenChallenges)
	}
	switch strings.ToLower(c.LogLevel) {
	case "debug", "info", "warn", "warning", "error":
	default:
		return fmt.Errorf("config: log_level %q: want debug, info, warn or error", c.LogLevel)
	}
	if _, err := player.ParseLevel(c.CPULevel); err != nil { // what the CPU's seats read (games.CPU.LevelOf)
		return fmt.Errorf("config: cpu_level %q: want random, greedy or strong", c.CPULevel)
	}
	for _, v := range slices.Sorted(maps.Keys(c.Defaults)) {
		if err := c.Defaults[v].Validate(v); err != nil {
			return fmt.Errorf("config defaults.%s: %w", v, err)
		}
	}
	if d := c.WatchDelay; d != nil && store.CheckWatchDelay(*d) != nil {
		return fmt.Errorf("config: watch_delay %d: want -1 (off), 0 (none, unranked games only) to 300 moves", *d)
	}
	if c.CPUMoveMillis < 0 || c.CPUMoveMillis > 60000 {
		return fmt.Errorf("config: cpu_move_ms %d: want 0 (default) to 60000", c.CPUMoveMillis)
	}
	// Under 100 ms every think: would be refused (Discord offers 100 and up).
	if m := c.CPUMaxMoveMillis; m < 0 || (m > 0 && m < 100) || m > 60000 {
		return fmt.Errorf("config: cpu_max_move_ms %d: want 0 (default 5000) or 100 to 60000", c.CPUMaxMoveMillis)
	}
	if g := c.DevGuild; g != "" {
		if _, err := strconv.ParseUint(g, 10, 64); err != nil || len(g) > 20 || strings.Trim(g, "0123456789") != "" {
			return fmt.Errorf("config: dev_guild %q: want a server's id, its digits (Discord: Copy Server ID)", g)
		}
	}
	if c.GlobalRate < 1 || c.GlobalRate > 10000 {
		return fmt.Errorf("config: global_rate %d: want 1 to 10000 requests a second", c.GlobalRate)
	}
	if !(c.CardShare > 0 && c.CardShare <= 1) {
		return fmt.Errorf("config: card_share %g: want more than 0, at most 1 (a share of global_rate)", c.CardShare)
	}
	if d, err := time.ParseDuration(c.CardEvery); err != nil || d < 0 || d > time.Hour {
		return fmt.Errorf("config: card_every %q: want a duration from \"0s\" to \"1h\", e.g. \"5s\"", c.CardEvery)
	}
	if c.MetricsAddr != "" {
		if _, _, err := net.SplitHostPort(c.MetricsAddr); err != nil {
			return fmt.Errorf("config: metrics_addr %q: want host:port, e.g. 127.0.0.1:9464", c.MetricsAddr)
		}
	}
	if c.HTTPAddr != "" {
		if _, _, err := net.SplitHostPort(c.HTTPAddr); err != nil {
			return fmt.Errorf("config: http_addr %q: want host:port, e.g. 127.0.0.1:8080", c.HTTPAddr)
		}
		if _, err := c.InteractionsKey(); err != nil {
			return err
		}
	}
	if c.ShardCount < 1 || c.ShardCount > 4096 {
		return fmt.Errorf("config: shard_count %d: want 1 to 4096", c.ShardCount)
	}
	seen := map[int]bool{}
	for _, id := range c.Shards {
		if id < 0 || id >= c.ShardCount || seen[id] {
			return fmt.Errorf("config: shards %v: want distinct shard ids from 0 to shard_count-1 (%d)", c.Shards, c.ShardCount-1)
		}
		seen[id] = true
	}
	if !c.GatewayOn() && len(c.Shards) > 0 {
		return fmt.Errorf("config: shards %v with gateway = false: a process without a gateway session runs no shard", c.Shards)
	}
	if c.BackupEvery != "" {
		if d, err := time.ParseDuration(c.BackupEvery); err != nil || d < time.Minute {
			return fmt.Errorf("config: backup_every %q: want a duration of a minute or more, e.g. \"6h\"", c.BackupEvery)
		}
	}
	if c.BackupKeep < 0 {
		return fmt.Errorf("config: backup_keep %d: want 1 or more (0: default 7)", c.BackupKeep)
	}
	if c.ShutdownSeconds < 0 || c.ShutdownSeconds > 600 {
		return fmt.Errorf("config: shutdown_seconds %d: want 1 to 600 (0: default 10)", c.ShutdownSeconds)
	}
	return nil
}

func (c *Config) fill() {
	if c.DataPath == "" {
		c.DataPath = "data/shinpan.db"
	}
	if c.ChallengeMinutes == 0 {
		c.ChallengeMinutes = 10
	}
	if c.MaxOpenChallenges == 0 {
		c.MaxOpenChallenges = 5
	}
	if c.LogLevel == "" {
		c.LogLevel = "info"
	}
	if c.CPUMaxMoveMillis == 0 {
		c.CPUMaxMoveMillis = 5000
	}
	if c.GlobalRate == 0 {
		c.GlobalRate = 50
	}
	if c.CardShare == 0 {
		c.CardShare = DefaultCardShare
	}
	if c.CardEvery == "" {
		c.CardEvery = DefaultCardEvery.String() // "0s"
	}
	if c.ShardCount == 0 {
		c.ShardCount = 1
	}
	if c.AdminSocket == "" {
		c.AdminSocket = filepath.Join(filepath.Dir(c.DataPath), "admin.sock")
	}
	if c.BackupKeep == 0 {
		c.BackupKeep = 7
	}
	if c.BackupDir == "" {
		c.BackupDir = filepath.Join(filepath.Dir(c.DataPath), "backups")
	}
	if c.ShutdownSeconds == 0 {
		c.ShutdownSeconds = 10
	}
}

// GatewayOn says whether the process opens gateway sessions.
func (c Config) GatewayOn() bool { return c.Gateway == nil || *c.Gateway }

// ShardIDs are the shards this process runs (none without a gateway).
func (c Config) ShardIDs() []int {
	switch {
	case !c.GatewayOn():
		return nil
	case len(c.Shards) > 0:
		return c.Shards
	case c.HTTPAddr != "":
		return []int{0}
	}
	ids := make([]int, max(c.ShardCount, 1))
	for i := range ids {
		ids[i] = i
	}
	return ids
}

// TakesDMs says whether this process receives DMs: they come on shard 0 only.
func (c Config) TakesDMs() bool {
	for _, id := range c.ShardIDs() {
		if id == 0 {
			return true
		}
	}
	return false
}

// InteractionsKey is PublicKey decoded.
func (c Config) InteractionsKey() (ed25519.PublicKey, error) {
	k, err := hex.DecodeString(strings.TrimSpace(c.PublicKey))
	if err != nil || len(k) != ed25519.PublicKeySize {
		return nil, fmt.Errorf("config: public_key %q: want the application's public key, 64 hex digits (Developer Portal → General Information)", c.PublicKey)
	}
	return ed25519.PublicKey(k), nil
}

// Defaults of card_share and card_every: at the load generator's default
// traffic (300 games, 15 moves a second, 20 games a channel) the cards
// spend 2.5 of the 50 requests a second, about 0.17 a move
// (docs/PERFORMANCE.md); with fewer than 2.5 moves a second every move
// shows at once. The share bounds the cards' spending alone: card_every is
// for an operator who wants fewer edits of each card still.
const (
	DefaultCardShare = 0.05
	DefaultCardEvery = time.Duration(0)
)

// CardPeriod is CardEvery parsed.
func (c Config) CardPeriod() time.Duration {
	d, _ := time.ParseDuration(c.CardEvery)
	return d
}

// BackupPeriod is BackupEvery parsed (0: no scheduled backups).
func (c Config) BackupPeriod() time.Duration {
	d, _ := time.ParseDuration(c.BackupEvery)
	return d
}

// Level returns the slog level of LogLevel.
func (c Config) Level() slog.Level {
	switch strings.ToLower(c.LogLevel) {
	case "debug":
		return slog.LevelDebug
	case "warn", "warning":
		return slog.LevelWarn
	case "error":
		return slog.LevelError
	}
	return slog.LevelInfo
}

// options returns the default options for a variant: the rule book's, with the
// configuration's overrides.
func (c Config) options(v view.Variant) policy.Options {
	if o, ok := c.Defaults[v]; ok {
		return o
	}
	return policy.Defaults(v)
}
