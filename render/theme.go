package render

import (
	"fmt"
	"image/color"
	"strconv"
	"strings"
)

// Theme names a board theme: the colours of the board, the page and the
// marks. The zero value "" means ThemeLight.
type Theme string

const (
	// ThemeLight is a flat wood board on paper, black kanji, red promoted pieces.
	ThemeLight Theme = "light"
	// ThemeWood is a kaya board on a dark wooden table, the hands on lighter
	// piece stands (komadai), as a real board looks.
	ThemeWood Theme = "wood"
	// ThemeContrast is a high-contrast dark theme: near-black page, white kanji
	// and grid, and highlights from the Okabe–Ito colour-blind-safe set.
	ThemeContrast Theme = "contrast"
)

// Themes lists the themes in a stable order (for help texts and benchmarks).
var Themes = []Theme{ThemeLight, ThemeWood, ThemeContrast}

// colors is the small table of named colours a theme defines. Every
// highlight also has a shape (frame, brackets, X, ring, dot, badge), so no
// information is carried by colour alone. All colours are opaque.
type colors struct {
	Page      color.NRGBA // image background and title bar
	Text      color.NRGBA // title and panel text
	Dim       color.NRGBA // secondary text: move number, 持駒, 反則
	Accent    color.NRGBA // result line and 王手 in the title
	Panel     color.NRGBA // hand panels
	Board     color.NRGBA // an ordinary square
	Grid      color.NRGBA // grid lines, board border, star points
	Coord     color.NRGBA // file numbers and rank numerals
	Ink       color.NRGBA // unpromoted pieces (both sides)
	HandInk   color.NRGBA // the kanji of a hand in the printed set, on the panel
	Promoted  color.NRGBA // promoted pieces
	LastTint  color.NRGBA // last-move squares
	LastFrame color.NRGBA // frame round last-move squares
	LostTint  color.NRGBA // square where the viewer just lost a piece
	LostMark  color.NRGBA // the X corner mark on that square
	CheckTint color.NRGBA // the viewer's king (or mask) in check
	CheckRing color.NRGBA // ring and 王手 tag on that square
	CheckInk  color.NRGBA // text of the 王手 tag
	Fog       color.NRGBA // Dark: opaque fog, flat tone
	FogHatch  color.NRGBA // Dark: fog stripes
	Reach     color.NRGBA // reachable-square dots
	ReachEdge color.NRGBA // outline of the dots
	Selected  color.NRGBA // corner brackets round the selected piece
	NoteBg    color.NRGBA // "?" note badge
	NoteInk   color.NRGBA
	MaskBg    color.NRGBA // "M" mask badge
	MaskInk   color.NRGBA
	Turn      color.NRGBA // stripe and 手番 pill of the side to move
	TurnInk   color.NRGBA
	Seen      color.NRGBA // the dotted ring round a king shown by king_visible
	KomaFill  color.NRGBA // the face of a pentagon piece (koma sets)
	KomaEdge  color.NRGBA // its outline
	KomaInk   color.NRGBA // its kanji, letter and movement marks
	KomaRed   color.NRGBA // the same on a promoted piece
}

// hex parses "#rrggbb" (at init time, so without fmt: 56 Sscanf calls were
// most of this package's start); it panics on a malformed constant.
func hex(s string) color.NRGBA {
	v, err := strconv.ParseUint(strings.TrimPrefix(s, "#"), 16, 32)
	if err != nil || len(s) != 7 || s[0] != '#' {
		panic("render: bad colour " + s)
	}
	return color.NRGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 0xff}
}

// themeColors is the palette table.
var themeColors = map[Theme]colors{
	ThemeLight: {
		Page:      hex("#f6f0e4"),
		Text:      hex("#2a2018"),
		Dim:       hex("#6b5a45"),
		Accent:    hex("#b5121b"),
		Panel:     hex("#e9dcc3"),
		Board:     hex("#e8c07a"),
		Grid:      hex("#4a3520"),
		Coord:     hex("#4a3520"),
		Ink:       hex("#17110b"),
		HandInk:   hex("#17110b"),
		Promoted:  hex("#c4161c"),
		LastTint:  hex("#f7e3b0"),
		LastFrame: hex("#1f5aa6"),
		LostTint:  hex("#d8cdea"),
		LostMark:  hex("#9e0b1e"),
		CheckTint: hex("#f9c8bb"),
		CheckRing: hex("#d0021b"),
		CheckInk:  hex("#ffffff"),
		Fog:       hex("#8d8984"),
		FogHatch:  hex("#76726d"),
		Reach:     hex("#1b7a3a"),
		ReachEdge: hex("#ffffff"),
		Selected:  hex("#7a1fa2"),
		NoteBg:    hex("#fff2a0"),
		NoteInk:   hex("#17110b"),
		MaskBg:    hex("#5b2a86"),
		MaskInk:   hex("#ffffff"),
		Turn:      hex("#1f5aa6"),
		TurnInk:   hex("#ffffff"),
		Seen:      hex("#006b5f"),
		KomaFill:  hex("#f8e6bd"),
		KomaEdge:  hex("#5b3b1c"),
		KomaInk:   hex("#17110b"),
		KomaRed:   hex("#c4161c"),
	},
	ThemeWood: {
		Page:      hex("#4a2f1b"),
		Text:      hex("#fbf0dc"),
		Dim:       hex("#e6d2b0"),
		Accent:    hex("#ffb38a"),
		Panel:     hex("#7b5434"),
		Board:     hex("#dfa95b"),
		Grid:      hex("#2e1c0d"),
		Coord:     hex("#f3e3c6"),
		Ink:       hex("#17110b"),
		HandInk:   hex("#fbf0dc"),
		Promoted:  hex("#b0101a"),
		LastTint:  hex("#f3d28e"),
		LastFrame: hex("#1f4f9a"),
		LostTint:  hex("#c9b8d6"),
		LostMark:  hex("#8c0a1c"),
		CheckTint: hex("#f4b7a4"),
		CheckRing: hex("#c4001a"),
		CheckInk:  hex("#ffffff"),
		Fog:       hex("#7d7873"),
		FogHatch:  hex("#65605b"),
		Reach:     hex("#17693a"),
		ReachEdge: hex("#ffffff"),
		Selected:  hex("#6a1b9a"),
		NoteBg:    hex("#fff2a0"),
		NoteInk:   hex("#17110b"),
		MaskBg:    hex("#4e2376"),
		MaskInk:   hex("#ffffff"),
		Turn:      hex("#8fc1ff"),
		TurnInk:   hex("#10223d"),
		Seen:      hex("#005e54"),
		KomaFill:  hex("#f6ddb0"),
		KomaEdge:  hex("#4a2c12"),
		KomaInk:   hex("#17110b"),
		KomaRed:   hex("#b0101a"),
	},
	ThemeContrast: {
		Page:      hex("#000000"),
		Text:      hex("#ffffff"),
		Dim:       hex("#c8c8c8"),
		Accent:    hex("#ff8c42"),
		Panel:     hex("#1b1b1b"),
		Board:     hex("#232323"),
		Grid:      hex("#d9d9d9"),
		Coord:     hex("#f0f0f0"),
		Ink:       hex("#ffffff"),
		HandInk:   hex("#ffffff"),
		Promoted:  hex("#ffb000"),
		LastTint:  hex("#0e3a5c"),
		LastFrame: hex("#56b4e9"),
		LostTint:  hex("#5a2400"),
		LostMark:  hex("#ff8c42"),
		CheckTint: hex("#4d4700"),
		CheckRing: hex("#f0e442"),
		CheckInk:  hex("#000000"),
		Fog:       hex("#5a5a5a"),
		FogHatch:  hex("#444444"),
		Reach:     hex("#2fd3a0"),
		ReachEdge: hex("#000000"),
		Selected:  hex("#e69ad0"),
		NoteBg:    hex("#f0e442"),
		NoteInk:   hex("#000000"),
		MaskBg:    hex("#cc79a7"),
		MaskInk:   hex("#000000"),
		Turn:      hex("#56b4e9"),
		TurnInk:   hex("#000000"),
		Seen:      hex("#ffffff"),
		KomaFill:  hex("#ffffff"),
		KomaEdge:  hex("#000000"),
		KomaInk:   hex("#000000"),
		KomaRed:   hex("#b3001b"),
	},
}

// resolve returns the theme's table, treating "" as ThemeLight.
func (t Theme) resolve() (Theme, colors, error) {
	if t == "" {
		t = ThemeLight
	}
	c, ok := themeColors[t]
	if !ok {
		return t, colors{}, fmt.Errorf("render: unknown theme %q (want light, wood or contrast)", string(t))
	}
	return t, c, nil
}

// base lists the theme's named colours; the palette holds each one exactly.
func (c colors) base() []color.NRGBA {
	return []color.NRGBA{c.Page, c.Text, c.Dim, c.Accent, c.Panel, c.Board, c.Grid, c.Coord, c.Ink, c.HandInk,
		c.Promoted, c.LastTint, c.LastFrame, c.LostTint, c.LostMark, c.CheckTint, c.CheckRing, c.CheckInk,
		c.Fog, c.FogHatch, c.Reach, c.ReachEdge, c.Selected, c.NoteBg, c.NoteInk, c.MaskBg, c.MaskInk,
		c.Turn, c.TurnInk, c.Seen, c.KomaFill, c.KomaEdge, c.KomaInk, c.KomaRed}
}
