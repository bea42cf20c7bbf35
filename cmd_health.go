package main

import (
	"context"
	"errors"
	"fmt"

	"shinpan/ops"
)

func init() {
	register("health", "exit 0 when the running bot is ready (its /readyz): [--config FILE] [--addr HOST:PORT] [--live] (for Docker's HEALTHCHECK)", runHealth)
}

func runHealth(args []string) error {
	fs := newFlags("health")
	path := fs.String("config", "", "the bot's configuration file, for metrics_addr (default ./config.toml when present)")
	addr := fs.String("addr", "", "the metrics address to ask (default: metrics_addr or SHINPAN_METRICS_ADDR)")
	live := fs.Bool("live", false, "ask /healthz (the process answers) instead of /readyz")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *addr == "" {
		cfg, err := loadConfig(*path)
		if err != nil {
			return err
		}
		*addr = cfg.MetricsAddr
	}
	if *addr == "" {
		return errors.New("no metrics address: set metrics_addr (or SHINPAN_METRICS_ADDR), or pass --addr")
	}
	if err := ops.Probe(context.Background(), *addr, *live); err != nil {
		return err
	}
	fmt.Println("ok")
	return nil
}
