package main

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"

	"shinpan/referee/shogi"
)

func init() {
	register("moves", "list legal moves in USI: --sfen SFEN [--json]", runMoves)
}

func runMoves(args []string) error {
	fs := newFlags("moves")
	sfen := fs.String("sfen", "startpos", "position (SFEN or startpos)")
	asJSON := fs.Bool("json", false, `print {"moves":[...],"check":bool,"mate":bool}`)
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
	var buf [shogi.MaxMoves]shogi.Move
	legal := p.LegalMoves(buf[:0])
	out := make([]string, len(legal))
	for i, m := range legal {
		out[i] = m.USI()
	}
	sort.Strings(out)
	if *asJSON {
		check := p.InCheck()
		return json.NewEncoder(os.Stdout).Encode(struct {
			Moves []string `json:"moves"`
			Check bool     `json:"check"`
			Mate  bool     `json:"mate"`
		}{out, check, check && len(out) == 0})
	}
	fmt.Println(strings.Join(out, " "))
	return nil
}
