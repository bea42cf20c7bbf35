package store

import "maps"

// Clone returns a copy of g that shares nothing with it (every pointer
// followed): changing one never changes the other (clone_test.go checks
// every field).
func (g Game) Clone() Game {
	c := g
	if g.CPU != nil {
		x := *g.CPU
		c.CPU = &x
	}
	if g.Tournament != nil {
		x := *g.Tournament
		c.Tournament = &x
	}
	if g.Result != nil {
		r := *g.Result
		if r.Winner != nil {
			w := *r.Winner
			r.Winner = &w
		}
		c.Result = &r
	}
	if g.Deadline != nil {
		d := *g.Deadline
		c.Deadline = &d
	}
	if g.Clocks != nil {
		x := *g.Clocks
		c.Clocks = &x
	}
	if g.DrawOffer != nil {
		d := *g.DrawOffer
		c.DrawOffer = &d
	}
	return c
}

// Clone returns a copy of s that shares nothing with it.
func (s Settings) Clone() Settings {
	c := s
	if s.Guild != nil {
		g := s.Guild.Clone()
		c.Guild = &g
	}
	return c
}

// Clone returns a copy of g that shares nothing with it.
func (g GuildSettings) Clone() GuildSettings {
	c := g
	if g.Defaults != nil {
		c.Defaults = make(map[string]map[string]int, len(g.Defaults))
		for k, v := range g.Defaults {
			c.Defaults[k] = maps.Clone(v)
		}
	}
	if g.WatchDelay != nil {
		d := *g.WatchDelay
		c.WatchDelay = &d
	}
	return c
}
