// Command shinpan is a Discord bot that referees shogi games in which players
// cannot see everything (Tsuitate, Masked, Dark) and open shogi, plus the
// command-line tools around its rules core. `shinpan help` lists the commands.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"sort"
)

// command is one `shinpan <name>` subcommand; each lives in a cmd_<name>.go file
// and registers itself in init.
type command struct {
	name  string
	usage string
	run   func(args []string) error
}

var commands = map[string]command{}

func register(name, usage string, run func(args []string) error) {
	commands[name] = command{name: name, usage: usage, run: run}
}

// errExit1 asks main to exit with status 1 after the command printed its own error.
var errExit1 = errors.New("exit status 1")

func main() {
	if len(os.Args) < 2 || os.Args[1] == "help" || os.Args[1] == "-h" || os.Args[1] == "--help" {
		printHelp()
		return
	}
	c, ok := commands[os.Args[1]]
	if !ok {
		fmt.Fprintf(os.Stderr, "shinpan: unknown command %q\n\n", os.Args[1])
		printHelp()
		os.Exit(2)
	}
	if err := c.run(os.Args[2:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			os.Exit(0)
		}
		if !errors.Is(err, errExit1) {
			fmt.Fprintf(os.Stderr, "shinpan %s: %v\n", c.name, err)
		}
		os.Exit(1)
	}
}

func printHelp() {
	fmt.Println("shinpan: a Discord referee for Tsuitate, Masked, Dark and open shogi")
	fmt.Println()
	fmt.Println("usage: shinpan <command> [flags]")
	fmt.Println()
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Printf("  %-8s %s\n", n, commands[n].usage)
	}
}

// newFlags returns a flag set for a subcommand that reports errors instead of exiting.
func newFlags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(os.Stderr)
	return fs
}
