package main

import (
	"fmt"
	"sort"

	"shinpan/referee/shogi"
)

func init() {
	register("perft", "count leaf nodes: --sfen SFEN|startpos --depth N [--divide]", runPerft)
}

func runPerft(args []string) error {
	fs := newFlags("perft")
	sfen := fs.String("sfen", "startpos", "position (SFEN or startpos)")
	depth := fs.Int("depth", 1, "depth in plies")
	divide := fs.Bool("divide", false, "print the count below each legal move")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q (quote the SFEN: --sfen \"lnsgkgsnl/... b - 1\")", fs.Arg(0))
	}
	p, err := shogi.ParseSFEN(*sfen)
	if err == nil {
		err = p.Validate()
	}
	if err != nil {
		return err
	}
	if *depth < 0 {
		return fmt.Errorf("--depth must be at least 0")
	}
	if *divide && *depth > 0 {
		d := p.Divide(*depth)
		moves := make([]shogi.Move, 0, len(d))
		for m := range d {
			moves = append(moves, m)
		}
		sort.Slice(moves, func(i, j int) bool { return moves[i].USI() < moves[j].USI() })
		var total uint64
		for _, m := range moves {
			fmt.Printf("%s: %d\n", m.USI(), d[m])
			total += d[m]
		}
		fmt.Println(total)
		return nil
	}
	fmt.Println(p.Perft(*depth))
	return nil
}
