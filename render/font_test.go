package render

import (
	"testing"

	"golang.org/x/image/font/sfnt"
)

// TestFontHasEveryGlyph: the embedded subset holds every rune the renderer
// draws (ASCII and drawnText), so nothing falls back to a missing glyph.
func TestFontHasEveryGlyph(t *testing.T) {
	f, err := sfnt.Parse(fontOTF)
	if err != nil {
		t.Fatal(err)
	}
	var buf sfnt.Buffer
	for _, r := range textRunes() {
		i, err := f.GlyphIndex(&buf, r)
		if err != nil || i == 0 {
			t.Errorf("font lacks %q (U+%04X)", r, r)
		}
	}
	for _, k := range kindGlyph {
		for _, r := range k {
			if i, _ := f.GlyphIndex(&buf, r); i == 0 {
				t.Errorf("font lacks piece glyph %q", r)
			}
		}
	}
}

// TestKanjiCentred: a piece's ink box is centred in its tile to within a
// pixel, upright and turned (render-notes §2: centre on the ink, not the line).
func TestKanjiCentred(t *testing.T) {
	face, err := newFace(pieceSize)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range []string{"歩", "と", "玉", "龍", "香"} {
		m := glyphMask(face, g, tileW, tileH, tileW/2.0, tileH/2.0)
		for _, rot := range []bool{false, true} {
			if rot {
				m = rotate180(m)
			}
			x0, y0, x1, y1 := tileW, tileH, 0, 0
			for y := 0; y < tileH; y++ {
				for x := 0; x < tileW; x++ {
					if m.AlphaAt(x, y).A > 0 {
						x0, y0 = min(x0, x), min(y0, y)
						x1, y1 = max(x1, x+1), max(y1, y+1)
					}
				}
			}
			cx, cy := float64(x0+x1)/2, float64(y0+y1)/2
			if d := cx - tileW/2.0; d < -1 || d > 1 {
				t.Errorf("%s rot=%v: ink centre x %.1f, tile centre %d", g, rot, cx, tileW/2)
			}
			if d := cy - tileH/2.0; d < -1 || d > 1 {
				t.Errorf("%s rot=%v: ink centre y %.1f, tile centre %d", g, rot, cy, tileH/2)
			}
		}
	}
}

// assetsFor returns a theme's sprites (of the printed set) for tests.
func assetsFor(t testing.TB, theme Theme) *assets { return setAssetsFor(t, theme, PiecesPrinted) }

// setAssetsFor returns a theme's sprites of a piece set for tests.
func setAssetsFor(t testing.TB, theme Theme, set PieceSet) *assets {
	t.Helper()
	th, c, err := theme.resolve()
	if err != nil {
		t.Fatal(err)
	}
	a, err := getAssets(th, c, set)
	if err != nil {
		t.Fatal(err)
	}
	return a
}
