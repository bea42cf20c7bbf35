package tournament

// Colours: Black is sente (moves first). A player's colour difference is
// their games as Black minus those as White.

const (
	black int8 = 1
	white int8 = -1
)

// colourState is a player's colours so far: the difference and the colour
// of each game played, in order (byes and forfeits have none).
type colourState struct {
	diff int
	hist []int8
}

// last is the colour of the last game (0: none yet).
func (c colourState) last() int8 {
	if len(c.hist) == 0 {
		return 0
	}
	return c.hist[len(c.hist)-1]
}

// pref is the colour the player should have next: the one that evens the
// difference, else the other than last time (0: none).
func (c colourState) pref() int8 {
	switch {
	case c.diff > 0:
		return white
	case c.diff < 0:
		return black
	}
	return -c.last()
}

// colourStates are every player's colours.
func (t *Tournament) colourStates() map[string]colourState {
	cs := map[string]colourState{}
	for _, p := range t.Pairings {
		if p.IsBye() || p.Forfeit {
			continue
		}
		b, w := cs[p.Black], cs[p.White]
		b.diff++
		b.hist = append(b.hist, black)
		w.diff--
		w.hist = append(w.hist, white)
		cs[p.Black], cs[p.White] = b, w
	}
	return cs
}

// colourOK reports whether a and b can meet with neither's difference
// going beyond ±1 (both +1, or both −1, cannot).
func colourOK(a, b colourState) bool {
	return !(a.diff > 0 && b.diff > 0 || a.diff < 0 && b.diff < 0)
}

// blackFirst reports whether a, the higher placed, gets Black against b:
// the lower difference gets Black; if equal, they take the other colours
// than in the last game where they had different ones; if none, a
// alternates from its last game (else b does), and with no games at all a
// is Black on odd boards (board is 0-based).
func blackFirst(a, b colourState, board int) bool {
	if a.diff != b.diff {
		return a.diff < b.diff
	}
	for i, j := len(a.hist)-1, len(b.hist)-1; i >= 0 && j >= 0; i, j = i-1, j-1 {
		if a.hist[i] != b.hist[j] {
			return a.hist[i] == white
		}
	}
	switch {
	case a.last() != 0:
		return a.last() == white
	case b.last() != 0:
		return b.last() == black
	}
	return board%2 == 0
}
