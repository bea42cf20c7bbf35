package shogi

// History records the positions of a game for sennichite (RULES.md §1): the key
// of each position, who made the move that reached it and whether that move gave
// check (for Masked shogi: attacked the opponent's mask).
type History struct {
	keys   []uint64
	movers []Color
	checks []bool
}

// NewHistory starts a history at the position with the given key.
func NewHistory(start uint64) *History {
	return &History{keys: []uint64{start}, movers: []Color{0}, checks: []bool{false}}
}

// Push records the position reached by a move of mover; check says whether the
// move gave check.
func (h *History) Push(key uint64, mover Color, check bool) {
	h.keys = append(h.keys, key)
	h.movers = append(h.movers, mover)
	h.checks = append(h.checks, check)
}

// Pop forgets the last Push.
func (h *History) Pop() {
	n := len(h.keys) - 1
	if n > 0 {
		h.keys, h.movers, h.checks = h.keys[:n], h.movers[:n], h.checks[:n]
	}
}

// Len returns the number of moves pushed.
func (h *History) Len() int { return len(h.keys) - 1 }

// Count returns how often the current (last) position has occurred.
func (h *History) Count() int {
	last := h.keys[len(h.keys)-1]
	n := 0
	for _, k := range h.keys {
		if k == last {
			n++
		}
	}
	return n
}

// Sennichite reports whether the current position has now occurred for the fourth
// time. If so and one side gave check with every one of its moves since the
// position's first occurrence (JSA rule: "the series of moves in which the same
// position appeared four times"), perpetual is true and loser is that side; if
// both did, or neither, it is a plain draw.
func (h *History) Sennichite() (fourfold, perpetual bool, loser Color) {
	if h.Count() < 4 {
		return false, false, Black
	}
	last := h.keys[len(h.keys)-1]
	first := 0
	for i, k := range h.keys {
		if k == last {
			first = i
			break
		}
	}
	var moved, allCheck [2]bool
	allCheck = [2]bool{true, true}
	for i := first + 1; i < len(h.keys); i++ {
		c := h.movers[i]
		moved[c] = true
		if !h.checks[i] {
			allCheck[c] = false
		}
	}
	b := moved[Black] && allCheck[Black]
	w := moved[White] && allCheck[White]
	switch {
	case b && !w:
		return true, true, Black
	case w && !b:
		return true, true, White
	}
	return true, false, Black
}

// Clone returns an independent copy.
func (h *History) Clone() *History {
	return &History{keys: append([]uint64(nil), h.keys...), movers: append([]Color(nil), h.movers...),
		checks: append([]bool(nil), h.checks...)}
}
