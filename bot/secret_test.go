package bot

import (
	"context"
	"testing"
	"time"

	"shinpan/bot/games"
	"shinpan/player"
	"shinpan/referee"
	"shinpan/referee/policy"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/store"
)

// firstAction builds the CPU for Black of a fresh game and returns its first
// decision (a mask in Masked, a move otherwise).
func firstAction(t *testing.T, b *Bot, meta store.Game) string {
	t.Helper()
	cs, err := b.cpu.NewSeat(meta, nil, shogi.Black)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return cs.P.Act(ctx).Text
}

// TestCPUSeedIsSecret: two CPUs of games with the same number and settings
// choose different secret masks and different first hidden moves in most
// tries, and a CPU seeded from anything public (the game number) reproduces
// their choices no more often than two secretly seeded CPUs agree by chance
// (the strong CPU favours good masks, so some agreement is expected).
func TestCPUSeedIsSecret(t *testing.T) {
	const tries = 24
	for _, tc := range []struct {
		v     view.Variant
		level string
	}{{view.Masked, "strong"}, {view.Tsuitate, "random"}, {view.Dark, "random"}} {
		b := &Bot{cpu: games.CPU{Level: tc.level, MoveMillis: 20}}
		meta := store.Game{ID: 12, Players: [2]string{store.CPU, "u"}, Variant: tc.v,
			Options: policy.Defaults(tc.v), StartSFEN: shogi.StartSFEN}
		differ, shadowHits := 0, 0
		for k := 0; k < tries; k++ {
			a, c := firstAction(t, b, meta), firstAction(t, b, meta)
			if a != c {
				differ++
			}
			// A shadow CPU seeded from the public game number, as the bot once did.
			sh, err := player.New(player.Config{Level: b.cpu.LevelOf(meta, shogi.Black), Variant: tc.v, Color: shogi.Black,
				MoveTime: 20 * time.Millisecond, Seed: int64(meta.ID) * 2})
			if err != nil {
				t.Fatal(err)
			}
			g, _ := referee.New("12", tc.v, shogi.StartSFEN, meta.Options.Options)
			sh.Observe(g.View(view.ViewerOf(shogi.Black)), nil)
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			if sh.Act(ctx).Text == a {
				shadowHits++
			}
			cancel()
		}
		if differ < tries/2 {
			t.Errorf("%s: two CPUs of game #12 chose differently in only %d of %d tries", tc.v, differ, tries)
		}
		if chance := tries - differ; shadowHits > chance+tries/4 {
			t.Errorf("%s: a CPU seeded from the game number reproduced %d of %d first choices (two secret CPUs agreed %d times)",
				tc.v, shadowHits, tries, chance)
		}
	}
}
