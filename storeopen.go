package main

import (
	"fmt"
	"strings"

	"shinpan/store"
	"shinpan/store/bolt"
	"shinpan/store/postgres"
)

// openStore opens the configured store: PostgreSQL at databaseURL when it is
// set, otherwise the bbolt file at dataPath. It writes nothing to a store it
// refuses (wrong URL, server down, a newer schema).
func openStore(databaseURL, dataPath string) (store.Store, error) {
	if databaseURL != "" {
		return postgres.Open(databaseURL, nil)
	}
	return bolt.Open(dataPath, nil)
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
