package main

import (
	"errors"
	"fmt"
	"os"

	"shinpan/referee/record"
)

func init() {
	register("record", "read a KIF/CSA/USI record: FILE", runRecord)
}

// runRecord reads a KIF, CSA, USI or text record (format from the content, then
// the extension; "-" reads standard input) and prints the start SFEN, "#
// variant: V" when the record names one (a Masked or Dark record's moves are
// checked as pseudo-legal), the USI moves one a line and "# result: REASON
// WINNER". A record with an illegal move
// prints the moves before it, says on stderr which move and why, and exits 1.
func runRecord(args []string) error {
	fs := newFlags("record")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: shinpan record FILE   (KIF, CSA, USI or SFEN + USI moves; - for stdin)")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return errors.New("want one FILE")
	}
	name := fs.Arg(0)
	rec, err := readRecord(name)
	var ie *record.IllegalMoveError
	if err != nil && !errors.As(err, &ie) {
		return err
	}
	if werr := record.WriteText(os.Stdout, rec); werr != nil {
		return werr
	}
	if ie != nil {
		fmt.Fprintf(os.Stderr, "shinpan record: %s: illegal %v\n", name, ie)
		return errExit1
	}
	return nil
}

// readRecord reads the record in file name, standard input for "-". Like
// record.Read, it returns the moves before an illegal one with the error.
func readRecord(name string) (*record.Record, error) {
	if name == "-" {
		return record.Read(os.Stdin, name)
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return record.Read(f, name)
}
