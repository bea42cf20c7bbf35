package record

import (
	"fmt"

	"shinpan/referee/shogi"
)

// setup is a position being built from a board diagram (KIF BOD, CSA P lines).
type setup struct {
	board [shogi.NumSquares]shogi.Piece
	hands [2][shogi.King + 1]int
	side  shogi.Color
	ply   int // SFEN move number, 1 when unset
}

// fromPosition starts a setup from p.
func fromPosition(p *shogi.Position) *setup {
	s := &setup{side: p.SideToMove(), ply: p.MoveNumber()}
	for sq := shogi.Square(0); sq < shogi.NumSquares; sq++ {
		s.board[sq] = p.At(sq)
	}
	for c := shogi.Black; c <= shogi.White; c++ {
		for k := shogi.Pawn; k <= shogi.King; k++ {
			s.hands[c][k] = p.HandCount(c, k)
		}
	}
	return s
}

// position validates the setup through shogi.ParseSFEN (piece counts, pieces
// that could never move) and returns it.
func (s *setup) position() (*shogi.Position, error) {
	p := shogi.NewPosition()
	for sq := shogi.Square(0); sq < shogi.NumSquares; sq++ {
		if s.board[sq] != shogi.NoPiece {
			p.Put(sq, s.board[sq])
		}
	}
	for c := shogi.Black; c <= shogi.White; c++ {
		for k := shogi.Pawn; k <= shogi.King; k++ {
			n := s.hands[c][k]
			if n < 0 || n > shogi.SetCount[k] {
				return nil, fmt.Errorf("%s has %d %ss in hand", c, n, k.Name())
			}
			p.SetHand(c, k, n)
		}
	}
	p.SetSideToMove(s.side)
	if s.ply > 0 {
		p.SetMoveNumber(s.ply)
	}
	q, err := shogi.ParseSFEN(p.SFEN())
	if err != nil {
		return nil, err
	}
	return q, nil
}

// rest returns, for kind k, how many of a full set are neither on the board nor
// in a hand.
func (s *setup) rest(k shogi.Kind) int {
	n := shogi.SetCount[k]
	for _, pc := range s.board {
		if pc != shogi.NoPiece && pc.Kind().Unpromoted() == k {
			n--
		}
	}
	n -= s.hands[0][k] + s.hands[1][k]
	return n
}
