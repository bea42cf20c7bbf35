package render

import (
	"image"

	"shinpan/referee/shogi"
)

// Geometry of every image, in pixels. The image is imgW×imgH: a title line,
// the hand panel of the side at the top, the file numbers, the 9×9 board with
// rank numerals on its right, and the hand panel of the side at the bottom.
// Squares are a little taller than wide, as real shogi boards are.
const (
	imgW = 658

	sqW      = 64 // horizontal pitch of a square, grid line included
	sqH      = 70 // vertical pitch of a square, grid line included
	gridLine = 2  // grid line width
	tileW    = sqW - gridLine
	tileH    = sqH - gridLine
	boardW   = 9*sqW + gridLine // 578
	boardH   = 9*sqH + gridLine // 632
	boardX   = (imgW - boardW) / 2
	border   = 2 // extra outer border round the grid

	titleY = 0
	titleH = 36

	panelX   = 12
	panelW   = imgW - 2*panelX
	panelH   = 80
	topPanel = titleY + titleH

	filesY = topPanel + panelH // file numbers row
	filesH = 26

	boardY      = filesY + filesH
	bottomPanel = boardY + boardH + 6

	imgH = bottomPanel + panelH + 6
)

// Panel contents, relative to the panel's top-left corner.
const (
	panelLabelX   = 26  // "☗ Black"
	panelLine1    = 29  // baseline of the first line
	panelLine2Mid = 57  // vertical centre of the hand pieces
	handLabelX    = 26  // "Hand"
	handX         = 84  // first hand piece, unless the label is wider
	panelFoulsR   = 556 // right edge of "Fouls n/m"
	pillW, pillH  = 62, 28
	pillX         = panelW - pillW - 10 // pill of the side to move
	pillY         = 10
	stripeW       = 7  // turn stripe at the panel's left edge
	labelGap      = 10 // between the hand's label and its first piece
)

// The check tag at the bottom right of a square in check, relative to the
// square's tile.
const (
	tagX, tagY = 25, tileH - 19
	tagW, tagH = tileW - 27, 17
)

// rankX is the centre of the rank labels, between the board and the edge.
const rankX = (boardX + boardW + border + imgW) / 2

// Sizes of text, in pixels (the font's em size).
const (
	pieceSize      = 45
	checkPieceSize = 40
	titleSize      = 22
	nameSize       = 22
	dimSize        = 19
	handSize       = 36
	countSize      = 20
	coordSize      = 20
	badgeSize      = 15
	tagSize        = 11
	pillSize       = 18
)

// orient maps between squares and display cells. bottom is the side drawn at
// the bottom; cells are numbered 0..80 row by row from the top-left of the
// image.
type orient struct{ bottom shogi.Color }

// cell returns the display cell of square s. With Black at the bottom the cell
// is the square index itself (SFEN order: 9a at top-left); with White at the
// bottom the board is turned 180°.
func (o orient) cell(s shogi.Square) int {
	if o.bottom == shogi.White {
		return 80 - int(s)
	}
	return int(s)
}

// tileRect returns the interior (inside the grid lines) of display cell c.
func tileRect(c int) image.Rectangle {
	x := boardX + gridLine + (c%9)*sqW
	y := boardY + gridLine + (c/9)*sqH
	return image.Rect(x, y, x+tileW, y+tileH)
}

// panelRect returns the hand panel at the top (top true) or bottom.
func panelRect(top bool) image.Rectangle {
	y := bottomPanel
	if top {
		y = topPanel
	}
	return image.Rect(panelX, y, panelX+panelW, y+panelH)
}

// fileLabel returns the file number shown above display column col (0 = left).
func (o orient) fileLabel(col int) int {
	if o.bottom == shogi.White {
		return col + 1
	}
	return 9 - col
}

// rankLabel returns the rank (1..9) shown beside display row row (0 = top).
func (o orient) rankLabel(row int) int {
	if o.bottom == shogi.White {
		return 9 - row
	}
	return row + 1
}
