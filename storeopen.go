package main

import (
	"errors"
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
		st, err := postgres.Open(databaseURL, nil)
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
