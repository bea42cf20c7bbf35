//go:build !production

package main

import (
	"context"
	"fmt"
	"os"
	"time"

	"shinpan/player"
	"shinpan/player/arena"
	"shinpan/referee"
)

func init() {
	register("arena", "CPU against CPU through the referee: --variant V --a LEVEL --b LEVEL --games N [--seed S] [--movetime MS]", runArena)
}

func runArena(args []string) error {
	fs := newFlags("arena")
	variant := fs.String("variant", "tsuitate", "standard, tsuitate, masked or dark")
	a := fs.String("a", "strong", "level of player A: random, greedy or strong")
	b := fs.String("b", "random", "level of player B: random, greedy or strong")
	games := fs.Int("games", 10, "number of games (colours alternate: A is Black in even games)")
	seed := fs.Int64("seed", 1, "seed of the players' random choices")
	movetime := fs.Int("movetime", int(player.DefaultMoveTime/time.Millisecond), "think time per move in milliseconds")
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
	la, err := player.ParseLevel(*a)
	if err != nil {
		return err
	}
	lb, err := player.ParseLevel(*b)
	if err != nil {
		return err
	}
	if *movetime <= 0 {
		return fmt.Errorf("--movetime must be positive")
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
		MoveTime: time.Duration(*movetime) * time.Millisecond, Rules: &rules,
		Parallel: *parallel, Threads: *threads, Check: *check}
	done := 0
	start := time.Now()
	o.Progress = func(r *arena.GameResult) {
		done++
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
	if err != nil {
		return err
	}
	s := arena.Summarize(results)
	s.Print(os.Stdout, o)
	fmt.Printf("elapsed %v\n", time.Since(start).Round(time.Second))
	if s.Errors > 0 {
		return fmt.Errorf("%d games broke an invariant", s.Errors)
	}
	return nil
}
