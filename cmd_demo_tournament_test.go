//go:build !production

package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// TestDemoTournament: the tournament demo runs its 4 rounds through the bot
// and prints each round, the final standings and the card's last edit.
func TestDemoTournament(t *testing.T) {
	if testing.Short() {
		t.Skip("16 games (about 25 s)")
	}
	var buf bytes.Buffer
	demoOut = &buf
	defer func() { demoOut = os.Stdout }()
	if err := runDemo([]string{"--tournament", "--level", "random", "--movetime", "1", "--move-limit", "50"}); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{"== Round 1", "== Round 4", "== Final standings of Demo Cup", "Finished", "16 games in"} {
		if !strings.Contains(out, want) {
			t.Errorf("the transcript lacks %q", want)
		}
	}
	if n := strings.Count(out, "  board "); n != 32 { // 4 rounds × 4 boards, paired and ended
		t.Errorf("%d board lines, want 32", n)
	}
}
