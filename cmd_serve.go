package main

import (
	"errors"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot"
	"shinpan/store"
)

func init() {
	register("serve", "run the bot on Discord: [--config config.toml] (token from DISCORD_TOKEN or the file)", runServe)
}

func runServe(args []string) error {
	fs := newFlags("serve")
	path := fs.String("config", "", "TOML configuration file (see config.example.toml)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *path == "" {
		if _, err := os.Stat("config.toml"); err == nil {
			*path = "config.toml"
		}
	}
	cfg, err := bot.LoadConfig(*path)
	if err != nil {
		return err
	}
	if cfg.Token == "" {
		return errors.New("no bot token: set DISCORD_TOKEN or token in the config file (see README)")
	}
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: cfg.Level()}))
	st, err := store.Open(cfg.DataPath, nil)
	if err != nil {
		return err
	}
	defer st.Close()
	s, err := discordgo.New("Bot " + cfg.Token)
	if err != nil {
		return err
	}
	b := bot.New(cfg, st, s, bot.WithLogger(log))
	if err := b.Start(); err != nil {
		return fmt.Errorf("start: %w", err)
	}
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	<-sig
	log.Info("shutting down")
	return b.Close()
}
