package render

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"

	"shinpan/referee/shogi"
)

// PieceSet names how the pieces are drawn. The zero value "" means
// PiecesPrinted. Every set is drawn here, from the embedded font and shapes:
// no image asset.
type PieceSet string

const (
	// PiecesPrinted is the printed diagram's style: the piece's kanji alone
	// on its square, upside down for the side at the top, promoted ones red.
	PiecesPrinted PieceSet = "printed"
	// PiecesKoma are pentagon pieces (koma) pointing at the opponent with
	// the piece's one-character kanji, promoted ones in red.
	PiecesKoma PieceSet = "koma"
	// PiecesKoma2 are koma with the piece's full two-character name (歩兵,
	// 飛車, 玉将 …; promoted と金, 成銀, 龍王 …), as on real pieces.
	PiecesKoma2 PieceSet = "koma2"
	// PiecesInternational are koma for players who do not read kanji, in
	// the spirit of lishogi's "International": the piece's letter of the
	// Western notation (P L N S G B R K) with its moves marked round it, a
	// dot for each step and a bar for each slide; promoted pieces have the
	// letter and marks in red, and their new moves.
	PiecesInternational PieceSet = "international"
)

// PieceSets lists the sets in a stable order (for help texts and benchmarks).
var PieceSets = []PieceSet{PiecesPrinted, PiecesKoma, PiecesKoma2, PiecesInternational}

// resolve treats "" as PiecesPrinted.
func (s PieceSet) resolve() (PieceSet, error) {
	switch s {
	case "":
		return PiecesPrinted, nil
	case PiecesPrinted, PiecesKoma, PiecesKoma2, PiecesInternational:
		return s, nil
	}
	return s, fmt.Errorf("render: unknown piece set %q (want printed, koma, koma2 or international)", string(s))
}

// komaNames are the two-character names of the kinds (PiecesKoma2); the
// king is handled by komaName.
var komaNames = [shogi.NumKinds]string{"", "歩兵", "香車", "桂馬", "銀将", "角行", "飛車", "金将", "玉将",
	"と金", "成香", "成桂", "成銀", "龍馬", "龍王"}

// komaName is the two-character name of a piece: Black's king is 玉将 and
// White's 王将, as with one character.
func komaName(c shogi.Color, k shogi.Kind) string {
	if k == shogi.King && c == shogi.White {
		return "王将"
	}
	return komaNames[k]
}

// kindLetter is each kind's letter in the Western notation.
var kindLetter = [shogi.NumKinds]string{"", "P", "L", "N", "S", "B", "R", "G", "K",
	"P", "L", "N", "S", "B", "R"}

// faces keeps the font's faces by size while a theme is built.
type faces map[float64]font.Face

func (f faces) get(size float64) (font.Face, error) {
	if fc, ok := f[size]; ok {
		return fc, nil
	}
	fc, err := newFace(size)
	if err != nil {
		return nil, err
	}
	f[size] = fc
	return fc, nil
}

// pieceStyle is one size of a koma: the pentagon's box, the kanji sizes.
type pieceStyle struct {
	w, h          float64 // the pentagon's width and height
	kanji, kanji2 float64 // face sizes of one character and of each of two
	letter        float64 // face size of the letter (PiecesInternational)
	mark, line    float64 // a step's dot radius, a slide's bar width
}

// scaled returns st shrunk by f.
func (st pieceStyle) scaled(f float64) pieceStyle {
	return pieceStyle{st.w * f, st.h * f, st.kanji * f, st.kanji2 * f, st.letter * f, st.mark * f, st.line * f}
}

// The koma on a square, and in a hand.
var (
	boardKoma = pieceStyle{w: 50, h: 58, kanji: 35, kanji2: 22, letter: 29, mark: 2.8, line: 3.2}
	handKoma  = boardKoma.scaled(0.72)
)

// kindScale makes the lesser pieces a little smaller, as real koma are.
func kindScale(k shogi.Kind) float64 {
	switch k.Unpromoted() {
	case shogi.Pawn:
		return 0.9
	case shogi.Lance, shogi.Knight:
		return 0.94
	case shogi.Silver, shogi.Gold:
		return 0.97
	}
	return 1
}

// komaLayer draws piece pc of set (a koma set) with its pentagon's centre
// at (cx, cy) on a transparent w×h layer, pointing up, or down when rot is
// 1: the face, the outline, the kanji (turned with the piece) or the marks
// (turned) and the letter (upright, to be read). Every edge keeps
// alphaLevels coverage levels, so few shades are made.
func komaLayer(set PieceSet, c colors, fs faces, pc shogi.Piece, st pieceStyle, w, h int, cx, cy float64, rot int) (*image.RGBA, error) {
	if rot == 1 { // drawn upright where the half turn takes it to (cx, cy)
		cx, cy = float64(w)-cx, float64(h)-cy
	}
	k := pc.Kind()
	st = st.scaled(kindScale(k))
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	shape := image.NewRGBA(out.Rect)
	dc := gg.NewContextForRGBA(shape)
	komaPath(dc, cx, cy, st.w, st.h)
	dc.SetColor(color.White)
	dc.Fill()
	face := alphaOf(shape)
	quantAlpha(face)
	inner := image.NewRGBA(out.Rect)
	dc = gg.NewContextForRGBA(inner)
	edge := math.Max(1.5, st.w/24)
	komaPath(dc, cx, cy, st.w-2*edge, st.h-2*edge*1.2)
	dc.SetColor(color.White)
	dc.Fill()
	in := alphaOf(inner)
	quantAlpha(in)
	// The outline is the face less its inside; the inside is the face colour.
	draw.DrawMask(out, out.Rect, image.NewUniform(c.KomaEdge), image.Point{}, face, image.Point{}, draw.Over)
	draw.DrawMask(out, out.Rect, image.NewUniform(c.KomaFill), image.Point{}, in, image.Point{}, draw.Over)
	ink := c.KomaInk
	if k.IsPromoted() {
		ink = c.KomaRed
	}
	inkAt := func(m *image.Alpha) {
		draw.DrawMask(out, out.Rect, image.NewUniform(ink), image.Point{}, m, image.Point{}, draw.Over)
	}
	mid := cy + st.h*0.07 // the pentagon's visual centre lies below its box's
	switch set {
	case PiecesKoma:
		f, err := fs.get(math.Round(st.kanji))
		if err != nil {
			return nil, err
		}
		inkAt(glyphMask(f, pieceGlyph(pc.Color(), k), w, h, cx, mid))
	case PiecesKoma2:
		f, err := fs.get(math.Round(st.kanji2))
		if err != nil {
			return nil, err
		}
		name := []rune(komaName(pc.Color(), k))
		gap := st.kanji2 * 0.55
		inkAt(glyphMask(f, string(name[0]), w, h, cx, mid-gap))
		inkAt(glyphMask(f, string(name[1]), w, h, cx, mid+gap))
	case PiecesInternational:
		inkAt(moveMarks(k, st, w, h, cx, mid))
	}
	if rot == 1 {
		rotateRGBA(out)
		cx, mid = float64(w)-cx, float64(h)-mid
	}
	if set == PiecesInternational {
		f, err := fs.get(math.Round(st.letter))
		if err != nil {
			return nil, err
		}
		inkAt(glyphMask(f, kindLetter[k], w, h, cx, mid))
	}
	return out, nil
}

// komaPath adds a koma's outline, pointing up, its box w×h centred on (cx, cy).
func komaPath(dc *gg.Context, cx, cy, w, h float64) {
	top, bottom := cy-h/2, cy+h/2
	dc.MoveTo(cx, top)
	dc.LineTo(cx+w*0.41, top+h*0.23)
	dc.LineTo(cx+w/2, bottom)
	dc.LineTo(cx-w/2, bottom)
	dc.LineTo(cx-w*0.41, top+h*0.23)
	dc.ClosePath()
}

// A direction of movement, forward being up (−y).
type dir struct{ x, y int }

var (
	orthogonal = []dir{{0, -1}, {1, 0}, {0, 1}, {-1, 0}}
	diagonal   = []dir{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}}
	goldSteps  = []dir{{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {0, 1}}
)

// moves returns the steps and slides of kind k, forward up.
func moves(k shogi.Kind) (steps, slides []dir, knight bool) {
	switch k {
	case shogi.Pawn:
		return []dir{{0, -1}}, nil, false
	case shogi.Lance:
		return nil, []dir{{0, -1}}, false
	case shogi.Knight:
		return nil, nil, true
	case shogi.Silver:
		return []dir{{-1, -1}, {0, -1}, {1, -1}, {-1, 1}, {1, 1}}, nil, false
	case shogi.Gold, shogi.ProPawn, shogi.ProLance, shogi.ProKnight, shogi.ProSilver:
		return goldSteps, nil, false
	case shogi.Bishop:
		return nil, diagonal, false
	case shogi.Rook:
		return nil, orthogonal, false
	case shogi.Horse:
		return orthogonal, diagonal, false
	case shogi.Dragon:
		return diagonal, orthogonal, false
	case shogi.King:
		return append(append([]dir(nil), orthogonal...), diagonal...), nil, false
	}
	return nil, nil, false
}

// markAt is where the mark of direction d goes, from the centre of a koma
// of style st: round the letter, inside the pentagon (narrower at the top).
func markAt(d dir, st pieceStyle) (x, y float64) {
	s := st.w / 48
	switch {
	case d.y < 0 && d.x != 0:
		return float64(d.x) * 13 * s, -12 * s
	case d.y < 0:
		return 0, -19 * s
	case d.y > 0 && d.x != 0:
		return float64(d.x) * 16 * s, 18 * s
	case d.y > 0:
		return 0, 20 * s
	}
	return float64(d.x) * 17 * s, 1 * s
}

// moveMarks draws the moves of kind k round (cx, cy) as an alpha mask: a dot
// for each step, a bar pointing out for each slide, two dots high up for the
// knight's jumps.
func moveMarks(k shogi.Kind, st pieceStyle, w, h int, cx, cy float64) *image.Alpha {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	dc := gg.NewContextForRGBA(img)
	dc.SetColor(color.White)
	steps, slides, knight := moves(k)
	for _, d := range steps {
		x, y := markAt(d, st)
		dc.DrawCircle(cx+x, cy+y, st.mark)
		dc.Fill()
	}
	dc.SetLineWidth(st.line)
	dc.SetLineCapRound()
	for _, d := range slides {
		x, y := markAt(d, st)
		dc.DrawLine(cx+x*0.72, cy+y*0.72, cx+x*1.12, cy+y*1.12)
		dc.Stroke()
	}
	if knight {
		s := st.w / 48
		for _, x := range []float64{-6, 6} {
			dc.DrawCircle(cx+x*s, cy-20*s, st.mark)
			dc.Fill()
		}
	}
	m := alphaOf(img)
	quantAlpha(m)
	return m
}

// rotateRGBA turns img half a turn about its centre (exact).
func rotateRGBA(img *image.RGBA) *image.RGBA {
	p := img.Pix
	for i, j := 0, len(p)-4; i < j; i, j = i+4, j-4 {
		for b := 0; b < 4; b++ {
			p[i+b], p[j+b] = p[j+b], p[i+b]
		}
	}
	return img
}

// tileLayer draws piece pc of set (a koma set) on a transparent tile-sized
// layer, turned half round when rot is 1; check shrinks and raises it to
// leave room for the check tag.
func tileLayer(set PieceSet, c colors, fs faces, pc shogi.Piece, rot int, check bool) (*image.RGBA, error) {
	st, cx, cy := boardKoma, float64(tileW)/2, float64(tileH)/2+0.5
	if check {
		st, cy = boardKoma.scaled(0.86), float64(tileH)/2-4
	}
	return komaLayer(set, c, fs, pc, st, tileW, tileH, cx, cy, rot)
}

// handSprite is a piece in a hand panel: a w×h sprite of palette indices,
// transparent round the piece, drawn with its vertical centre on the hand's
// line.
type handSprite struct {
	pix  []uint8
	w, h int
}

// handKomaSize is the sprite box of a hand's koma.
const handKomaW, handKomaH = 40, 44

// addHandSprite registers piece pc of set (a koma set), turned when rot is
// 1, on the panel colour.
func (b *builder) addHandSprite(out *handSprite, set PieceSet, c colors, fs faces, pc shogi.Piece, rot int) error {
	w, h := handKomaW, handKomaH
	cx, cy := float64(w)/2, float64(h)/2
	layer, err := komaLayer(set, c, fs, pc, handKoma, w, h, cx, cy, rot)
	if err != nil {
		return err
	}
	mask := alphaOf(layer)
	img := image.NewRGBA(layer.Rect)
	draw.Draw(img, img.Rect, image.NewUniform(c.Panel), image.Point{}, draw.Src)
	draw.Draw(img, img.Rect, layer, image.Point{}, draw.Over)
	out.w, out.h = w, h
	b.add(img, mask, &out.pix)
	return nil
}
