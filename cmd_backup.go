package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"shinpan/ops"
	"shinpan/store/bolt"
)

func init() {
	register("backup", "copy the database while the bot runs: --out FILE [--config FILE] [--socket PATH] (bbolt; checked before it is kept)", runBackup)
}

// runBackup asks the running bot for a consistent copy over its admin socket;
// when no bot answers, it copies the file itself (the bot is stopped). Either
// way the copy passes the store's checks (bbolt's included) before it is
// renamed to --out.
func runBackup(args []string) error {
	fs := newFlags("backup")
	out := fs.String("out", "", "the file to write (replaced when it exists)")
	path := fs.String("config", "", "the bot's configuration file (default ./config.toml when present)")
	socket := fs.String("socket", "", "the admin socket (default: admin_socket, or admin.sock beside data_path)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *out == "" || fs.NArg() > 0 {
		return errors.New("usage: shinpan backup --out FILE [--config FILE] [--socket PATH]")
	}
	cfg, err := loadConfig(*path)
	if err != nil {
		return err
	}
	if *socket == "" {
		*socket = cfg.AdminSocket
	}
	if !strings.EqualFold(*socket, "off") {
		n, err := ops.FetchBackup(context.Background(), *socket, *out, bolt.CheckFile)
		if err == nil {
			fmt.Printf("wrote %s: %d bytes from the running bot, checked\n", *out, n)
			return nil
		}
		if !errors.Is(err, ops.ErrNoBot) {
			return err
		}
	}
	// No bot running: open the file ourselves (this fails if a bot holds it).
	if err := existingDatabase(cfg.DataPath); err != nil {
		return err
	}
	st, err := bolt.Open(cfg.DataPath, nil)
	if err != nil {
		return err
	}
	defer st.Close()
	n, err := ops.WriteBackup(st, *out, bolt.CheckFile)
	if err != nil {
		return err
	}
	fmt.Printf("wrote %s: %d bytes from %s (no bot running), checked\n", *out, n, cfg.DataPath)
	return nil
}
