package player

import (
	"testing"
	"time"

	"shinpan/referee/view"
)

func TestParticleCount(t *testing.T) {
	for _, c := range []struct {
		name    string
		variant view.Variant
		ms      int
		frozen  bool
		want    int
	}{
		{"tsuitate 100 ms", view.Tsuitate, 100, false, 256},
		{"tsuitate 300 ms", view.Tsuitate, 300, false, 300},
		{"tsuitate 1 s", view.Tsuitate, 1000, false, 2048},
		{"tsuitate 1 s baseline", view.Tsuitate, 1000, true, 256},
		{"dark 1 s", view.Dark, 1000, false, 512},
		{"dark 10 ms", view.Dark, 10, false, 64},
	} {
		t.Run(c.name, func(t *testing.T) {
			cfg := Config{Variant: c.variant, MoveTime: time.Duration(c.ms) * time.Millisecond}
			if got := particleCount(cfg, c.frozen); got != c.want {
				t.Errorf("particleCount = %d, want %d", got, c.want)
			}
		})
	}
	if got := particleCount(Config{Variant: view.Tsuitate, MoveTime: time.Second, Particles: 100}, false); got != 100 {
		t.Errorf("Config.Particles 100 gave %d", got)
	}
}
