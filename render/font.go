package render

import (
	_ "embed"
	"fmt"
	"image"
	"math"
	"strings"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// fontOTF is a subset of Noto Sans CJK JP Bold (SIL OFL 1.1), cut by
// fonts/make-subset.sh; see fonts/README.md and fonts/OFL.txt.
//
//go:embed fonts/NotoSansCJKjp-Bold-subset.otf
var fontOTF []byte

// drawnText is every non-ASCII rune the renderer may draw; the subset holds
// these plus ASCII U+0020..U+007E. Keep it in step with fonts/make-subset.sh.
const drawnText = "王玉飛角金銀桂香歩と成龍竜馬杏圭全一二三四五六七八九先後手持駒なし☗☖▲△反則目番勝負引分×・がきくけせたちっでにのみるれを上中了入切判制千取合宣対将局影意投指数断日時棋止武理相管終続者言詰連間限兵車行開始面（）"

var (
	fontOnce   sync.Once
	fontParsed *opentype.Font
	fontErr    error
)

// loadFont parses the embedded font once.
func loadFont() (*opentype.Font, error) {
	fontOnce.Do(func() {
		fontParsed, fontErr = opentype.Parse(fontOTF)
		if fontErr != nil {
			fontErr = fmt.Errorf("render: embedded font: %w", fontErr)
		}
	})
	return fontParsed, fontErr
}

// newFace returns a face of the embedded font at size pixels (DPI 72, so
// points equal pixels), without hinting so that outlines keep their shape.
func newFace(size float64) (font.Face, error) {
	f, err := loadFont()
	if err != nil {
		return nil, err
	}
	return opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
}

// glyphMask rasterises s with face into an alpha mask of size w×h pixels,
// placing the ink box of s (not its line box; render-notes §2) with its centre
// at (cx, cy) in mask pixels. The returned mask is image.Alpha with bounds
// (0,0)-(w,h).
func glyphMask(face font.Face, s string, w, h int, cx, cy float64) *image.Alpha {
	m := image.NewAlpha(image.Rect(0, 0, w, h))
	b, _ := font.BoundString(face, s)
	inkCX := float64(b.Min.X+b.Max.X) / 128 // 26.6 fixed point: /64, then /2
	inkCY := float64(b.Min.Y+b.Max.Y) / 128
	d := font.Drawer{Dst: m, Src: image.Opaque, Face: face,
		Dot: fixed.Point26_6{X: toFixed(cx - inkCX), Y: toFixed(cy - inkCY)}}
	d.DrawString(s)
	quantAlpha(m)
	return m
}

// alphaLevels is how many coverage levels glyph edges keep (0, 1/3, 2/3, 1).
// Fewer distinct edge colours make the PNG markedly smaller (about 15%) with
// no visible loss at these sizes.
const alphaLevels = 4

// quantAlpha rounds every coverage value of m to one of alphaLevels levels.
func quantAlpha(m *image.Alpha) {
	const n = alphaLevels - 1
	for i, a := range m.Pix {
		m.Pix[i] = uint8((int(a)*n + 127) / 255 * 255 / n)
	}
}

// toFixed converts pixels to 26.6 fixed point, rounding to the nearest 1/64.
func toFixed(v float64) fixed.Int26_6 { return fixed.Int26_6(math.Round(v * 64)) }

// inkBounds returns the ink box of s in face, in pixels relative to the dot
// (y grows downwards; the baseline is y = 0).
func inkBounds(face font.Face, s string) (minX, minY, maxX, maxY float64) {
	b, _ := font.BoundString(face, s)
	return float64(b.Min.X) / 64, float64(b.Min.Y) / 64, float64(b.Max.X) / 64, float64(b.Max.Y) / 64
}

// CanDraw reports whether the embedded font holds every rune of s: ASCII
// U+0020..U+007E and drawnText. A label with any other rune is not drawn.
func CanDraw(s string) bool {
	for _, r := range s {
		if (r < 0x20 || r > 0x7e) && !strings.ContainsRune(drawnText, r) {
			return false
		}
	}
	return true
}
