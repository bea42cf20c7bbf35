package texts

import (
	"strings"

	"shinpan/referee/notation"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// BoardAlt is a board image's one-line description (its alt text) in l, with
// the last move in notation n, from the view alone: "Your board (Black,
// Tsuitate), Black to move, move 12, 2/10 fouls, last move P-7f" or
// "公開された盤面（影武者将棋）、後手の勝ち（詰み）、…". The last move is
// written on the board the viewer saw before it (View.LastMoveBefore), as
// their messages wrote it; in USI when the view does not hold that board.
// Under Tsuitate's king_visible it names where each shown king stands.
func BoardAlt(l Lang, n notation.Notation, v *view.View) string { return boardAlt(l, n, v, mAltYours) }

// SideViewAlt is BoardAlt for a side's view shown to anyone (a review):
// "Black's view (Tsuitate), …" rather than "Your board".
func SideViewAlt(l Lang, n notation.Notation, v *view.View) string {
	return boardAlt(l, n, v, mAltSideView)
}

// boardAlt is BoardAlt with own the head of a side's view (side, variant).
func boardAlt(l Lang, n notation.Notation, v *view.View, own msg) string {
	variant := tr(l, altVariants[v.Variant])
	var parts []string
	switch {
	case v.Revealed:
		parts = append(parts, tr(l, mAltRevealed, variant))
	case v.Viewer == view.ViewerPublic:
		parts = append(parts, tr(l, mAltPublic, variant))
	default:
		parts = append(parts, tr(l, own, tr(l, sideKey(v.Viewer.Color())), variant))
	}
	if v.Result != nil {
		parts = append(parts, boardResult(l, v.Result, false))
	} else {
		parts = append(parts, tr(l, mAltToMove, tr(l, sideKey(v.Turn))))
	}
	if v.MoveNumber > 0 {
		parts = append(parts, PositionName(l, v.MoveNumber))
	}
	if v.FoulLimit > 0 {
		me := v.Viewer != view.ViewerPublic && !v.Revealed
		switch {
		case me && v.FoulsKnown[v.Viewer.Color()] && !v.FoulsKnown[v.Viewer.Color().Opp()]:
			parts = append(parts, tr(l, mAltMyFouls, v.Fouls[v.Viewer.Color()], v.FoulLimit))
		default:
			for c := shogi.Black; c <= shogi.White; c++ {
				if v.FoulsKnown[c] {
					parts = append(parts, tr(l, mAltFouls, tr(l, sideKey(c)), v.Fouls[c], v.FoulLimit))
				}
			}
		}
	}
	if v.InCheck {
		parts = append(parts, tr(l, mAltCheck))
	}
	if v.LastMove != shogi.NoMove {
		parts = append(parts, tr(l, mAltLastMove, lastMoveText(v, n)))
	}
	if v.LostAt.Valid() {
		parts = append(parts, tr(l, mAltLostAt, squareIn(l, v.LostAt)))
	}
	if !v.Revealed {
		for s, cell := range v.Board { // Tsuitate king_visible: the kings shown
			if pc := cell.Piece; cell.Known && pc.Kind() == shogi.King && v.KingSeen[pc.Color()] {
				parts = append(parts, tr(l, mAltKingSeen, tr(l, sideKey(pc.Color())), squareIn(l, shogi.Square(s))))
			}
		}
	}
	return strings.Join(parts, tr(l, mAltSep))
}

// altVariants are the variants' short names in an alt text.
var altVariants = map[view.Variant]msg{view.Standard: mAltVarStandard, view.Tsuitate: mAltVarTsuitate,
	view.Masked: mAltVarMasked, view.Dark: mAltVarDark}

// lastMoveText writes v.LastMove in notation n on the board the viewer saw
// just before it, with the same function as the messages (MoveText).
func lastMoveText(v *view.View, n notation.Notation) string {
	m := v.LastMove
	if n == notation.USI || v.LastMoveBefore == "" {
		return m.USI()
	}
	before, err := shogi.ParseSFEN(v.LastMoveBefore)
	if err != nil {
		return m.USI()
	}
	if s, ok := notation.FormatSeen(before, m, n, shogi.NoSquare); ok {
		return s
	}
	return m.USI()
}
