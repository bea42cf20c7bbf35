package tap

import (
	"sort"

	"shinpan/referee/shogi"
)

// The order of the options is the order of the player's board as they see
// it: files from their left, ranks from the top; pieces by kind first.

// blackBelow reports whether the player's board has Black at the bottom.
func (in *Input) blackBelow() bool { return (in.Me() == shogi.Black) != in.Flip }

// files returns the files from the player's left.
func (in *Input) files() [9]int {
	var f [9]int
	for i := range f {
		if in.blackBelow() {
			f[i] = 9 - i
		} else {
			f[i] = i + 1
		}
	}
	return f
}

// reading sorts squares (in place) by file from the left, then rank from the top.
func (in *Input) reading(s []shogi.Square) []shogi.Square {
	b := in.blackBelow()
	sort.Slice(s, func(i, j int) bool {
		fi, fj, ri, rj := s[i].File(), s[j].File(), s[i].Rank(), s[j].Rank()
		if !b {
			fi, fj, ri, rj = -fi, -fj, -ri, -rj
		}
		if fi != fj {
			return fi > fj
		}
		return ri < rj
	})
	return s
}

// kindOrder is the order of pieces in a menu: the king, the major pieces and
// their promotions, then the minor ones from gold to pawn.
var kindOrder = map[shogi.Kind]int{
	shogi.King: 0, shogi.Rook: 1, shogi.Dragon: 2, shogi.Bishop: 3, shogi.Horse: 4, shogi.Gold: 5,
	shogi.Silver: 6, shogi.ProSilver: 7, shogi.Knight: 8, shogi.ProKnight: 9, shogi.Lance: 10,
	shogi.ProLance: 11, shogi.Pawn: 12, shogi.ProPawn: 13,
}

// byKind returns the items (in reading order) sorted by kind, stably.
func byKind(in *Input, items []item) []item {
	out := append([]item(nil), items...)
	sort.SliceStable(out, func(i, j int) bool {
		return kindOrder[in.View.Board[out[i].sq].Piece.Kind()] < kindOrder[in.View.Board[out[j].sq].Piece.Kind()]
	})
	return out
}
