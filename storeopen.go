package main

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"time"

	"shinpan/bot"
	"shinpan/store"
	"shinpan/store/bolt"
	"shinpan/store/postgres"
)

// openStore opens the configured store: PostgreSQL at databaseURL when it is
// set, otherwise the bbolt file at dataPath. It writes nothing to a store it
// refuses (wrong URL, server down, a newer schema).
func openStore(databaseURL, dataPath string) (store.Store, error) {
	if databaseURL != "" {
		// Several serve processes may share it: a frozen one must not hold
		// its row locks for long (see postgres.Options).
		st, err := postgres.Open(databaseURL, &postgres.Options{IdleInTransaction: min(5*time.Second, leaseTTL()), OpenAll: true})
		switch {
		case errors.Is(err, store.ErrUnavailable):
			return nil, fmt.Errorf("%w\n(check database_url or DATABASE_URL, and that the PostgreSQL server is running and accepts this user)", err)
		case errors.Is(err, store.ErrInvalid):
			return nil, fmt.Errorf("%w\n(database_url or DATABASE_URL must be a URL such as postgres://user:password@host:5432/shinpan)", err)
		case errors.Is(err, store.ErrNewerSchema):
			return nil, fmt.Errorf("%w\n(a newer shinpan upgraded this database: run that version)", err)
		}
		return st, err
	}
	return bolt.Open(dataPath, nil)
}

// clusterOf returns, for a PostgreSQL store, the bot option that makes this
// process one of those sharing it (partition leases, the inbox), under a
// name unique to this run: a restarted process is a new owner, so a stale
// incarnation's late writes are refused.
func clusterOf(st store.Store, cfg bot.Config, log *slog.Logger) []bot.Option {
	pg, ok := st.(*postgres.Store)
	if !ok {
		return nil
	}
	host, _ := os.Hostname()
	var r [3]byte
	_, _ = rand.Read(r[:])
	name := fmt.Sprintf("%s/%d/%s", host, os.Getpid(), hex.EncodeToString(r[:]))
	log.Info("sharing the games with other processes", "process", name)
	ttl := leaseTTL()
	return []bot.Option{bot.WithCluster(pg.Cluster(postgres.LeaseOptions{Process: name, Renew: ttl / 3, TTL: ttl, Logger: log, TakesDMs: cfg.TakesDMs()}))}
}

// leaseTTLEnv, for tests only, shortens the partition leases (a duration
// such as 3s; renewed every third of it) so that a process's loss is seen
// sooner. The default is postgres.DefaultTTL.
const leaseTTLEnv = "SHINPAN_LEASE_TTL"

func leaseTTL() time.Duration {
	if d, err := time.ParseDuration(os.Getenv(leaseTTLEnv)); err == nil && d >= 300*time.Millisecond {
		return d
	}
	return postgres.DefaultTTL
}

// openLocation opens "bolt:PATH" or "postgres:URL" (a bare postgres:// or
// postgresql:// URL works too), for shinpan migrate.
func openLocation(loc string) (store.Store, error) {
	switch {
	case strings.HasPrefix(loc, "bolt:"):
		return bolt.Open(strings.TrimPrefix(loc, "bolt:"), nil)
	case strings.HasPrefix(loc, "postgres://"), strings.HasPrefix(loc, "postgresql://"):
		return postgres.Open(loc, nil)
	case strings.HasPrefix(loc, "postgres:"):
		return postgres.Open(strings.TrimPrefix(loc, "postgres:"), nil)
	}
	return nil, fmt.Errorf("%q: want bolt:PATH or postgres:URL", loc)
}
