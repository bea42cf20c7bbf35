package render

import (
	"image"
	"testing"

	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// diffRect is the bounding box of the pixels that differ between a and b
// (empty when none do).
func diffRect(a, b *image.Paletted) image.Rectangle {
	var r image.Rectangle
	for y := a.Rect.Min.Y; y < a.Rect.Max.Y; y++ {
		for x := a.Rect.Min.X; x < a.Rect.Max.X; x++ {
			if a.ColorIndexAt(x, y) != b.ColorIndexAt(x, y) {
				r = r.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return r
}

// TestClocksInPanels: each side's clock is drawn in its own panel's first
// line, left of the fouls and clear of the side's label; one the font can't draw is
// not drawn at all.
func TestClocksInPanels(t *testing.T) {
	v := view.Of(view.Tsuitate, mustPos(t, sfenSeed3), view.ViewerBlack)
	v.FoulLimit, v.Fouls, v.FoulsKnown = 10, [2]int{2, 1}, [2]bool{true, false}
	base := Options{Labels: enLabels}
	plain, err := paintView(v, base)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		side shogi.Color
		text string
		top  bool
	}{{shogi.Black, "9:32", false}, {shogi.White, "30s/move", true}, {shogi.White, "1:30:00", true}} {
		opt := base
		opt.Clocks[c.side] = c.text
		img, err := paintView(v, opt)
		if err != nil {
			t.Fatal(err)
		}
		d := diffRect(plain, img)
		p := panelRect(c.top)
		line := image.Rect(p.Min.X+panelLabelX+120, p.Min.Y, p.Min.X+panelFoulsR, p.Min.Y+panelLine1+8) // right of "☗ Black"
		if d.Empty() || !d.In(line) {
			t.Errorf("%s's clock %q drawn at %v, want inside %v", c.side, c.text, d, line)
		}
	}
	opt := base
	opt.Clocks = [2]string{"残り9分", ""}
	if img, _ := paintView(v, opt); !diffRect(plain, img).Empty() {
		t.Error("a clock the font can't draw was drawn")
	}
}
