//go:build !production

package main

import (
	"bytes"
	"image/gif"
	"os"
	"path/filepath"
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
	dir := t.TempDir()
	if err := runDemo([]string{"--moves", "4", "--out", dir}); err != nil {
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
	sets, _ := filepath.Glob(filepath.Join(dir, "pieces-*.png"))
	if len(sets) != 4 {
		t.Errorf("the demo wrote %d boards in the piece sets, want 4: %v", len(sets), sets)
	}
	for _, f := range sets {
		if data, err := os.ReadFile(f); err != nil || !bytes.HasPrefix(data, []byte("\x89PNG")) {
			t.Errorf("%s: not a PNG (%v)", f, err)
		}
	}
	if strings.Contains(out, "pieces-") {
		t.Error("the transcript names the piece-set boards")
	}
	gifs, _ := filepath.Glob(filepath.Join(dir, "*.gif"))
	if len(gifs) != 1 {
		t.Fatalf("the demo wrote %d GIFs", len(gifs))
	}
	data, err := os.ReadFile(gifs[0])
	if err != nil {
		t.Fatal(err)
	}
	if g, err := gif.DecodeAll(bytes.NewReader(data)); err != nil || len(g.Image) != 4+1 {
		t.Fatalf("the demo's GIF: %v, want 5 frames (4 moves and the start)", err)
	}
}

// TestDemoTaps: with --taps every move is picked from the menus, shown as
// the phone shows each pick, the foul included; nothing is typed.
func TestDemoTaps(t *testing.T) {
	var buf bytes.Buffer
	demoOut = &buf
	defer func() { demoOut = os.Stdout }()
	if err := runDemo([]string{"--moves", "4", "--taps", "--out", t.TempDir()}); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{
		"@alice > [picks ☗ Pawn 7g]",
		"@alice > [picks 7f]",
		"@alice > [picks Promote]", // the foul B-1a+
		"Foul — that move is not allowed",
		"DM @alice (edited): You played ☗ P-7f (move 1).",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the transcript lacks %q", want)
		}
	}
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "@alice > ") && !strings.HasPrefix(l, "@alice > [picks ") && !strings.HasPrefix(l, "@alice > /shogi") {
			t.Errorf("typed: %q", l)
		}
	}
}
