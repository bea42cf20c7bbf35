package player

import "shinpan/referee/shogi"

// Scores are in centipawns from the side to move's point of view.
const (
	scoreWin  = 30000 // a won game (mate, king or mask captured) at the root
	scoreInf  = 32000
	winBound  = scoreWin - 1000 // scores beyond this are wins or losses
	maskValue = 4000            // value of capturing a piece that is surely the enemy mask, when it does not end the search
)

// pieceValue is the material value of a piece on the board. The king's is 0:
// in Standard and Tsuitate it is never captured, in Dark its capture ends the
// game; Masked gives it kingValueMasked.
var pieceValue = [shogi.NumKinds]int{
	shogi.Pawn: 100, shogi.Lance: 300, shogi.Knight: 350, shogi.Silver: 500, shogi.Gold: 560,
	shogi.Bishop: 800, shogi.Rook: 950,
	shogi.ProPawn: 540, shogi.ProLance: 540, shogi.ProKnight: 540, shogi.ProSilver: 550,
	shogi.Horse: 1100, shogi.Dragon: 1300,
}

// handValue is the value of a piece in hand (a little more than on the board:
// it can be dropped anywhere).
var handValue = [shogi.King + 1]int{
	shogi.Pawn: 110, shogi.Lance: 320, shogi.Knight: 380, shogi.Silver: 560, shogi.Gold: 620,
	shogi.Bishop: 880, shogi.Rook: 1050, shogi.King: 700,
}

const kingValueMasked = 700

// advance returns how far s is from c's back rank: 0 on it, 8 on the far rank.
func advance(c shogi.Color, s shogi.Square) int { return 9 - s.RelRank(c) }

// psqTab caches psqCalc.
var psqTab [2][shogi.NumKinds][shogi.NumSquares]int16

// dist is the king-step distance between two squares.
var dist [shogi.NumSquares][shogi.NumSquares]int8

func init() {
	for c := shogi.Black; c <= shogi.White; c++ {
		for k := shogi.Kind(1); k < shogi.NumKinds; k++ {
			for s := shogi.Square(0); s < shogi.NumSquares; s++ {
				psqTab[c][k][s] = int16(psqCalc(c, k, s))
			}
		}
	}
	for a := shogi.Square(0); a < shogi.NumSquares; a++ {
		for b := shogi.Square(0); b < shogi.NumSquares; b++ {
			dist[a][b] = int8(max(abs(a.File()-b.File()), abs(a.Rank()-b.Rank())))
		}
	}
}

// psq is the positional bonus of c's piece of kind k on s.
func psq(c shogi.Color, k shogi.Kind, s shogi.Square) int { return int(psqTab[c][k][s]) }

func psqCalc(c shogi.Color, k shogi.Kind, s shogi.Square) int {
	a := advance(c, s)
	f := s.File()
	center := 4 - abs(f-5) // 0 at the edge, 4 in the centre
	switch k {
	case shogi.Pawn:
		if a >= 6 {
			return 40
		}
		return a * 6
	case shogi.Lance:
		return a * 2
	case shogi.Knight:
		if a >= 7 {
			return -40 // cannot move on
		}
		return a*6 + center*2
	case shogi.Silver:
		return min(a, 5)*8 + center*3
	case shogi.Gold, shogi.ProPawn, shogi.ProLance, shogi.ProKnight, shogi.ProSilver:
		return min(a, 5)*6 + center*3
	case shogi.Bishop, shogi.Rook:
		return 0
	case shogi.Horse, shogi.Dragon:
		return center * 4
	case shogi.King:
		if a <= 1 {
			return castleFile[f] - kingAdvance[a]
		}
		return -kingAdvance[a]
	}
	return 0
}

var kingAdvance = [9]int{0, 5, 40, 90, 140, 180, 200, 210, 220}

// castleFile is the king's bonus by file on its first two ranks: away from
// the centre, where the attack comes, but not in the corner.
var castleFile = [10]int{0, 10, 30, 25, 10, 0, 10, 25, 30, 10}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// evalMode selects the parts of the evaluation that depend on the variant.
type evalMode uint8

const (
	evalLegal  evalMode = iota // Standard, Tsuitate: the king is royal
	evalDark                   // the king is captured: its safety counts double
	evalMasked                 // the king is an ordinary piece
)

// kingZone[s] is the king's neighbourhood on s: the squares around it.
var kingZone [shogi.NumSquares]shogi.Bitboard

func init() {
	for s := shogi.Square(0); s < shogi.NumSquares; s++ {
		kingZone[s] = shogi.Attacks(shogi.MakePiece(shogi.Black, shogi.King), s, shogi.Bitboard{})
	}
}

// attackWeight is how much a piece attacking the enemy king's zone counts.
var attackWeight = [shogi.NumKinds]int{
	shogi.Pawn: 1, shogi.Lance: 2, shogi.Knight: 2, shogi.Silver: 3, shogi.Gold: 3,
	shogi.Bishop: 3, shogi.Rook: 4, shogi.King: 0,
	shogi.ProPawn: 3, shogi.ProLance: 3, shogi.ProKnight: 3, shogi.ProSilver: 3,
	shogi.Horse: 5, shogi.Dragon: 6,
}

// dropThreat is, in Dark, the danger of one unseen square from which a piece
// of this kind dropped by the enemy would attack the king.
var dropThreat = [shogi.NumKinds]int{shogi.Knight: 250, shogi.Lance: 80, shogi.Bishop: 40, shogi.Rook: 40}

// handAttack is how much a piece in hand adds to an attack on the king.
var handAttack = [shogi.King + 1]int{shogi.Pawn: 1, shogi.Lance: 1, shogi.Knight: 2, shogi.Silver: 3, shogi.Gold: 4, shogi.Bishop: 3, shogi.Rook: 5}

// evaluate returns the static score of p for the side to move: material, piece
// placement, slider mobility and king safety (king safety outside Masked).
func evaluate(p *shogi.Position, mode evalMode) int {
	var score [2]int
	var zoneAtt [2]int // weighted attacks on the enemy king's zone, by attacker
	var zoneCnt [2]int
	var ksq [2]shogi.Square
	var zone [2]shogi.Bitboard
	var sight [2]shogi.Bitboard // Dark: the squares each side sees
	for c := shogi.Black; c <= shogi.White; c++ {
		ksq[c] = p.KingSquare(c)
		if ksq[c] != shogi.NoSquare {
			zone[c] = kingZone[ksq[c]]
		}
	}
	occ := p.Occupied()
	for c := shogi.Black; c <= shogi.White; c++ {
		own := p.Pieces(c)
		ez := zone[c.Opp()]
		b := own
		for b.Any() {
			s := b.Pop()
			pc := p.At(s)
			k := pc.Kind()
			v := pieceValue[k]
			if k == shogi.King && mode == evalMasked {
				v = kingValueMasked
			}
			score[c] += v + psq(c, k, s)
			if mode == evalMasked && k == shogi.King {
				continue
			}
			var att shogi.Bitboard
			switch k {
			case shogi.Rook, shogi.Bishop, shogi.Horse, shogi.Dragon:
				att = shogi.Attacks(pc, s, occ)
				score[c] += 3 * att.AndNot(own).Count()
				sight[c] = sight[c].Or(att)
			case shogi.Lance:
				att = shogi.Attacks(pc, s, occ)
				score[c] += att.AndNot(own).Count()
				sight[c] = sight[c].Or(att)
			default:
				if mode == evalDark {
					// Sight: every square a piece reaches is seen.
					att = shogi.Attacks(pc, s, occ)
					score[c] += 4 * att.AndNot(own).Count()
					sight[c] = sight[c].Or(att)
					break
				}
				if ez.Empty() || dist[s][ksq[c.Opp()]] > 3 {
					continue
				}
				att = shogi.Attacks(pc, s, occ)
			}
			if mode != evalMasked && ez.Any() && att.And(ez).Any() {
				zoneAtt[c] += attackWeight[k] * (1 + att.And(ez).Count()) / 2
				zoneCnt[c]++
			}
		}
		h := p.Hand(c)
		for k := shogi.Pawn; k <= shogi.King; k++ {
			if n := int(h[k]); n > 0 {
				if mode == evalDark {
					// A piece in hand sees nothing: on the board it is worth more.
					score[c] += n * pieceValue[k] * 3 / 4
				} else {
					score[c] += n * handValue[k]
				}
				if mode != evalMasked && k != shogi.King {
					zoneAtt[c] += min(n, 2) * handAttack[k]
				}
			}
		}
	}
	if mode != evalMasked {
		for c := shogi.Black; c <= shogi.White; c++ {
			if ksq[c.Opp()] == shogi.NoSquare {
				continue
			}
			defenders := zone[c.Opp()].And(p.Pieces(c.Opp())).Count()
			// A king walled in by its own pieces can be checked only by a
			// capture, a knight or a slider: fewer surprises in the hidden
			// variants.
			score[c.Opp()] += 15 * defenders
			danger := zoneAtt[c] * (zoneCnt[c] + 1)
			danger -= defenders * 4
			if danger > 0 {
				d := danger * danger / 6
				if d > 1200 {
					d = 1200
				}
				if mode == evalDark {
					d = d * 3 / 2
				}
				score[c] += d
			}
		}
	}
	if mode == evalDark {
		// A king is lost when an enemy piece reaches it unseen: count the
		// empty squares out of its side's sight from which a piece the enemy
		// holds in hand, once dropped, would attack it.
		for c := shogi.Black; c <= shogi.White; c++ {
			if ksq[c] == shogi.NoSquare {
				continue
			}
			blind := occ.Or(sight[c]).Or(p.Pieces(c)).Not()
			h := p.Hand(c.Opp())
			exposed := 0
			for _, k := range [...]shogi.Kind{shogi.Knight, shogi.Lance, shogi.Bishop, shogi.Rook} {
				if h[k] == 0 {
					continue
				}
				// An enemy k on t attacks the king iff a k of ours on the
				// king's square attacks t.
				from := shogi.Attacks(shogi.MakePiece(c, k), ksq[c], occ).And(blind)
				exposed += from.Count() * dropThreat[k]
			}
			score[c] -= min(exposed, 1500)
		}
	}
	s := score[shogi.Black] - score[shogi.White]
	if p.SideToMove() == shogi.White {
		s = -s
	}
	return s + 20 // the side to move's tempo
}

// valueOf returns the material value of a piece for exchanges and captures.
func valueOf(k shogi.Kind, mode evalMode) int {
	if k == shogi.King {
		if mode == evalMasked {
			return kingValueMasked
		}
		return 5000
	}
	return pieceValue[k]
}
