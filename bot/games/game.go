// Package games holds the live games of a process: each game's record and
// referee, rebuilt from its action log, the locks that serialise its actions,
// and the deadlines of the active games. It imports no discordgo: what a game
// says to people is bot/compose's, how it reaches them bot/outbox's.
package games

import (
	"fmt"
	"strconv"
	"sync"

	"shinpan/player"
	"shinpan/referee"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/store"
)

// Game is a game in memory: its store record and its referee, rebuilt by
// replaying the action log. Mu serialises the game's actions; CPUMu the
// CPU's decisions in it (taken before Mu).
type Game struct {
	Mu   sync.Mutex
	Meta store.Game
	G    *referee.Game
	// CPU holds the CPU playing each seat (nil: the player plays it).
	CPU   [2]*Seat
	CPUMu sync.Mutex
}

// Seat is a CPU playing one side of a game.
type Seat struct {
	P player.Player
}

// Observe shows each CPU seat what its player was told by an action.
func (lg *Game) Observe(evs []view.Event) {
	for c, cs := range lg.CPU {
		if cs != nil {
			cs.P.Observe(lg.G.View(view.ViewerOf(shogi.Color(c))), view.For(evs, view.AudienceOf(shogi.Color(c))))
		}
	}
}

// Key is the id a referee uses for a stored game (in mask commitments).
func Key(id store.GameID) string { return strconv.FormatUint(uint64(id), 10) }

// Rebuild replays a stored game's log through the referee.
func Rebuild(meta store.Game, entries []store.Entry) (*referee.Game, error) {
	g, err := referee.New(Key(meta.ID), meta.Variant, meta.StartSFEN, meta.Options.Options)
	if err != nil {
		return nil, fmt.Errorf("game %d: %w", meta.ID, err)
	}
	for _, e := range entries {
		if _, err := g.Apply(e.Action); err != nil {
			return nil, fmt.Errorf("game %d: replay of action %d (%s %q) refused: %w", meta.ID, e.Seq, e.Action.Kind, e.Action.Text, err)
		}
	}
	return g, nil
}

// SeatOf returns the colour user plays in the game, if any.
func SeatOf(meta store.Game, user string) (shogi.Color, bool) {
	switch user {
	case meta.Players[shogi.Black]:
		return shogi.Black, true
	case meta.Players[shogi.White]:
		return shogi.White, true
	}
	return 0, false
}

// UpdateMeta copies the referee's status into the game record.
func UpdateMeta(m *store.Game, g *referee.Game) {
	switch {
	case g.Over() && g.Result().Reason == view.ReasonAbort:
		m.Status = store.StatusAborted
		m.Result = g.Result()
	case g.Over():
		m.Status = store.StatusFinished
		m.Result = g.Result()
	case g.NeedsMasks():
		m.Status = store.StatusPendingMasks
	default:
		m.Status = store.StatusActive
	}
}

// BoardsBefore is what each audience saw before an action, for writing its
// move in their notation.
func BoardsBefore(g *referee.Game) [3]*shogi.Position {
	var before [3]*shogi.Position
	for c := range 2 {
		before[c], _ = g.PlayerBoard(shogi.Color(c))
	}
	pub := g.View(view.ViewerPublic)
	before[view.ToPublic] = view.PositionOf(&pub)
	return before
}
