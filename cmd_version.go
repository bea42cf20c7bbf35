package main

import (
	"fmt"

	"shinpan/ops"
)

func init() {
	register("version", "print the module version, VCS revision and time, and Go version of this build", runVersion)
}

func runVersion(args []string) error {
	fs := newFlags("version")
	if err := fs.Parse(args); err != nil {
		return err
	}
	fmt.Println(ops.ReadBuild())
	return nil
}
