package tournament

import (
	"errors"
	"testing"
	"time"
)

// An arena takes back a player who withdrew; a moderator may still kick
// them, and then they cannot come back.
func TestKickWithdrawnArenaPlayer(t *testing.T) {
	tr := field(t, Config{Format: Arena, Duration: time.Hour}, 3, nil)
	if err := tr.Start(t0); err != nil {
		t.Fatal(err)
	}
	if _, err := tr.Withdraw("p01", t0); err != nil {
		t.Fatal(err)
	}
	if _, err := tr.Kick("p01", t0); err != nil {
		t.Fatalf("kick a withdrawn player: %v", err)
	}
	if err := tr.Join(Player{ID: "p01"}, t0); !errors.Is(err, ErrKicked) {
		t.Fatalf("the kicked player joins again: %v, want ErrKicked", err)
	}
	if _, err := tr.Kick("p01", t0); !errors.Is(err, ErrNotJoined) {
		t.Fatalf("kick twice: %v, want ErrNotJoined", err)
	}
	if _, err := tr.Withdraw("p02", t0); err != nil {
		t.Fatal(err)
	}
	if _, err := tr.Withdraw("p02", t0); !errors.Is(err, ErrNotJoined) {
		t.Fatalf("withdraw twice: %v, want ErrNotJoined", err)
	}
}
