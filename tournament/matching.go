package tournament

// matcher keeps a maximum matching of a general graph (Edmonds' blossom
// algorithm, the BFS form with bases and an LCA) whose vertices can be taken
// out one by one. The Swiss pairing uses it as an oracle: a pair is taken
// only if the players left still have a perfect matching, so pairing greedily
// by preference never paints itself into a corner.
type matcher struct {
	n     int
	edge  func(a, b int) bool // symmetric; never called with a == b
	alive []bool
	mate  []int

	parent, base []int
	even, inBl   []bool
	queue        []int
	mark         []int // LCA marks, by stamp
	stamp        int
}

func newMatcher(n int, edge func(a, b int) bool) *matcher {
	m := &matcher{n: n, edge: edge, alive: make([]bool, n), mate: make([]int, n),
		parent: make([]int, n), base: make([]int, n), even: make([]bool, n), inBl: make([]bool, n),
		queue: make([]int, 0, n), mark: make([]int, n)}
	for i := range n {
		m.alive[i], m.mate[i] = true, -1
	}
	return m
}

func (m *matcher) adj(a, b int) bool { return a != b && m.alive[b] && m.edge(a, b) }

// seed matches greedily along order (each with the first free neighbour
// after it): a start close to what the pairing will take.
func (m *matcher) seed(order []int) {
	for i, a := range order {
		if !m.alive[a] || m.mate[a] >= 0 {
			continue
		}
		for _, b := range order[i+1:] {
			if m.mate[b] < 0 && m.adj(a, b) {
				m.mate[a], m.mate[b] = b, a
				break
			}
		}
	}
}

// perfect augments the matching to a maximum one and reports whether it
// covers every live vertex. It stops at the first vertex left uncovered: a
// vertex with no augmenting path never gets one later.
func (m *matcher) perfect() bool {
	for v := range m.n {
		if m.alive[v] && m.mate[v] < 0 && !m.augment(v) {
			return false
		}
	}
	return true
}

// take removes a and b as a pair if the other live vertices still have a
// perfect matching (the matching must be perfect), and reports whether it
// did; otherwise nothing changes.
func (m *matcher) take(a, b int) bool {
	if !m.adj(a, b) {
		return false
	}
	ma, mb := m.mate[a], m.mate[b]
	m.alive[a], m.alive[b] = false, false
	if ma == b {
		return true
	}
	if m.adj(ma, mb) { // the partners left alone may pair up: the common case
		m.mate[a], m.mate[b], m.mate[ma], m.mate[mb] = b, a, mb, ma
		return true
	}
	m.mate[ma], m.mate[mb] = -1, -1
	if m.augment(ma) { // the only uncovered vertices are ma and mb
		m.mate[a], m.mate[b] = b, a
		return true
	}
	m.mate[ma], m.mate[mb] = a, b
	m.alive[a], m.alive[b] = true, true
	return false
}

// augment looks for an augmenting path from root and flips it.
func (m *matcher) augment(root int) bool {
	v := m.findPath(root)
	if v < 0 {
		return false
	}
	for v >= 0 {
		pv := m.parent[v]
		ppv := m.mate[pv]
		m.mate[v], m.mate[pv] = pv, v
		v = ppv
	}
	return true
}

func (m *matcher) findPath(root int) int {
	for i := range m.n {
		m.parent[i], m.base[i], m.even[i] = -1, i, false
	}
	m.even[root] = true
	q := append(m.queue[:0], root)
	for h := 0; h < len(q); h++ {
		v := q[h]
		for to := range m.n {
			if m.base[v] == m.base[to] || m.mate[v] == to || !m.adj(v, to) {
				continue
			}
			if to == root || m.mate[to] >= 0 && m.parent[m.mate[to]] >= 0 {
				cur := m.lca(v, to)
				for i := range m.n {
					m.inBl[i] = false
				}
				m.markPath(v, cur, to)
				m.markPath(to, cur, v)
				for i := range m.n {
					if m.inBl[m.base[i]] {
						m.base[i] = cur
						if !m.even[i] {
							m.even[i] = true
							q = append(q, i)
						}
					}
				}
			} else if m.parent[to] < 0 {
				m.parent[to] = v
				if m.mate[to] < 0 {
					m.queue = q
					return to
				}
				m.even[m.mate[to]] = true
				q = append(q, m.mate[to])
			}
		}
	}
	m.queue = q
	return -1
}

func (m *matcher) lca(a, b int) int {
	m.stamp++
	for {
		a = m.base[a]
		m.mark[a] = m.stamp
		if m.mate[a] < 0 {
			break
		}
		a = m.parent[m.mate[a]]
	}
	for {
		b = m.base[b]
		if m.mark[b] == m.stamp {
			return b
		}
		b = m.parent[m.mate[b]]
	}
}

func (m *matcher) markPath(v, b, child int) {
	for m.base[v] != b {
		m.inBl[m.base[v]], m.inBl[m.base[m.mate[v]]] = true, true
		m.parent[v] = child
		child = m.mate[v]
		v = m.parent[m.mate[v]]
	}
}
