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
//
// A stored choice that does not parse (a level of a newer version read
// after a rollback, a database edited by hand) is logged at warn, and the
// seat plays at the configured level, as if the challenger had chosen
// none: the game goes on with its CPU moves (refusing the seat would stop
// a running game for good), and at the level the operator chose for the
// bot rather than the strongest, which the challenger may never have
// asked for. The configured level is checked when the configuration is
// read (bot.Config); should it not parse either, the seat plays Strong,
// ParseLevel's default, also with a warning.
func (d CPU) LevelOf(meta store.Game, c shogi.Color) player.Level {
	if ch := meta.CPU; ch != nil && ch.Level != "" && meta.Players[c] == store.CPU {
		l, err := player.ParseLevel(ch.Level)
		if err == nil {
			return l
		}
		conf := d.configured(meta, c)
		d.log().Warn("cpu: the game's stored level does not parse: the seat plays at the configured level",
			"game", meta.ID, "seat", c, "stored", ch.Level, "level", conf, "err", err)
		return conf
	}
	return d.configured(meta, c)
}

// configured is the configured level (Strong when it does not parse).
func (d CPU) configured(meta store.Game, c shogi.Color) player.Level {
	l, err := player.ParseLevel(d.Level)
	if err != nil {
		d.log().Warn("cpu: the configured level does not parse: the seat plays strong",
			"game", meta.ID, "seat", c, "configured", d.Level, "err", err)
		return player.Strong
	}
	return l
}

func (d CPU) log() *slog.Logger {
	if d.Log == nil {
		return slog.Default()
	}
	return d.Log
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
