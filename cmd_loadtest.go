//go:build !production

package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"time"

	"shinpan/bot/discordtest"
	"shinpan/loadtest"
	"shinpan/render"
)

func init() {
	register("loadtest", "drive the real bot against a local Discord stand-in: --games N --rate R --duration D [--variant V|mix], or --restart --games N", runLoadtest)
}

func runLoadtest(args []string) error {
	tuneGC()
	fs := newFlags("loadtest")
	var cfg loadtest.Config
	fs.IntVar(&cfg.Games, "games", 100, "active games (two players each), --per-channel of them in each guild channel")
	fs.Float64Var(&cfg.Rate, "rate", 50, "moves per second in all, sent on schedule whether or not the bot keeps up (instead of --think)")
	fs.IntVar(&cfg.PerChannel, "per-channel", 20, "games sharing each guild channel, as on a busy server (1: a channel each)")
	fs.DurationVar(&cfg.Think, "think", 15*time.Second, "median thinking time of a move (lognormal): each game moves at a person's pace; ignored when --rate is given")
	taps := fs.Bool("taps", false, "the players pick their moves from the tap menus under their boards, as on a phone, instead of typing them (a move with no board yet is typed); --tap-share 1")
	fs.Float64Var(&cfg.TapShare, "tap-share", 0, "the share of the players (0 to 1) who pick their moves from the tap menus instead of typing them")
	fs.Float64Var(&cfg.DMsClosed, "dms-closed", 0.05, "the share of the players (0 to 1) whose DMs are closed: the stand-in refuses the bot's DMs to them (403, 50007) and they make no move (their games wait for them)")
	fs.Float64Var(&cfg.Fouls, "fouls", 0.05, "the share of the moves (0 to 1) before which the mover types an illegal move (a foul in Tsuitate where the own board allows one, else a move the own board refuses); with --think")
	fs.Float64Var(&cfg.Resign, "resign", 0.01, "the share of the moves (0 to 1) instead of which the mover resigns (/shogi resign) and challenges the opponent again (/shogi challenge, then Accept); with --think")
	fs.DurationVar(&cfg.RestartAt, "restart-at", 0, "restart the bot this long after the start (close it, start a new one on the same store; the first of --processes) and measure on: what was acknowledged and lost, what was shown twice, the invalid requests after it")
	findCapacity := fs.Bool("find-capacity", false, "search the most concurrent games (from --games, doubling, then halving the bounds) one token carries with p99 move → opponent's DM ≤ --within after --warmup and no 429 of scope user or global; each probe a run of --duration")
	within := fs.Duration("within", 2*time.Second, "the p99 bound of --find-capacity")
	capLimit := fs.Int("capacity-limit", 5000, "the most games --find-capacity tries")
	fs.DurationVar(&cfg.Duration, "duration", 30*time.Second, "how long moves are sent")
	fs.StringVar(&cfg.Variant, "variant", "tsuitate", "tsuitate, masked, dark, standard, or mix (each in turn)")
	fs.DurationVar(&cfg.Warmup, "warmup", 5*time.Second, "the moves due this long after the bot's start are timed apart (warmup_p99), not in p50, p99 and max")
	fs.IntVar(&cfg.Plies, "plies", 20, "moves already played in each game when the bot starts")
	fs.IntVar(&cfg.GlobalLimit, "global-limit", 0, "the stand-in's global rate limit in requests per second (0: none, or Discord's 50 with --discord-limits; bigger bots get more)")
	discordLimits := fs.Bool("discord-limits", discordtest.DiscordLimitsByDefault, "the stand-in enforces Discord's rate limits: global, per route, the invalid-request ban (see bot/discordtest); false: no limit at all, which is not Discord")
	fs.StringVar(&cfg.Dir, "dir", "", "directory for the bbolt store, made if missing and kept after the run (default: a temporary one, removed after)")
	fs.Uint64Var(&cfg.Seed, "seed", 1, "seed of the players' moves")
	fs.StringVar(&cfg.DatabaseURL, "database-url", "", "put the games in this PostgreSQL database (it must hold none) instead of a bbolt file")
	fs.IntVar(&cfg.Processes, "processes", 1, "bots sharing the PostgreSQL store, as that many serve processes (needs --database-url)")
	fs.IntVar(&cfg.Gateways, "gateways", 0, "how many of the --processes run the gateway session and so take the DMs (0: all); the others only own games")
	restart := fs.Bool("restart", false, "measure the bot's start on a store of --games active games instead")
	verbose := fs.Bool("v", false, "print to stderr the bot's warnings and errors and, after the result, the p99 of each 5 s, the CPU a move, the host's steal (in all and in each 5 s) and the board bands reused")
	fs.StringVar(&cfg.Profiles.CPU, "cpuprofile", "", "write a CPU profile of the measure (from the bot's start, the whole process) to this file")
	fs.StringVar(&cfg.Profiles.Block, "blockprofile", "", "write a blocking profile of the measure to this file")
	fs.StringVar(&cfg.Profiles.Mutex, "mutexprofile", "", "write a mutex contention profile of the measure to this file")
	fs.StringVar(&cfg.Profiles.Allocs, "memprofile", "", "write an allocation profile (of the whole process) to this file")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if cfg.Processes < 1 {
		return fmt.Errorf("--processes must be at least 1")
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q: every setting is a flag (see --help)", fs.Arg(0))
	}
	fs.Visit(func(f *flag.Flag) {
		if f.Name == "rate" {
			cfg.Think = 0 // a rate given: moves on schedule, not at people's pace
		}
	})
	if cfg.Think > 0 {
		cfg.Rate = 0
	}
	if *taps {
		cfg.TapShare = 1
	}
	for name, v := range map[string]float64{"--tap-share": cfg.TapShare, "--dms-closed": cfg.DMsClosed, "--fouls": cfg.Fouls, "--resign": cfg.Resign} {
		if v < 0 || v > 1 {
			return fmt.Errorf("%s must be between 0 and 1", name)
		}
	}
	if cfg.Think <= 0 {
		cfg.Fouls, cfg.Resign, cfg.DMsClosed = 0, 0, 0 // the open-loop schedule plays moves only
	}
	if *verbose {
		cfg.Log = os.Stderr
	}
	cfg.Limits = &discordtest.RateLimits{}
	if *discordLimits {
		*cfg.Limits = discordtest.DiscordRateLimits()
	}
	ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt)
	defer cancel()
	if *restart && cfg.DatabaseURL != "" {
		return fmt.Errorf("--restart measures the bbolt store only")
	}
	if *restart {
		r, err := loadtest.Restart(ctx, cfg)
		if err != nil {
			return err
		}
		fmt.Println(r)
		return nil
	}
	if *findCapacity {
		c, err := loadtest.FindCapacity(ctx, cfg, *within, *capLimit, os.Stdout)
		if err != nil {
			return err
		}
		fmt.Println(c)
		return nil
	}
	r, err := loadtest.Run(ctx, cfg)
	if err != nil {
		return err
	}
	fmt.Println(r)
	fmt.Println("loadtest:", r.Realism)
	fmt.Println("loadtest:", r.Traffic)
	if r.GaveUp > 0 {
		fmt.Fprintf(os.Stderr, "loadtest: %d games stopped, their players waiting in vain; the first: %s\n", r.GaveUp, r.GaveUpWhy)
	}
	if *verbose {
		fmt.Fprintf(os.Stderr, "late=%d retired=%d stray=%d resent=%d reconnects=%d send=%v wall=%v cpu/move=%v sched.p50=%v sched.p99=%v steal=%s requests=%v\n",
			r.Late, r.Retired, r.Stray, r.Resent, r.Reconnects, r.SendWall, r.Wall, r.CPUPerMove().Round(10*time.Microsecond), r.SchedP50, r.SchedP99, stealText(r.StealPct), r.Routes)
		fmt.Fprintf(os.Stderr, "steady (after the warm-up): moves=%d requests=%v\n", r.SteadyMoves, r.SteadyRoutes)
		fmt.Fprintf(os.Stderr, "p99 by %v window:", loadtest.WindowLen)
		for _, w := range r.Windows {
			fmt.Fprintf(os.Stderr, " %.0fms", float64(w)/float64(time.Millisecond))
		}
		fmt.Fprintln(os.Stderr)
		if r.WindowSteal != nil {
			fmt.Fprintf(os.Stderr, "steal by %v window:", loadtest.WindowLen)
			for _, st := range r.WindowSteal {
				fmt.Fprintf(os.Stderr, " %.0f%%", st)
			}
			fmt.Fprintln(os.Stderr)
		}
		hits, misses, held, shared := render.BandStats()
		fmt.Fprintf(os.Stderr, "render bands: shared=%d hits=%d misses=%d held=%.1fMiB\n", shared, hits, misses, float64(held)/(1<<20))
	}
	return nil
}

// stealText is the host's share of the machine's CPU during the run, or
// "unknown" where the system does not tell.
func stealText(pct float64) string {
	if pct < 0 {
		return "unknown"
	}
	return fmt.Sprintf("%.0f%%", pct)
}
