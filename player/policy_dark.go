package player

import (
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// The strong level's model of how a Dark opponent moves: a softmax over its
// pseudo-legal moves of a linear score of the move's features, as the mover
// sees them, with weights fitted to the moves of real games
// (policy_fit_test.go). The particle filter draws the opponent's unseen moves
// from it, so the better it predicts, the closer the particles stay to the
// true position (above all the enemy king's square).

// policyCtx is what the features need of a position, computed once for all
// its moves.
type policyCtx struct {
	them, me shogi.Color
	occ      shogi.Bitboard
	vis      shogi.Bitboard // the mover's sight
	ownKing  shogi.Square   // the mover's king
	ourKing  shogi.Square   // the player's king, where the position has it
	lastTo   shogi.Square   // where the player's last move landed (NoSquare: none)
	opening  bool
	inCheck  bool
}

func newPolicyCtx(p *shogi.Position, v view.Variant, lastTo shogi.Square) policyCtx {
	them := p.SideToMove()
	vis := p.Pieces(them) // Tsuitate: the mover sees only its own pieces
	if v == view.Dark {
		vis = view.DarkVisible(p, them)
	}
	return policyCtx{
		them:    them,
		me:      them.Opp(),
		occ:     p.Occupied(),
		vis:     vis,
		ownKing: p.KingSquare(them),
		ourKing: p.KingSquare(them.Opp()),
		lastTo:  lastTo,
		opening: p.MoveNumber() < 40,
		inCheck: p.InCheck(),
	}
}

// The features of a move. Values are scaled to about ±1.
const (
	fPsq           = iota // placement gain of a piece other than the king, /100
	fKingPsq              // the king's placement gain, /100
	fPromote              // a promotion
	fCapture              // value of the piece taken, /1000
	fTakeKing             // the enemy king taken
	fToSeenAtt            // the piece lands where an enemy piece it sees attacks, value/1000
	fToHidAtt             // the piece lands where an enemy piece it does not see attacks, value/1000
	fFromSeenAtt          // the piece leaves a square attacked by an enemy piece it sees, value/1000
	fToDefended           // the landing square is defended by another piece of the mover
	fKing                 // a king move
	fKingOpening          // a king move before move 40
	fDrop                 // a drop
	fDropAdvance          // a drop's rank, counted from the mover's side, /8
	fSlide                // squares crossed by a slide, /8
	fShot                 // the piece attacks the enemy king afterwards
	fAdvance              // ranks advanced, /8
	fNearOwnKing          // steps closer to its own king (non-king moves), /8
	fNearEnemyKing        // steps closer to the enemy king, /8
	fRecapture            // takes the piece the enemy just moved
	fCheckKing            // a king move out of check
	fPawn                 // the kind moved: pawn ... dragon (king: fKing)
	fLance
	fKnight
	fSilver
	fGoldLike
	fBishop
	fRook
	fHorse
	fDragon
	numPolicyFeatures
)

var policyFeatureNames = [numPolicyFeatures]string{
	"psq", "kingPsq", "promote", "capture", "takeKing", "toSeenAtt", "toHidAtt", "fromSeenAtt",
	"toDefended", "king", "kingOpening", "drop", "dropAdvance", "slide", "shot", "advance",
	"nearOwnKing", "nearEnemyKing", "recapture", "checkKing", "pawn", "lance", "knight", "silver", "goldLike", "bishop",
	"rook", "horse", "dragon",
}

func kindFeature(k shogi.Kind) int {
	switch k {
	case shogi.Pawn:
		return fPawn
	case shogi.Lance:
		return fLance
	case shogi.Knight:
		return fKnight
	case shogi.Silver:
		return fSilver
	case shogi.Gold, shogi.ProPawn, shogi.ProLance, shogi.ProKnight, shogi.ProSilver:
		return fGoldLike
	case shogi.Bishop:
		return fBishop
	case shogi.Rook:
		return fRook
	case shogi.Horse:
		return fHorse
	case shogi.Dragon:
		return fDragon
	}
	return fKing
}

// policyFeatures fills x with the features of the mover's move m in p.
func policyFeatures(p *shogi.Position, c *policyCtx, m shogi.Move, x *[numPolicyFeatures]float64) {
	*x = [numPolicyFeatures]float64{}
	to := m.To()
	occ := c.occ
	var k, after shogi.Kind
	if m.IsDrop() {
		k = m.DropKind()
		after = k
		x[fDrop] = 1
		x[fDropAdvance] = float64(advance(c.them, to)) / 8
		x[fPsq] = float64(psq(c.them, k, to)) / 100
	} else {
		from := m.From()
		k = p.At(from).Kind()
		after = k
		if m.IsPromotion() {
			after = k.Promoted()
			x[fPromote] = 1
		}
		occ = occ.AndNot(shogi.SquareBB(from))
		gain := float64(psq(c.them, after, to)-psq(c.them, k, from)) / 100
		if k == shogi.King {
			x[fKing] = 1
			x[fKingPsq] = gain
			if c.inCheck {
				x[fCheckKing] = 1
			}
			if c.opening {
				x[fKingOpening] = 1
			}
		} else {
			x[fPsq] = gain
			if c.ownKing != shogi.NoSquare {
				x[fNearOwnKing] = float64(int(dist[from][c.ownKing])-int(dist[to][c.ownKing])) / 8
			}
		}
		x[fAdvance] = float64(advance(c.them, to)-advance(c.them, from)) / 8
		x[fSlide] = float64(shogi.Between(from, to).Count()) / 8
		if t := p.At(to); t != shogi.NoPiece {
			if t.Kind() == shogi.King {
				x[fTakeKing] = 1
			} else {
				x[fCapture] = float64(pieceValue[t.Kind()]) / 1000
			}
			if to == c.lastTo {
				x[fRecapture] = 1
			}
		}
		if att := p.AttackersTo(from, c.me, c.occ); att.And(c.vis).Any() {
			x[fFromSeenAtt] = float64(valueOf(k, evalDark)) / 1000
		}
		if c.ourKing != shogi.NoSquare {
			x[fNearEnemyKing] = float64(int(dist[from][c.ourKing])-int(dist[to][c.ourKing])) / 8
		}
	}
	if k != shogi.King {
		x[kindFeature(after)] = 1
	}
	toOcc := occ.Or(shogi.SquareBB(to))
	moved := shogi.SquareBB(to)
	if !m.IsDrop() {
		moved = moved.Or(shogi.SquareBB(m.From()))
	}
	att := p.AttackersTo(to, c.me, toOcc).AndNot(moved)
	if att.Any() {
		v := float64(valueOf(after, evalDark)) / 1000
		if k == shogi.King {
			v = 1
		}
		if att.And(c.vis).Any() {
			x[fToSeenAtt] = v
		} else {
			x[fToHidAtt] = v
		}
	}
	if p.AttackersTo(to, c.them, toOcc).AndNot(moved).Any() {
		x[fToDefended] = 1
	}
	if c.ourKing != shogi.NoSquare && c.ourKing != to && shogi.Attacks(shogi.MakePiece(c.them, after), to, toOcc).Has(c.ourKing) {
		x[fShot] = 1
	}
}

// policyScore is the model's log-weight of m (before normalising).
func policyScore(p *shogi.Position, c *policyCtx, m shogi.Move, w *[numPolicyFeatures]float64) float64 {
	var x [numPolicyFeatures]float64
	policyFeatures(p, c, m, &x)
	s := 0.0
	for i, v := range x {
		s += v * w[i]
	}
	return s
}

// darkPolicy are the weights fitted by TestPolicyFit.
var darkPolicy = [numPolicyFeatures]float64{
	fPsq: -0.438, fKingPsq: 4.408, fPromote: 1.798, fCapture: 5.016, fTakeKing: 5.182,
	fToSeenAtt: -2.103, fToHidAtt: -1.687, fFromSeenAtt: 0.191, fToDefended: -0.005,
	fKing: 0.229, fKingOpening: 0.711, fDrop: -0.054, fDropAdvance: 1.647, fSlide: -2.622,
	fShot: 1.196, fAdvance: 2.196, fNearOwnKing: 2.487, fNearEnemyKing: 0.296, fRecapture: 2.548,
	fPawn: 0.139, fLance: -0.919, fKnight: 0.254, fSilver: -0.060, fGoldLike: -0.780,
	fBishop: 0.625, fRook: -0.618, fHorse: 0.090, fDragon: 1.085,
}

// tsuitatePolicy are the Tsuitate weights fitted by TestPolicyFit: 79
// games of strong against baseline at 50 ms.
var tsuitatePolicy = [numPolicyFeatures]float64{
	fPsq: 1.201, fKingPsq: 0.288, fPromote: 1.251, fCapture: 1.693,
	fToHidAtt: 0.390, fToDefended: 0.198, fKing: -1.206, fKingOpening: 1.119,
	fDrop: -4.076, fDropAdvance: 1.088, fSlide: -5.608, fShot: 1.210, fAdvance: 1.735,
	fNearOwnKing: 1.837, fNearEnemyKing: -0.340, fRecapture: 0.438, fCheckKing: 2.225,
	fPawn: 0.188, fLance: -0.442, fKnight: 0.352, fSilver: 0.239, fGoldLike: 0.418,
	fBishop: 0.247, fRook: -0.185, fHorse: -0.232, fDragon: 0.493,
}
