package player

import (
	"context"

	"shinpan/referee/shogi"
)

// randomPlayer plays uniformly over the moves its own view allows, skipping the
// ones already tried this turn.
type randomPlayer struct{ *base }

func (r *randomPlayer) Act(ctx context.Context) Action {
	if r.needsMask() {
		return r.maskAction(randomMask(r.base))
	}
	_, cands := knownBoard(&r.v, r.me, r.cfg.MaskAsKing)
	cands = r.untried(cands)
	if len(cands) == 0 {
		return r.moveAction(shogi.NoMove)
	}
	return r.moveAction(cands[r.rng.Intn(len(cands))])
}

// randomMask picks any own piece but the king.
func randomMask(b *base) shogi.Square {
	var squares []shogi.Square
	for s := shogi.Square(0); s < shogi.NumSquares; s++ {
		c := b.v.Board[s]
		if c.Known && c.Piece != shogi.NoPiece && c.Piece.Color() == b.me && c.Piece.Kind() != shogi.King {
			squares = append(squares, s)
		}
	}
	if len(squares) == 0 {
		return shogi.NoSquare
	}
	return squares[b.rng.Intn(len(squares))]
}
