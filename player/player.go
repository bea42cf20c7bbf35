// Package player is shinpan's CPU player. A Player receives exactly what a human
// in its seat receives — its own view.View after every action and the
// view.Events addressed to it, plus the text of any refusal of its own actions —
// and answers with an Action: a move in USI or, in Masked shogi, a mask square.
//
// It may use the rules core (referee/shogi) for move generation and search, but
// never a referee's true position: the package does not import shinpan/referee
// (TestImportIsolation fails if it ever does). In the hidden variants it
// rebuilds the board it knows from the View, and the strong level keeps a set
// of full positions consistent with everything it was told.
//
// Levels (RULES.md, issue 8):
//   - random: uniform over the moves its own view allows; after a foul, bounce
//     or refusal it tries another, never one already tried that turn.
//   - greedy: one ply on what it knows: the best capture of a seen piece, else
//     the best material and advance score; its king (its mask in Masked) never
//     steps onto a square a known enemy piece attacks.
//   - strong (the default): alpha-beta on the open variants (Masked with a
//     belief over which enemy piece is the mask), a particle filter over the
//     hidden position with a short search per particle in Tsuitate and Dark.
//     It mixes its choices: each move (and mask) is drawn at random among the
//     good ones, so that no one can replay it, not even with this code.
//   - baseline: strong as it was before it mixed (issue 35), frozen as a
//     yardstick for the arena. It is not offered to players (ParseLevel does
//     not know it; ParseAnyLevel does).
package player

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"time"

	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// ActionKind is what an Action does. The names are those of referee.ActionKind,
// so a caller converts with referee.ActionKind(a.Kind).
type ActionKind string

const (
	ActMove   ActionKind = "move"   // Text: a move in USI ("7g7f", "8h2b+", "P*5e")
	ActMask   ActionKind = "mask"   // Text: a square ("6i"), Masked setup
	ActResign ActionKind = "resign" // the player sees nothing left to try
)

// Action is what a player program does. The caller adds the seat (and a salt
// for a mask) to make a referee action.
type Action struct {
	Kind ActionKind
	Text string
}

// Player is a CPU player in one seat of one game. Calls must not overlap.
type Player interface {
	// Observe gives the player its view after an action (anyone's) and the
	// events of that action addressed to it, in order. Call it once before the
	// first Act with the opening view and no events, then after every action
	// that took effect.
	Observe(v view.View, evs []view.Event)
	// Refused tells the player its last action was refused with text (a
	// refusal is not an event: nothing changed and only the actor is told).
	Refused(text string)
	// Act returns the player's next action. Call it only when the player has
	// to act: its turn, or its mask still to choose. It returns within the
	// think time, or sooner when ctx is done.
	Act(ctx context.Context) Action
}

// Level is a player's strength.
type Level string

const (
	Random Level = "random"
	Greedy Level = "greedy"
	Strong Level = "strong"
	// Baseline is the strong level frozen as it was before issue 35, kept
	// for measuring the strong level against.
	Baseline Level = "baseline"
)

// Levels lists the levels offered to players, weakest first (not Baseline).
var Levels = []Level{Random, Greedy, Strong}

// ParseLevel reads a level name; "" is Strong, the default.
func ParseLevel(s string) (Level, error) {
	switch Level(strings.ToLower(strings.TrimSpace(s))) {
	case "", Strong:
		return Strong, nil
	case Greedy:
		return Greedy, nil
	case Random:
		return Random, nil
	}
	return "", fmt.Errorf("unknown level %q: want random, greedy or strong", s)
}

// ParseAnyLevel is ParseLevel that also knows Baseline (the arena's levels).
func ParseAnyLevel(s string) (Level, error) {
	if Level(strings.ToLower(strings.TrimSpace(s))) == Baseline {
		return Baseline, nil
	}
	l, err := ParseLevel(s)
	if err != nil {
		return "", fmt.Errorf("unknown level %q: want random, greedy, strong or baseline", s)
	}
	return l, nil
}

// DefaultMoveTime is the think time per move when the game gives none.
const DefaultMoveTime = time.Second

// Config is what a player is told when it takes a seat: the rules it plays
// under (public house rules, never hidden state) and how hard to think.
type Config struct {
	Level   Level
	Variant view.Variant
	Color   shogi.Color
	// MaskAsKing is the Masked house rule "treat the mask as a king".
	MaskAsKing bool
	// KingVisible is the Tsuitate option king_visible (each side is shown
	// the other's king). The player also finds it out from a view showing
	// the opponent's king; told, it knows it when no king is shown (a start
	// without one).
	KingVisible bool
	// MoveTime is the think-time budget per move (DefaultMoveTime when 0).
	MoveTime time.Duration
	// Seed seeds the player's random choices (same seed, same observations:
	// same play at the random and greedy levels). Every bit of it counts.
	Seed int64
	// Threads bounds the goroutines the strong level searches with (0: the
	// number of CPUs, at most 4).
	Threads int
	// Particles is the strong level's particle count in Tsuitate and Dark
	// (0: chosen from MoveTime, 64 to 2048).
	Particles int
}

// New returns a player for cfg.
func New(cfg Config) (Player, error) {
	switch cfg.Variant {
	case view.Standard, view.Tsuitate, view.Masked, view.Dark:
	default:
		return nil, fmt.Errorf("player: unknown variant %q", cfg.Variant)
	}
	if cfg.Color != shogi.Black && cfg.Color != shogi.White {
		return nil, fmt.Errorf("player: bad colour %d", cfg.Color)
	}
	if cfg.Level == "" {
		cfg.Level = Strong
	}
	if cfg.MoveTime <= 0 {
		cfg.MoveTime = DefaultMoveTime
	}
	if cfg.Threads <= 0 {
		cfg.Threads = min(runtime.NumCPU(), 4)
	}
	b := newBase(cfg)
	if cfg.Level == Baseline {
		b.frozen = true
		cfg.Level = Strong
	}
	switch cfg.Level {
	case Random:
		return &randomPlayer{base: b}, nil
	case Greedy:
		return &greedyPlayer{base: b}, nil
	case Strong:
		switch cfg.Variant {
		case view.Tsuitate, view.Dark:
			return newHiddenPlayer(b), nil
		case view.Masked:
			return newMaskedPlayer(b), nil
		default:
			return newOpenPlayer(b), nil
		}
	}
	return nil, fmt.Errorf("player: unknown level %q", cfg.Level)
}
