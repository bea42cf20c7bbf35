package player

import (
	"time"

	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// searchMode is the rule set a search plays by.
type searchMode uint8

const (
	smLegal  searchMode = iota // Standard and Tsuitate on a full position: legal moves, no legal move loses
	smDark                     // pseudo-legal moves, the king is captured
	smMasked                   // pseudo-legal moves, masks are captured
)

const maxPly = 64

// aligned[s] is every square on a rank, file or diagonal through s (tables.go).

type ttEntry struct {
	key   uint64
	move  shogi.Move
	score int16
	depth int8
	flag  uint8
}

const (
	ttExact uint8 = iota + 1
	ttLower
	ttUpper
)

const ttBits = 17

// searcher is one goroutine's alpha-beta search: iterative deepening, a
// transposition table, killer and history move ordering, and a captures-only
// quiescence search (with check evasions in smLegal). Not safe for concurrent use.
type searcher struct {
	mode  searchMode
	eval  evalMode
	root  shogi.Color
	tt    []ttEntry
	nodes int64

	deadline time.Time
	stopped  bool
	noStop   bool // search to the given depth whatever the clock says

	killers [maxPly][2]shogi.Move
	history [2][shogi.NumSquares][shogi.NumSquares]int32
	bufs    [maxPly][shogi.MaxMoves]shogi.Move
	keys    [maxPly][shogi.MaxMoves]int32

	// Masked: the root side's mask, and for each square the probability (in
	// thousandths) that the enemy piece on it is the enemy mask.
	ownMask    shogi.Square
	maskAsKing bool
	maskProb   [shogi.NumSquares]int32
	maskGain   int32 // thousandths of a mask captured so far on this line, by the root side

	// margin: think scores exactly every root move within margin of the
	// best (the others stay upper bounds), for a mixed choice among them.
	margin int
}

func newSearcher(mode searchMode, root shogi.Color) *searcher {
	s := &searcher{mode: mode, root: root, tt: make([]ttEntry, 1<<ttBits), ownMask: shogi.NoSquare}
	switch mode {
	case smDark:
		s.eval = evalDark
	case smMasked:
		s.eval = evalMasked
	default:
		s.eval = evalLegal
	}
	return s
}

func (s *searcher) timeUp() bool {
	if s.stopped {
		return true
	}
	if s.noStop || s.nodes&1023 != 0 {
		return false
	}
	if time.Now().After(s.deadline) {
		s.stopped = true
	}
	return s.stopped
}

func (s *searcher) key(p *shogi.Position) uint64 {
	k := p.Key()
	if s.mode == smMasked && s.ownMask != shogi.NoSquare {
		k ^= uint64(s.ownMask+1) * 0x9e3779b97f4a7c15
	}
	return k
}

// blindWin is the value, in Dark, of attacking the enemy king with a piece the
// enemy cannot see: it does not know, so the king is most likely taken next.
const blindWin = 2500

// blindCheck reports, in Dark, whether the side to move's king is attacked by
// an enemy piece on a square that side does not see (a piece is in sight when
// one of the side's pieces reaches its square): the side does not know, so the
// king is most likely taken next. Either side: the enemy cannot see our
// pieces, and we cannot see the enemy's, whatever a particle shows.
func (s *searcher) blindCheck(p *shogi.Position) bool {
	if s.mode != smDark {
		return false
	}
	us := p.SideToMove()
	k := p.KingSquare(us)
	if k == shogi.NoSquare {
		return false
	}
	if theirs := p.KingSquare(us.Opp()); theirs != shogi.NoSquare && p.IsAttacked(theirs, us) {
		return false // the side to move sees the enemy king and takes it first
	}
	att := p.AttackersTo(k, us.Opp(), p.Occupied())
	for att.Any() {
		if !p.IsAttacked(att.Pop(), us) {
			return true
		}
	}
	return false
}

func (s *searcher) leafEval(p *shogi.Position) int {
	if s.blindCheck(p) {
		return s.rawEval(p) - blindWin
	}
	return s.rawEval(p)
}

// rawEval is the static value with the Masked mask gains, without the
// blind-check test.
func (s *searcher) rawEval(p *shogi.Position) int {
	v := evaluate(p, s.eval)
	if s.mode == smMasked && s.maskGain != 0 {
		g := int(s.maskGain) * maskValue / 1000
		if p.SideToMove() != s.root {
			g = -g
		}
		v += g
	}
	return v
}

// terminal reports whether the side to move wins at once by playing m (a king
// or sure mask capture) and, in Masked, whether m loses at once (the root
// side's mask taken by the opponent is a win for the opponent).
func (s *searcher) capturesWin(p *shogi.Position, m shogi.Move) bool {
	if m.IsDrop() {
		return false
	}
	t := p.At(m.To())
	if t == shogi.NoPiece {
		return false
	}
	switch s.mode {
	case smDark:
		return t.Kind() == shogi.King
	case smMasked:
		if p.SideToMove() == s.root {
			return s.maskProb[m.To()] >= 999
		}
		return m.To() == s.ownMask
	}
	return false
}

// masked bookkeeping around a move: the mask probabilities follow the
// opponent's pieces, the own mask follows its piece, and a capture by the root
// side banks the captured piece's mask probability.
type maskUndo struct {
	fromProb, toProb int32
	gain             int32
	ownMask          shogi.Square
}

func (s *searcher) maskMake(p *shogi.Position, m shogi.Move) maskUndo {
	u := maskUndo{gain: s.maskGain, ownMask: s.ownMask}
	to := m.To()
	u.toProb = s.maskProb[to]
	if p.SideToMove() == s.root {
		if !m.IsDrop() {
			if m.From() == s.ownMask {
				s.ownMask = to
			}
			if p.At(to) != shogi.NoPiece {
				s.maskGain += s.maskProb[to]
				s.maskProb[to] = 0
			}
		}
	} else if !m.IsDrop() {
		from := m.From()
		u.fromProb = s.maskProb[from]
		s.maskProb[to] = s.maskProb[from]
		s.maskProb[from] = 0
	}
	return u
}

func (s *searcher) maskUnmake(p *shogi.Position, m shogi.Move, u maskUndo) {
	// p is back to the position before m.
	to := m.To()
	if p.SideToMove() != s.root && !m.IsDrop() {
		s.maskProb[m.From()] = u.fromProb
	}
	s.maskProb[to] = u.toProb
	s.maskGain = u.gain
	s.ownMask = u.ownMask
}

// genMoves fills the ply's buffer with the moves of the side to move.
func (s *searcher) genMoves(p *shogi.Position, ply int) []shogi.Move {
	buf := s.bufs[ply][:0]
	if s.mode == smLegal {
		return p.LegalMoves(buf)
	}
	ms := p.PseudoMoves(buf)
	if s.mode == smMasked && s.maskAsKing && p.SideToMove() == s.root && s.ownMask != shogi.NoSquare {
		out := ms[:0]
		for _, m := range ms {
			if view.MaskSafe(p, m, s.ownMask) {
				out = append(out, m)
			}
		}
		ms = out
	}
	return ms
}

// genCaptures fills the ply's buffer with the side to move's captures
// (promoting where it may), legal ones only in smLegal.
func (s *searcher) genCaptures(p *shogi.Position, ply int) []shogi.Move {
	buf := s.bufs[ply][:0]
	us := p.SideToMove()
	own := p.Pieces(us)
	enemy := p.Pieces(us.Opp())
	occ := own.Or(enemy)
	for b := own; b.Any(); {
		from := b.Pop()
		pc := p.At(from)
		t := shogi.Attacks(pc, from, occ).And(enemy)
		if t.Empty() {
			continue
		}
		k := pc.Kind()
		for t.Any() {
			to := t.Pop()
			prom := k.CanPromote() && (from.InZone(us) || to.InZone(us))
			buf = append(buf, shogi.NewMove(from, to, prom))
		}
	}
	if s.mode == smLegal {
		ksq := p.KingSquare(us)
		if ksq != shogi.NoSquare {
			out := buf[:0]
			line := aligned[ksq]
			for _, m := range buf {
				if m.From() != ksq && !line.Has(m.From()) {
					out = append(out, m) // not pinnable, and we are not in check here
					continue
				}
				u := p.MakeMove(m)
				k := ksq
				if m.From() == ksq {
					k = m.To()
				}
				ok := !p.IsAttacked(k, us.Opp())
				p.UnmakeMove(m, u)
				if ok {
					out = append(out, m)
				}
			}
			buf = out
		}
	}
	return buf
}

// order sorts ms in place, best first: the hash move, winning captures by
// most valuable victim and least valuable attacker, promotions, killers, then
// by history.
func (s *searcher) order(p *shogi.Position, ms []shogi.Move, ply int, hashMove shogi.Move) {
	keys := s.keys[ply][:len(ms)]
	us := p.SideToMove()
	for i, m := range ms {
		var k int32
		switch {
		case m == hashMove:
			k = 1 << 30
		case !m.IsDrop() && p.At(m.To()) != shogi.NoPiece:
			v := int32(valueOf(p.At(m.To()).Kind(), s.eval))
			if s.mode == smMasked && us == s.root {
				v += s.maskProb[m.To()] * maskValue / 1000
			}
			k = 1<<26 + v*64 - int32(valueOf(p.At(m.From()).Kind(), s.eval)/16)
		case m.IsPromotion():
			k = 1 << 25
		case m == s.killers[ply][0]:
			k = 1<<24 + 1
		case m == s.killers[ply][1]:
			k = 1 << 24
		default:
			from := m.From()
			if m.IsDrop() {
				from = shogi.Square(80 - int(m.DropKind())) // spread drops over a few rows of the table
			}
			k = s.history[us][from][m.To()]
			if k >= 1<<24 {
				k = 1<<24 - 1
			}
		}
		keys[i] = k
	}
	// Insertion sort (short lists, mostly sorted already).
	for i := 1; i < len(ms); i++ {
		m, k := ms[i], keys[i]
		j := i
		for ; j > 0 && keys[j-1] < k; j-- {
			ms[j], keys[j] = ms[j-1], keys[j-1]
		}
		ms[j], keys[j] = m, k
	}
}

func scoreToTT(v, ply int) int16 {
	if v > winBound {
		v += ply
	} else if v < -winBound {
		v -= ply
	}
	return int16(v)
}

func scoreFromTT(v int16, ply int) int {
	x := int(v)
	if x > winBound {
		x -= ply
	} else if x < -winBound {
		x += ply
	}
	return x
}

// negamax returns the score of p for the side to move searched to depth plies
// with a window (alpha, beta). When the clock stops the search the result is
// meaningless; callers check s.stopped.
func (s *searcher) negamax(p *shogi.Position, depth, alpha, beta, ply int) int {
	if depth <= 0 || ply >= maxPly-2 {
		return s.qsearch(p, alpha, beta, ply)
	}
	s.nodes++
	if s.timeUp() {
		return 0
	}
	if s.blindCheck(p) {
		return s.rawEval(p) - blindWin
	}
	key := s.key(p)
	e := &s.tt[key&(1<<ttBits-1)]
	hashMove := shogi.NoMove
	if e.key == key {
		hashMove = e.move
		if int(e.depth) >= depth && ply > 0 {
			v := scoreFromTT(e.score, ply)
			switch {
			case e.flag == ttExact,
				e.flag == ttLower && v >= beta,
				e.flag == ttUpper && v <= alpha:
				return v
			}
		}
	}
	ms := s.genMoves(p, ply)
	if len(ms) == 0 {
		return -(scoreWin - ply) // no legal move loses (mate, stalemate)
	}
	for _, m := range ms {
		if s.capturesWin(p, m) {
			return scoreWin - ply - 1
		}
	}
	s.order(p, ms, ply, hashMove)
	best, bestMove := -scoreInf, shogi.NoMove
	origAlpha := alpha
	for i, m := range ms {
		var mu maskUndo
		if s.mode == smMasked {
			mu = s.maskMake(p, m)
		}
		u := p.MakeMove(m)
		var v int
		if i == 0 {
			v = -s.negamax(p, depth-1, -beta, -alpha, ply+1)
		} else {
			v = -s.negamax(p, depth-1, -alpha-1, -alpha, ply+1)
			if v > alpha && v < beta {
				v = -s.negamax(p, depth-1, -beta, -alpha, ply+1)
			}
		}
		p.UnmakeMove(m, u)
		if s.mode == smMasked {
			s.maskUnmake(p, m, mu)
		}
		if s.stopped {
			return 0
		}
		if v > best {
			best, bestMove = v, m
			if v > alpha {
				alpha = v
				if v >= beta {
					if m.IsDrop() || p.At(m.To()) == shogi.NoPiece {
						if s.killers[ply][0] != m {
							s.killers[ply][1] = s.killers[ply][0]
							s.killers[ply][0] = m
						}
						from := m.From()
						if m.IsDrop() {
							from = shogi.Square(80 - int(m.DropKind()))
						}
						h := &s.history[p.SideToMove()][from][m.To()]
						*h += int32(depth * depth)
						if *h > 1<<22 {
							for c := range s.history {
								for a := range s.history[c] {
									for b := range s.history[c][a] {
										s.history[c][a][b] /= 2
									}
								}
							}
						}
					}
					break
				}
			}
		}
	}
	flag := ttExact
	switch {
	case best <= origAlpha:
		flag = ttUpper
	case best >= beta:
		flag = ttLower
	}
	*e = ttEntry{key: key, move: bestMove, score: scoreToTT(best, ply), depth: int8(depth), flag: flag}
	return best
}

// qsearch searches captures only (all evasions when in check in smLegal).
func (s *searcher) qsearch(p *shogi.Position, alpha, beta, ply int) int {
	s.nodes++
	if s.timeUp() {
		return 0
	}
	if s.blindCheck(p) {
		return s.rawEval(p) - blindWin
	}
	inCheck := s.mode == smLegal && p.InCheck()
	var ms []shogi.Move
	best := -scoreInf
	if inCheck {
		ms = p.LegalMoves(s.bufs[ply][:0])
		if len(ms) == 0 {
			return -(scoreWin - ply)
		}
		if ply >= maxPly-2 {
			return s.leafEval(p)
		}
	} else {
		stand := s.leafEval(p)
		if stand >= beta || ply >= maxPly-2 {
			return stand
		}
		if stand > alpha {
			alpha = stand
		}
		best = stand
		ms = s.genCaptures(p, ply)
	}
	for _, m := range ms {
		if s.capturesWin(p, m) {
			return scoreWin - ply - 1
		}
	}
	s.order(p, ms, ply, shogi.NoMove)
	for _, m := range ms {
		if !inCheck && best > -winBound {
			// Delta pruning: even the victim cannot lift the score to alpha.
			gain := valueOf(p.At(m.To()).Kind(), s.eval) + 250
			if m.IsPromotion() {
				gain += 500
			}
			if s.mode == smMasked && p.SideToMove() == s.root {
				gain += int(s.maskProb[m.To()]) * maskValue / 1000
			}
			if best+gain <= alpha {
				continue
			}
		}
		var mu maskUndo
		if s.mode == smMasked {
			mu = s.maskMake(p, m)
		}
		u := p.MakeMove(m)
		v := -s.qsearch(p, -beta, -alpha, ply+1)
		p.UnmakeMove(m, u)
		if s.mode == smMasked {
			s.maskUnmake(p, m, mu)
		}
		if s.stopped {
			return 0
		}
		if v > best {
			best = v
			if v > alpha {
				alpha = v
				if v >= beta {
					break
				}
			}
		}
	}
	return best
}

// rootResult is one root move's score at the deepest finished iteration.
type rootResult struct {
	move  shogi.Move
	score int
}

// think runs iterative deepening on p over the given root moves until the
// deadline or maxDepth and returns, for each completed depth (index 0 is depth
// 1), the root moves with their scores, best first. With no root moves given it
// searches all of them. Scores of moves other than the best are upper bounds,
// but for those within s.margin of the best, which are exact.
func (s *searcher) think(p *shogi.Position, root []shogi.Move, maxDepth int, deadline time.Time) [][]rootResult {
	s.deadline = deadline
	s.stopped = false
	if root == nil {
		root = append([]shogi.Move(nil), s.genMoves(p, 0)...)
	}
	res := make([]rootResult, len(root))
	for i, m := range root {
		res[i] = rootResult{move: m, score: -scoreInf}
	}
	var out [][]rootResult
	if len(res) == 0 {
		return out
	}
	for depth := 1; depth <= maxDepth; depth++ {
		cur := make([]rootResult, len(res))
		copy(cur, res)
		s.noStop = depth == 1 // always finish the first iteration
		alpha := -scoreInf
		for i := range cur {
			m := cur[i].move
			if s.capturesWin(p, m) {
				cur[i].score = scoreWin - 1
				alpha = max(alpha, cur[i].score)
				continue
			}
			var mu maskUndo
			if s.mode == smMasked {
				mu = s.maskMake(p, m)
			}
			u := p.MakeMove(m)
			var v int
			if i == 0 {
				v = -s.negamax(p, depth-1, -scoreInf, scoreInf, 1)
			} else {
				t := max(alpha-s.margin, -scoreInf+1)
				v = -s.negamax(p, depth-1, -t-1, -t, 1)
				if v > t && !s.stopped {
					v = -s.negamax(p, depth-1, -scoreInf, -t, 1)
				}
			}
			p.UnmakeMove(m, u)
			if s.mode == smMasked {
				s.maskUnmake(p, m, mu)
			}
			if s.stopped {
				break
			}
			if t := alpha - s.margin; i > 0 && v <= t {
				v = min(v, t-1) // an upper bound: below the best
			}
			cur[i].score = v
			alpha = max(alpha, v)
		}
		s.noStop = false
		if s.stopped {
			break
		}
		sortRoot(cur)
		res = cur
		out = append(out, cur)
		if res[0].score > winBound || res[0].score < -winBound && depth > 2 {
			break
		}
	}
	return out
}

// parallelThink splits the root moves over threads searchers (made by mk),
// each deepening on its share, and merges the results of the deepest depth all
// of them completed. It returns the moves best first and that depth.
func parallelThink(p *shogi.Position, root []shogi.Move, threads, maxDepth int, deadline time.Time, mk func(i int) *searcher) ([]rootResult, int) {
	if threads > len(root) {
		threads = len(root)
	}
	if threads <= 1 {
		byDepth := mk(0).think(p.Clone(), root, maxDepth, deadline)
		if len(byDepth) == 0 {
			return nil, 0
		}
		return byDepth[len(byDepth)-1], len(byDepth)
	}
	// Order the moves cheaply so each share gets good and bad ones alike.
	s0 := mk(0)
	ordered := append([]shogi.Move(nil), root...)
	s0.order(p, ordered, 0, shogi.NoMove)
	shares := make([][]shogi.Move, threads)
	for i, m := range ordered {
		shares[i%threads] = append(shares[i%threads], m)
	}
	results := make([][][]rootResult, threads)
	done := make(chan struct{}, threads)
	ss := []*searcher{s0}
	for t := 1; t < threads; t++ {
		ss = append(ss, mk(t))
	}
	for t := 0; t < threads; t++ {
		go func(t int) {
			results[t] = ss[t].think(p.Clone(), shares[t], maxDepth, deadline)
			done <- struct{}{}
		}(t)
	}
	for range threads {
		<-done
	}
	depth := maxDepth
	for _, r := range results {
		depth = min(depth, len(r))
	}
	if depth == 0 {
		return nil, 0
	}
	var merged []rootResult
	for _, r := range results {
		merged = append(merged, r[depth-1]...)
	}
	sortRoot(merged)
	return merged, depth
}

func sortRoot(r []rootResult) {
	for i := 1; i < len(r); i++ {
		x := r[i]
		j := i
		for ; j > 0 && r[j-1].score < x.score; j-- {
			r[j] = r[j-1]
		}
		r[j] = x
	}
}
