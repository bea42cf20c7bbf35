package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot"
	"shinpan/ops"
	"shinpan/store"
	"shinpan/store/bolt"
)

func init() {
	register("serve", "run the bot on Discord: [--config config.toml] [--http ADDR] (token from DISCORD_TOKEN or the file)", runServe)
}

// loadConfig reads --config, or ./config.toml when it exists, or defaults.
func loadConfig(path string) (bot.Config, error) {
	if path == "" {
		if _, err := os.Stat("config.toml"); err == nil {
			path = "config.toml"
		}
	}
	return bot.LoadConfig(path)
}

func runServe(args []string) error {
	tuneGC()
	fs := newFlags("serve")
	path := fs.String("config", "", "TOML configuration file (see config.example.toml)")
	httpAddr := fs.String("http", "", "serve Discord's Interactions Endpoint at this host:port (overrides http_addr; needs public_key)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	cfg, err := loadConfig(*path)
	if err != nil {
		return err
	}
	if *httpAddr != "" {
		cfg.HTTPAddr = *httpAddr
		if err := cfg.Check(); err != nil { // an address, and public_key with it
			return err
		}
	}
	if cfg.Token == "" {
		return errors.New("no bot token: set DISCORD_TOKEN or token in the config file (see README.md and docs/OPERATIONS.md)")
	}
	log := slog.New(slog.NewTextHandler(logOut, &slog.HandlerOptions{Level: cfg.Level(), ReplaceAttr: ops.Redact(cfg.Token)}))
	build := ops.ReadBuild()
	log.Info("shinpan starting", build.Attrs()...)
	ops.RouteDiscordgo(log, cfg.Token)
	ops.RouteStdLog(log) // log redacts the token
	sig := make(chan os.Signal, 2)
	notifySignals(sig)

	s, err := newSession(cfg.Token)
	if err != nil {
		return err
	}
	// The token first: a wrong one stops here, before any file is made.
	if err := checkToken(s); err != nil {
		return err
	}
	st, err := openStore(cfg.DatabaseURL, cfg.DataPath)
	if err != nil {
		return err
	}
	defer st.Close()
	if err := store.CheckFinished(st); err != nil { // a copy migrate began and did not check
		return err
	}
	log.Info("store open", "store", st.Describe())
	switch {
	case !cfg.GatewayOn() && cfg.HTTPAddr == "":
		log.Warn("gateway = false and no http_addr: this process receives neither interactions nor DMs")
	case cfg.GatewayOn() && cfg.HTTPAddr == "" && isShared(st):
		log.Info("interactions come over the gateway: run each shard in one process only (every session of a shard receives its interactions), or serve them over HTTP (http_addr)")
	}
	// Online and scheduled backups copy the bbolt file; PostgreSQL has pg_dump.
	backuper, isFile := st.(ops.Backuper)
	s.LogLevel = ops.DiscordgoLevel(cfg.Level())
	var m *ops.Metrics
	if cfg.MetricsAddr != "" {
		m = ops.NewMetrics()
	}
	b, err := bot.New(cfg, st, s, append(clusterOf(st, cfg, log), bot.WithLogger(log), bot.WithMetrics(m))...)
	if err != nil {
		return err
	}
	var interactions http.Handler
	var interactionsLn net.Listener
	if cfg.HTTPAddr != "" {
		if interactions, err = b.InteractionsHandler(); err != nil {
			return err
		}
		// Bound now (a taken port stops serve at once), served once the bot is up.
		if interactionsLn, err = net.Listen("tcp", cfg.HTTPAddr); err != nil {
			return fmt.Errorf("http_addr: %w", err)
		}
		defer interactionsLn.Close()
	}

	var servers []*ops.Server
	defer func() {
		for _, srv := range servers {
			_ = srv.Close()
		}
	}()
	if cfg.MetricsAddr != "" {
		ln, err := net.Listen("tcp", cfg.MetricsAddr)
		if err != nil {
			return fmt.Errorf("metrics_addr: %w", err)
		}
		h := ops.Handler(m, b.Checks())
		servers = append(servers, ops.Listen(ln, h, log))
		log.Info("metrics, /healthz and /readyz", "addr", ln.Addr().String())
	}
	switch {
	case !isFile:
		log.Info("no admin socket: online backups are for the bbolt file; back PostgreSQL up with pg_dump")
	case !strings.EqualFold(cfg.AdminSocket, "off"):
		// Not fatal: some mounted folders cannot hold a socket, and the bot
		// runs without online backups.
		if ln, err := ops.ListenAdmin(cfg.AdminSocket); err != nil {
			log.Warn("no admin socket: shinpan backup will not reach this bot (set admin_socket to a local path)", "path", cfg.AdminSocket, "err", err)
		} else {
			defer os.Remove(cfg.AdminSocket)
			servers = append(servers, ops.Listen(ln, ops.AdminHandler(backuper, m, log), log))
			log.Info("admin socket (shinpan backup)", "path", cfg.AdminSocket)
		}
	}

	ctx, stopLoops := context.WithCancel(context.Background())
	defer stopLoops()
	if every := cfg.BackupPeriod(); every > 0 && !isFile {
		log.Warn("backup_every is for the bbolt file: no scheduled backups of PostgreSQL (use pg_dump)")
	} else if every > 0 {
		snaps := &ops.Snapshots{B: backuper, Dir: cfg.BackupDir, Every: every, Keep: cfg.BackupKeep, Check: bolt.CheckFile, Log: log, M: m}
		go snaps.Run(ctx)
		log.Info("scheduled backups", "every", every, "keep", cfg.BackupKeep, "dir", cfg.BackupDir)
	}

	started := make(chan error, 1)
	go func() { started <- b.Start() }()
	select {
	case err := <-started:
		if err != nil {
			return fmt.Errorf("start: %w", err)
		}
	case s := <-sig:
		log.Info("signal before the bot was up: stopping", "signal", s.String())
		return shutdown(b, time.Duration(cfg.ShutdownSeconds)*time.Second, sig, log)
	}
	if interactions != nil {
		// Interactions that come while the bot shuts down get 503.
		servers = append(servers, ops.Listen(interactionsLn, interactions, log))
		b.EndpointServing(true) // /readyz: ready from now on
		log.Info("interactions endpoint", "addr", interactionsLn.Addr().String())
	}
	s2 := <-sig
	log.Info("shutting down", "signal", s2.String(), "limit", time.Duration(cfg.ShutdownSeconds)*time.Second)
	stopLoops()
	return shutdown(b, time.Duration(cfg.ShutdownSeconds)*time.Second, sig, log)
}

// isShared says whether other processes may use the store (PostgreSQL).
func isShared(st store.Store) bool {
	sh, ok := st.(store.Shared)
	return ok && sh.Shared()
}

// tokenRefused is serve's answer to a token Discord does not accept (a
// type, as the sentence starts with a name).
type tokenRefused struct{}

func (tokenRefused) Error() string {
	return "Discord refused the token (401 Unauthorized): check DISCORD_TOKEN (or token in the config file); it is the Bot page's token, not the application id or the client secret"
}

var errTokenRefused error = tokenRefused{}

// checkToken asks Discord who the token's bot is.
func checkToken(s *discordgo.Session) error {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if _, err := s.User("@me", discordgo.WithContext(ctx)); err != nil {
		var rerr *discordgo.RESTError
		if errors.As(err, &rerr) && rerr.Response != nil && rerr.Response.StatusCode == http.StatusUnauthorized {
			return errTokenRefused
		}
		return fmt.Errorf("check the token with Discord: %w", err)
	}
	return nil
}

// What serve reaches outside: tests replace them (a Discord stand-in, signals
// sent by the test, a log it reads, an exit it sees).
var (
	newSession              = discordSession
	notifySignals           = func(c chan<- os.Signal) { signal.Notify(c, os.Interrupt, syscall.SIGTERM) }
	logOut        io.Writer = os.Stderr
	exit                    = os.Exit
)

// shutdown closes the bot within the configured limit; a second signal, or
// the limit, ends the process at once. Every acknowledged action is already
// committed, so nothing acknowledged is lost either way; what the outbox
// still holds is sent at the next start.
func shutdown(b interface{ Shutdown(context.Context) error }, limit time.Duration, sig <-chan os.Signal, log *slog.Logger) error {
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- b.Shutdown(ctx) }()
	select {
	case err := <-done:
		log.Info("stopped", "err", err)
		return err
	case s := <-sig:
		log.Warn("second signal: exiting now", "signal", s.String())
	case <-time.After(limit + time.Second):
		log.Warn("shutdown took longer than its limit: exiting now", "limit", limit)
	}
	exit(1)
	return errExit1
}
