package render

import (
	"bytes"
	"image"
	"image/png"
	"testing"

	"shinpan/internal/cputime"
	"shinpan/internal/testkit"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// sfen40 is a middlegame with all 40 pieces on the board (36 quiet random moves).
const sfen40 = "1n2gg3/1rsk1s2l/l1ppbpn1p/pp2p1p1P/B1P6/P2PP2p1/1PN2PPPN/3R4L/L1SGKGS2 b - 37"

// benchViews returns one typical view per kind, each with its usual marks.
func benchViews(b testing.TB) []struct {
	name string
	v    view.View
	opt  Options
} {
	p := mustPos(b, sfen40)
	last := testkit.USI(b, "2a3c")
	std := view.Of(view.Standard, p, view.ViewerBlack)
	std.LastMove = last

	ts := view.Of(view.Tsuitate, p, view.ViewerBlack)
	ts.FoulLimit, ts.Fouls, ts.FoulsKnown = 10, [2]int{2, 1}, [2]bool{true, true}

	mk := view.Of(view.Masked, p, view.ViewerBlack)
	mk.Mask, mk.InCheck, mk.LastMove = sq(b, "4i"), true, last

	dk := view.Of(view.Dark, p, view.ViewerBlack)

	rv := view.Revealed(view.Masked, p)
	rv.Masks = [2]shogi.Square{sq(b, "4i"), sq(b, "6a")}
	rv.Result = &view.Result{Winner: side(shogi.White), Reason: view.ReasonMaskCaptured}

	lb := enLabels
	return []struct {
		name string
		v    view.View
		opt  Options
	}{
		{"standard", std, Options{Labels: lb, Reach: reachOf(p, sq(b, "5i"))}},
		{"tsuitate", ts, Options{Labels: lb, Notes: []shogi.Square{sq(b, "5e"), sq(b, "3c")}}},
		{"masked", mk, Options{Labels: lb}},
		{"dark", dk, Options{Labels: lb, Notes: []shogi.Square{sq(b, "5b")}}},
		{"reveal", rv, Options{Labels: withResult(lb, "☖ White won by capturing the mask")}},
		{"masked-ja", mk, Options{Labels: jaLabels}},
		{"reveal-ja", rv, Options{Labels: withResult(jaLabels, "☖ 後手の勝ち（影武者を取った）")}},
	}
}

// BenchmarkRender measures Render end to end (cache look-up, paint, PNG
// encode) for each view kind and theme, each time for a view not drawn before
// (the move number changes); png-bytes is the size of the PNG produced.
func BenchmarkRender(b *testing.B) {
	for _, bv := range benchViews(b) {
		for _, theme := range Themes {
			b.Run(bv.name+"/"+string(theme), func(b *testing.B) {
				opt := bv.opt
				opt.Theme = theme
				img, err := Render(bv.v, opt) // builds the theme's sprites once
				if err != nil {
					b.Fatal(err)
				}
				b.ReportAllocs()
				b.ResetTimer()
				cpu0 := cputime.Process()
				v := bv.v
				for i := 0; i < b.N; i++ {
					v.MoveNumber = 10_000 + i%80_000
					img, err = Render(v, opt)
					if err != nil {
						b.Fatal(err)
					}
				}
				if cpu := cputime.Process() - cpu0; cpu > 0 {
					b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
				}
				b.ReportMetric(float64(len(img.PNG)), "png-bytes")
			})
		}
	}
}

// setViews are the full boards each piece set and theme is measured on: the
// 40-piece middle game (last move, a selected piece) and a later one with
// promoted pieces and both hands.
func setViews(b testing.TB) []struct {
	name string
	v    view.View
	opt  Options
} {
	std := benchViews(b)[0]
	mid := mustPos(b, sfenMiddle)
	hands := view.Of(view.Standard, mid, view.ViewerBlack)
	hands.LastMove = testkit.USI(b, "2b5e")
	return []struct {
		name string
		v    view.View
		opt  Options
	}{
		{"middle40", std.v, std.opt},
		{"hands", hands, Options{Labels: enLabels, Notes: []shogi.Square{sq(b, "7c")}}},
	}
}

// BenchmarkRenderSets is BenchmarkRender of full boards in every piece set
// and theme (issue 36: each at most 3 ms and 30 KB).
func BenchmarkRenderSets(b *testing.B) {
	for _, bv := range setViews(b) {
		for _, set := range PieceSets {
			for _, theme := range Themes {
				b.Run(bv.name+"/"+string(set)+"/"+string(theme), func(b *testing.B) {
					opt := bv.opt
					opt.Theme, opt.Pieces = theme, set
					img, err := Render(bv.v, opt) // builds the theme's sprites once
					if err != nil {
						b.Fatal(err)
					}
					b.ResetTimer()
					cpu0 := cputime.Process()
					v := bv.v
					for i := 0; i < b.N; i++ {
						v.MoveNumber = 10_000 + i%80_000
						if img, err = Render(v, opt); err != nil {
							b.Fatal(err)
						}
					}
					if cpu := cputime.Process() - cpu0; cpu > 0 {
						b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
					}
					b.ReportMetric(float64(len(img.PNG)), "png-bytes")
				})
			}
		}
	}
}

// BenchmarkRenderCached is a Render of a view drawn just before.
func BenchmarkRenderCached(b *testing.B) {
	bv := benchViews(b)[0]
	if _, err := Render(bv.v, bv.opt); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	cpu0 := cputime.Process()
	for i := 0; i < b.N; i++ {
		if _, err := Render(bv.v, bv.opt); err != nil {
			b.Fatal(err)
		}
	}
	if cpu := cputime.Process() - cpu0; cpu > 0 {
		b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
}

// BenchmarkPaint is Render without the PNG encoding.
func BenchmarkPaint(b *testing.B) {
	bv := benchViews(b)[0]
	a := assetsFor(b, ThemeLight)
	dst := getCanvas(a)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		a.paint(dst, &bv.v, &bv.opt)
	}
}

// BenchmarkBuildAssets is the one-time cost of a theme's sprites.
func BenchmarkBuildAssets(b *testing.B) {
	_, c, _ := ThemeLight.resolve()
	for i := 0; i < b.N; i++ {
		if _, err := buildAssets(c); err != nil {
			b.Fatal(err)
		}
	}
}

// TestBenchViewsSmall keeps the size target honest in plain `go test`, for
// images compressed whole and band by band (CacheScope), in every theme and
// piece set.
func TestBenchViewsSmall(t *testing.T) {
	if raceDetector {
		t.Skip("the sizes do not depend on the race detector: checked without it")
	}
	for _, bv := range append(benchViews(t), setViews(t)...) {
		for _, theme := range Themes {
			for _, set := range PieceSets {
				for _, scope := range []string{"", "TestBenchViewsSmall"} {
					opt := bv.opt
					opt.Theme, opt.Pieces = theme, set
					opt.CacheScope = scope
					img, err := Render(bv.v, opt)
					if err != nil {
						t.Fatal(err)
					}
					if len(img.PNG) >= 30_000 {
						t.Errorf("%s/%s/%s scope %q: %d bytes, want < 30 KB", bv.name, theme, set, scope, len(img.PNG))
					}
					t.Logf("%s/%s/%s scope %q: %d bytes", bv.name, theme, set, scope, len(img.PNG))
				}
			}
		}
	}
}

// BenchmarkEncode compares PNG encoders on one painted 40-piece board:
// image/png at BestSpeed (what Render used before) and ours (encode).
func BenchmarkEncode(b *testing.B) {
	bv := benchViews(b)[0]
	a := assetsFor(b, ThemeLight)
	img := image.NewPaletted(image.Rect(0, 0, imgW, imgH), a.pal)
	a.paint(img, &bv.v, &bv.opt)
	std := png.Encoder{CompressionLevel: png.BestSpeed}
	for _, enc := range []struct {
		name string
		f    func() ([]byte, error)
	}{
		{"image-png-bestspeed", func() ([]byte, error) {
			var buf bytes.Buffer
			err := std.Encode(&buf, img)
			return buf.Bytes(), err
		}},
		{"shinpan", func() ([]byte, error) { return encode(img, nil, "", nil) }},
	} {
		b.Run(enc.name, func(b *testing.B) {
			var out []byte
			cpu0 := cputime.Process()
			for i := 0; i < b.N; i++ {
				var err error
				if out, err = enc.f(); err != nil {
					b.Fatal(err)
				}
			}
			if cpu := cputime.Process() - cpu0; cpu > 0 {
				b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
			}
			b.ReportMetric(float64(len(out)), "png-bytes")
		})
	}
}
