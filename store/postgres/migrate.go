package postgres

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"shinpan/store"
)

// The schema is the embedded migrations/NNNN_name.sql files, applied in order,
// each in one transaction with its row in schema_migrations. Version N is the
// highest applied; SchemaVersion is the number of files.

// SchemaVersion is the PostgreSQL schema this code reads and writes: the
// records of store.SchemaVersion and the tables of several processes.
const SchemaVersion = 9

//go:embed migrations/*.sql
var migrationFiles embed.FS

type migration struct {
	version int
	name    string
	sql     string
}

// migrations returns the embedded steps, checked to be numbered 1, 2, 3...
func migrations() ([]migration, error) {
	names, err := fs.Glob(migrationFiles, "migrations/*.sql")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	var out []migration
	for i, n := range names {
		base := strings.TrimSuffix(strings.TrimPrefix(n, "migrations/"), ".sql")
		num, name, _ := strings.Cut(base, "_")
		v, err := strconv.Atoi(num)
		if err != nil || v != i+1 {
			return nil, fmt.Errorf("migration file %s: want number %04d", n, i+1)
		}
		body, err := migrationFiles.ReadFile(n)
		if err != nil {
			return nil, err
		}
		out = append(out, migration{version: v, name: name, sql: string(body)})
	}
	return out, nil
}

// migrateLock is the advisory lock key that serialises concurrent Opens
// (several processes starting at once migrate once).
const migrateLock = 0x7368696e70616e // "shinpan"

// setup creates or upgrades the schema. It checks before writing anything:
// a schema with foreign tables or a newer version is refused untouched.
func (s *Store) setup(ctx context.Context) error {
	steps, err := migrations()
	if err != nil {
		return err
	}
	if len(steps) != SchemaVersion {
		return fmt.Errorf("%d migrations embedded for schema %d", len(steps), SchemaVersion)
	}
	conn, err := s.pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("%w: %v", store.ErrUnavailable, err)
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, "SELECT pg_advisory_lock($1)", int64(migrateLock)); err != nil {
		return fmt.Errorf("schema lock: %w", err)
	}
	defer conn.Exec(context.Background(), "SELECT pg_advisory_unlock($1)", int64(migrateLock)) //nolint:errcheck // released with the session anyway

	var tables int
	if err := conn.QueryRow(ctx, "SELECT count(*) FROM pg_tables WHERE schemaname = current_schema()").Scan(&tables); err != nil {
		return fmt.Errorf("read the catalog: %w", err)
	}
	version := 0
	if tables > 0 {
		var app []byte
		err := conn.QueryRow(ctx, "SELECT value FROM meta WHERE key = 'app'").Scan(&app)
		if err != nil || string(app) != "shinpan" {
			return fmt.Errorf("%w: schema %q has %d tables and no shinpan marker", store.ErrForeign, schemaName(ctx, conn), tables)
		}
		if version, err = schemaVersion(ctx, conn); err != nil {
			return err
		}
	}
	if version > SchemaVersion {
		return fmt.Errorf("schema %d, this program knows up to %d: %w", version, SchemaVersion, store.ErrNewerSchema)
	}
	for _, m := range steps[version:] {
		err := pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
			if m.version == 1 {
				if _, err := tx.Exec(ctx, `CREATE TABLE schema_migrations (
	version    integer     PRIMARY KEY,
	name       text        NOT NULL,
	applied_at timestamptz NOT NULL DEFAULT now()
)`); err != nil {
					return err
				}
			}
			if _, err := tx.Exec(ctx, m.sql); err != nil {
				return err
			}
			if m.version == 1 {
				if _, err := tx.Exec(ctx, "INSERT INTO meta (key, value) VALUES ('app', 'shinpan'), ('created', $1)",
					[]byte(store.NormTime(s.now()).Format("2006-01-02T15:04:05.999999999Z07:00"))); err != nil {
					return err
				}
			}
			_, err := tx.Exec(ctx, "INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", m.version, m.name)
			return err
		})
		if err != nil {
			return fmt.Errorf("migration %04d_%s: %w", m.version, m.name, err)
		}
	}
	return s.loadNonceKey(ctx)
}

type querier interface {
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

var _ querier = (*pgxpool.Pool)(nil)

func schemaVersion(ctx context.Context, q querier) (int, error) {
	var v *int
	if err := q.QueryRow(ctx, "SELECT max(version) FROM schema_migrations").Scan(&v); err != nil {
		return 0, fmt.Errorf("%w: schema_migrations: %v", store.ErrCorrupt, err)
	}
	if v == nil {
		return 0, errors.New("schema_migrations is empty")
	}
	return *v, nil
}

func schemaName(ctx context.Context, q querier) string {
	var n string
	_ = q.QueryRow(ctx, "SELECT current_schema()").Scan(&n)
	return n
}
