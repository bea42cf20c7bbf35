// Package postgres keeps shinpan's games in PostgreSQL, for several bot
// processes sharing one database. It implements store.Store with the same
// records as store/bolt (JSON), each method one transaction (READ COMMITTED
// with row locks; SERIALIZABLE for the read-modify-writes of settings and
// notes; retried after a serialization failure or a deadlock) or one
// statement on its own where one suffices. The
// schema is created and upgraded at Open by the SQL migrations embedded in
// the binary (migrations/NNNN_name.sql).
package postgres

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"shinpan/store"
)

// Options configure Open. The zero value (or nil) is the production setting.
type Options struct {
	// Now is the clock stamped on records (default time.Now).
	Now func() time.Time
	// Fencer, when set, makes every game write check in its transaction that
	// the game's partition lease still has the epoch the process holds
	// (store.ErrFenced otherwise). Several processes (issue 16) set it.
	Fencer store.Fencer
	// ConnectTimeout bounds each connection attempt (default: the URL's
	// connect_timeout, else 5 s).
	ConnectTimeout time.Duration
	// MaxConns is the pool size (default: the URL's pool_max_conns, else 16).
	MaxConns int32
	// OpenAll opens every connection of the pool at the start (unless the
	// URL sets pool_min_conns) and keeps them: a bot started under load
	// otherwise queues its first moves behind connections being opened.
	OpenAll bool
	// IdleInTransaction, when set, has the server end a session left idle
	// inside a transaction that long (idle_in_transaction_session_timeout):
	// a process frozen mid-write then holds no row lock, so a takeover of
	// its partitions waits for no one (several processes set it).
	IdleInTransaction time.Duration
	// Tracer, when set, sees every statement sent (tests count round trips).
	Tracer pgx.QueryTracer
}

// OpTimeout bounds one store operation, retries included.
const OpTimeout = 30 * time.Second

// Store is an open PostgreSQL store. It is safe for concurrent use, and
// several processes may open the same database.
type Store struct {
	pool   *pgxpool.Pool
	desc   string
	now    func() time.Time
	fencer store.Fencer
	owner  string // this process, once Leases turned ownership on
	// claimer names this Store's outbox claims (random, made at Open).
	claimer string
	ready   chan struct{}

	keyMu    sync.Mutex
	nonceKey []byte // cached once read or created

	cache settingsCache

	health         health
	closeOnce      sync.Once
	connectTimeout time.Duration
}

var (
	_ store.Store = (*Store)(nil)
	_ store.Mover = (*Store)(nil)
)

// Open connects to the database at databaseURL (postgres://user:pass@host/db
// or key=value form), creates or upgrades its schema, and returns the store.
// Errors wrap store.ErrInvalid (a URL that does not parse),
// store.ErrUnavailable (the server cannot be reached or refuses the login),
// store.ErrForeign (the schema holds tables that are not shinpan's) or
// store.ErrNewerSchema; in all these cases nothing was written.
func Open(databaseURL string, opts *Options) (*Store, error) {
	var o Options
	if opts != nil {
		o = *opts
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.ConnectTimeout == 0 {
		o.ConnectTimeout = 5 * time.Second
	}
	desc := Redact(databaseURL)
	cfg, err := pgxpool.ParseConfig(databaseURL)
	if err != nil {
		return nil, fmt.Errorf("store: database_url is not a PostgreSQL URL (%w): %v", store.ErrInvalid, redactErr(err, databaseURL))
	}
	switch {
	case o.MaxConns > 0:
		cfg.MaxConns = o.MaxConns
	case !strings.Contains(databaseURL, "pool_max_conns"):
		cfg.MaxConns = 16
	}
	if o.OpenAll && !strings.Contains(databaseURL, "pool_min_conns") {
		cfg.MinConns = cfg.MaxConns
	}
	if cfg.ConnConfig.ConnectTimeout == 0 || opts != nil && opts.ConnectTimeout != 0 { // the URL's connect_timeout, else ours
		cfg.ConnConfig.ConnectTimeout = o.ConnectTimeout
	}
	if o.Tracer != nil {
		cfg.ConnConfig.Tracer = o.Tracer
	}
	if o.IdleInTransaction > 0 {
		cfg.ConnConfig.RuntimeParams["idle_in_transaction_session_timeout"] = strconv.FormatInt(o.IdleInTransaction.Milliseconds(), 10)
	}
	ctx, cancel := context.WithTimeout(context.Background(), o.ConnectTimeout+OpTimeout)
	defer cancel()
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w: %v", desc, store.ErrUnavailable, redactErr(err, databaseURL))
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("store: open %s: %w: %v", desc, store.ErrUnavailable, redactErr(err, databaseURL))
	}
	s := &Store{pool: pool, desc: desc, now: o.Now, fencer: o.Fencer, ready: make(chan struct{}, 1), connectTimeout: cfg.ConnConfig.ConnectTimeout,
		claimer: rand.Text()}
	s.health.closed = make(chan struct{})
	s.cache.entries, s.cache.loading = map[string]settingsEntry{}, map[string]uint64{}
	if err := s.setup(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("store: open %s: %w", desc, err)
	}
	return s, nil
}

// Close stops the settings listener and closes the pool.
func (s *Store) Close() error {
	s.stopSettingsListener()
	s.closeOnce.Do(func() { close(s.health.closed) })
	s.pool.Close()
	return nil
}

// Describe returns the database URL without its password.
func (s *Store) Describe() string { return s.desc }

// Pool is the connection pool, for what the next layers add (leases).
func (s *Store) Pool() *pgxpool.Pool { return s.pool }

// Version returns the schema version recorded in the database.
func (s *Store) Version() (int, error) {
	var v int
	err := s.once(func(ctx context.Context) error {
		var err error
		v, err = schemaVersion(ctx, s.pool)
		return err
	})
	return v, store.WrapOp("version", mapErr(err))
}

// Redact returns a database URL with its password replaced by "xxxxx".
func Redact(databaseURL string) string {
	u, err := url.Parse(databaseURL)
	if err != nil || u.Scheme == "" {
		if databaseURL == "" {
			return `""`
		}
		return "(database_url)" // key=value form, or unparsable: never echo it
	}
	if _, has := u.User.Password(); has {
		u.User = url.UserPassword(u.User.Username(), "xxxxx")
	}
	return u.String()
}

// redactErr keeps a password out of an error that quotes the URL.
func redactErr(err error, databaseURL string) error {
	u, perr := url.Parse(databaseURL)
	if perr != nil || u.User == nil {
		return err
	}
	if pw, has := u.User.Password(); has && pw != "" {
		return errors.New(strings.ReplaceAll(err.Error(), pw, "xxxxx"))
	}
	return err
}

func opContext() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), OpTimeout)
}

func (s *Store) signal(n int) {
	if n == 0 {
		return
	}
	select {
	case s.ready <- struct{}{}:
	default:
	}
}

// OutboxReady is signalled after a commit in this process that queued messages.
func (s *Store) OutboxReady() <-chan struct{} { return s.ready }
