package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// TestDemoShowsAPhone: the demo's transcript shows the buttons and menus a
// player presses, and Tsuitate's foul with what each side and the channel
// were told.
func TestDemoShowsAPhone(t *testing.T) {
	var buf bytes.Buffer
	demoOut = &buf
	defer func() { demoOut = os.Stdout }()
	if err := runDemo([]string{"--moves", "4", "--out", t.TempDir()}); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{
		"[Accept] [Decline]",
		"[Move] [Resign]",
		"@alice > B-1a+", // the foul attempt
		"DM @alice: Foul — that move is not allowed", // what she is told
		"DM @bob: ☗ foul (1/10).",                    // what her opponent is told
		"#general (edited): … Last: ☗ foul (1/10)",   // the channel's card
		"[Rematch] [Review]",
		"[Point of view ▾ the whole board",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the transcript lacks %q", want)
		}
	}
	if strings.Contains(out, "#general: **#1** ☗ moved") {
		t.Error("a move was posted in the channel")
	}
}
