//go:build !production

package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"runtime/metrics"
	"strings"
	"sync/atomic"
	"time"

	"shinpan/player"
	"shinpan/player/arena"
	"shinpan/referee"
)

func init() {
	register("arena", "CPU against CPU through the referee: --variant V --a LEVEL --b LEVEL --games N [--seed S] [--movetime MS] [--movetime-a MS] [--movetime-b MS]", runArena)
}

func runArena(args []string) error {
	fs := newFlags("arena")
	variant := fs.String("variant", "tsuitate", "standard, tsuitate, masked or dark")
	a := fs.String("a", "strong", "level of player A: random, greedy, strong or baseline")
	b := fs.String("b", "random", "level of player B: random, greedy, strong or baseline")
	games := fs.Int("games", 10, "number of games (colours alternate: A is Black in even games)")
	seed := fs.Int64("seed", 1, "seed of the players' random choices")
	movetime := fs.Int("movetime", int(player.DefaultMoveTime/time.Millisecond), "think time per move in milliseconds")
	movetimeA := fs.Int("movetime-a", 0, "player A's think time in milliseconds (0: --movetime)")
	movetimeB := fs.Int("movetime-b", 0, "player B's think time in milliseconds (0: --movetime)")
	bar := fs.Bool("progress", true, "show a progress bar on stderr (not with -v)")
	parallel := fs.Int("parallel", 1, "games played at once (each player still searches with several threads)")
	threads := fs.Int("threads", 0, "search threads per player (0: the number of CPUs, at most 4)")
	moveLimit := fs.Int("move-limit", -1, "draw after this many moves (-1: the arena default: 150 Tsuitate, 300 otherwise; 0: none)")
	foulLimit := fs.Int("foul-limit", 0, "Tsuitate foul limit (0: the default, 10)")
	maskAsKing := fs.Bool("mask-as-king", false, "Masked: treat the mask as a king")
	kingVisible := fs.Bool("king-visible", false, "Tsuitate: each side is shown the other's king")
	check := fs.Bool("check", false, "verify every move against the referee's own-view moves and replay every game")
	verbose := fs.Bool("v", false, "print a line per game")
	if err := fs.Parse(args); err != nil {
		return err
	}
	v, err := referee.ParseVariant(*variant)
	if err != nil {
		return err
	}
	la, err := player.ParseAnyLevel(*a)
	if err != nil {
		return err
	}
	lb, err := player.ParseAnyLevel(*b)
	if err != nil {
		return err
	}
	if *movetime <= 0 || *movetimeA < 0 || *movetimeB < 0 {
		return fmt.Errorf("--movetime must be positive, --movetime-a and --movetime-b not negative")
	}
	rules := arena.DefaultRules(v)
	if *moveLimit >= 0 {
		rules.MoveLimit = *moveLimit
	}
	if *foulLimit > 0 {
		rules.FoulLimit = *foulLimit
	}
	rules.MaskAsKing = *maskAsKing
	rules.KingVisible = *kingVisible
	o := arena.Options{Variant: v, A: la, B: lb, Games: *games, Seed: *seed,
		MoveTime:  time.Duration(*movetime) * time.Millisecond,
		MoveTimeA: time.Duration(*movetimeA) * time.Millisecond,
		MoveTimeB: time.Duration(*movetimeB) * time.Millisecond, Rules: &rules,
		Parallel: *parallel, Threads: *threads, Check: *check}
	done := 0
	points := 0.0
	start := time.Now()
	peak := watchHeap()
	o.Progress = func(r *arena.GameResult) {
		done++
		switch r.Winner {
		case arena.SeatA:
			points++
		case -1:
			points += 0.5
		}
		if *bar && !*verbose {
			progressBar(os.Stderr, done, *games, points, time.Since(start))
		}
		if *verbose {
			w := "draw"
			switch r.Winner {
			case arena.SeatA:
				w = "A wins"
			case arena.SeatB:
				w = "B wins"
			}
			fmt.Fprintf(os.Stderr, "game %d (A %s): %s by %s after %d moves, fouls A %d B %d [%d/%d, %v]\n",
				r.Index, r.AColor, w, r.Reason, r.Plies, r.Fouls[0], r.Fouls[1], done, *games, time.Since(start).Round(time.Second))
		}
		if r.Err != nil {
			fmt.Fprintf(os.Stderr, "game %d: %v\n", r.Index, r.Err)
		}
	}
	results, err := arena.Run(context.Background(), o)
	if *bar && !*verbose {
		fmt.Fprintln(os.Stderr)
	}
	if err != nil {
		return err
	}
	s := arena.Summarize(results)
	s.Print(os.Stdout, o)
	fmt.Printf("peak live heap %.1f MiB (%d games at once, both players)\n", float64(peak())/(1<<20), max(*parallel, 1))
	fmt.Printf("elapsed %v\n", time.Since(start).Round(time.Second))
	if s.Errors > 0 {
		return fmt.Errorf("%d games broke an invariant", s.Errors)
	}
	return nil
}

// progressBar redraws one line on w: games played, A's score so far and the
// time left at the pace so far.
func progressBar(w io.Writer, done, total int, points float64, elapsed time.Duration) {
	const width = 30
	n := width * done / max(total, 1)
	eta := time.Duration(0)
	if done > 0 {
		eta = elapsed / time.Duration(done) * time.Duration(total-done)
	}
	fmt.Fprintf(w, "\r[%s%s] %d/%d  A %.1f%%  %v left ", strings.Repeat("#", n), strings.Repeat(".", width-n),
		done, total, 100*points/float64(max(done, 1)), eta.Round(time.Second))
}

// watchHeap samples the live heap every 20 ms and returns a function giving
// the largest seen.
func watchHeap() func() uint64 {
	var peak atomic.Uint64
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	read := func() {
		metrics.Read(sample)
		if x := sample[0].Value.Uint64(); x > peak.Load() {
			peak.Store(x)
		}
	}
	go func() {
		for range time.Tick(20 * time.Millisecond) {
			read()
		}
	}()
	return func() uint64 { read(); return peak.Load() }
}
