package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"shinpan/referee/record"
)

func init() {
	register("record", "read a KIF/KI2/CSA/USI record: [--format text|kif|ki2|csa|usi] FILE", runRecord)
}

// recordWriters are the formats record --format writes.
var recordWriters = map[string]func(io.Writer, *record.Record) error{
	"text": record.WriteText,
	"kif":  record.WriteKIF,
	"ki2":  record.WriteKI2,
	"csa":  record.WriteCSA,
	"usi": func(w io.Writer, rec *record.Record) error {
		_, err := fmt.Fprintln(w, record.USIPosition(rec))
		return err
	},
}

// runRecord reads a KIF, KI2, CSA, USI or text record (format from the
// content, then the extension; "-" reads standard input) and writes it in
// --format: by default the text format, i.e. the start SFEN, "# variant: V"
// when the record names one (a Masked or Dark record's moves are checked as
// pseudo-legal), the USI moves one a line and "# result: REASON WINNER".
// What the reader settled on its own (an ending word it does not know, an
// ending the board contradicts) is warned about on stderr. A record with an
// illegal move writes the moves before it, says on stderr which move and why,
// and exits 1; a move that cannot be read writes nothing and exits 1.
func runRecord(args []string) error {
	fs := newFlags("record")
	format := fs.String("format", "text", "what to write: text, kif, ki2, csa or usi")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: shinpan record [--format text|kif|ki2|csa|usi] FILE   (KIF, KI2, CSA, USI or SFEN + USI moves; - for stdin)")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return errors.New("want one FILE")
	}
	write, ok := recordWriters[strings.ToLower(*format)]
	if !ok {
		return fmt.Errorf("unknown --format %q: want text, kif, ki2, csa or usi", *format)
	}
	name := fs.Arg(0)
	rec, err := readRecord(name)
	var ie *record.IllegalMoveError
	if err != nil && !errors.As(err, &ie) {
		return err
	}
	warn(name, rec)
	if werr := write(os.Stdout, rec); werr != nil {
		return werr
	}
	if ie != nil {
		fmt.Fprintf(os.Stderr, "shinpan record: %s: illegal %v\n", name, ie)
		return errExit1
	}
	return nil
}

// warn prints a record's warnings on stderr.
func warn(name string, rec *record.Record) {
	for _, w := range rec.Warnings {
		fmt.Fprintf(os.Stderr, "shinpan: %s: warning: %s\n", name, w)
	}
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
