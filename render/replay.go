package render

import (
	"shinpan/referee"
	"shinpan/referee/shogi"
)

// ReplayFrames returns the frames of a finished game's animation: the whole
// board at the start and after each move (the move highlighted, both hands
// drawn), the last one held longer. With fouls, each foul attempt gets a frame
// of its own after the position it was tried in: the attempted move marked and
// the count gone up.
func ReplayFrames(steps []referee.Step, fouls bool) []GIFFrame {
	var out []GIFFrame
	for k, s := range steps {
		out = append(out, GIFFrame{View: s.True})
		if !fouls {
			continue
		}
		v := s.True
		if k == len(steps)-1 && v.Result != nil {
			continue // the final board already counts every foul
		}
		for _, f := range s.Fouls {
			if m, err := shogi.ParseUSI(f.Move); err == nil && m.To().Valid() {
				v.LastMove = m
			} else {
				v.LastMove = shogi.NoMove
			}
			if f.Player <= shogi.White {
				v.Fouls[f.Player]++
			}
			out = append(out, GIFFrame{View: v})
		}
	}
	return out
}
