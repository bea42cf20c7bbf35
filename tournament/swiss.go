package tournament

import (
	"cmp"
	"slices"
)

// Swiss pairing, in the spirit of the Dutch system (FIDE C.04.3) with its
// absolute criteria made exact by a matching oracle:
//
//   - Colours stay within ±1 for everyone: two players who both need the
//     same colour never meet.
//   - Nobody has a second bye while someone has had none; the bye goes to
//     the lowest placed player (standings order) who can have it with the
//     rest paired without a repeat.
//   - No two players meet again if any pairing of the others avoids it.
//
// Only when no pairing meets these are repeats allowed (fewest first,
// greedily), and only when colours cannot be kept within ±1 either (players
// withdrew) is that relaxed too. Within those bounds the players are taken
// in order — score, then seed — and each is paired with the first of its
// preferences that leaves the others a perfect matching in the allowed
// graph (Edmonds' algorithm: matching.go): its own score group's lower half
// in order (S1 against S2, the Dutch way), those granting both colour
// preferences first, then its upper half from the bottom, then lower score
// groups in order (the player floats down). Boards follow the order of the
// higher placed player; the bye is listed last.

// Levels of what a pairing may break.
const (
	strict     = iota // no repeat, colours within ±1
	repeats           // repeats allowed
	anyColours        // colours beyond ±1 allowed too
)

type swissField struct {
	ids    []string // in pairing order
	score  []float64
	cs     []colourState
	byes   []int
	place  []int // standings position (0: first)
	n      int
	played []uint64 // bit a*n+b: a and b have met
}

func (f *swissField) met(a, b int) bool {
	k := a*f.n + b
	return f.played[k/64]&(1<<(k%64)) != 0
}

func (f *swissField) edge(level int) func(a, b int) bool {
	return func(a, b int) bool {
		if level < anyColours && !colourOK(f.cs[a], f.cs[b]) {
			return false
		}
		return level >= repeats || !f.met(a, b)
	}
}

// swissField gathers the active players in pairing order.
func (t *Tournament) swissField() *swissField {
	st := t.Standings()
	cs := t.colourStates()
	type row struct {
		Standing
		place int
	}
	var rows []row
	for i, s := range st {
		if s.State == Active {
			rows = append(rows, row{s, i})
		}
	}
	slices.SortStableFunc(rows, func(a, b row) int {
		if c := cmp.Compare(b.Points, a.Points); c != 0 {
			return c
		}
		return bySeed(Player{ID: a.Player, Seed: a.Seed}, Player{ID: b.Player, Seed: b.Seed})
	})
	n := len(rows)
	f := &swissField{n: n, played: make([]uint64, (n*n+63)/64)}
	at := make(map[string]int, n)
	for i, r := range rows {
		at[r.Player] = i
		f.ids = append(f.ids, r.Player)
		f.score = append(f.score, r.Points)
		f.cs = append(f.cs, cs[r.Player])
		f.byes = append(f.byes, r.Byes)
		f.place = append(f.place, r.place)
	}
	for _, p := range t.Pairings {
		a, oka := at[p.Black]
		b, okb := at[p.White]
		if oka && okb {
			for _, k := range []int{a*n + b, b*n + a} {
				f.played[k/64] |= 1 << (k % 64)
			}
		}
	}
	return f
}

// pairSwiss pairs the next round.
func (t *Tournament) pairSwiss() []Pairing {
	f := t.swissField()
	bye, level, m := f.chooseBye()
	pairs := f.greedy(m, level, bye)
	out := make([]Pairing, 0, len(pairs)+1)
	for i, pr := range pairs {
		a, b := pr[0], pr[1]
		if blackFirst(f.cs[a], f.cs[b], i) {
			out = append(out, Pairing{Black: f.ids[a], White: f.ids[b]})
		} else {
			out = append(out, Pairing{Black: f.ids[b], White: f.ids[a]})
		}
	}
	if bye >= 0 {
		out = append(out, Pairing{Black: f.ids[bye]})
	}
	return out
}

// chooseBye picks the bye (-1: an even field) and the strictest level at
// which the others can all be paired, with the matcher holding a perfect
// matching of them.
func (f *swissField) chooseBye() (bye, level int, m *matcher) {
	order := make([]int, f.n)
	for i := range order {
		order[i] = i
	}
	try := func(level, out int) *matcher {
		m := newMatcher(f.n, f.edge(level))
		if out >= 0 {
			m.alive[out] = false
		}
		m.seed(order)
		if m.perfect() {
			return m
		}
		return nil
	}
	if f.n%2 == 0 {
		for level := strict; ; level++ {
			if m := try(level, -1); m != nil {
				return -1, level, m
			}
		}
	}
	fewest := slices.Min(f.byes)
	var cands []int
	for i := range f.n {
		if f.byes[i] == fewest {
			cands = append(cands, i)
		}
	}
	slices.SortFunc(cands, func(a, b int) int { return cmp.Compare(f.place[b], f.place[a]) }) // lowest placed first
	for level := strict; ; level++ {
		for _, c := range cands {
			if m := try(level, c); m != nil {
				return c, level, m
			}
		}
	}
}

// greedy pairs the players in order, each with its most preferred opponent
// that keeps m perfect.
func (f *swissField) greedy(m *matcher, level, bye int) [][2]int {
	var rest []int
	for i := range f.n {
		if i != bye {
			rest = append(rest, i)
		}
	}
	var pairs [][2]int
	var cs []cand
	for len(rest) > 0 {
		p := rest[0]
		cs = f.candidates(cs[:0], p, rest[1:], level, m)
		q := -1
		// The best candidate almost always keeps m perfect: find it
		// without sorting the others.
		if len(cs) > 0 {
			best := slices.MinFunc(cs, cand.compare)
			if m.take(p, best.q) {
				q = best.q
			} else {
				slices.SortFunc(cs, cand.compare)
				for _, c := range cs[1:] {
					if m.take(p, c.q) {
						q = c.q
						break
					}
				}
			}
		}
		if q < 0 { // cannot happen: p's mate in m is among the candidates
			q = m.mate[p]
			m.alive[p], m.alive[q] = false, false
		}
		pairs = append(pairs, [2]int{p, q})
		rest = slices.DeleteFunc(rest, func(i int) bool { return i == p || i == q })
	}
	return pairs
}

// cand is a possible opponent with its sort key: what it breaks, the tier
// (0: S2, 1: S1, 2...: the score groups below), a missed colour
// preference, and its place within the tier.
type cand struct {
	q, bad, tier, miss, pos int
}

func (a cand) compare(b cand) int {
	return cmp.Or(cmp.Compare(a.bad, b.bad), cmp.Compare(a.tier, b.tier), cmp.Compare(a.miss, b.miss), cmp.Compare(a.pos, b.pos))
}

// candidates are p's possible opponents among rest (in pairing order),
// appended to cs.
func (f *swissField) candidates(cs []cand, p int, rest []int, level int, m *matcher) []cand {
	g := 0 // p's score group among rest: rest[:g]
	for g < len(rest) && f.score[rest[g]] == f.score[p] {
		g++
	}
	h := (g + 1) / 2 // p's half (S1) has h players, p first
	group := 2
	pp := f.cs[p].pref()
	for j, q := range rest {
		if j > g && f.score[q] != f.score[rest[j-1]] {
			group++
		}
		if !m.adj(p, q) {
			continue
		}
		c := cand{q: q}
		switch {
		case j < g && j >= h-1:
			c.tier, c.pos = 0, j
		case j < g:
			c.tier, c.pos = 1, h-2-j
		default:
			c.tier, c.pos = group, j
		}
		if level >= repeats && f.met(p, q) {
			c.bad++
		}
		if level >= anyColours && !colourOK(f.cs[p], f.cs[q]) {
			c.bad += 2
		}
		if pp != 0 && pp == f.cs[q].pref() {
			c.miss = 1
		}
		cs = append(cs, c)
	}
	return cs
}
