package bolt

import (
	"errors"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"shinpan/store"
)

func openT(t testing.TB, path string, _ any) *Store {
	t.Helper()
	s, err := Open(path, &Options{Timeout: 500 * time.Millisecond})
	if err != nil {
		t.Fatalf("Open(%s): %v", path, err)
	}
	return s
}

func tempPath(t testing.TB) string { return filepath.Join(t.TempDir(), "sub", "shinpan.db") }

func ok[T any](v T, err error) T {
	if err != nil {
		panic(fmt.Sprintf("unexpected error: %v", err))
	}
	return v
}

func check(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func wantErr(t testing.TB, err, target error) {
	t.Helper()
	if !errors.Is(err, target) {
		t.Fatalf("got error %v, want %v", err, target)
	}
}

func ids(gs []store.Game) []store.GameID {
	out := []store.GameID{}
	for _, g := range gs {
		out = append(out, g.ID)
	}
	return out
}
