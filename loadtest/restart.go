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

// restartAt restarts the bot at at, as a deploy does: closes it (with
// several processes, the first) and starts a new one on the same store,
// noting in res when and how long it took and the stand-in's invalid
// requests until then.
func (e *env) restartAt(ctx context.Context, start time.Time, after time.Duration, res *Result) error {
	at := start.Add(after)
	select {
	case <-time.After(time.Until(at)):
	case <-ctx.Done():
		return nil
	}
	t0 := time.Now()
	res.InvalidAfterRestart = e.srv.Limits().Stats().InvalidTotal // the count before; Run takes the difference
	e.bots[0].Close()
	var err error
	if e.dbURL == "" {
		err = e.startBot(e.st, e.botCfg)
	} else {
		err = e.startProcess(0, "b")
	}
	if err != nil {
		return fmt.Errorf("restart: %w", err)
	}
	e.bots[0], e.bots = e.bots[len(e.bots)-1], e.bots[:len(e.bots)-1]
	res.RestartAt, res.RestartTook = after, time.Since(t0)
	return nil
}
