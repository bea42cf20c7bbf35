package loadtest

import (
	"context"
	"fmt"
	"io"
	"time"
)

// Finding a token's capacity (--find-capacity): the most concurrent games,
// at the configured pace, one token carries while the opponent's DM comes
// within a bound at p99 (after the warm-up) and Discord answers no 429 of
// scope user or global. Each probe is a whole run with its own bot, store
// and stand-in; the games double until a probe fails, then the bounds are
// halved until they are within a tenth (or 25 games) of each other.

// Capacity is what a search found.
type Capacity struct {
	Games  int // the most games a probe carried (0: not even the first)
	Within time.Duration
	Probes []Probe // in the order run
}

// Probe is one run of the search.
type Probe struct {
	Games int
	OK    bool
	Result
}

// FindCapacity searches from cfg.Games games up to limit, writing a line per
// probe to log.
func FindCapacity(ctx context.Context, cfg Config, within time.Duration, limit int, log io.Writer) (Capacity, error) {
	c := Capacity{Within: within}
	probe := func(n int) (bool, error) {
		pc := cfg
		pc.Games = n
		r, err := Run(ctx, pc)
		if err != nil {
			return false, err
		}
		ok := r.Done > 0 && r.OppP99 <= within && r.TooMany["user"] == 0 && r.TooMany["global"] == 0
		c.Probes = append(c.Probes, Probe{Games: n, OK: ok, Result: r})
		fmt.Fprintf(log, "loadtest: probe games=%d ok=%v dm_p99=%sms moves/s=%.1f budgeted/move=%.2f 429=%v\n",
			n, ok, ms(r.OppP99), r.MovesPerSec, r.PerMove, r.TooMany)
		return ok, nil
	}
	best, err := search(probe, cfg.Games, limit)
	c.Games = best
	return c, err
}

// search finds the largest n in [start, limit] for which ok(n) holds,
// taking ok to hold below some threshold and fail above it: doubling from
// start, then halving the bounds until they are within a tenth (at least
// 25) of each other. 0: ok(start) fails.
func search(ok func(n int) (bool, error), start, limit int) (int, error) {
	good, bad := 0, 0
	for n := max(start, 1); ; n *= 2 {
		n = min(n, limit)
		pass, err := ok(n)
		if err != nil {
			return good, err
		}
		if !pass {
			bad = n
			break
		}
		good = n
		if n == limit {
			return good, nil
		}
	}
	if good == 0 {
		return 0, nil
	}
	for bad-good > max(25, good/10) {
		mid := (good + bad) / 2
		pass, err := ok(mid)
		if err != nil {
			return good, err
		}
		if pass {
			good = mid
		} else {
			bad = mid
		}
	}
	return good, nil
}

// String is the summary line of a search.
func (c Capacity) String() string {
	return fmt.Sprintf("loadtest: capacity games=%d (dm_p99 <= %v, no 429 of scope user or global) in %d probes", c.Games, c.Within, len(c.Probes))
}
