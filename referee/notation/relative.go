package notation

import "shinpan/referee/shogi"

// This file holds the Japanese rules for telling apart pieces of one kind that
// can reach the same square (日本将棋連盟「棋譜の表記方法」):
//
//  1. 動作 first: 上 (the piece moves up, toward the opponent), 引 (moves back),
//     寄 (moves sideways along its rank), when that singles the piece out.
//  2. Else 位置: 右 or 左, the piece on the mover's own right or left (for White,
//     mirrored relative to the board), and 直 for a gold, silver or promoted
//     minor piece moving straight up. For golds, silvers, promoted minors and
//     knights the side is the side of the destination the piece comes from; for
//     dragons and horses (and rooks, bishops, kings: at most two of each) it is
//     the side of the other piece the mover stands on, and 直 is not used.
//  3. Else both, 位置 then 動作: "左上", "右引".
//
// Only pieces that can reach the square among the candidate moves count.

// motion is the vertical direction of a board move from the mover's side.
type motion uint8

const (
	anyMotion motion = iota
	up               // 上 (also 行)
	sideways         // 寄
	back             // 引
)

var motionWords = [...]string{anyMotion: "", up: "上", sideways: "寄", back: "引"}

// side is the 位置 word.
type side uint8

const (
	anySide  side = iota
	left          // 左
	right         // 右
	straight      // 直
)

var sideWords = [...]string{anySide: "", left: "左", right: "右", straight: "直"}

// lateral is a square's distance toward the mover's left: Black faces rank a,
// so its left is file 9; White's left is file 1.
func lateral(c shogi.Color, s shogi.Square) int {
	if c == shogi.Black {
		return s.File()
	}
	return 10 - s.File()
}

// advance is how many ranks from→to goes toward c's far side (negative: back).
func advance(c shogi.Color, from, to shogi.Square) int {
	if c == shogi.Black {
		return from.Rank() - to.Rank()
	}
	return to.Rank() - from.Rank()
}

// motionOf returns whether from→to is 上, 寄 or 引 for c.
func motionOf(c shogi.Color, from, to shogi.Square) motion {
	switch a := advance(c, from, to); {
	case a > 0:
		return up
	case a < 0:
		return back
	}
	return sideways
}

// sidesFromDestination reports whether k's 右/左 is read from the destination
// (golds, silvers, promoted minors, knights) rather than from the other piece.
func sidesFromDestination(k shogi.Kind) bool {
	switch k {
	case shogi.Silver, shogi.Gold, shogi.Knight, shogi.ProPawn, shogi.ProLance, shogi.ProKnight, shogi.ProSilver:
		return true
	}
	return false
}

// sideFromDestination: 左 when from is on c's left of to, 右 on its right, 直
// when straight behind it (moving straight up), else none.
func sideFromDestination(c shogi.Color, from, to shogi.Square) side {
	switch d := lateral(c, from) - lateral(c, to); {
	case d > 0:
		return left
	case d < 0:
		return right
	case advance(c, from, to) > 0:
		return straight
	}
	return anySide
}

// sideInGroup: 左 when from is strictly left of every other square in group,
// 右 when strictly right of every other, else none (also for a group of one).
func sideInGroup(c shogi.Color, from shogi.Square, group []shogi.Square) side {
	l, r, others := true, true, 0
	for _, o := range group {
		if o == from {
			continue
		}
		others++
		if lateral(c, o) >= lateral(c, from) {
			l = false
		}
		if lateral(c, o) <= lateral(c, from) {
			r = false
		}
	}
	switch {
	case others == 0:
		return anySide
	case l:
		return left
	case r:
		return right
	}
	return anySide
}

// sideOf is the 位置 of a k moving from→to among the origins in group, by the
// rule for k; alt selects the other rule (read leniently from players).
func sideOf(c shogi.Color, k shogi.Kind, from, to shogi.Square, group []shogi.Square, alt bool) side {
	if sidesFromDestination(k) != alt {
		return sideFromDestination(c, from, to)
	}
	return sideInGroup(c, from, group)
}

// relative returns the 位置 and 動作 words that single out the piece on from
// among origins (the distinct squares from which a piece of kind k can reach
// to; from among them). ok is false when no words suffice (only in positions
// with more pieces than a set holds); both words are empty when from is alone.
func relative(c shogi.Color, k shogi.Kind, from, to shogi.Square, origins []shogi.Square) (sd side, mo motion, ok bool) {
	if len(origins) < 2 {
		return anySide, anyMotion, true
	}
	mv := motionOf(c, from, to)
	var same []shogi.Square
	for _, o := range origins {
		if motionOf(c, o, to) == mv {
			same = append(same, o)
		}
	}
	if len(same) == 1 {
		return anySide, mv, true
	}
	if s := sideOf(c, k, from, to, origins, false); s != anySide && countSide(c, k, s, to, origins) == 1 {
		return s, anyMotion, true
	}
	if s := sideOf(c, k, from, to, same, false); s != anySide && countSide(c, k, s, to, same) == 1 {
		if s == straight {
			return s, anyMotion, true
		}
		return s, mv, true
	}
	return anySide, anyMotion, false
}

func countSide(c shogi.Color, k shogi.Kind, s side, to shogi.Square, group []shogi.Square) int {
	n := 0
	for _, o := range group {
		if sideOf(c, k, o, to, group, false) == s {
			n++
		}
	}
	return n
}
