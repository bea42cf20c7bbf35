package loadtest

import (
	"context"
	"fmt"
	"time"
)

// RestartResult is what Restart measured.
type RestartResult struct {
	Games   int
	Ready   time.Duration // bot.New to Start returning
	HeapMiB float64       // live heap after a GC once ready, less that before the start
}

// String is the one line `shinpan loadtest --restart` prints.
func (r RestartResult) String() string {
	return fmt.Sprintf("loadtest: restart games=%d ready=%sms heap=%.1fMiB", r.Games, ms(r.Ready), r.HeapMiB)
}

// Restart fills a store with cfg.Games active games (cfg.Plies moves each, the
// players' DM channels known) and measures the bot's start on it.
func Restart(ctx context.Context, cfg Config) (RestartResult, error) {
	e, err := setup(&cfg)
	if err != nil {
		return RestartResult{}, err
	}
	defer e.close()
	e.games = nil // the driver's copy of the games is not the bot's heap
	heap0 := liveHeapMiB()
	stopProfiles, err := cfg.Profiles.Start()
	if err != nil {
		return RestartResult{}, err
	}
	t0 := time.Now()
	err = e.start()
	ready := time.Since(t0)
	stopProfiles()
	if err != nil {
		return RestartResult{}, err
	}
	res := RestartResult{Games: cfg.Games, Ready: ready}
	res.HeapMiB = liveHeapMiB() - heap0
	return res, ctx.Err()
}
