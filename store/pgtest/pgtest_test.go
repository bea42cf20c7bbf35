package pgtest

import (
	"errors"
	"strings"
	"testing"
)

// TestNotInstalled: without the server binaries the tests skip with the way
// to install them, unless RequireEnv asks for a failure.
func TestNotInstalled(t *testing.T) {
	t.Setenv(BinEnv, t.TempDir())
	if _, err := findBin(); !errors.Is(err, errNotInstalled) {
		t.Fatalf("findBin in an empty directory: %v", err)
	}
	err := errors.New(InstallHint)
	t.Setenv(RequireEnv, "")
	if !Skippable(err) || !strings.Contains(InstallHint, "apt-get install postgresql") {
		t.Fatal("a missing PostgreSQL does not skip with how to install it")
	}
	t.Setenv(RequireEnv, "1")
	if Skippable(err) {
		t.Fatalf("%s=1 still lets the tests skip", RequireEnv)
	}
}
