package main

import (
	"bufio"
	"os"

	"shinpan/referee"
)

func init() {
	register("referee", "speak the referee's JSON-lines protocol on stdin/stdout", runReferee)
}

func runReferee(args []string) error {
	fs := newFlags("referee")
	if err := fs.Parse(args); err != nil {
		return err
	}
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<20)
	out := bufio.NewWriter(os.Stdout)
	var s referee.Session
	for in.Scan() {
		line := in.Bytes()
		if len(line) == 0 {
			continue
		}
		out.Write(s.Handle(line))
		out.WriteByte('\n')
		out.Flush()
	}
	return in.Err()
}
