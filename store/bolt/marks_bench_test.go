package bolt

import (
	"fmt"
	"path/filepath"
	"strconv"
	"testing"
)

// The commits that mark what was done, on a bbolt file with fsync: one
// commit per handled DM (BenchmarkMarkDMHandled) against the background
// batch the bot writes (BenchmarkMarkDMsHandled: 50 users in one commit).
// bbolt has one writer: every commit a DM adds is taken from the actions'.

func BenchmarkMarkDMHandled(b *testing.B) {
	s, err := Open(filepath.Join(b.TempDir(), "marks.db"), nil)
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	id := uint64(1_000_000)
	for b.Loop() {
		id++
		if err := s.MarkDMHandled("123456789012345678", strconv.FormatUint(id, 10), ""); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkMarkDMsHandled(b *testing.B) {
	s, err := Open(filepath.Join(b.TempDir(), "marks.db"), nil)
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	id := uint64(1_000_000)
	marks := make(map[string]string, 50)
	for b.Loop() {
		for u := range 50 {
			id++
			marks[fmt.Sprintf("1234567890123%05d", u)] = strconv.FormatUint(id, 10)
		}
		if err := s.MarkDMsHandled(marks, ""); err != nil {
			b.Fatal(err)
		}
	}
}
