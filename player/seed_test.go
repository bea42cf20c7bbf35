package player

import (
	"context"
	"testing"

	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// TestSeedKeepsEveryBit: seeds that differ only above 31 bits (math/rand's
// own source keeps only seed mod 2³¹−1, few enough to try all of them against
// a game's public record) give different play, so a seat's secret seed cannot
// be searched for.
func TestSeedKeepsEveryBit(t *testing.T) {
	const mod = 1<<31 - 1
	tries := func(seed int64) []string {
		p, err := New(Config{Level: Random, Variant: view.Tsuitate, Color: shogi.Black, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		p.Observe(viewOf(t, view.Tsuitate, shogi.StartSFEN), nil)
		var out []string
		for k := 0; k < 4; k++ {
			out = append(out, p.Act(context.Background()).Text)
			p.Refused("illegal")
		}
		return out
	}
	for _, s := range []int64{1, 12345, 987654321, 1<<40 + 7} {
		a, b := tries(s), tries(s+mod)
		if len(a) != 4 || a[0] == "" {
			t.Fatalf("seed %d: no moves: %q", s, a)
		}
		if equal := a[0] == b[0] && a[1] == b[1] && a[2] == b[2] && a[3] == b[3]; equal {
			t.Errorf("seeds %d and %d (equal mod 2³¹−1) played the same %q", s, s+mod, a)
		}
	}
}
