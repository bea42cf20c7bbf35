package view

import (
	"testing"

	"shinpan/referee/shogi"
)

// TestPositionOf: a Tsuitate player's position holds their own pieces and hand
// only; the channel's holds nothing; an open view gives back the position.
func TestPositionOf(t *testing.T) {
	start := shogi.Startpos()
	v := Of(Tsuitate, start, ViewerBlack)
	p := PositionOf(&v)
	if p.Pieces(shogi.White).Any() || p.PiecesOf(shogi.Black, shogi.Pawn).Count() != 9 || p.SideToMove() != shogi.Black {
		t.Fatalf("tsuitate: %s", p.SFEN())
	}
	if p.SFEN() != OwnOnly(start, shogi.Black).SFEN() {
		t.Errorf("tsuitate: %s, own-only %s", p.SFEN(), OwnOnly(start, shogi.Black).SFEN())
	}
	v = Of(Dark, start, ViewerPublic)
	if q := PositionOf(&v); q.Occupied().Any() {
		t.Fatalf("the channel sees %s", q.SFEN())
	}
	for _, sfen := range []string{"lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2", "4k4/9/9/9/9/9/9/9/4K4 b 2G2S2N2L9P 1"} {
		q, err := shogi.ParseSFEN(sfen)
		if err != nil {
			t.Fatal(err)
		}
		for _, va := range []Variant{Standard, Masked} {
			v := Of(va, q, ViewerWhite)
			if got := PositionOf(&v).SFEN(); got != sfen {
				t.Errorf("%s: %s, want %s", va, got, sfen)
			}
		}
	}
}

// TestDarkSeen: a Dark player sees the enemy pieces their own pieces reach,
// the first one on a slider's line and none behind it.
func TestDarkSeen(t *testing.T) {
	p, err := shogi.ParseSFEN("4k4/4r4/9/9/4p4/9/9/4L4/4K4 b - 1")
	if err != nil {
		t.Fatal(err)
	}
	q := DarkSeen(p, shogi.Black)
	if q.At(shogi.Sq(5, 5)) != shogi.MakePiece(shogi.White, shogi.Pawn) || q.At(shogi.Sq(5, 2)) != shogi.NoPiece || q.At(shogi.Sq(5, 1)) != shogi.NoPiece {
		t.Errorf("dark seen: %s", q.SFEN())
	}
	vis := DarkVisible(p, shogi.Black)
	if !vis.Has(shogi.Sq(5, 5)) || vis.Has(shogi.Sq(5, 4)) {
		t.Errorf("visible: %v", vis.Squares())
	}
}

// TestMaskCandidates: with the mask as king, a move that leaves the own mask
// attacked is not a candidate; without, it is.
func TestMaskCandidates(t *testing.T) {
	p, err := shogi.ParseSFEN("4k4/4g4/9/9/8b/9/4S4/5P3/4K4 b - 1")
	if err != nil {
		t.Fatal(err)
	}
	mask := shogi.Sq(4, 8) // the pawn on 4h, shielded by the silver on 5g
	m := shogi.NewMove(shogi.Sq(5, 7), shogi.Sq(5, 6), false)
	if !contains(Candidates(Masked, p, mask, false), m) || contains(Candidates(Masked, p, mask, true), m) {
		t.Errorf("5g5f with the mask on 4h")
	}
	if !contains(Candidates(Masked, p, shogi.NoSquare, true), m) {
		t.Errorf("5g5f before the mask is chosen")
	}
	if MaskAfter(mask, shogi.NewMove(mask, shogi.Sq(4, 7), false)) != shogi.Sq(4, 7) || MaskAfter(mask, m) != mask {
		t.Errorf("the mask does not follow its piece")
	}
}

func contains(ms []shogi.Move, m shogi.Move) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}
