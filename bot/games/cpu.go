package games

import (
	"log/slog"
	"time"

	"shinpan/player"
	"shinpan/referee"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/store"
)

// CPU is the configuration of the CPU's seats: its level and think time per
// move unless the challenger chose them.
type CPU struct {
	Level      string
	MoveMillis int
	Log        *slog.Logger
}

// LevelOf is the level the CPU plays seat c at: the challenger's choice for
// the bot's own seat, else the configured one.
func (d CPU) LevelOf(meta store.Game, c shogi.Color) player.Level {
	name := d.Level
	if ch := meta.CPU; ch != nil && ch.Level != "" && meta.Players[c] == store.CPU {
		name = ch.Level
	}
	l, err := player.ParseLevel(name)
	if err != nil {
		return player.Strong
	}
	return l
}

// MoveTime is the think time per move of seat c: the challenger's choice
// for the bot's own seat, else the configured one; within the game's turn
// limit or clock (policy.Options.MoveBudget).
func (cpu CPU) MoveTime(meta store.Game, c shogi.Color) time.Duration {
	d := time.Second
	if cpu.MoveMillis > 0 {
		d = time.Duration(cpu.MoveMillis) * time.Millisecond
	}
	if ch := meta.CPU; ch != nil && ch.MoveMillis > 0 && meta.Players[c] == store.CPU {
		d = time.Duration(ch.MoveMillis) * time.Millisecond
	}
	if budget := meta.Options.MoveBudget(); budget > 0 {
		d = min(d, budget)
	}
	return d
}

// NewSeat builds a CPU for seat c that has seen the game so far: it replays the
// log through a fresh referee, showing the seat only its own view and events.
func (d CPU) NewSeat(meta store.Game, entries []store.Entry, c shogi.Color) (*Seat, error) {
	p, err := player.New(player.Config{Level: d.LevelOf(meta, c), Variant: meta.Variant, Color: c,
		MaskAsKing: meta.Options.MaskAsKing, KingVisible: meta.Options.KingVisible, MoveTime: d.MoveTime(meta, c), Seed: SecretSeed()})
	if err != nil {
		return nil, err
	}
	g, err := referee.New(Key(meta.ID), meta.Variant, meta.StartSFEN, meta.Options.Options)
	if err != nil {
		return nil, err
	}
	p.Observe(g.View(view.ViewerOf(c)), nil)
	for _, e := range entries {
		evs, err := g.Apply(e.Action)
		if err != nil {
			return nil, err
		}
		p.Observe(g.View(view.ViewerOf(c)), view.For(evs, view.AudienceOf(c)))
	}
	return &Seat{P: p}, nil
}

// Seats sets up the CPUs of a game just loaded: the CPU's own seats and
// the seats of away players.
func (d CPU) Seats(lg *Game, entries []store.Entry) {
	for c, u := range lg.Meta.Players {
		if u == store.CPU || lg.Meta.Away[c].CPU {
			cs, err := d.NewSeat(lg.Meta, entries, shogi.Color(c))
			if err != nil {
				d.Log.Error("cpu seat", "game", lg.Meta.ID, "err", err)
				continue
			}
			lg.CPU[c] = cs
		}
	}
}
