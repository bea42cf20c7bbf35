package render

import (
	"bytes"
	"image"
	"image/png"
	"testing"
)

// TestEncodeDecodes: every bench view's PNG decodes with image/png to the
// very pixels painted.
func TestEncodeDecodes(t *testing.T) {
	for _, bv := range benchViews(t) {
		for _, theme := range Themes {
			opt := bv.opt
			opt.Theme = theme
			img, err := Render(bv.v, opt)
			if err != nil {
				t.Fatal(err)
			}
			dec, err := png.Decode(bytes.NewReader(img.PNG))
			if err != nil {
				t.Fatalf("%s/%s: %v", bv.name, theme, err)
			}
			pm, ok := dec.(*image.Paletted)
			if !ok {
				t.Fatalf("%s/%s: decoded as %T", bv.name, theme, dec)
			}
			a := assetsFor(t, theme)
			want := image.NewPaletted(image.Rect(0, 0, imgW, imgH), a.pal)
			a.paint(want, &bv.v, &opt)
			if !bytes.Equal(pm.Pix, want.Pix) || len(pm.Palette) != len(want.Palette) {
				t.Fatalf("%s/%s: decoded pixels differ from the painted ones", bv.name, theme)
			}
			for i := range want.Palette {
				if r1, g1, b1, a1 := pm.Palette[i].RGBA(); true {
					r2, g2, b2, a2 := want.Palette[i].RGBA()
					if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
						t.Fatalf("%s/%s: palette entry %d differs", bv.name, theme, i)
					}
				}
			}
		}
	}
}
