package shogi

import "fmt"

// ImpasseCode names why an impasse declaration is invalid.
type ImpasseCode uint8

const (
	ImpasseKingNotInCamp ImpasseCode = iota + 1 // the king is not in the enemy camp
	ImpasseInCheck                              // the king is in check
	ImpasseFewPieces                            // Have pieces besides the king in the camp, Need needed
	ImpasseFewPoints                            // Have points, Need needed
)

// ImpasseError says why an impasse declaration is invalid; Have and Need are
// the counts of ImpasseFewPieces and ImpasseFewPoints.
type ImpasseError struct {
	Code       ImpasseCode
	Have, Need int
}

func (e *ImpasseError) Error() string { return "the impasse declaration is not valid: " + e.Why() }

// Why returns the reason in English.
func (e *ImpasseError) Why() string {
	switch e.Code {
	case ImpasseKingNotInCamp:
		return "your king is not in the enemy camp"
	case ImpasseInCheck:
		return "your king is in check"
	case ImpasseFewPieces:
		return fmt.Sprintf("only %d of your pieces besides the king are in the enemy camp (%d needed)", e.Have, e.Need)
	}
	return fmt.Sprintf("you have %d points (%d needed)", e.Have, e.Need)
}

// ImpassePoints returns c's declaration points under the CSA 27-point rule: every
// piece of c in the enemy camp (the far three ranks) other than the king, plus
// every piece in c's hand, counts 5 for a rook or bishop (promoted or not) and 1
// otherwise. It also returns how many of c's pieces other than the king stand in
// the camp.
func (p *Position) ImpassePoints(c Color) (points, inCamp int) {
	camp := p.byColor[c].And(zoneBB[c])
	for camp.Any() {
		k := p.board[camp.Pop()].Kind()
		switch k.Unpromoted() {
		case King:
			continue
		case Bishop, Rook:
			points += 5
		default:
			points++
		}
		inCamp++
	}
	for _, k := range HandKinds {
		n := int(p.hands[c][k])
		if k == Bishop || k == Rook {
			points += 5 * n
		} else if k != King {
			points += n
		}
	}
	return points, inCamp
}

// CheckImpasse reports whether the side to move may declare impasse (jishogi) by
// the CSA 27-point rule (RULES.md §1; issue 2 item 5): its king stands in the enemy
// camp, it is not in check, at least 10 of its other pieces stand in the camp, and
// it has at least 28 points as Black or 27 as White. nil means the declaration wins.
func (p *Position) CheckImpasse() error {
	c := p.side
	ksq := p.KingSquare(c)
	if ksq == NoSquare || !ksq.InZone(c) {
		return &ImpasseError{Code: ImpasseKingNotInCamp}
	}
	if p.InCheck() {
		return &ImpasseError{Code: ImpasseInCheck}
	}
	points, inCamp := p.ImpassePoints(c)
	if inCamp < 10 {
		return &ImpasseError{Code: ImpasseFewPieces, Have: inCamp, Need: 10}
	}
	need := 28
	if c == White {
		need = 27
	}
	if points < need {
		return &ImpasseError{Code: ImpasseFewPoints, Have: points, Need: need}
	}
	return nil
}
