package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"time"

	"shinpan/store"
)

func init() {
	register("export", "write the whole store as JSON lines: [--config FILE] [--data PATH] [--out FILE] (bot stopped, or a backup's file)", runExport)
	register("import", "read a JSON-lines export into an empty store: [--config FILE] [--data PATH] [--in FILE] (every game replayed first)", runImport)
}

// openDataStore opens --data (a bbolt file), or else the configuration's
// store: PostgreSQL at database_url when set, else data_path. create allows
// a new bbolt file (import); else a missing one is an error.
func openDataStore(config, data string, create bool) (store.Store, store.Mover, error) {
	data, url, err := dataOf(config, data)
	if err != nil {
		return nil, nil, err
	}
	if url == "" && !create {
		if err := existingDatabase(data); err != nil {
			return nil, nil, err
		}
	}
	st, err := openStore(url, data)
	if err != nil {
		return nil, nil, err
	}
	m, ok := st.(store.Mover)
	if !ok {
		st.Close()
		return nil, nil, fmt.Errorf("%s cannot be exported or imported", st.Describe())
	}
	return st, m, nil
}

// dataOf is the store --data and --config name: the bbolt path, or the
// PostgreSQL URL (then the path is not used).
func dataOf(config, data string) (path, url string, err error) {
	if data != "" {
		return data, "", nil
	}
	cfg, err := loadConfig(config)
	if err != nil {
		return "", "", err
	}
	return cfg.DataPath, cfg.DatabaseURL, nil
}

// existingDatabase refuses a path with no file: opening it would make an
// empty store, and its export or backup would look like a success.
func existingDatabase(path string) error {
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("no database at %s (check data_path, --config or --data)", path)
	} else if err != nil {
		return err
	}
	return nil
}

func runExport(args []string) error {
	fs := newFlags("export")
	config := fs.String("config", "", "the bot's configuration file, for database_url or data_path (default ./config.toml when present)")
	data := fs.String("data", "", "the bbolt file to export (default: the configured store); a backup's file works while the bot runs")
	out := fs.String("out", "", "the file to write (default standard output)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return errors.New("usage: shinpan export [--config FILE] [--data PATH] [--out FILE]")
	}
	st, m, err := openDataStore(*config, *data, false)
	if errors.Is(err, store.ErrLocked) {
		return fmt.Errorf("%w\nthe bot holds the file: export a backup of it instead (shinpan backup --out b.db, then shinpan export --data b.db)", err)
	}
	if err != nil {
		return err
	}
	defer st.Close()
	var w io.Writer = os.Stdout
	var f *os.File
	if *out != "" {
		if f, err = os.OpenFile(*out, os.O_CREATE|os.O_TRUNC|os.O_WRONLY, 0o600); err != nil {
			return err
		}
		defer f.Close()
		w = f
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	n, err := store.Dump(bw, m, time.Now())
	if err == nil {
		err = bw.Flush()
	}
	if err == nil && f != nil {
		err = f.Close()
	}
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	fmt.Fprintf(os.Stderr, "exported %s: %s\n", st.Describe(), describeCounts(n))
	return nil
}

func runImport(args []string) error {
	fs := newFlags("import")
	config := fs.String("config", "", "the bot's configuration file, for database_url or data_path (default ./config.toml when present)")
	data := fs.String("data", "", "the bbolt file to fill (default: the configured store); it must hold no game")
	in := fs.String("in", "", "the export to read (default standard input)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return errors.New("usage: shinpan import [--config FILE] [--data PATH] [--in FILE]")
	}
	var r io.Reader = os.Stdin
	if *in != "" {
		f, err := os.Open(*in)
		if err != nil {
			return err
		}
		defer f.Close()
		r = f
	}
	// A bbolt file this import makes is removed again when the import
	// fails: bad input changes nothing.
	made := ""
	if path, url, err := dataOf(*config, *data); err == nil && url == "" {
		if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
			made = path
		}
	}
	st, m, err := openDataStore(*config, *data, true)
	if err != nil {
		return err
	}
	n, err := store.Load(bufio.NewReaderSize(r, 1<<16), m, replays)
	if err != nil {
		st.Close()
		if made != "" {
			os.Remove(made)
		}
		return fmt.Errorf("import: %w", err)
	}
	defer st.Close()
	fmt.Fprintf(os.Stderr, "imported into %s: %s; every game replayed\n", st.Describe(), describeCounts(n))
	return nil
}

// replays checks a game's log through the referee it was played under.
func replays(r store.GameRecord) error {
	a := store.Archive{Game: r.Game, Actions: r.Log}
	if _, err := a.Replay(); err != nil {
		return fmt.Errorf("does not replay: %w", err)
	}
	return nil
}

func describeCounts(n store.DumpCounts) string {
	return fmt.Sprintf("%d games, %d actions, %d idempotency keys, %d outbox messages, %d challenges, %d settings, %d ratings, %d tournaments",
		n.Games, n.Actions, n.Keys, n.Outbox, n.Challenges, n.Settings, n.Ratings, n.Tournaments)
}
